#pragma once
// What a reconciled log measured, laid over the estimate a window shows (issue 18):
// per pool of that estimate (matched by pool id, "gpu0", "host"), the measured
// figures of each guest stacked in guest order, so a chart can draw a measured bar
// beside the planned one and a table can show a measured column. Comparisons the
// reconciliation only shows for information (a mapped file span) are kept but
// flagged; token counts are left out.

#include "estimate.h"
#include "logs/reconcile.h"

#include <optional>
#include <string>
#include <vector>

namespace memplan {

struct MeasuredSegment {
    std::optional<Guest> guest; ///< nullopt: a total over several guests (MLX's peak)
    double base = 0;            ///< bytes below this segment in the measured stack
    double bytes = 0;
    double plannedLow = 0, plannedHigh = 0;
    bool compared = true; ///< false: shown for information, not part of the verdict
    bool inRange = true;
    std::string sources; ///< the printed figures summed
};

struct MeasuredBar {
    std::size_t pool = 0; ///< index into the shown estimate's pools
    std::vector<MeasuredSegment> segments;
    double top = 0; ///< the stack's height (compared segments only)
};

struct MeasuredOverlay {
    std::string runtime; ///< the log id of the runtime that wrote it
    std::string origin;  ///< the log's file name, or "(pasted log)"
    std::vector<MeasuredBar> bars;
    bool empty() const { return bars.empty(); }
    /// The measured segment of a guest in a pool of the shown estimate, if the log has one.
    const MeasuredSegment *find(std::size_t pool, Guest guest) const;
    /// The largest stack height, for the chart's axis.
    double maxTop() const;
};

/// Lays the reconciliation's measured figures over `shown` (pools matched by id; pools
/// the shown estimate lacks are dropped).
MeasuredOverlay measuredOverlay(const Reconciliation &r, const Estimate &shown, std::string origin);

} // namespace memplan
