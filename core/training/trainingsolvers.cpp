#include "trainingsolvers.h"

#include "trainingestimator.h"

namespace memplan {

namespace {

template <typename Set> std::optional<std::uint64_t> largestFitting(ResolvedScenario r, std::uint64_t limit, Set set)
{
    const EstimateOptions fast{false};
    auto fits = [&](std::uint64_t v) {
        set(r, v);
        return estimateTraining(r, fast).fits;
    };
    if (limit == 0 || !fits(1))
        return std::nullopt;
    std::uint64_t lo = 1, hi = 2;
    while (hi <= limit && fits(hi)) {
        lo = hi;
        hi *= 2;
    }
    if (hi > limit) {
        if (fits(limit))
            return limit;
        hi = limit;
    }
    while (hi - lo > 1) { // lo fits, hi does not
        const std::uint64_t mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    return lo;
}

} // namespace

std::optional<std::uint64_t> solveMaxMicroBatch(const ResolvedScenario &r, std::uint64_t limit)
{
    return largestFitting(r, limit, [](ResolvedScenario &s, std::uint64_t v) { s.workload.training.microBatch = v; });
}

std::optional<std::uint64_t> solveMaxSequenceLength(const ResolvedScenario &r, std::uint64_t limit)
{
    if (limit == 0)
        limit = r.model.maxContext ? contextSearchLimit(r.model) : 1'000'000;
    // The question is how long a sequence can be, so a stated longest sample does not cap it.
    return largestFitting(r, limit, [](ResolvedScenario &s, std::uint64_t v) {
        s.workload.training.sequenceLength = v;
        s.workload.training.longestSample.reset();
    });
}

} // namespace memplan
