#pragma once
// `memplan-cli reconcile LOG [--scenario FILE] [--json]`: a runtime's log against
// the plan (issue 18). Exit 0 when every measured figure lies inside its planned
// range, 3 when one does not, 2 for bad input (unreadable file, nothing
// recognisable, a model the log does not identify without --scenario).

#include "clicommands.h"

namespace memplan::cli {

int cmdReconcile(const std::vector<std::string> &args, Context &ctx);

} // namespace memplan::cli
