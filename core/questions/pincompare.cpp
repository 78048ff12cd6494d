#include "questions/pincompare.h"

#include <algorithm>

namespace memplan {

namespace {

std::string keyOf(const Item &item)
{
    return std::string(item.id.empty() ? item.label : item.id);
}

/// Adds each item's bytes to the entry with its key (an item id can appear once per pool).
void accumulate(std::vector<ItemDelta> &out, const Estimate &e, bool intoB)
{
    for (const Item &item : e.items) {
        const std::string key = keyOf(item);
        auto it = std::find_if(out.begin(), out.end(), [&](const ItemDelta &d) { return d.id == key; });
        if (it == out.end()) {
            out.push_back({key, std::string(item.label), item.guest, 0, 0});
            it = out.end() - 1;
        }
        (intoB ? it->b : it->a) += item.bytes;
    }
}

} // namespace

PinComparison comparePinned(const Estimate &a, const Estimate &b)
{
    PinComparison c;
    c.fitsA = a.fits;
    c.fitsB = b.fits;
    accumulate(c.items, a, false);
    accumulate(c.items, b, true);
    std::erase_if(c.items, [](const ItemDelta &d) { return d.a == d.b; });
    for (const ItemDelta &d : c.items) {
        c.guests[guestIndex(d.guest)] += d.delta();
        c.total += d.delta();
    }
    return c;
}

} // namespace memplan
