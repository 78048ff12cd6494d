#include "guestmask.h"

#include "bytes.h"
#include "poolfigures.h"

namespace memplan::ui {

BarSeries maskBarSeries(const BarSeries &series, const GuestMask &visible)
{
    if (visible == kAllGuestsVisible)
        return series;
    BarSeries out = series;
    for (Bar &bar : out.bars) {
        Bytes total = 0;
        for (Guest g : kAllGuests) {
            Bytes &b = bar.guests[guestIndex(g)];
            if (!visible[guestIndex(g)])
                b = 0;
            total = checkedAdd(total, b); // a subset of a sum the engine already checked
        }
        bar.total = total;
        // The shown guests measured by the pool's own rule (a unified pool's OS share is not
        // held against the GPU limit), so the bar says what the headline would.
        Pool shown;
        shown.kind = bar.kind;
        shown.guests = bar.guests;
        shown.totalBytes = total;
        shown.usableBytes = bar.usable;
        shown.capacityBytes = bar.capacity;
        bar.overflow = poolOver(shown);
        bar.fits = bar.overflow == 0;
    }
    return out;
}

SweepSeries maskSweepSeries(const SweepSeries &series, const GuestMask &visible)
{
    if (visible == kAllGuestsVisible)
        return series;
    SweepSeries out = series;
    out.maxFitting.reset();
    for (SweepPoint &point : out.points) {
        Bytes total = 0;
        for (Guest g : kAllGuests) {
            Bytes &b = point.guests[guestIndex(g)];
            if (!visible[guestIndex(g)])
                b = 0;
            total = checkedAdd(total, b);
        }
        point.total = total;
        point.fits = true; // no verdict until every guest is on the chart
    }
    return out;
}

} // namespace memplan::ui
