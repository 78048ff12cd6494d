#pragma once
// The phases estimate() is composed of (core/estimator.cpp), in the order they
// run on each pool: place the weights, the KV cache (or the runtime's KV pool),
// activation and workspace (through the runtime module), system share, allocator
// slack; then the loading peak and the verdict over all pools. Each phase is a
// small function of the Plan and the pool being built, shared by the device
// pools and host RAM where they follow the same rule.

#include "plan.h"
#include "quantity.h"

namespace memplan::estimation {

/// The model summary at the top of the estimate.
/// withNotices false (solver steps, sweeps): the resolve-time warnings are not copied.
void summarizeModel(Estimate &e, const Plan &pl, bool withNotices = true);
/// One pool per GPU then host RAM; or the unified pool; or host RAM alone.
void setUpPools(Estimate &e, const Plan &pl);

/// Weights of the GPU-side layers, experts and tables on one device (its even share).
void placeDeviceWeights(PoolBuilder &b, const Plan &pl, std::uint32_t device);
/// What the GPU side did not take, so rounding never loses a byte.
void placeHostWeights(PoolBuilder &b, const Plan &pl);

/// The KV cache one pool holds.
struct KvOnPool {
    Bytes full = 0;
    Bytes windowed = 0;
    Bytes perToken = 0; ///< bytes one more token costs on this pool (full-attention layers)
    std::uint32_t fullLayers = 0;
    std::uint32_t windowedLayers = 0;
    Bytes perTokenLayer = 0;
    Bytes recurrent = 0;            ///< fixed state of the recurrent layers here, all sequences
    Bytes recurrentPerSequence = 0; ///< what one more sequence's state costs here
    std::uint32_t recurrentLayers = 0;
    Bytes cross = 0; ///< cross-attention layers' K and V of the image tokens, all sequences
    std::uint32_t crossLayers = 0;
    /// What stays the same whatever the context: recurrent states and image-token caches.
    Bytes fixed() const { return recurrent + cross; }
};

/// KV heads one device stores under tensor parallelism.
std::uint32_t kvHeadsPerDevice(const Plan &pl);
KvOnPool deviceKv(const Plan &pl, std::uint32_t device);
KvOnPool hostKv(const Plan &pl);
void addKvItems(PoolBuilder &b, const Plan &pl, const KvOnPool &k, std::uint32_t heads);
/// The fixed per-sequence state of the pool's recurrent layers (a KV-cache guest of its own).
void addRecurrentStateItem(PoolBuilder &b, const Plan &pl, const KvOnPool &k);
/// The cross-attention layers' cache of the image tokens (Llama 3.2 Vision).
void addCrossCacheItem(PoolBuilder &b, const Plan &pl, const KvOnPool &k, std::uint32_t heads);

/// Device context, collective buffers and CUDA graphs; the display and (unified) the OS.
void addDeviceFixedCosts(PoolBuilder &b, const Plan &pl, std::uint32_t device);

/// The smallest number of KV tokens any pool has room for, with its range.
struct KvCapacity {
    static constexpr Tokens kUnbounded{~std::uint64_t(0)};
    Tokens minFree = kUnbounded;
    Tokens minLow = kUnbounded;
    Tokens minHigh = kUnbounded;
    double minConcurrency = -1; ///< < 0: the runtime reports none of its own (tokens / context)
    bool holdsWorkload = true;  ///< every preallocated pool holds the scenario's sequences
    bool any = false;
};

/// The default split of a preallocated pool (RuntimeModel::splitKvPool).
KvPoolSplit genericKvPoolSplit(const Plan &pl, const KvOnPool &kv, Bytes poolBytes);

/// A runtime that preallocates its KV pool (vLLM, SGLang) gives it what its budget leaves.
void addPreallocatedKvPool(PoolBuilder &b, const Plan &pl, const KvOnPool &kv, KvCapacity &cap);
/// KV items, allocator slack and free KV tokens of a device that allocates what it needs.
void addDeviceKvAndSlack(PoolBuilder &b, const Plan &pl, const KvOnPool &kv, Bytes activation, KvCapacity &cap);
/// Whether the device pool fits, once its total is known.
void decideDeviceFit(Pool &p, const Plan &pl, const KvOnPool &kv);

/// Host RAM's slack, OS share and free KV tokens.
void addHostSlackAndSystem(PoolBuilder &b, const Plan &pl, const KvOnPool &kv, Bytes activation, KvCapacity &cap);

/// Sums the guests into the pool's total.
void finishPool(Pool &p);
/// The transient copy of the checkpoint while it is read and converted.
void setLoadingPeak(Estimate &e, const Plan &pl);
/// Per-pool and overall verdict, KV capacity and the concurrency it allows.
void decideVerdict(Estimate &e, const Plan &pl, const KvCapacity &cap, bool withItems);

} // namespace memplan::estimation
