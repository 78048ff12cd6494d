#pragma once
// A/B: the scenario the user pinned (A) against the one being edited (B), item by
// item and guest by guest, so the compare view can say what a change moved
// ("KV cache +4.00 GiB") without any arithmetic in the widget.

#include "estimate.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace memplan {

struct ItemDelta {
    std::string id;    ///< the item's stable id ("kv.full"); items without an id use their label
    std::string label; ///< "KV cache"
    Guest guest = Guest::Weights;
    Bytes a = 0; ///< over every pool, in A
    Bytes b = 0; ///< in B
    std::int64_t delta() const { return std::int64_t(b) - std::int64_t(a); }
    bool operator==(const ItemDelta &) const = default;
};

struct PinComparison {
    std::vector<ItemDelta> items;                   ///< A's order, then items only B has; unchanged items left out
    std::array<std::int64_t, kGuestCount> guests{}; ///< B − A per guest over every pool
    std::int64_t total = 0;                         ///< B − A over every pool
    bool fitsA = false;
    bool fitsB = false;
};

PinComparison comparePinned(const Estimate &a, const Estimate &b);

} // namespace memplan
