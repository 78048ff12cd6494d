// Phases: the fixed costs of a device, whether each pool fits, the loading
// peak, and the verdict over all pools (phases.h).
#include "phases.h"

#include "itemids.h"

#include "runtimes/runtimemodel.h"

#include <algorithm>

namespace memplan::estimation {

void addDeviceFixedCosts(PoolBuilder &b, const Plan &pl, std::uint32_t i)
{
    const ResolvedScenario &r = pl.r;
    const RuntimeProfile &rt = r.runtime;
    const Bytes ws = pl.gpuLayers > 0 || pl.unified
                         ? rt.workspacePerDevice + (pl.gpus > 1 ? rt.workspacePerTpDevice : 0) + rt.cudaGraphBytes
                         : rt.workspacePerDevice;
    if (Item *it =
            b.item(itemid::kWorkspaceDevice, Guest::Workspace, Evidence::Estimated,
                   "runtime context and kernel workspace", "C_ctx + [TP] C_comm + C_graphs", ws, rt.workspaceRange)) {
        it->add("C_ctx", double(rt.workspacePerDevice), Origin::Runtime, "device context and library buffers");
        it->add("C_comm", double(pl.gpus > 1 ? rt.workspacePerTpDevice : 0), Origin::Runtime, "collective buffers");
        it->add("C_graphs", double(rt.cudaGraphBytes), Origin::Runtime, "captured CUDA graphs");
    }
    if (i == 0 && pl.discrete && r.displayReservedBytes)
        if (Item *it = b.item(itemid::kSystemDisplay, Guest::System, Evidence::Estimated, "desktop display",
                              "D_display", r.displayReservedBytes, rt.systemRange))
            it->add("D_display", double(r.displayReservedBytes), Origin::Runtime, "kept by the desktop compositor");
    if (pl.unified && r.host.reservedBytes)
        if (Item *it = b.item(itemid::kSystemOs, Guest::System, Evidence::Estimated,
                              "operating system and other programs", "R_os", r.host.reservedBytes, rt.systemRange))
            it->add("R_os", double(r.host.reservedBytes), Origin::Runtime, "reserved for the OS and apps");
}

void decideDeviceFit(Pool &p, const Plan &pl, const KvOnPool &kv)
{
    const RuntimeProfile &rt = pl.r.runtime;
    const bool pooled = rt.kvFillsPool && (kv.perToken > 0 || kv.fixed() > 0);
    if (pooled && !pl.unified) // what sits outside the budget must still fit
        p.fits = p.fits && p.totalBytes <= pl.r.hardware.reportedTotalBytes();
    if (!pooled) {
        const Bytes gpuSide = pl.unified ? p.requiredBytes() - p.guest(Guest::System) : p.requiredBytes();
        p.fits = gpuSide <= p.usableBytes && p.requiredBytes() <= p.capacityBytes;
    }
}

void setLoadingPeak(Estimate &e, const Plan &pl)
{
    Pool &loadPool = pl.unified ? e.pools.front() : e.pools.back();
    const Bytes transient = pl.runtime.loadingTransient(pl.r, e.model.weightsBytes);
    loadPool.loadingPeakBytes = checkedAdd(loadPool.totalBytes, transient, kWhat);
}

namespace {

/// vLLM's figure for hybrid models: a request needs ceil(c/B) pages in each full layer but
/// only ceil(min(W - 1 + batch, c)/B) + 1 in each windowed one.
double hybridPoolConcurrency(const Estimate &e, const Plan &pl)
{
    const ModelArchitecture &a = pl.arch;
    const std::uint64_t b = std::max<std::uint32_t>(1, pl.r.runtime.kvBlockTokens);
    const std::uint64_t c = pl.r.workload.contextTokens;
    const std::uint64_t winTokens = std::min<std::uint64_t>(a.slidingWindow - 1 + pl.batch, c);
    const double pagesPerRequest = double(a.numFullLayers()) * double(ceilDiv(c, b)) +
                                   double(a.numWindowedLayers) * double(ceilDiv(winTokens, b) + 1);
    const double pagesInPool = double(e.kvCapacityTokens / b) * double(a.numHiddenLayers);
    return pagesPerRequest > 0 ? pagesInPool / pagesPerRequest : 0;
}

} // namespace

void decideVerdict(Estimate &e, const Plan &pl, const KvCapacity &cap, bool withItems)
{
    const RuntimeProfile &rt = pl.r.runtime;
    e.fits = true;
    for (Pool &p : e.pools) {
        if (p.kind == PoolKind::Ram)
            p.fits = p.requiredBytes() <= p.usableBytes;
        const bool loadOk = saturatingSub(p.loadingPeakBytes, p.reclaimableBytes) <= p.capacityBytes;
        if (!loadOk && p.fits) {
            p.fits = false;
            Notice n = makeNotice("warn.loading_peak", {textArg("pool", p.id),
                                                        numberArg("peak", NoticeArg::Kind::Bytes, p.loadingPeakBytes)});
            e.warnings.push_back(noticeEnglish(n));
            e.notices.push_back(std::move(n));
        }
        if (p.reclaimableBytes && p.totalBytes > p.usableBytes && p.fits) {
            // The bar passes the line, yet it fits: say why.
            Notice n =
                makeNotice("warn.reclaimable_mapped",
                           {textArg("pool", p.id), numberArg("bytes", NoticeArg::Kind::Bytes, p.reclaimableBytes)});
            e.warnings.push_back(noticeEnglish(n));
            e.notices.push_back(std::move(n));
        }
        e.fits = e.fits && p.fits;
    }
    e.kvCapacityTokens = cap.any && cap.minFree != KvCapacity::kUnbounded ? cap.minFree.value() : 0;
    if (withItems && cap.minLow != KvCapacity::kUnbounded) {
        e.kvCapacityTokensLow = cap.minLow.value();
        e.kvCapacityTokensHigh = cap.minHigh.value();
    }
    const std::uint64_t c = pl.r.workload.contextTokens;
    e.maxConcurrency = c ? double(e.kvCapacityTokens) / double(c) : 0;
    if (cap.minConcurrency >= 0) {
        // The runtime counts requests itself (vLLM's layer groups); whether the scenario's
        // sequences fit was decided in its blocks (shared prefixes held once).
        e.maxConcurrency = cap.minConcurrency;
        if (rt.kvFillsPool)
            e.fits = e.fits && cap.holdsWorkload;
    } else {
        if (rt.kvFillsPool)
            e.fits = e.fits && e.kvCapacityTokens >= pl.tokens.fullLayerTokens;
        if (rt.kvFillsPool && pl.arch.numWindowedLayers > 0 && c > 0)
            e.maxConcurrency = hybridPoolConcurrency(e, pl);
    }
    if (!e.willStart())
        e.fits = false; // never a fit with a launch command that fails
}

} // namespace memplan::estimation
