#include "speed/speedseries.h"

#include "estimator.h"
#include "questions/solvers.h"
#include "speed/speedengine.h"

#include <algorithm>
#include <cmath>

namespace memplan {

SpeedSeries concurrencySeries(const ResolvedScenario &r, std::uint64_t maxConcurrency)
{
    SpeedSeries s;
    s.current = double(std::max<std::uint64_t>(1, r.workload.concurrency));
    // Decode at another concurrency is arithmetic on one estimate's per-pool traffic; only the
    // memory verdict needs an estimate per point (without items, the cheap path).
    const Estimate base = estimate(withConcurrency(r, 1), {.notices = false, .launchCommand = false});
    if (!base.speed.available)
        return s;
    const std::uint64_t top = std::max<std::uint64_t>({1, maxConcurrency, r.workload.concurrency});
    std::vector<std::uint64_t> xs;
    for (std::uint64_t b = 1; b <= top; b *= 2)
        xs.push_back(b);
    if (xs.back() != top)
        xs.push_back(top);
    xs.push_back(std::uint64_t(s.current));
    std::sort(xs.begin(), xs.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
    ResolvedScenario v = r;
    const EstimateOptions fast{.items = false, .speed = false, .notices = false, .launchCommand = false};
    for (std::uint64_t b : xs) {
        SpeedPoint p;
        p.x = double(b);
        const DecodeAt d = decodeAt(base.speed, double(b));
        p.perSequence = d.perSequence;
        p.total = d.total;
        p.limiter = d.limiter;
        try {
            setConcurrency(v, b);
            p.fits = estimate(v, fast).fits;
        } catch (const std::exception &) {
            p.fits = false;
        }
        s.points.push_back(p);
    }
    return s;
}

SpeedSeries offloadSeries(const ResolvedScenario &r, std::uint32_t steps)
{
    SpeedSeries s;
    const std::uint32_t layers = r.model.arch.numHiddenLayers;
    s.layers = layers;
    s.current = std::round(r.placement.gpuLayerFraction * layers);
    if (layers == 0 || r.hardware.kind != HardwareKind::DiscreteGpu)
        return s;
    steps = std::max<std::uint32_t>(2, steps);
    std::vector<std::uint32_t> ks;
    for (std::uint32_t i = 0; i < steps; ++i)
        ks.push_back(std::uint32_t(std::lround(double(i) * layers / (steps - 1))));
    ks.push_back(std::uint32_t(s.current));
    std::sort(ks.begin(), ks.end());
    ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
    // One copy of the scenario for all the points (copying it cost as much as the estimate);
    // each point needs the items (the speed engine reads them), not the launch command.
    ResolvedScenario v = r;
    const EstimateOptions point{.notices = false, .launchCommand = false};
    for (std::uint32_t k : ks) {
        setGpuLayers(v, k);
        const Estimate e = estimate(v, point);
        if (!e.speed.available)
            continue;
        SpeedPoint p;
        p.x = k;
        p.perSequence = e.speed.decodePerSequence;
        p.total = e.speed.decodeTotal;
        p.fits = e.fits;
        for (const SpeedItem &it : e.speed.items)
            if (it.id == "decode_per_sequence")
                p.limiter = it.limiter;
        s.points.push_back(p);
    }
    return s;
}

std::optional<std::uint64_t> solveMaxConcurrencyAtSpeed(const ResolvedScenario &r, double minPerSequence,
                                                        std::uint64_t limit)
{
    const std::optional<std::uint64_t> memory = solveMaxConcurrency(r, limit);
    if (!memory)
        return std::nullopt;
    const Estimate base = estimate(withConcurrency(r, 1), {.notices = false, .launchCommand = false});
    if (!base.speed.available)
        return std::nullopt;
    // Per-sequence speed falls as sequences are added (more KV to read, more work per step),
    // so the answer is the largest n in [1, memory] whose speed still reaches the target.
    auto fast = [&](std::uint64_t n) { return decodeAt(base.speed, double(n)).perSequence.expected >= minPerSequence; };
    if (!fast(1))
        return std::nullopt;
    std::uint64_t lo = 1, hi = *memory;
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        if (fast(mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

} // namespace memplan
