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

} // namespace memplan::ui
