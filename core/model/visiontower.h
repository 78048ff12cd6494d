#pragma once
// The vision tower and projector of a multimodal checkpoint, as their own weights.
// Runtimes differ in whether they load it:
//   vLLM / SGLang / Transformers / MLX load the whole checkpoint, tower included,
//     unless told the workload is text only (vLLM: --limit-mm-per-prompt with every
//     modality at 0 skips the encoder);
//   llama.cpp keeps it in a separate mmproj GGUF that is loaded only with --mmproj;
//   Ollama's library files carry it, and Ollama loads it.
// A preset carries the tower's parameter count (with its source); an mmproj file is
// measured from its GGUF header.

#include "bytes.h"
#include "runtimes/engine.h"

#include <cstdint>
#include <optional>
#include <string>

namespace memplan {

struct GgufHeader;

struct VisionTower {
    std::uint64_t parameters = 0; ///< tower + projector
    Bytes fileBytes = 0;          ///< measured (mmproj tensors as stored); 0 = size from parameters
    std::string file;             ///< the mmproj path, when measured
    bool operator==(const VisionTower &) const = default;
};

/// Reads an mmproj GGUF (general.architecture "clip"): its tensors' parameters and bytes.
/// Throws InputError naming the key when the file is not a projector file.
VisionTower visionTowerFromMmproj(const GgufHeader &header, const std::string &path);

/// Whether the runtime loads the tower when the scenario does not say (textOnly unset).
/// llama.cpp loads one only when an mmproj file is given.
bool loadsVisionTower(Engine engine, bool mmprojGiven, std::optional<bool> textOnly);

/// Gemma 3's SigLIP-so400m tower (27 layers of 1152, MLP 4304, 896 px / 14 px patches)
/// plus its projector into the text width: the parameter count from the shapes.
std::uint64_t gemma3VisionParameters(std::uint32_t textHiddenSize);

/// Qwen2.5-VL's vision transformer (vision_config: depth 32, hidden_size 1280,
/// intermediate_size 3420 gated, temporal_patch_size 2, patch_size 14, spatial_merge_size 2)
/// and its patch merger into out_hidden_size (the text width).
std::uint64_t qwen25VlVisionParameters(std::uint32_t outHiddenSize);

/// Llama 4's vision encoder (vision_config: hidden_size 1408, intermediate_size 5632,
/// 34 layers, image_size 336, patch_size 14, pixel_shuffle_ratio 0.5, projector 4096)
/// and the multi-modal projector into the text width.
std::uint64_t llama4VisionParameters(std::uint32_t textHiddenSize);

} // namespace memplan
