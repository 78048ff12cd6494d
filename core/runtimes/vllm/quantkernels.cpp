#include "quantkernels.h"

#include <algorithm>

namespace memplan::vllm {

namespace {

bool isMarlinInt4(std::string_view f)
{
    return f == "gptq-int4" || f == "awq-int4" || f == "int4";
}

} // namespace

QuantKernelExtras quantKernelExtras(const QuantKernelInput &in)
{
    QuantKernelExtras x;
    const bool fp8 = in.format == "fp8";
    const bool fp8Marlin = fp8 && !in.rocm && !in.fp8TensorCores;
    const bool marlin = fp8Marlin || (isMarlinInt4(in.format) && !in.rocm);
    for (const LinearShape &l : in.layerLinears) {
        // ROCm pads rows whose length in bytes (1 per FP8 weight) is a multiple of 512.
        if (fp8 && in.rocm && l.inRows % 512 == 0)
            x.rowPadding += l.outRows * 256;
        if (fp8Marlin)
            x.scales += l.outRows * 2;
        if (marlin)
            x.workspaces += std::uint64_t(in.multiprocessors) * 4;
        if (in.actOrder && isMarlinInt4(in.format))
            x.actOrder += l.inRows * 8;
    }
    x.rowPadding *= in.layers;
    x.scales *= in.layers;
    x.workspaces *= in.layers;
    x.actOrder *= in.layers;
    return x;
}

void decoderLinears(std::uint64_t hidden, std::uint64_t heads, std::uint64_t kvHeads, std::uint64_t headDim,
                    std::uint64_t ffn, std::uint32_t tp, LinearShape out[4])
{
    const std::uint64_t n = std::max<std::uint32_t>(1, tp);
    // Column-parallel modules split their outputs; row-parallel ones their inputs. KV heads
    // fewer than the GPUs are replicated, one per GPU.
    const std::uint64_t kvPerGpu = std::max<std::uint64_t>(1, (kvHeads + n - 1) / n);
    out[0] = {(heads / n + 2 * kvPerGpu) * headDim, hidden}; // qkv_proj
    out[1] = {hidden, heads / n * headDim};                  // o_proj
    out[2] = {2 * (ffn / n), hidden};                        // gate_up_proj
    out[3] = {hidden, ffn / n};                              // down_proj
}

} // namespace memplan::vllm
