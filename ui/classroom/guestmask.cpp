#include "guestmask.h"

#include "bytes.h"

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
        bar.overflow = saturatingSub(total, bar.usable);
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
