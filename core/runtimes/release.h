#pragma once
// Which release of a runtime an estimate models (`runtime.version` in a scenario).
// Runtimes change how they allocate between releases (llama.cpp's compute graph and
// defaults, vLLM's profiling and CUDA-graph accounting), so each runtime module keys
// the behaviours that changed on the release (core/runtimes/<engine>/releaserules.h);
// this file only reads and orders release names.
//
// llama.cpp names a release by its build number (`b6699`, or `6699` as `--version`
// prints it) or, since August 2026, by a semantic version (`v0.5.0`); every other
// runtime by a dotted version (`0.10.1.1`, `v0.21.0`, `0.5.3.post1`, `4.57.0rc1`).

#include "runtimes/engine.h"

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace memplan {

/// A release as a sortable key. llama.cpp build numbers and semantic versions are two
/// eras: every semantic version sorts after every build number (the keyed changes all
/// predate the switch; docs/formulas.md, "Runtime releases").
struct ReleaseKey {
    std::uint32_t era = 0;                   ///< 0: dotted version or llama.cpp build; 1: llama.cpp semantic version
    std::array<std::uint32_t, 4> parts = {}; ///< major, minor, patch, fourth (a build number sits in parts[0])
    std::uint32_t pre = 1;                   ///< 0 for a pre-release (rc, dev, a, b) so it sorts before the release
    auto operator<=>(const ReleaseKey &) const = default;
};

/// Reads a release name for an engine (its module's RuntimeModel::parseReleaseName, after
/// trimming); nullopt when it is not one (the caller names the key).
std::optional<ReleaseKey> parseRelease(Engine engine, std::string_view text);
/// A dotted version: "0.10.1.1", "v0.21.0", "0.5.3.post1", "4.57.0rc1" (text trimmed, not empty).
std::optional<ReleaseKey> parseDottedRelease(std::string_view text);
/// A build number ("b6699", "6699") or, a later era, a semantic version ("v0.5.0").
std::optional<ReleaseKey> parseBuildRelease(std::string_view text);

/// The release a resolved scenario models.
struct RuntimeRelease {
    std::string version; ///< as written in the scenario or the profile ("" when the profile follows none)
    ReleaseKey key;
    bool defaulted = true; ///< the scenario did not name one: the newest release the profile follows
    bool known() const { return !version.empty(); }
    bool operator==(const RuntimeRelease &) const = default;
};

/// True when `r` is a named release at or after `since` (an unnamed one counts as the newest).
bool releaseAtLeast(const RuntimeRelease &r, Engine engine, std::string_view since);

} // namespace memplan
