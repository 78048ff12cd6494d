#include "runtimes/ggml/ggmlgpuattention.h"

#include <array>

namespace memplan::runtimes {

namespace {

// ggml_cuda_fattn_kv_type_supported: the cache types the flash-attention kernels read.
bool cacheTypeRuns(const QuantFormat *f)
{
    constexpr std::array<std::string_view, 8> kTypes = {"f32", "f16", "bf16", "q4_0", "q4_1", "q5_0", "q5_1", "q8_0"};
    const std::string_view id = f ? f->id : std::string_view("f16");
    for (std::string_view t : kTypes)
        if (id == t)
            return true;
    return false;
}

// ggml_cuda_get_best_fattn_kernel's head sizes: equal K and V sizes from a fixed list, and the
// unequal pairs of latent attention, which need grouped heads (one cached head, many queries).
bool headSizesRun(const AttentionOpShape &op)
{
    constexpr std::array<std::uint32_t, 9> kEqual = {40, 64, 72, 80, 96, 112, 128, 256, 512};
    if (op.kHeadDim == op.vHeadDim) {
        for (std::uint32_t d : kEqual)
            if (op.kHeadDim == d)
                return op.kHeadDim != 512 || op.gqaRatio >= 2;
        return false;
    }
    if (op.kHeadDim == 576 && op.vHeadDim == 512)
        return op.gqaRatio >= 2;
    if (op.kHeadDim == 192 && op.vHeadDim == 128)
        return op.gqaRatio % 8 == 0;
    if (op.kHeadDim == 320 && op.vHeadDim == 256)
        return op.gqaRatio % 32 == 0;
    return false;
}

} // namespace

bool ggmlGpuRunsAttention(bool flashAttn, const AttentionOpShape &op)
{
    if (!flashAttn)
        return true;
    return headSizesRun(op) && cacheTypeRuns(op.k) && cacheTypeRuns(op.v);
}

} // namespace memplan::runtimes
