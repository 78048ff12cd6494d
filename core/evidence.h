#pragma once
// Small vocabularies shared by the whole result: which guest a byte belongs to,
// how sure we are of it, and what kind of memory pool holds it.

#include <array>
#include <optional>
#include <string_view>

namespace memplan {

/// The guests sharing a memory pool, in the fixed order charts stack them.
enum class Guest { Weights, KvCache, Activation, Workspace, Allocator, System };
inline constexpr std::array<Guest, 6> kAllGuests = {Guest::Weights,   Guest::KvCache,   Guest::Activation,
                                                    Guest::Workspace, Guest::Allocator, Guest::System};
inline constexpr std::size_t kGuestCount = kAllGuests.size();

/// How a figure was obtained.
enum class Evidence {
    Calculated, ///< exact arithmetic from stated inputs (weights from a parameter count, KV from the config)
    Estimated,  ///< a model of runtime behaviour; carries a low-high range
    Measured    ///< read from a file header or a runtime log
};

enum class PoolKind { Vram, Ram, Unified };

/// Stable identifiers used in the JSON contract ("weights", "kv_cache", ...).
constexpr std::string_view guestId(Guest g)
{
    switch (g) {
    case Guest::Weights:
        return "weights";
    case Guest::KvCache:
        return "kv_cache";
    case Guest::Activation:
        return "activation";
    case Guest::Workspace:
        return "workspace";
    case Guest::Allocator:
        return "allocator";
    case Guest::System:
        return "system";
    }
    return "?";
}

constexpr std::string_view evidenceId(Evidence e)
{
    switch (e) {
    case Evidence::Calculated:
        return "calculated";
    case Evidence::Estimated:
        return "estimated";
    case Evidence::Measured:
        return "measured";
    }
    return "?";
}

constexpr std::string_view poolKindId(PoolKind k)
{
    switch (k) {
    case PoolKind::Vram:
        return "vram";
    case PoolKind::Ram:
        return "ram";
    case PoolKind::Unified:
        return "unified";
    }
    return "?";
}

std::optional<Guest> guestFromId(std::string_view id);
std::optional<Evidence> evidenceFromId(std::string_view id);
std::optional<PoolKind> poolKindFromId(std::string_view id);

constexpr std::size_t guestIndex(Guest g)
{
    return static_cast<std::size_t>(g);
}

static_assert(guestId(Guest::KvCache) == "kv_cache");
static_assert(kAllGuests[guestIndex(Guest::System)] == Guest::System);

} // namespace memplan
