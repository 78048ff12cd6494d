#pragma once
// Which of ggml's CPU kernels computes a prompt's attention, and how fast it runs.
//
// ggml-cpu has three ways to attend over a cache the CPU holds (ggml/src/ggml-cpu/ops.cpp):
// without flash attention, two matrix products (K·Q, then V·softmax) through the float matrix
// kernels, over the whole masked square; with flash attention, a tiled kernel (from PR #19012)
// when K and V are both f16 or f32 and the micro-batch has at least 64 rows, else a kernel that
// takes one query row at a time against every key ("one_chunk"). Both flash kernels skip the
// masked half. The one-row kernel re-reads a head's keys and values for every query row, so it
// runs several times slower than the other two on a long prompt. The tiled kernel multiplies its
// tiles with simd_gemm (ggml-cpu/simd-gemm.h), whose vector path is compiled only without
// __ARM_FEATURE_SVE: a build for an SVE core multiplies them one scalar at a time.

#include "estimate.h" // Efficiency (speed/speedresult.h, which needs estimate.h first)
#include "model/quantformat.h"

#include <cstdint>
#include <string_view>

namespace memplan::runtimes {

struct CpuAttentionKernel {
    std::string_view name; ///< "mul_mat", "fa_tiled", "fa_tiled_scalar" or "fa_vector" (a literal)
    double square = 1;     ///< the share of the causal half computed: 2 = the whole masked square
    /// Its rate relative to the CPU's float matrix products (1: the same), low-mid-high.
    Efficiency rate{1, 1, 1};
};

/// What decides the kernel besides the cache: the build and the CPU it was compiled for.
struct CpuAttentionBuild {
    bool tiled = false;     ///< the build has PR #19012's tiled kernel
    bool sveTarget = false; ///< compiled for an SVE core: simd_gemm has no vector path
};

/// The kernel ggml-cpu runs for a prompt's attention. `k`/`v`: the cache's formats (null = f16);
/// `microBatch`: the rows of one micro-batch.
CpuAttentionKernel ggmlCpuAttentionKernel(bool flashAttn, CpuAttentionBuild build, const QuantFormat *k,
                                          const QuantFormat *v, std::uint64_t microBatch);

/// What the two-product path (square 2) computes of a prompt of `tokens` against the causal half
/// it needs. Each micro-batch's query rows meet every cache cell in use, masked ones included, and
/// llama.cpp pads the cells in use to 256 (llama_kv_cache::get_n_kv): one micro-batch computes the
/// whole square (2), a long prompt in many micro-batches wastes only its diagonal blocks (towards 1).
double ggmlMulMatAttentionShare(double tokens, double microBatch);

} // namespace memplan::runtimes
