#include "runtimes/ggml/ggmlcpuattention.h"

#include <algorithm>
#include <cmath>

namespace memplan::runtimes {

namespace {

// The tiled kernel needs at least one tile of query rows (GGML_FA_TILE_Q, ggml-cpu/common.h).
constexpr std::uint64_t kTileRows = 64;

// The one-row kernel's rate against the tiled one, from PR #19012's own before/after table (an AMD
// EPYC, 64 cores, f16 cache, gpt-oss-20B, pp512 at a depth): taking the pp512 time without depth
// away, the attention ran 2.4×, 4.4× and 5.9× slower at depths 4,096, 8,192 and 16,384 in the
// one-row kernel (0.41, 0.23, 0.17 of the tiled rate). The ratio falls as a head's cache outgrows
// the core's cache; the middle is an 8k-token prompt's, the low end a 16k one's with some room.
// The same kernel with a q8_0 cache was 6.3× slower over a whole pp512 at depth 16,000 than the
// tiled kernel with f16 (a llama.cpp fork's note on the gate, sl-ai-node01), within the low end.
constexpr Efficiency kOneRowRate{0.15, 0.25, 0.45};

// The tiled kernel with simd_gemm's scalar loops against its vector ones, from two kernel-level
// measurements of the same FLASH_ATTN_EXT op outside this project's evidence: 9.58 against 76.59
// GFLOPS on a Cortex-X2 core cluster (llama.cpp PR #21958, 0.125) and 2.5-2.7 against 22-24 GFLOPS
// on a RISC-V board before its vector path existed (PR #20627, 0.11-0.12). The scalar loop is a
// chain of dependent multiply-adds, so the ratio shrinks as the vector unit widens.
constexpr Efficiency kScalarGemmRate{0.08, 0.12, 0.2};

bool tiledType(const QuantFormat *f)
{
    const std::string_view id = f ? f->id : std::string_view("f16");
    return id == "f16" || id == "f32";
}

// llama_kv_cache::get_n_kv pads the cells a micro-batch attends to a multiple of this (at least),
// so that the graph stays the same across micro-batches and can be reused.
constexpr double kCellPad = 256;

} // namespace

CpuAttentionKernel ggmlCpuAttentionKernel(bool flashAttn, CpuAttentionBuild build, const QuantFormat *k,
                                          const QuantFormat *v, std::uint64_t microBatch)
{
    if (!flashAttn)
        return {"mul_mat", 2, {1, 1, 1}};
    const std::string_view kId = k ? k->id : std::string_view("f16");
    const std::string_view vId = v ? v->id : std::string_view("f16");
    if (build.tiled && tiledType(k) && kId == vId && microBatch >= kTileRows)
        return build.sveTarget ? CpuAttentionKernel{"fa_tiled_scalar", 1, kScalarGemmRate}
                               : CpuAttentionKernel{"fa_tiled", 1, {1, 1, 1}};
    return {"fa_vector", 1, kOneRowRate};
}

double ggmlMulMatAttentionShare(double tokens, double microBatch)
{
    if (tokens <= 0)
        return 1;
    const double u = std::max(1.0, std::min(microBatch, tokens));
    double computed = 0;
    for (double done = 0; done < tokens; done += u) {
        const double rows = std::min(u, tokens - done);
        const double cells = std::max(kCellPad, std::ceil((done + rows) / kCellPad) * kCellPad);
        computed += rows * cells;
    }
    return std::max(1.0, computed / (tokens * tokens / 2));
}

} // namespace memplan::runtimes
