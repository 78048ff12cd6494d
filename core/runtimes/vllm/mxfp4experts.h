#pragma once
// vLLM's MXFP4 mixture-of-experts weights on the GPU
// (vllm/model_executor/layers/quantization/mxfp4.py, Mxfp4MoEMethod.create_weights).
// The kernel backend decides how far the expert matrices are padded before the
// checkpoint is copied in, and the padding is real memory:
//   Marlin (Ampere/Ada, and Hopper without the triton_kernels package, the default
//   install): the per-GPU intermediate size up to a multiple of 128, the hidden size up
//   to 256 — gpt-oss's 2880 × 2880 experts become 3072 × 2944 on one GPU (+9 %), and
//   3072 × 768 of 2880 × 720 under tensor parallelism 4 (+14 %);
//   FlashInfer on Blackwell (SM100): both up to 256;
//   FlashInfer's SM90 BF16 and SM100 CUTLASS paths: both up to 128;
//   Triton (triton_kernels installed, SM90–SM100): the intermediate size up to 64 only.
// Scales (one byte per 32 weights) and biases follow the padded shapes.

#include <cstdint>
#include <optional>
#include <string_view>

namespace memplan::vllm {

enum class Mxfp4Backend { Marlin, Triton, FlashInfer256, FlashInfer128 };

/// "marlin" | "triton" | "flashinfer" (Blackwell's 256 padding) | "flashinfer_cutlass" (128).
std::optional<Mxfp4Backend> parseMxfp4Backend(std::string_view name);

/// What vLLM picks with its defaults: FlashInfer on Blackwell presets (b200, b300, GB...),
/// Marlin elsewhere.
Mxfp4Backend defaultMxfp4Backend(std::string_view hardwareId);

struct ExpertDims {
    std::uint64_t hidden = 0;
    std::uint64_t intermediate = 0; ///< per GPU (the tensor-parallel partition)
};

ExpertDims paddedExpertDims(Mxfp4Backend backend, ExpertDims d);

/// Padded expert bytes over unpadded ones (≥ 1): the gate/up and down matrices all scale
/// with hidden × intermediate.
double expertPaddingFactor(Mxfp4Backend backend, ExpertDims d);

} // namespace memplan::vllm
