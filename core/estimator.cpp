#include "estimator.h"
#include "speed/speedengine.h"

#include "estimation/phases.h"
#include "questions/launchcommand.h"
#include "runtimes/runtimemodel.h"
#include "training/trainingestimator.h"

namespace memplan {

using namespace estimation;

namespace {

/// One GPU, or the unified pool: weights, KV, the runtime's buffers, fixed costs, then either
/// the runtime's preallocated KV pool or the KV the workload needs plus allocator slack.
void buildDevicePool(PoolBuilder &b, const Plan &pl, std::uint32_t i, KvCapacity &cap)
{
    b.pool = static_cast<std::uint16_t>(i);
    placeDeviceWeights(b, pl, i);
    const KvOnPool kv = deviceKv(pl, i);
    const Bytes act = pl.runtime.deviceActivation(pl, i, b);
    addDeviceFixedCosts(b, pl, i);
    if (pl.r.runtime.kvFillsPool && (kv.perToken > 0 || kv.windowed > 0 || kv.fixed() > 0))
        addPreallocatedKvPool(b, pl, kv, cap);
    else
        addDeviceKvAndSlack(b, pl, kv, act, cap);
    Pool &p = b.e.pools[i];
    finishPool(p);
    decideDeviceFit(p, pl, kv);
}

/// Host RAM: what runs from the CPU, the runtime's host buffers, and the OS.
void buildHostPool(PoolBuilder &b, const Plan &pl, KvCapacity &cap)
{
    b.pool = static_cast<std::uint16_t>(pl.devicePools());
    placeHostWeights(b, pl);
    const KvOnPool kv = hostKv(pl);
    addKvItems(b, pl, kv, pl.arch.kvHeads());
    const Bytes act = pl.runtime.hostActivation(pl, b);
    if (pl.hostLayers() > 0 || pl.cpuOnly)
        if (Item *it = b.item(itemid::kWorkspaceCpu, Guest::Workspace, Evidence::Estimated, "CPU compute scratch",
                              "C_cpu", pl.r.runtime.workspaceCpu, pl.r.runtime.workspaceRange))
            it->add("C_cpu", double(pl.r.runtime.workspaceCpu), Origin::Runtime, "scratch when computing on the CPU");
    pl.runtime.addHostBuffers(pl, b);
    addHostSlackAndSystem(b, pl, kv, act, cap);
    finishPool(b.e.pools[b.pool]);
}

} // namespace

Estimate estimate(const ResolvedScenario &r, const EstimateOptions &options)
{
    if (r.workload.mode == WorkloadMode::Training) // training memory: core/training
        return estimateTraining(r, options);
    Estimate e;
    const Plan pl = makePlan(r);
    if (options.items)
        e.items.reserve(8 * (pl.gpus + 1));
    summarizeModel(e, pl, options.notices);
    setUpPools(e, pl);

    PoolBuilder b{e, options.items};
    if (r.recipeRange)
        b.weightRange = *r.recipeRange; // a recipe sized by the closest stock one (core/model/ggufrecipe.h)
    KvCapacity cap;
    for (std::uint32_t i = 0; i < pl.devicePools(); ++i)
        buildDevicePool(b, pl, i, cap);
    if (!pl.unified)
        buildHostPool(b, pl, cap);

    setLoadingPeak(e, pl);
    decideVerdict(e, pl, cap, options.items);
    e.engine = r.runtime.engine;
    e.runtimeRelease = r.release.version;
    e.runtimeReleaseDefaulted = r.release.defaulted;
    if (options.items && options.launchCommand) {
        e.launchCommand = pl.runtime.launchCommand(r);
        if (auto note = launchCommandNote(r); note && !e.launchCommand.empty())
            e.launchNote = std::move(*note);
    }
    if (options.speed)
        estimateSpeed(r, e); // core/speed: reads the items above, so it runs last
    return e;
}

Estimate estimate(const Scenario &scenario, const PresetCatalog &catalog)
{
    return estimate(resolveScenario(scenario, catalog));
}

} // namespace memplan
