#pragma once
// The human-readable `--table` view of an estimate: one block per pool, a row
// per guest with GiB and GB side by side, then the verdict.

#include "estimate.h"
#include "scenario/resolve.h"

#include <string>

namespace memplan::cli {

/// r, when given, is the scenario e was estimated from: a plan that does not fit then shows the
/// speed of the offloaded plan that would (core/speed/planspeed.h) instead of none.
std::string formatTable(const Estimate &e, const ResolvedScenario *r = nullptr);

} // namespace memplan::cli
