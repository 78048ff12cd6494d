#pragma once
// What vLLM's quantized linear kernels keep beside the checkpoint's own bytes (the
// format's bits per weight already count the packed weights, their group scales and
// zero points). Read from vllm/model_executor/layers/quantization/:
//  * fp8.py, Fp8LinearMethod._maybe_pad_weight: on ROCm (VLLM_ROCM_FP8_PADDING, on by
//    default) every FP8 weight whose rows are a multiple of 512 bytes is reallocated
//    with 256 more elements per row and viewed back to its width, so each output row
//    keeps 256 bytes of padding for as long as the model is loaded;
//  * fp8.py, use_marlin: a GPU without FP8 tensor cores (compute capability < 8.9, e.g.
//    A100, RTX 3090) runs FP8 weights through Marlin (utils/marlin_utils_fp8.py): the
//    per-tensor scale becomes one 16-bit scale per output channel, and each linear layer
//    gets a Marlin workspace;
//  * kernels/mixed_precision/marlin.py (GPTQ, AWQ, compressed-tensors W4A16):
//    gptq_marlin_repack replaces the packed weight with one of the same size, scales and
//    zero points are permuted in place, and each linear layer allocates its own workspace
//    (utils/marlin_utils.py, marlin_make_workspace_new: one int32 per SM); an act-order
//    checkpoint (desc_act) also keeps its g_idx and a sort index, one int32 each per
//    input row;
//  * bitsandbytes: the 4-bit data and its absmax are the format's bytes; nothing beside.
// Every figure is per GPU: output rows and input rows are the tensor-parallel partition.

#include "bytes.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace memplan::vllm {

/// One linear module of a decoder layer as vLLM fuses them (qkv_proj, o_proj, gate_up_proj,
/// down_proj), its partition on one GPU.
struct LinearShape {
    std::uint64_t outRows = 0; ///< output features on this GPU (N)
    std::uint64_t inRows = 0;  ///< input features on this GPU (K)
};

struct QuantKernelInput {
    std::string_view format;    ///< the weights' format id (fp8, gptq-int4, awq-int4, nf4 ...)
    bool rocm = false;          ///< an AMD GPU
    bool fp8TensorCores = true; ///< compute capability 8.9 or later (the preset states an FP8 rate)
    bool actOrder = false;      ///< a GPTQ checkpoint with desc_act
    std::uint32_t multiprocessors = kMaxMultiprocessors;
    std::span<const LinearShape> layerLinears;                ///< one decoder layer's linear modules
    std::uint32_t layers = 0;                                 ///< decoder layers on this GPU
    static constexpr std::uint32_t kMaxMultiprocessors = 148; ///< the most of any current NVIDIA GPU (B200)
};

struct QuantKernelExtras {
    Bytes rowPadding = 0; ///< ROCm FP8: 256 bytes per output row
    Bytes scales = 0;     ///< FP8 through Marlin: a 16-bit scale per output channel
    Bytes workspaces = 0; ///< Marlin: one int32 per multiprocessor, per linear module
    Bytes actOrder = 0;   ///< GPTQ desc_act: g_idx and its sort index, 8 bytes per input row
    Bytes total() const { return rowPadding + scales + workspaces + actOrder; }
};

QuantKernelExtras quantKernelExtras(const QuantKernelInput &in);

/// The four linear modules of a standard decoder layer on one of `tp` GPUs (attention with
/// `heads`/`kvHeads` of `headDim`, a gated MLP of width `ffn`, hidden size `hidden`).
void decoderLinears(std::uint64_t hidden, std::uint64_t heads, std::uint64_t kvHeads, std::uint64_t headDim,
                    std::uint64_t ffn, std::uint32_t tp, LinearShape out[4]);

} // namespace memplan::vllm
