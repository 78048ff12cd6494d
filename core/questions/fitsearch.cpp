#include "questions/fitsearch.h"

#include "estimator.h"
#include "model/quantformat.h"
#include "poolfigures.h"
#include "questions/solvers.h"
#include "runtimes/runtimemodel.h"

#include <algorithm>
#include <exception>
#include <utility>

namespace memplan {

namespace {

Bytes deviceCapacity(const ResolvedScenario &r)
{
    switch (r.hardware.kind) {
    case HardwareKind::DiscreteGpu:
        return checkedMul(r.hardware.capacityBytes, r.gpuCount, "device capacity");
    case HardwareKind::Unified:
        return r.hardware.capacityBytes;
    case HardwareKind::Cpu:
        return 0;
    }
    return 0;
}

void summarise(CandidateResult &c)
{
    c.headroomBytes = ~Bytes(0);
    c.overflowBytes = 0;
    for (const Pool &p : c.estimate.pools) {
        c.headroomBytes = std::min(c.headroomBytes, poolFree(p));
        c.overflowBytes =
            std::max(c.overflowBytes, std::max(poolOver(p), saturatingSub(p.loadingPeakBytes, p.capacityBytes)));
    }
    if (!c.estimate.fits || c.estimate.pools.empty())
        c.headroomBytes = 0;
    if (c.estimate.fits)
        c.overflowBytes = 0; // "fits" and an overflow never stand side by side
}

/// Places the scenario on one machine: every layer on the device first, then the largest
/// split that fits when the device alone cannot hold the model.
/// Without `solveLimits` the estimate has no items and the limits are not solved (fitModels
/// tries many formats and needs only the verdict).
CandidateResult place(const Scenario &base, const Candidate &candidate, const PresetCatalog &catalog,
                      bool solveLimits = true)
{
    CandidateResult c;
    c.candidate = candidate;
    c.scenario = base;
    HardwareChoice &hw = c.scenario.hardware;
    hw = HardwareChoice{};
    hw.preset = candidate.hardware;
    hw.count = candidate.count;
    hw.displayReservedBytes = base.hardware.displayReservedBytes;
    c.scenario.placement.gpuLayerFraction = 1.0;
    try {
        ResolvedScenario r = resolveScenario(c.scenario, catalog);
        c.kind = r.hardware.kind;
        c.name = (r.gpuCount > 1 ? std::to_string(r.gpuCount) + "× " : std::string()) + r.hardware.name;
        c.deviceCapacityBytes = deviceCapacity(r);
        c.totalLayers = r.model.arch.numHiddenLayers;
        const EstimateOptions options{.items = solveLimits};
        c.estimate = estimate(r, options);
        c.gpuLayers = r.hardware.kind == HardwareKind::Cpu ? 0 : c.totalLayers;
        c.badge = c.estimate.fits ? FitBadge::Fits : FitBadge::DoesNotFit;
        if (!c.estimate.fits && r.hardware.kind == HardwareKind::DiscreteGpu && c.totalLayers > 0) {
            if (const auto g = solveMaxGpuLayers(r)) {
                Scenario split = c.scenario;
                split.placement.gpuLayerFraction = double(*g) / double(c.totalLayers);
                const ResolvedScenario rs = resolveScenario(split, catalog);
                Estimate e = estimate(rs, options);
                if (e.fits) {
                    c.scenario = std::move(split);
                    c.estimate = std::move(e);
                    c.gpuLayers = *g;
                    c.badge = FitBadge::FitsWithOffload;
                    r = rs;
                }
            }
        }
        if (solveLimits) {
            c.maxContext = solveMaxContext(r);
            c.maxConcurrency = solveMaxConcurrency(r, 100'000);
        }
        summarise(c);
    } catch (const std::exception &e) {
        c.error = e.what();
        c.badge = FitBadge::DoesNotFit;
    }
    return c;
}

int badgeRank(FitBadge b)
{
    return b == FitBadge::Fits ? 0 : b == FitBadge::FitsWithOffload ? 1 : 2;
}

/// Whether the runtime loads checkpoints stored in this format (its module says).
bool formatRunsOn(Engine engine, const QuantFormat &f)
{
    return runtimeModel(engine).runsFormat(f);
}

/// Formats worth trying for a model, most bits first, without duplicates.
std::vector<const QuantFormat *> candidateFormats(const ModelPreset &m, Engine engine)
{
    std::vector<const QuantFormat *> out;
    auto add = [&](const std::string &id) {
        const QuantFormat *f = findQuantFormat(id);
        if (f && formatRunsOn(engine, *f) && std::find(out.begin(), out.end(), f) == out.end())
            out.push_back(f);
    };
    add(m.nativeDtype);
    if (!m.shippedFormat.empty())
        add(m.shippedFormat);
    for (const std::string &v : m.variants)
        add(v);
    std::stable_sort(out.begin(), out.end(), [](const QuantFormat *a, const QuantFormat *b) {
        return a->bitsPerWeight() > b->bitsPerWeight();
    });
    return out;
}

} // namespace

std::string_view fitBadgeId(FitBadge badge)
{
    switch (badge) {
    case FitBadge::Fits:
        return "fits";
    case FitBadge::FitsWithOffload:
        return "fits_with_offload";
    case FitBadge::DoesNotFit:
        return "does_not_fit";
    }
    return "does_not_fit";
}

std::vector<CandidateResult> compareCandidates(const Scenario &scenario, const std::vector<Candidate> &candidates,
                                               const PresetCatalog &catalog)
{
    std::vector<CandidateResult> out;
    out.reserve(candidates.size());
    for (const Candidate &c : candidates)
        out.push_back(place(scenario, c, catalog));
    return out;
}

std::vector<CandidateResult> fitMachines(const Scenario &scenario, const PresetCatalog &catalog)
{
    std::vector<Candidate> all;
    for (const HardwarePreset &h : catalog.hardware())
        all.push_back({h.spec.id, h.spec.kind == HardwareKind::DiscreteGpu ? scenario.hardware.count : 1});
    std::vector<CandidateResult> out = compareCandidates(scenario, all, catalog);
    std::stable_sort(out.begin(), out.end(), [](const CandidateResult &a, const CandidateResult &b) {
        if (badgeRank(a.badge) != badgeRank(b.badge))
            return badgeRank(a.badge) < badgeRank(b.badge);
        if (a.badge == FitBadge::DoesNotFit)
            return a.overflowBytes < b.overflowBytes;
        return a.headroomBytes > b.headroomBytes;
    });
    return out;
}

std::vector<ModelFit> fitModels(const Scenario &scenario, const PresetCatalog &catalog)
{
    Engine engine; // the model-only profile: any format
    if (const RuntimeProfile *rt = catalog.runtime(scenario.runtime.preset))
        engine = rt->engine;
    std::vector<ModelFit> out;
    std::vector<std::uint64_t> params;
    for (const ModelPreset &m : catalog.models()) {
        Scenario s = scenario;
        s.model = ModelChoice{};
        s.model.preset = m.id;
        s.weights = WeightsChoice{};
        ModelFit fit;
        fit.model = m.id;
        fit.name = m.name;
        // The most bits that fit entirely; failing that, the most bits that fit with offload;
        // failing that, the smallest format tried.
        std::optional<CandidateResult> best;
        std::string bestFormat;
        for (const QuantFormat *f : candidateFormats(m, engine)) {
            s.weights.format = std::string(f->id);
            CandidateResult c = place(s, {s.hardware.preset, s.hardware.count}, catalog, false);
            if (!c.error.empty())
                continue;
            const bool better =
                !best || badgeRank(c.badge) < badgeRank(best->badge) || best->badge == FitBadge::DoesNotFit;
            if (better) {
                best = std::move(c);
                bestFormat = s.weights.format;
            }
            if (best->badge == FitBadge::Fits)
                break;
        }
        if (best) {
            fit.format = bestFormat;
            fit.badge = best->badge;
            fit.weightsBytes = best->estimate.model.weightsBytes;
            fit.headroomBytes = best->headroomBytes;
            if (best->badge != FitBadge::DoesNotFit) {
                try {
                    fit.maxContext = solveMaxContext(resolveScenario(best->scenario, catalog));
                } catch (const std::exception &) {
                }
            }
        }
        out.push_back(std::move(fit));
        params.push_back(m.declaredParameters.value_or(m.computed.total()));
    }
    std::vector<std::size_t> order(out.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (badgeRank(out[a].badge) != badgeRank(out[b].badge))
            return badgeRank(out[a].badge) < badgeRank(out[b].badge);
        return params[a] > params[b];
    });
    std::vector<ModelFit> ranked;
    ranked.reserve(out.size());
    for (std::size_t i : order)
        ranked.push_back(std::move(out[i]));
    return ranked;
}

} // namespace memplan
