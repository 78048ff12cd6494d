#pragma once
// Inverse questions of a training scenario, answered with the training engine
// itself: the largest micro-batch and the longest sequence that still fit.
// Memory grows monotonically with both (activations and logits are linear or
// quadratic in them), so a doubling search followed by bisection is exact.

#include "scenario/resolve.h"

#include <cstdint>
#include <optional>

namespace memplan {

/// Largest micro-batch (1..limit) that fits; nullopt if not even one sequence does.
std::optional<std::uint64_t> solveMaxMicroBatch(const ResolvedScenario &r, std::uint64_t limit = 65536);
/// Longest sequence (1..the model's context, or limit) that fits at the scenario's micro-batch.
std::optional<std::uint64_t> solveMaxSequenceLength(const ResolvedScenario &r, std::uint64_t limit = 0);

} // namespace memplan
