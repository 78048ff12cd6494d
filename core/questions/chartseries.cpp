#include "questions/chartseries.h"

#include "estimator.h"
#include "poolfigures.h"
#include "questions/kvshortfall.h"
#include "questions/solvers.h"
#include "training/trainingsolvers.h"

#include <algorithm>
#include <cmath>

namespace memplan {

Bytes niceAxisMax(Bytes bytes)
{
    if (bytes == 0)
        return GiB;
    const double gib = static_cast<double>(bytes) / static_cast<double>(GiB) * 1.05;
    const double magnitude = std::pow(10.0, std::floor(std::log10(gib)));
    for (double step : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        const double candidate = step * magnitude;
        if (candidate >= gib)
            return static_cast<Bytes>(candidate * static_cast<double>(GiB));
    }
    return static_cast<Bytes>(10.0 * magnitude * static_cast<double>(GiB));
}

BarSeries buildBarSeries(const Estimate &e)
{
    BarSeries s;
    Bytes highest = 0;
    for (const Pool &p : e.pools) {
        Bar b;
        b.poolId = p.id;
        b.poolName = p.name;
        b.kind = p.kind;
        b.guests = p.guests;
        b.capacity = p.capacityBytes;
        b.usable = p.usableBytes;
        b.total = p.totalBytes;
        // The pool's own figure, as the headline and the report say it (estimate.h).
        b.overflow = poolOver(p);
        // A full KV block pool that lacks tokens: the requested cache past the limit.
        if (const KvShortfall kv = kvPoolShortfall(e, s.bars.size())) {
            b.kvShortTokens = kv.tokens;
            b.overflow = std::max(b.overflow, kv.bytes);
        }
        b.fits = p.fits;
        highest = std::max({highest, b.total, b.capacity, checkedAdd(b.usable, b.overflow)});
        s.bars.push_back(std::move(b));
    }
    s.axisMax = niceAxisMax(highest);
    return s;
}

namespace {

/// The x range, the scenario's own x and how one point sets x, per axis.
struct SweepRange {
    std::uint64_t lo = 1, hi = 1024, current = 0;
    void (*set)(ResolvedScenario &, std::uint64_t) = nullptr;
};

SweepRange sweepRange(const ResolvedScenario &r, SweepAxis axis)
{
    const std::uint64_t modelMax = r.model.maxContext;
    switch (axis) {
    case SweepAxis::Context:
        return {256, std::max<std::uint64_t>(256, modelMax), r.workload.contextTokens, &setContext};
    case SweepAxis::Concurrency:
        return {1, 1024, r.workload.concurrency, &setConcurrency};
    case SweepAxis::MicroBatch:
        return {1, 256, r.workload.training.microBatch,
                [](ResolvedScenario &v, std::uint64_t x) { v.workload.training.microBatch = x; }};
    case SweepAxis::SequenceLength:
        return {128, std::max<std::uint64_t>(128, modelMax ? modelMax : 131072), r.workload.training.sequenceLength,
                [](ResolvedScenario &v, std::uint64_t x) { v.workload.training.sequenceLength = x; }};
    }
    return {};
}

std::optional<std::uint64_t> sweepMaxFitting(const ResolvedScenario &r, SweepAxis axis, std::uint64_t hi)
{
    switch (axis) {
    case SweepAxis::Context:
        return solveMaxContext(r);
    case SweepAxis::Concurrency:
        return solveMaxConcurrency(r, hi);
    case SweepAxis::MicroBatch:
        return solveMaxMicroBatch(r, hi);
    case SweepAxis::SequenceLength:
        return solveMaxSequenceLength(r, hi);
    }
    return std::nullopt;
}

} // namespace

SweepSeries buildSweep(const ResolvedScenario &r, SweepAxis axis)
{
    SweepSeries s;
    s.axis = axis;
    const SweepRange range = sweepRange(r, axis);
    s.current = range.current;
    std::vector<std::uint64_t> xs;
    for (std::uint64_t x = range.lo; x < range.hi; x *= 2)
        xs.push_back(x);
    xs.push_back(range.hi);
    // The scenario's own x is a marker, not a point: a context drag then leaves the
    // points unchanged and the chart only has to move the marker.
    std::sort(xs.begin(), xs.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());

    const EstimateOptions fast{
        .items = false, .speed = false, .notices = false}; // the chart draws the main pool's guests only
    ResolvedScenario v = r;
    for (std::uint64_t x : xs) {
        SweepPoint p;
        p.x = x;
        try {
            range.set(v, x);
            const Estimate e = estimate(v, fast);
            const Pool &main = e.mainPool();
            p.guests = main.guests;
            p.total = main.totalBytes;
            p.fits = main.fits;
            if (s.poolId.empty()) {
                s.poolId = main.id;
                s.poolName = main.name;
                s.usable = main.usableBytes;
                s.capacity = main.capacityBytes;
            }
        } catch (const OverflowError &) {
            continue; // past what can be counted: leave the point out
        }
        s.points.push_back(p);
    }
    s.maxFitting = sweepMaxFitting(r, axis, range.hi);
    return s;
}

} // namespace memplan
