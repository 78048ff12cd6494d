#pragma once
// The framework configuration a training scenario corresponds to: a DeepSpeed
// JSON config, an accelerate launch line with FSDP flags, or the trainer
// arguments, so the numbers can be reproduced on a real machine.

#include "scenario/resolve.h"

#include <string>

namespace memplan {

std::string trainingLaunchCommand(const ResolvedScenario &r);

} // namespace memplan
