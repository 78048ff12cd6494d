#pragma once
// `memplan-cli presets models --local`: the models already on this computer
// (core/files/localmodels.h) with a fit badge for one machine.

#include "clicommands.h"

namespace memplan::cli {

int cmdLocalModels(const std::vector<std::string> &args, Context &ctx);

} // namespace memplan::cli
