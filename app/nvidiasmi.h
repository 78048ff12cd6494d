#pragma once
// Runs nvidia-smi for "this computer" (core/hardware/hostdetect.h parses the output).

#include <string>

namespace memplan::app {

/// The CSV of `nvidia-smi --query-gpu=name,memory.total,memory.free ...`, or "" when
/// nvidia-smi is not installed, fails or takes longer than two seconds.
std::string runNvidiaSmi();

} // namespace memplan::app
