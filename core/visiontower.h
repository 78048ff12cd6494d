#pragma once
// The vision tower and projector of a multimodal checkpoint, as their own weights.
// Runtimes differ in whether they load it:
//   vLLM / SGLang / Transformers / MLX load the whole checkpoint, tower included,
//     unless told the workload is text only (vLLM: --limit-mm-per-prompt with every
//     modality at 0 skips the encoder);
//   llama.cpp keeps it in a separate mmproj GGUF that is loaded only with --mmproj.
// A preset carries the tower's parameter count (with its source); an mmproj file is
// measured from its GGUF header.

#include "bytes.h"
#include "engine.h"

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

} // namespace memplan
