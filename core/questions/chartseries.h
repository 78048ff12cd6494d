#pragma once
// Chart data derived from estimates, with no drawing in it: the planner
// window, the PDF report and the tests all consume these values, so what a
// chart shows is decided (and unit-tested) here, and chart widgets only apply it.

#include "estimate.h"
#include "scenario/resolve.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace memplan {

/// One stacked bar: a memory pool with its guests in the fixed order of kAllGuests.
struct Bar {
    std::string poolId;
    std::string poolName;
    PoolKind kind = PoolKind::Vram;
    std::array<Bytes, kGuestCount> guests{};
    Bytes capacity = 0;
    Bytes usable = 0;
    Bytes total = 0;
    Bytes overflow = 0; ///< bytes above the usable limit, drawn as the hatched red part
    /// A preallocated KV pool too small for the workload (core/questions/kvshortfall.h): the tokens it
    /// lacks. Their cache is in `overflow`, drawn past the limit like any other shortfall.
    std::uint64_t kvShortTokens = 0;
    bool fits = true;
    bool operator==(const Bar &) const = default;
};

struct BarSeries {
    std::vector<Bar> bars;
    Bytes axisMax = 0; ///< a round value above every bar and capacity marker
    bool operator==(const BarSeries &) const = default;
};

BarSeries buildBarSeries(const Estimate &e);

/// Context and Concurrency sweep an inference scenario; MicroBatch and SequenceLength a
/// training one (issue 15), whose memory does not depend on the serving context.
enum class SweepAxis { Context, Concurrency, MicroBatch, SequenceLength };

struct SweepPoint {
    std::uint64_t x = 0; ///< context tokens, concurrent sequences, micro-batch or sequence tokens
    std::array<Bytes, kGuestCount> guests{};
    Bytes total = 0;
    bool fits = true;
    bool operator==(const SweepPoint &) const = default;
};

struct SweepSeries {
    SweepAxis axis = SweepAxis::Context;
    std::string poolId;   ///< the pool plotted (the main pool)
    std::string poolName; ///< its display name ("GPU 0 (GeForce RTX 4090)")
    std::vector<SweepPoint> points;
    Bytes usable = 0;
    Bytes capacity = 0;
    std::optional<std::uint64_t> maxFitting; ///< largest x that fits (from the solvers)
    std::uint64_t current = 0;               ///< the scenario's own x, for a marker
    bool operator==(const SweepSeries &) const = default;
};

/// Main-pool memory over context length (256 .. model maximum) or concurrency (1 .. 1024),
/// or for training over micro-batch (1 .. 256) or sequence length (128 .. model maximum),
/// at powers of two (the scenario's own value is `current`, drawn as a marker).
SweepSeries buildSweep(const ResolvedScenario &r, SweepAxis axis);

/// A "nice" axis maximum (1, 2 or 5 x 10^k GiB steps) at or above bytes.
Bytes niceAxisMax(Bytes bytes);

} // namespace memplan
