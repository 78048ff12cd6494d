#pragma once
// Which guests the bars show. The walkthrough introduces guests one at a time; the
// chart widget stays untouched and is simply fed a series whose hidden guests are 0.

#include "evidence.h"
#include "questions/chartseries.h"

#include <array>

namespace memplan::ui {

using GuestMask = std::array<bool, kGuestCount>;

inline constexpr GuestMask kAllGuestsVisible = {true, true, true, true, true, true};

/// The series with hidden guests set to 0 and each bar's total, overflow and fit
/// recomputed from what is left, so a half-built bar never shows a red overflow
/// that belongs to guests not introduced yet. The axis keeps its full-scale maximum
/// so the bars grow step by step instead of the axis rescaling under them.
BarSeries maskBarSeries(const BarSeries &series, const GuestMask &visible);

/// The sweep with hidden guests set to 0 at every point. While any guest is hidden the
/// sweep carries no verdict: the "largest that fits" mark and the per-point fit (which
/// drives "nothing fits") belong to the whole stack, so they would give the lesson's
/// answer away before the last guest arrives.
SweepSeries maskSweepSeries(const SweepSeries &series, const GuestMask &visible);

} // namespace memplan::ui
