#pragma once
// The shipped presets (presets/<folder>/<id>.json) compiled into the programs as plain
// C++ data by cmake/embed-presets.cmake: no Qt, no file system, nothing parsed until a
// preset is asked for (core/scenario/catalog.h, addLazyText).

#include <span>
#include <string_view>

namespace memplan::presetdata {

struct EmbeddedPreset {
    std::string_view folder; ///< "models", "hardware", "runtimes", "lessons"
    std::string_view id;     ///< the file name without .json, which is the preset's id
    std::string_view path;   ///< "presets/models/llama-3.1-8b.json", named in errors
    std::string_view text;   ///< the JSON as shipped
};

/// Every shipped preset, sorted by path.
std::span<const EmbeddedPreset> shippedPresets();

} // namespace memplan::presetdata
