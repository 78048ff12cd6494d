#pragma once
// Hugging Face repository references as users type them (the forms gguf-parser
// and llama.cpp's -hf accept), and which of a repository's files the planner
// reads. Plain parsing: the HTTP client is in net/.

#include <optional>
#include <string>
#include <vector>

namespace memplan {

struct HubReference {
    std::string repo;              ///< "org/name"
    std::string revision = "main"; ///< branch, tag or commit
    std::string file;              ///< one file of the repository ("model-Q4_K_M.gguf"), or ""
    std::string quant;             ///< a GGUF quantization to pick ("Q4_K_M"), or ""

    /// "org/name@rev:file" as it would be typed back.
    std::string text() const;
    bool operator==(const HubReference &) const = default;
};

/// Recognises "org/name[@revision][:file.gguf|:QUANT]", "hf://org/name..." and
/// "https://huggingface.co/org/name". Returns nothing for text that is not such a
/// reference (a local path is checked by the caller first). Names are restricted to
/// the characters Hugging Face allows, and no part may climb out with "..", because
/// they become URL and cache paths.
std::optional<HubReference> parseHubReference(const std::string &text);

/// The longest reference parseHubReference() can accept ("org/name@rev:file", each part at its limit).
inline constexpr std::size_t kMaxHubReferenceLength = 96 + 1 + 96 + 1 + 80 + 1 + 200;

/// The quantization llama.cpp's -hf picks when none is named.
inline constexpr const char *kDefaultGgufQuant = "Q4_K_M";

/// Which files of a repository (paths relative to its root, as listed by the hub) to
/// read: config.json with the safetensors index (or the safetensors files) at the root;
/// or the named file; or the GGUF file(s) of the requested quantization (all parts of a
/// split set); a repository with only GGUFs and no quantization named gets Q4_K_M when it
/// has one. Throws InputError naming the repository when nothing fits or the choice is
/// ambiguous, listing the candidates.
std::vector<std::string> chooseHubFiles(const std::vector<std::string> &listing, const HubReference &ref);

} // namespace memplan
