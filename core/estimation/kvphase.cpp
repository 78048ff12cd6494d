// Phase: the KV cache on each pool (phases.h). Bytes per token per layer come
// from core/kvcache (shared by every runtime); this file decides which layers'
// cache sits on which pool and, for runtimes that preallocate a block pool,
// how many tokens the pool left by the other guests holds.
#include "phases.h"

#include "itemids.h"

#include "runtimes/runtimemodel.h"

#include <algorithm>

namespace memplan::estimation {

namespace {

KvOnPool kvForLayers(const Plan &pl, std::uint32_t fullLayers, std::uint32_t windowedLayers, Bytes perTokenLayer,
                     std::uint32_t recurrentLayers = 0, std::uint32_t crossLayers = 0)
{
    KvOnPool k;
    // Cross-attention layers keep K and V of the image tokens, once per sequence.
    k.crossLayers = crossLayers;
    k.cross = checkedMul(checkedMul(checkedMul(crossLayers, perTokenLayer, kWhat), pl.arch.crossAttentionTokens, kWhat),
                         std::max<std::uint64_t>(1, pl.r.workload.concurrency), kWhat);
    // Recurrent layers keep a fixed state per sequence instead (core/layers/stateplan.h).
    k.recurrentLayers = recurrentLayers;
    k.recurrentPerSequence = recurrentStatePerSequence(pl.arch, pl.state, recurrentLayers);
    k.recurrent = checkedMul(k.recurrentPerSequence, pl.state.cells, kWhat);
    k.fullLayers = fullLayers;
    k.windowedLayers = windowedLayers;
    k.perTokenLayer = perTokenLayer;
    k.full = checkedMul(checkedMul(fullLayers, perTokenLayer, kWhat), pl.tokens.fullLayerTokens, kWhat);
    k.windowed = checkedMul(checkedMul(windowedLayers, perTokenLayer, kWhat), pl.tokens.windowedLayerTokens, kWhat);
    k.perToken = checkedMul(fullLayers, perTokenLayer, kWhat);
    return k;
}

bool kvOnDevice(const Plan &pl)
{
    return pl.r.placement.kvOnGpu || pl.unified;
}

/// Bytes of every guest on the pool but the KV cache (and, unified, the OS share).
Bytes othersThanKv(const Pool &p, bool unified)
{
    Bytes s = 0;
    for (Guest g : kAllGuests)
        if (g != Guest::KvCache && (g != Guest::System || !unified))
            s += p.guests[guestIndex(g)];
    return s;
}

} // namespace

std::uint32_t kvHeadsPerDevice(const Plan &pl)
{
    const std::uint32_t heads = pl.arch.kvHeads();
    if (!pl.r.tensorParallel || pl.gpus == 1 || pl.arch.isMla())
        return heads;
    return heads >= pl.gpus ? static_cast<std::uint32_t>(ceilDiv(heads, pl.gpus)) : 1;
}

KvOnPool deviceKv(const Plan &pl, std::uint32_t i)
{
    if (!kvOnDevice(pl) || pl.gpuLayers == 0)
        return {};
    if (pl.gpus > 1 && pl.r.tensorParallel) {
        const Bytes perTokenLayer =
            kvBytesPerTokenPerLayer(pl.arch, *pl.r.kvFormatK, *pl.r.kvFormatV, kvHeadsPerDevice(pl));
        return kvForLayers(pl, pl.fullGpuLayers, pl.windowedGpuLayers, perTokenLayer, pl.recurrentGpuLayers,
                           pl.crossGpuLayers);
    }
    if (!pl.layerSplit)
        return kvForLayers(pl, pl.fullGpuLayers, pl.windowedGpuLayers, pl.kvPerTokenLayerFull, pl.recurrentGpuLayers,
                           pl.crossGpuLayers);
    // Each layer's cache and state sit with its weights: the device's whole layers, each
    // kind in proportion.
    const auto full = static_cast<std::uint32_t>(pl.layerSplitShare(pl.fullGpuLayers, i));
    const auto windowed = static_cast<std::uint32_t>(pl.layerSplitShare(pl.windowedGpuLayers, i));
    const auto recurrent = static_cast<std::uint32_t>(pl.layerSplitShare(pl.recurrentGpuLayers, i));
    const auto cross = static_cast<std::uint32_t>(pl.layerSplitShare(pl.crossGpuLayers, i));
    return kvForLayers(pl, full, windowed, pl.kvPerTokenLayerFull, recurrent, cross);
}

KvOnPool hostKv(const Plan &pl)
{
    const ModelArchitecture &a = pl.arch;
    const std::uint32_t full = kvOnDevice(pl) ? a.numFullLayers() - pl.fullGpuLayers : a.numFullLayers();
    const std::uint32_t windowed = kvOnDevice(pl) ? a.numWindowedLayers - pl.windowedGpuLayers : a.numWindowedLayers;
    const std::uint32_t recurrent =
        kvOnDevice(pl) ? a.numRecurrentLayers() - pl.recurrentGpuLayers : a.numRecurrentLayers();
    const std::uint32_t cross = kvOnDevice(pl) ? a.numCrossLayers() - pl.crossGpuLayers : a.numCrossLayers();
    return kvForLayers(pl, full, windowed, pl.kvPerTokenLayerFull, recurrent, cross);
}

void addKvItems(PoolBuilder &b, const Plan &pl, const KvOnPool &k, std::uint32_t heads)
{
    const Evidence ev = Evidence::Calculated;
    const bool mla = pl.arch.isMla();
    const MlaCache layout = pl.arch.mlaCache;
    const std::string_view fMla = layout == MlaCache::Latent        ? "L × (r_kv + d_rope) × b_kv × T"
                                  : layout == MlaCache::LatentWithV ? "L × (2 × r_kv + d_rope) × b_kv × T"
                                                                    : "L × n_h × (d_nope + d_rope + d_v) × b_kv × T";
    const std::string_view fFull = mla ? fMla : "L × 2 × H_kv × d_head × b_kv × T";
    const std::string_view fWin =
        mla ? "L_win × (r_kv + d_rope) × b_kv × T_win" : "L_win × 2 × H_kv × d_head × b_kv × T_win";
    const double bytesPerElement = mla ? double(k.perTokenLayer) / double(pl.arch.kvElementsPerTokenPerLayer())
                                       : double(k.perTokenLayer) / (2.0 * heads * pl.arch.effectiveHeadDim());
    auto common = [&](Item *it, std::uint32_t layersHere, std::uint64_t tokens, bool windowed) {
        if (!it)
            return;
        it->add(windowed ? "L_win" : "L", layersHere, Origin::Config,
                windowed ? "sliding-window layers here" : "layers here");
        if (mla && layout == MlaCache::PerHead) {
            it->add("n_h", pl.arch.numAttentionHeads, Origin::Config, "attention heads");
            it->add("d_nope", pl.arch.qkNopeHeadDim, Origin::Config, "key width without rotary part");
            it->add("d_rope", pl.arch.qkRopeHeadDim, Origin::Config, "rotary key width");
            it->add("d_v", pl.arch.vHeadDim, Origin::Config, "value width per head");
        } else if (mla) {
            it->add("r_kv", pl.arch.kvLoraRank, Origin::Config, "latent rank");
            it->add("d_rope", pl.arch.qkRopeHeadDim, Origin::Config, "rotary key width");
        } else {
            it->add("H_kv", heads, Origin::Config, "KV heads on this device");
            it->add("d_head", pl.arch.effectiveHeadDim(), Origin::Config, "head dimension");
        }
        it->add("b_kv", bytesPerElement, Origin::Scenario, "bytes per cached element (scales included)");
        it->add(windowed ? "T_win" : "T", double(tokens), Origin::Runtime,
                windowed ? "token slots per windowed layer" : "token slots, all sequences");
        if (windowed)
            it->add("W", double(pl.arch.slidingWindow), Origin::Config, "window");
    };
    common(b.item(itemid::kKvFull, Guest::KvCache, ev, "KV cache", fFull, k.full), k.fullLayers,
           pl.tokens.fullLayerTokens, false);
    common(b.item(itemid::kKvWindow, Guest::KvCache, ev, "KV cache (sliding-window layers)", fWin, k.windowed),
           k.windowedLayers, pl.tokens.windowedLayerTokens, true);
    addRecurrentStateItem(b, pl, k);
    addCrossCacheItem(b, pl, k, heads);
}

void addCrossCacheItem(PoolBuilder &b, const Plan &pl, const KvOnPool &k, std::uint32_t heads)
{
    Item *it =
        b.item(itemid::kKvCross, Guest::KvCache, Evidence::Calculated, "KV cache (cross-attention, image tokens)",
               "L_cross × 2 × H_kv × d_head × b_kv × T_img × N_seq", k.cross);
    if (!it)
        return;
    it->add("L_cross", k.crossLayers, Origin::Config, "cross-attention layers here");
    it->add("H_kv", heads, Origin::Config, "KV heads on this device");
    it->add("d_head", pl.arch.effectiveHeadDim(), Origin::Config, "head dimension");
    it->add("b_kv", double(pl.kvPerTokenLayerFull) / (2.0 * pl.arch.kvHeads() * pl.arch.effectiveHeadDim()),
            Origin::Scenario, "bytes per cached element (scales included)");
    it->add("T_img", double(pl.arch.crossAttentionTokens), Origin::Config, "image tokens one image leaves (all tiles)");
    it->add("N_seq", double(std::max<std::uint64_t>(1, pl.r.workload.concurrency)), Origin::Scenario,
            "sequences, one image each");
}

void addRecurrentStateItem(PoolBuilder &b, const Plan &pl, const KvOnPool &k)
{
    Item *it = b.item(itemid::kKvRecurrent, Guest::KvCache, Evidence::Calculated, "recurrent state",
                      "L_rec × (S_conv × b_conv + S_ssm × b_ssm) × N_seq", k.recurrent);
    if (!it)
        return;
    const ModelArchitecture &a = pl.arch;
    const StateElements e = stateElementsPerDevice(a.recurrentKind(), a.recurrent, a.hiddenSize, pl.state.tp);
    it->add("L_rec", k.recurrentLayers, Origin::Config, "recurrent layers here");
    it->add("S_conv", double(e.conv), Origin::Config, "convolution-state elements per layer and sequence");
    it->add("S_ssm", double(e.ssm), Origin::Config, "scan-state elements per layer and sequence");
    it->add("b_conv", pl.state.convBytes, Origin::Runtime, "bytes per conv-state element");
    it->add("b_ssm", pl.state.ssmBytes, Origin::Runtime, "bytes per scan-state element");
    it->add("N_seq", double(pl.state.cells), Origin::Runtime, "sequences the runtime keeps a state for");
    if (pl.state.pagePerLayer) {
        it->formula = "L_rec × page × pages × N_seq";
        it->add("page", double(pl.state.pagePerLayer), Origin::Runtime, "padded page one layer's state occupies");
        // vLLM keeps two pages per state with prefix caching ("align"), and pads the layers to
        // whole groups; what is left after L_rec × page × N_seq.
        const double base = double(k.recurrentLayers) * double(pl.state.pagePerLayer) * double(pl.state.cells);
        it->add("pages", base > 0 ? double(k.recurrent) / base : 1.0, Origin::Runtime,
                "pages each sequence's state keeps per layer");
    }
}

KvPoolSplit genericKvPoolSplit(const Plan &pl, const KvOnPool &kv, Bytes pool)
{
    KvPoolSplit s;
    // Recurrent state pages share the pool with the attention pages: the sequences' states
    // come off the top, the attention blocks get the rest.
    s.state = std::min(pool, kv.fixed());
    // Layer groups share one page size, so the pool's capacity counts every layer per
    // token, windowed or not.
    const Bytes perTokenAllLayers = checkedMul(kv.fullLayers + kv.windowedLayers, kv.perTokenLayer, kWhat);
    const std::uint64_t block = std::max<std::uint32_t>(1, pl.r.runtime.kvBlockTokens);
    s.tokens = Tokens(perTokenAllLayers ? (pool - s.state) / perTokenAllLayers / block * block : 0);
    // A model without attention layers (pure Mamba) needs only the states to fit.
    s.holdsWorkload = kv.fixed() <= pool && (!perTokenAllLayers || Tokens(pl.tokens.fullLayerTokens) <= s.tokens);
    return s;
}

void addPreallocatedKvPool(PoolBuilder &b, const Plan &pl, const KvOnPool &kv, KvCapacity &cap)
{
    const RuntimeProfile &rt = pl.r.runtime;
    Pool &p = b.e.pools[b.pool];
    // The runtime hands everything left in its budget to the KV block pool; what the runtime
    // allocates after sizing it sits outside the budget (vLLM's late-captured CUDA graphs).
    const Bytes nonKv =
        saturatingSub(othersThanKv(p, pl.unified) + p.guest(Guest::KvCache), pl.runtime.outsideKvBudget(pl.r));
    const Bytes pool = saturatingSub(p.usableBytes, nonKv);
    const KvPoolSplit split = pl.runtime.splitKvPool(pl, kv, pool);
    const Bytes state = split.state;
    const Bytes attentionPool = pool - state;
    cap.minFree = std::min(cap.minFree, split.tokens);
    if (split.concurrency >= 0)
        cap.minConcurrency =
            cap.minConcurrency < 0 ? split.concurrency : std::min(cap.minConcurrency, split.concurrency);
    cap.holdsWorkload = cap.holdsWorkload && split.holdsWorkload;
    cap.any = true;
    // The pool is what the other guests leave, so their ranges move it the other way.
    Bytes canGrow = 0, canShrink = 0;
    if (b.withItems)
        for (const Item &other : b.e.items)
            if (other.pool == b.pool && other.guest != Guest::KvCache &&
                (other.guest != Guest::System || !pl.unified)) {
                canGrow += other.bytes - std::min(other.low, other.bytes);
                canShrink += std::max(other.high, other.bytes) - other.bytes;
            }
    const Bytes poolLow = saturatingSub(pool, canShrink);
    const Bytes poolHigh = std::min(checkedAdd(pool, canGrow, kWhat), p.usableBytes);
    if (b.withItems && kv.perTokenLayer && kv.fullLayers + kv.windowedLayers > 0) { // the range is read with items only
        cap.minLow = std::min(cap.minLow, pl.runtime.splitKvPool(pl, kv, poolLow).tokens);
        cap.minHigh = std::min(cap.minHigh, pl.runtime.splitKvPool(pl, kv, poolHigh).tokens);
    }
    if (state > 0) {
        // The image-token caches first, the recurrent states in what is left of the share.
        KvOnPool stateOnly;
        stateOnly.cross = std::min(state, kv.cross);
        stateOnly.crossLayers = kv.crossLayers;
        stateOnly.recurrent = state - stateOnly.cross;
        stateOnly.recurrentLayers = kv.recurrentLayers;
        addRecurrentStateItem(b, pl, stateOnly);
        addCrossCacheItem(b, pl, stateOnly, kvHeadsPerDevice(pl));
    }
    if (Item *it = b.item(itemid::kKvPool, Guest::KvCache, Evidence::Estimated, "KV block pool (preallocated)",
                          "U × C − (weights + activation + workspace)", attentionPool)) {
        it->low = saturatingSub(poolLow, state);
        it->high = saturatingSub(poolHigh, state);
        it->add("U", rt.deviceMemoryFraction, Origin::Runtime, "share of the device the runtime may use");
        it->add("C", double(pl.r.hardware.reportedTotalBytes()), Origin::Preset, "device total the runtime sees");
        it->add("tokens", double(split.tokens.value()), Origin::Derived, "KV tokens the pool holds");
        it->add("weights", double(p.guest(Guest::Weights)), Origin::Derived, "weights on this device");
        it->add("activation", double(p.guest(Guest::Activation)), Origin::Derived, "activation on this device");
        it->add("workspace", double(p.guest(Guest::Workspace)), Origin::Derived, "workspace on this device");
    }
    p.fits = nonKv <= p.usableBytes && split.holdsWorkload;
}

void addDeviceKvAndSlack(PoolBuilder &b, const Plan &pl, const KvOnPool &kv, Bytes activation, KvCapacity &cap)
{
    const RuntimeProfile &rt = pl.r.runtime;
    addKvItems(b, pl, kv, kvHeadsPerDevice(pl));
    const Bytes dyn = checkedAdd(kv.full + kv.windowed + kv.fixed(), activation, kWhat);
    const Bytes slack =
        checkedAdd(fractionOf(dyn, rt.allocatorSlackFraction), pl.gpuLayers > 0 ? rt.deviceMarginBytes : 0, kWhat);
    if (Item *it = b.item(itemid::kSlackDevice, Guest::Allocator, Evidence::Estimated, "allocator slack and headroom",
                          "s × (KV + A) + M", slack, rt.allocatorRange)) {
        it->add("s", rt.allocatorSlackFraction, Origin::Runtime, "reserved-but-unused share");
        it->add("M", double(rt.deviceMarginBytes), Origin::Runtime, "free margin kept per device");
        it->add("KV", double(kv.full + kv.windowed), Origin::Derived, "KV cache on this pool");
        it->add("A", double(activation), Origin::Derived, "activation on this pool");
    }
    if (kv.perToken > 0) {
        const Pool &p = b.e.pools[b.pool];
        const Bytes free =
            saturatingSub(p.usableBytes, checkedAdd(othersThanKv(p, pl.unified), kv.windowed + kv.fixed(), kWhat));
        cap.minFree = std::min(cap.minFree, tokensThatFit(free, kv.perToken));
        cap.any = true;
    }
}

void addHostSlackAndSystem(PoolBuilder &b, const Plan &pl, const KvOnPool &kv, Bytes activation, KvCapacity &cap)
{
    const RuntimeProfile &rt = pl.r.runtime;
    const Bytes slack =
        fractionOf(checkedAdd(kv.full + kv.windowed + kv.fixed(), activation, kWhat), rt.allocatorSlackFraction);
    if (Item *it = b.item(itemid::kSlackHost, Guest::Allocator, Evidence::Estimated, "allocator slack", "s × (KV + A)",
                          slack, rt.allocatorRange)) {
        it->add("s", rt.allocatorSlackFraction, Origin::Runtime, "reserved-but-unused share");
        it->add("KV", double(kv.full + kv.windowed + kv.fixed()), Origin::Derived,
                "KV cache and recurrent state on this pool");
        it->add("A", double(activation), Origin::Derived, "activation on this pool");
    }
    if (Item *it = b.item(itemid::kSystemOs, Guest::System, Evidence::Estimated, "operating system and other programs",
                          "R_os", pl.r.host.reservedBytes, rt.systemRange))
        it->add("R_os", double(pl.r.host.reservedBytes), Origin::Scenario, "reserved for the OS and apps");
    if (kv.perToken > 0) {
        const Pool &h = b.e.pools[b.pool];
        cap.minFree = std::min(
            cap.minFree, tokensThatFit(saturatingSub(h.usableBytes, othersThanKv(h, false) + kv.windowed + kv.fixed()),
                                       kv.perToken));
        cap.any = true;
    }
}

} // namespace memplan::estimation
