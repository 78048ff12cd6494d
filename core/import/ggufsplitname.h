#pragma once
// The file names gguf-split writes ("NAME-00001-of-00003.gguf"), recognised by a
// hand-written scan. Names come from hub listings and folders, so their length is
// whatever a server sends: std::regex backtracks recursively and overflowed the
// stack on a 30,000-character name (issue 35); this scan is linear and recursion-free.

#include <optional>
#include <string>
#include <string_view>

namespace memplan {

struct GgufSplitName {
    std::string prefix; ///< "NAME" (may be empty, as the old pattern allowed)
    unsigned index = 0; ///< 1 in "-00001-of-00003"
    unsigned count = 0; ///< 3 in "-00001-of-00003"
};

/// The parts of NAME-DDDDD-of-DDDDD.gguf (letters of "of" and ".gguf" in any case),
/// or nothing when name is not written that way.
std::optional<GgufSplitName> parseGgufSplitName(std::string_view name);

} // namespace memplan
