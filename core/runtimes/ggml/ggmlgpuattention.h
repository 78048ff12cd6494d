#pragma once
// Where a prompt's attention over a host-RAM cache runs when llama.cpp offloads host layers'
// products to the GPU (op offload, from a micro-batch of 32 tokens).
//
// ggml-backend's scheduler gives the GPU every product whose weights it copies over (pass 1,
// "1.off"), then extends the GPU's assignments up the graph to the neighbouring ops that have no
// weights (pass 2, "expand gpu up"): from the attention output projection back to the attention
// itself. The attention then runs on the GPU, and the cache cells in use (host-RAM tensors) cross
// the link as the split's inputs. An op the GPU back end cannot run stays unassigned and goes to
// the CPU with its inputs (pass 3): with flash attention, a head-size pair or cache type the
// back end's kernels lack (ggml-cuda/fattn.cu, ggml_cuda_get_best_fattn_kernel).

#include "model/quantformat.h"

#include <cstdint>
#include <string_view>

namespace memplan::runtimes {

/// The attention op as the back end sees it.
struct AttentionOpShape {
    std::uint32_t kHeadDim = 0;
    std::uint32_t vHeadDim = 0;
    std::uint32_t gqaRatio = 1;     ///< query heads per cached head
    const QuantFormat *k = nullptr; ///< cache formats (null = f16)
    const QuantFormat *v = nullptr;
};

/// Whether a discrete GPU back end (CUDA, ROCm, Vulkan, SYCL: the CUDA kernels' rules) runs this
/// attention op. Without flash attention it is two matrix products and a softmax, which every
/// back end runs.
bool ggmlGpuRunsAttention(bool flashAttn, const AttentionOpShape &op);

/// Bytes one attention score moves through a GPU's memory without flash attention
/// (llama-graph.cpp, build_attn_mha): kq = mul_mat(k, q) writes it in f32 (4), soft_max_ext reads
/// it and writes the probabilities (8), and mul_mat(v, kq) reads them (4). CUDA and ROCm hand
/// that product to cuBLAS/hipBLAS, which first converts the f32 probabilities to f16 (4 read, 2
/// written, 2 read back): 20 there; Vulkan and Metal read the f32 directly: 16, the fewest.
struct ScoreTraffic {
    double fewest = 16;
    double usual = 20;
};
inline constexpr ScoreTraffic kGgmlScoreTraffic{};

} // namespace memplan::runtimes
