#include "logs/measuredoverlay.h"

#include <algorithm>

namespace memplan {

namespace {

/// Stacking order: the guests in kAllGuests order, a multi-guest total last.
std::size_t order(const MeasuredSegment &s)
{
    return s.guest ? guestIndex(*s.guest) : kGuestCount;
}

} // namespace

const MeasuredSegment *MeasuredOverlay::find(std::size_t pool, Guest guest) const
{
    for (const MeasuredBar &b : bars)
        if (b.pool == pool)
            for (const MeasuredSegment &s : b.segments)
                if (s.guest == guest)
                    return &s;
    return nullptr;
}

double MeasuredOverlay::maxTop() const
{
    double top = 0;
    for (const MeasuredBar &b : bars)
        top = std::max(top, b.top);
    return top;
}

MeasuredOverlay measuredOverlay(const Reconciliation &r, const Estimate &shown, std::string origin)
{
    MeasuredOverlay o;
    o.runtime = r.run.runtime;
    o.origin = std::move(origin);
    for (const Comparison &c : r.comparisons) {
        if (c.unit != "bytes")
            continue;
        const auto pool =
            std::find_if(shown.pools.begin(), shown.pools.end(), [&](const Pool &p) { return p.id == c.poolId; });
        if (pool == shown.pools.end())
            continue;
        const std::size_t index = std::size_t(pool - shown.pools.begin());
        auto bar = std::find_if(o.bars.begin(), o.bars.end(), [&](const MeasuredBar &b) { return b.pool == index; });
        if (bar == o.bars.end()) {
            o.bars.push_back(MeasuredBar{index, {}, 0});
            bar = o.bars.end() - 1;
        }
        MeasuredSegment s;
        s.guest = guestFromId(c.guest);
        s.bytes = c.measured;
        s.plannedLow = c.plannedLow;
        s.plannedHigh = c.plannedHigh;
        s.compared = c.compared;
        s.inRange = c.inRange;
        s.sources = c.sources;
        bar->segments.push_back(s);
    }
    // Stack each pool's compared figures in guest order; figures shown only for information
    // (a mapped span that is address space, not memory) sit beside the stack, not in it.
    for (MeasuredBar &b : o.bars) {
        std::stable_sort(b.segments.begin(), b.segments.end(),
                         [](const MeasuredSegment &a, const MeasuredSegment &c) { return order(a) < order(c); });
        for (MeasuredSegment &s : b.segments) {
            if (!s.compared)
                continue;
            s.base = b.top;
            b.top += s.bytes;
        }
    }
    std::sort(o.bars.begin(), o.bars.end(), [](const MeasuredBar &a, const MeasuredBar &b) { return a.pool < b.pool; });
    return o;
}

} // namespace memplan
