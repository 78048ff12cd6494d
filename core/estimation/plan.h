#pragma once
// The estimator's working state, internal to core/: the Plan (placement of
// layers, weight parts, KV token counts) worked out once per estimate, and the
// PoolBuilder through which the phases (phases.h) and the runtime modules
// (core/runtimes/) add the items of one pool.

#include "estimate.h"
#include "estimation/expertlayers.h"
#include "itemids.h"
#include "layers/stateplan.h"
#include "model/kvcache.h"
#include "quantity.h"
#include "scenario/resolve.h"

#include <array>
#include <cmath>

namespace memplan {

class RuntimeModel;

namespace estimation {

inline constexpr const char *kWhat = "memory estimate";

/// b x factor, rounded down; b itself when the product would not fit.
inline Bytes scaled(Bytes b, double factor)
{
    if (!(factor > 0))
        return 0;
    const double v = std::floor(static_cast<double>(b) * factor);
    return v >= 1.8e19 ? b : static_cast<Bytes>(v);
}

/// A non-negative double as bytes; throws OverflowError(what) past 2^64.
inline Bytes toBytes(double v, const char *what)
{
    if (!(v >= 0) || v >= 1.8e19)
        throw OverflowError(what);
    return Bytes(v);
}

/// Splits total over n devices; device 0 takes the remainder.
inline Bytes share(Bytes total, std::uint32_t n, std::uint32_t device)
{
    const Bytes base = total / n;
    return device == 0 ? base + total % n : base;
}

struct WeightParts {
    Bytes layers = 0;
    Bytes experts = 0;
    Bytes embedding = 0;
    Bytes outputHead = 0;
};

/// Everything the per-pool phases need, computed once.
struct Plan {
    const ResolvedScenario &r;
    const ModelArchitecture &arch;
    const RuntimeModel &runtime;
    std::uint32_t layers = 0;
    std::uint32_t gpuLayers = 0; ///< decoder layers on GPU(s) or the unified pool
    bool discrete = false;
    bool unified = false;
    bool cpuOnly = false;
    std::uint32_t gpus = 1;
    WeightParts w; ///< whole model
    /// weights.file_bytes over the recipe's own total of what it scales (1 = not applied): the
    /// file's stated size fixes the total, the routed experts keep their named type.
    double fileScale = 1.0;
    std::uint64_t pLayers = 0; ///< parameters behind each part, for show-the-math
    std::uint64_t pExperts = 0;
    std::uint64_t pEmbed = 0;
    KvTokenPlan tokens;
    Bytes kvPerTokenLayerFull = 0; ///< all KV heads
    std::uint32_t fullGpuLayers = 0;
    std::uint32_t windowedGpuLayers = 0;
    std::uint32_t recurrentGpuLayers = 0; ///< recurrent layers among the GPU-side ones (core/layers/)
    std::uint32_t crossGpuLayers = 0;     ///< cross-attention (image) layers among them
    StateRule state;                      ///< how the runtime sizes their fixed per-sequence state
    Bytes visionBytes = 0;                ///< vision tower and projector, when the runtime loads them
    /// RoPE cos/sin tables each GPU running attention keeps beside the weights (vLLM, SGLang:
    /// core/runtimes/pytorch/ropetables.h); 0 for runtimes that rotate on the fly.
    Bytes ropeTableBytes = 0;
    std::uint32_t ropeTableElementBytes = 0; ///< bytes per table element (show-the-math)
    ExpertLayers experts;                    ///< where each mixture layer's routed experts sit (expertlayers.h)
    bool embedOnHost = false;
    bool outputOnHost = false;
    std::uint64_t batch = 0;
    /// llama.cpp with split KV streams: the cells one attention pass spans (a sequence's own).
    std::uint64_t attendCells = 0;
    std::uint64_t attendWindowCells = 0;
    /// Several GPUs splitting whole layers (no tensor parallelism): device d holds the GPU-side
    /// decoder layers [layerStart[d], layerStart[d + 1]), as the runtime assigns them.
    bool layerSplit = false;
    std::array<std::uint32_t, kMaxDevices + 1> layerStart{};
    /// llama.cpp's row split (-sm row) on top of the layer split: the GPU-side layers' matrices and
    /// the output head are cut by rows, device d holding the fraction [rowStart[d], rowStart[d + 1])
    /// of each; the rest of a layer (routed experts, the KV cache, its graph) stays with its device.
    bool rowSplit = false;
    std::array<double, kMaxDevices + 1> rowStart{};

    std::uint32_t hostLayers() const { return layers - gpuLayers; }
    /// Pools before host RAM: every GPU, the unified pool, or none.
    std::uint32_t devicePools() const { return discrete ? gpus : (unified ? 1 : 0); }
    /// Decoder layers on device d under a layer split.
    std::uint32_t layersOn(std::uint32_t d) const { return layerStart[d + 1] - layerStart[d]; }
    /// Device d's rows of `total` under the row split; the parts add up to total exactly.
    Bytes rowShare(Bytes total, std::uint32_t d) const
    {
        auto upTo = [&](std::uint32_t i) { return i >= gpus || i >= kMaxDevices ? total : scaled(total, rowStart[i]); };
        return upTo(d + 1) - upTo(d);
    }
    /// Device d's part of `total`, a quantity spread evenly over the GPU-side layers, in whole
    /// layers; the parts add up to total exactly.
    Bytes layerSplitShare(Bytes total, std::uint32_t d) const
    {
        return gpuLayers
                   ? mulDiv(total, layerStart[d + 1], gpuLayers, kWhat) - mulDiv(total, layerStart[d], gpuLayers, kWhat)
                   : 0;
    }
};

Plan makePlan(const ResolvedScenario &r);

/// Whether llama.cpp's row split applies: -sm row over several discrete GPUs, on a back end with a
/// split buffer type (CUDA, HIP, SYCL; ggml_backend_split_buffer_type). Elsewhere it loads as a
/// layer split.
bool rowSplitApplies(const ResolvedScenario &r);

/// How a runtime's preallocated KV pool on one device divides (RuntimeModel::splitKvPool).
struct KvPoolSplit {
    Bytes state = 0;            ///< pool bytes the recurrent states of the scenario's sequences take
    Tokens tokens{0};           ///< KV tokens the runtime reports for the pool
    double concurrency = -1;    ///< requests of the full context the pool holds; < 0: tokens / context
    bool holdsWorkload = false; ///< the scenario's sequences at their full context fit in the pool
};

/// Adds a guest's bytes to one pool and, when items are wanted, the explained item.
struct PoolBuilder {
    Estimate &e;
    bool withItems;
    std::uint16_t pool = 0;

    Range weightRange{0.97, 1.06}; ///< spread of real GGUF files around a recipe's average

    Item *item(std::string_view id, Guest g, Evidence ev, std::string_view label, std::string_view formula, Bytes bytes,
               Range range = {})
    {
        Pool &p = e.pools[pool];
        p.guests[guestIndex(g)] = checkedAdd(p.guests[guestIndex(g)], bytes, kWhat);
        if (!withItems || bytes == 0)
            return nullptr;
        Item &it = e.items.emplace_back();
        it.pool = pool;
        it.guest = g;
        it.evidence = ev;
        it.id = id;
        it.label = label;
        it.formula = formula;
        it.bytes = bytes;
        if (g == Guest::Weights && ev == Evidence::Estimated)
            range = weightRange;
        it.low = ev == Evidence::Estimated ? scaled(bytes, range.low) : bytes;
        it.high = ev == Evidence::Estimated ? scaled(bytes, range.high) : bytes;
        return &it;
    }
};

} // namespace estimation
} // namespace memplan
