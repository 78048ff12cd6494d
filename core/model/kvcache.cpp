#include "model/kvcache.h"

#include <algorithm>

namespace memplan {

Bytes kvBytesPerTokenPerLayer(const ModelArchitecture &arch, const QuantFormat &k, const QuantFormat &v,
                              std::uint32_t kvHeads)
{
    if (arch.isMla()) // the layout's K and V rows, each in its own cache type
        return checkedAdd(k.bytesFor(arch.mlaKeyElements()), v.bytesFor(arch.mlaValueElements()), "KV row");
    const std::uint64_t row = checkedMul(kvHeads, arch.effectiveHeadDim(), "KV row");
    return checkedAdd(k.bytesFor(row), v.bytesFor(row), "KV row");
}

KvTokenPlan planKvTokens(const ModelArchitecture &arch, const RuntimeProfile &profile, const KvWorkload &w)
{
    KvTokenPlan plan;
    const std::uint64_t c = w.contextTokens;
    const std::uint64_t n = w.concurrency;
    const std::uint64_t p = std::min(w.sharedPrefixTokens, c);
    const std::uint64_t window = arch.numWindowedLayers ? arch.slidingWindow : 0;
    const char *what = "KV token count";

    // Shared prefix stored once, the rest once per sequence.
    plan.requestedTokens = checkedAdd(p, checkedMul(n, c - p, what), what);

    switch (profile.kvAllocation) {
    case KvAllocation::Exact:
        plan.fullLayerTokens = plan.requestedTokens;
        plan.windowedLayerTokens = window ? checkedMul(n, std::min(c, window), what) : 0;
        break;
    case KvAllocation::ReserveFull: {
        // llama.cpp: one cache of ctx_size cells shared by all slots, padded.
        const std::uint64_t cells = w.reservedCells ? w.reservedCells : checkedMul(n, c, what);
        const std::uint64_t pad = std::max<std::uint32_t>(1, profile.contextPadding);
        plan.fullLayerTokens = roundUp(cells, pad, what);
        if (window) {
            if (w.swaFull) {
                plan.windowedLayerTokens = plan.fullLayerTokens;
            } else {
                // SWA cache: the window for every sequence (or one when slots are separate) plus a micro-batch;
                // Ollama's own engine keeps its memory size for every sequence in one cache.
                const std::uint64_t keep = std::max(window, w.swaMemory);
                const std::uint64_t swa =
                    checkedAdd(checkedMul(keep, w.kvUnified || w.swaMemory ? n : 1, what), w.batchTokens, what);
                plan.windowedLayerTokens = roundUp(std::min(cells, swa), pad, what);
            }
        }
        break;
    }
    case KvAllocation::Paged: {
        const std::uint64_t b = std::max<std::uint32_t>(1, profile.kvBlockTokens);
        const std::uint64_t sharedBlocks = p / b; // only whole blocks can be shared
        const std::uint64_t perSeq = ceilDiv(c - sharedBlocks * b, b);
        plan.fullLayerTokens = checkedMul(b, checkedAdd(sharedBlocks, checkedMul(n, perSeq, what), what), what);
        if (window)
            plan.windowedLayerTokens = checkedMul(checkedMul(n, b, what), ceilDiv(std::min(c, window), b), what);
        break;
    }
    }
    return plan;
}

} // namespace memplan
