#pragma once
// The speed of ggml's backends, shared by the runtimes built on ggml (llama.cpp
// and Ollama): measured efficiencies per backend and the ggml scheduler's
// micro-batches and op offload (core/speed/efficiency.h).

#include "speed/efficiency.h"

namespace memplan::runtimes {

const SpeedRules &ggmlSpeedRules();

/// One GPU-CPU hand-over in a build that starts the CPU's worker threads for every graph it
/// computes (llama.cpp before llamacpp::kCpuThreadPoolSince); the rows' hostSwitch is for later builds.
FixedCost ggmlHandOverThreadsCreated();

} // namespace memplan::runtimes
