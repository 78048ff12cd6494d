#pragma once
// Inverse questions answered with the estimator itself, so a solver's answer
// always agrees with the estimate at that answer: the largest context, the most
// concurrent sequences, the fewest GPUs, the most GPU layers. Each relies on the
// estimate being monotone in the varied quantity (tested in tst_solvers).

#include "scenario/resolve.h"

#include <cstdint>
#include <optional>

namespace memplan {

/// Copies of a scenario with one quantity changed, keeping the runtime's own
/// settings consistent (llama.cpp ctx_size, vLLM max_model_len, ...).
ResolvedScenario withContext(ResolvedScenario r, std::uint64_t contextTokens);
/// In-place forms for loops that vary one quantity many times (a copy of a resolved
/// scenario costs more than an estimate).
void setContext(ResolvedScenario &r, std::uint64_t contextTokens);
void setConcurrency(ResolvedScenario &r, std::uint64_t concurrency);
ResolvedScenario withConcurrency(ResolvedScenario r, std::uint64_t concurrency);
ResolvedScenario withGpuCount(ResolvedScenario r, std::uint32_t gpus);
void setGpuLayers(ResolvedScenario &r, std::uint32_t gpuLayers);
ResolvedScenario withGpuLayers(ResolvedScenario r, std::uint32_t gpuLayers);

/// Largest tokens per sequence (up to the model's maximum) that fit; nullopt if not even one does.
std::optional<std::uint64_t> solveMaxContext(const ResolvedScenario &r);
/// Most concurrent sequences (up to 100,000) at the scenario's context; nullopt if not even one fits.
std::optional<std::uint64_t> solveMaxConcurrency(const ResolvedScenario &r, std::uint64_t limit = 100'000);
/// Fewest identical GPUs (1-64; tensor parallel sizes must divide the attention heads) that fit;
/// nullopt on a CPU-only machine, which has no GPU to count.
std::optional<std::uint32_t> solveMinGpus(const ResolvedScenario &r, std::uint32_t limit = 64);
/// Most decoder layers on the GPU side with every GPU pool within its limit (0..L).
std::optional<std::uint32_t> solveMaxGpuLayers(const ResolvedScenario &r);

} // namespace memplan
