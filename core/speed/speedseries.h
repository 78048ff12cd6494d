#pragma once
// Speed as a function of one quantity, for the window's charts and the solver:
// decode speed against concurrency (one estimate, then arithmetic) and against the
// share of layers on the GPU (one estimate per step, where the offload cliff shows).
// Like core/chartseries, the widgets only draw these points.

#include "estimate.h"
#include "scenario/resolve.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace memplan {

struct SpeedPoint {
    double x = 0;            ///< concurrency, or GPU layers
    SpeedFigure perSequence; ///< decode tokens/s per sequence
    SpeedFigure total;       ///< decode tokens/s, all sequences
    bool fits = true;        ///< the memory plan at this point fits
    std::string_view limiter;
};

struct SpeedSeries {
    std::vector<SpeedPoint> points;
    double current = 0;      ///< the scenario's own x
    double layers = 0;       ///< offload series: the model's decoder layers
    double readableRate = 0; ///< tokens/s per user the caller asked to mark
};

/// Decode speed at concurrency 1, 2, 4, ... up to maxConcurrency (and the scenario's own value).
/// fits is taken from the memory estimate at each point.
SpeedSeries concurrencySeries(const ResolvedScenario &r, std::uint64_t maxConcurrency);

/// Decode speed for 0..L decoder layers on the GPU (at most `steps` points).
SpeedSeries offloadSeries(const ResolvedScenario &r, std::uint32_t steps = 33);

/// Most concurrent sequences that fit in memory and still decode at least minPerSequence
/// tokens/s each (expected value); nullopt when even one sequence is slower or does not fit.
std::optional<std::uint64_t> solveMaxConcurrencyAtSpeed(const ResolvedScenario &r, double minPerSequence,
                                                        std::uint64_t limit = 100'000);

} // namespace memplan
