#pragma once
// The buyer's commands of memplan-cli: advise, compare, fit machines, fit models, cluster
// (docs/compare-format.md describes their JSON).

#include "clicommands.h"

#include <string>
#include <vector>

namespace memplan::cli {

int cmdAdvise(const std::vector<std::string> &args, Context &ctx);
int cmdCompare(const std::vector<std::string> &args, Context &ctx);
int cmdFit(const std::vector<std::string> &args, Context &ctx);
/// cluster FILE --nodes N --gpus-per-node G --tp T [--pp P] [--dp D] [--ep] [--engine E]: memory per rank.
int cmdCluster(const std::vector<std::string> &args, Context &ctx);

} // namespace memplan::cli
