#include "questions/solvers.h"

#include "estimator.h"
#include "runtimes/llamacpp/settingvalues.h"
#include "runtimes/runtimemodel.h"

#include <algorithm>
#include <cmath>

namespace memplan {

namespace {

const EstimateOptions kFast{.items = false, .speed = false, .notices = false}; // a solver step needs the pools only

bool fits(const ResolvedScenario &r)
{
    try {
        return estimate(r, kFast).fits;
    } catch (const OverflowError &) {
        return false; // too large to even count does not fit
    }
}

bool devicesFit(const ResolvedScenario &r)
{
    try {
        const Estimate e = estimate(r, kFast);
        return std::all_of(e.pools.begin(), e.pools.end(),
                           [](const Pool &p) { return p.kind == PoolKind::Ram || p.fits; });
    } catch (const OverflowError &) {
        return false;
    }
}

/// Largest v in [lo, hi] with pred(v) true, given pred(lo) is true and pred is monotone.
template <typename Pred> std::uint64_t largestTrue(std::uint64_t lo, std::uint64_t hi, Pred pred)
{
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        if (pred(mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

} // namespace

void setContext(ResolvedScenario &r, std::uint64_t c)
{
    r.workload.contextTokens = c;
    r.heldTokens = c;
    r.workload.sharedPrefixTokens = std::min(r.workload.sharedPrefixTokens, c);
    r.settings.ctxSize = checkedMul(c, r.workload.concurrency, "context size");
    r.settings.maxModelLen = c;
}

void setConcurrency(ResolvedScenario &r, std::uint64_t n)
{
    r.workload.concurrency = n;
    r.settings.parallel = static_cast<std::uint32_t>(n);
    r.settings.ctxSize = checkedMul(r.workload.contextTokens, n, "context size");
}

ResolvedScenario withContext(ResolvedScenario r, std::uint64_t c)
{
    setContext(r, c);
    return r;
}

ResolvedScenario withConcurrency(ResolvedScenario r, std::uint64_t n)
{
    setConcurrency(r, n);
    return r;
}

ResolvedScenario withGpuCount(ResolvedScenario r, std::uint32_t gpus)
{
    r.gpuCount = gpus;
    r.settings.tensorParallelSize = gpus;
    // The runtime's start-up rules (heads divisible by the tensor-parallel size, ...) judged at
    // this count, exactly as `estimate` judges a scenario written with it (issue 35).
    r.refusals.clear();
    runtimeModel(r.runtime.engine).checkStartup(r, r.refusals);
    return r;
}

void setGpuLayers(ResolvedScenario &r, std::uint32_t k)
{
    const std::uint32_t layers = r.model.arch.numHiddenLayers;
    k = std::min(k, layers);
    r.placement.gpuLayerFraction = double(k) / double(layers);
    r.settings.nGpuLayers = llamacpp::ngLayersFor(k, layers, r.settings.outputLayerFirst);
}

ResolvedScenario withGpuLayers(ResolvedScenario r, std::uint32_t k)
{
    setGpuLayers(r, k);
    return r;
}

std::optional<std::uint64_t> solveMaxContext(const ResolvedScenario &r)
{
    ResolvedScenario v = r;
    auto fitsAt = [&](std::uint64_t c) {
        setContext(v, c);
        return fits(v);
    };
    if (!fitsAt(1))
        return std::nullopt;
    return largestTrue(1, std::max<std::uint64_t>(1, contextSearchLimit(r.model)), fitsAt);
}

std::optional<std::uint64_t> solveMaxConcurrency(const ResolvedScenario &r, std::uint64_t limit)
{
    ResolvedScenario v = r;
    auto fitsAt = [&](std::uint64_t n) {
        try {
            setConcurrency(v, n);
        } catch (const OverflowError &) {
            return false;
        }
        return fits(v);
    };
    if (!fitsAt(1))
        return std::nullopt;
    return largestTrue(1, limit, fitsAt);
}

std::optional<std::uint32_t> solveMinGpus(const ResolvedScenario &r, std::uint32_t limit)
{
    // A CPU machine has no GPU to count: "1 GPU" would be an answer to a question it cannot ask.
    if (r.hardware.kind == HardwareKind::Cpu)
        return std::nullopt;
    // A unified-memory machine is one device; more of them is not a choice.
    if (r.hardware.kind != HardwareKind::DiscreteGpu)
        return fits(r) ? std::optional<std::uint32_t>(1) : std::nullopt;
    // Every count is judged by the estimate itself (refusals included): skipping counts that do
    // not divide the heads here answered differently from `estimate` at that count.
    for (std::uint32_t n = 1; n <= limit; ++n) {
        if (fits(withGpuCount(r, n)))
            return n;
    }
    return std::nullopt;
}

std::optional<std::uint32_t> solveMaxGpuLayers(const ResolvedScenario &r)
{
    if (r.hardware.kind != HardwareKind::DiscreteGpu)
        return std::nullopt;
    if (!devicesFit(withGpuLayers(r, 0)))
        return std::nullopt;
    const std::uint32_t layers = r.model.arch.numHiddenLayers;
    return static_cast<std::uint32_t>(
        largestTrue(0, layers, [&](std::uint64_t k) { return devicesFit(withGpuLayers(r, std::uint32_t(k))); }));
}

} // namespace memplan
