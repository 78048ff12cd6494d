#pragma once
// The human-readable `--table` view of an estimate: one block per pool, a row
// per guest with GiB and GB side by side, then the verdict.

#include "estimate.h"

#include <string>

namespace memplan::cli {

std::string formatTable(const Estimate &e);

} // namespace memplan::cli
