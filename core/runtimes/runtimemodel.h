#pragma once
// One runtime's allocator model behind a small interface. The estimator
// (core/estimator.cpp) composes the phases every runtime shares — weights, KV
// bytes per layer, slack, the verdict — and asks the runtime's module only what
// differs between runtimes: which compute buffers it creates on which pool, what
// it keeps outside its KV budget, what loading costs, how its own settings
// translate, and its launch command. One implementation per engine lives in
// core/runtimes/<engine>/; docs/architecture.md says how to add one.

#include "engine.h"
#include "estimation/plan.h"

#include <nlohmann/json_fwd.hpp>

#include <span>
#include <string>

namespace memplan {

namespace estimation {
struct KvOnPool;
}

class RuntimeModel {
public:
    virtual ~RuntimeModel() = default;

    virtual Engine engine() const = 0;

    // ---- Resolve time: the runtime's own settings ----

    /// Keys a scenario's runtime object may carry.
    virtual std::span<const char *const> settingKeys() const { return {}; }
    /// Reads the scenario's runtime settings and translates them to and from the generic
    /// workload and placement (the resolved scenario is complete except for these).
    virtual void applySettings(ResolvedScenario &, const nlohmann::json &) const {}

    // ---- Estimate time: buffers per pool ----

    /// Activation and compute buffers on one device pool (GPU i, or the unified pool); returns
    /// their bytes. Default: the generic forward-pass peak when the device runs layers.
    virtual Bytes deviceActivation(const estimation::Plan &pl, std::uint32_t device, estimation::PoolBuilder &b) const;
    /// The same in host RAM. Default: the generic peak when layers run from the host.
    virtual Bytes hostActivation(const estimation::Plan &pl, estimation::PoolBuilder &b) const;
    /// Host-side buffers beside the CPU scratch (llama.cpp's logits buffer). Default: none.
    virtual void addHostBuffers(const estimation::Plan &, estimation::PoolBuilder &) const {}
    /// Whether activations are sized by a profiling run over a full batch (vLLM, SGLang).
    virtual bool profilesActivation() const { return false; }
    /// How a preallocated KV pool of `poolBytes` holds the device's KV layers and states.
    /// Default: the states of the scenario's sequences come off the top and the rest holds
    /// tokens across every attention layer, in whole blocks (estimation::genericKvPoolSplit).
    virtual estimation::KvPoolSplit splitKvPool(const estimation::Plan &pl, const estimation::KvOnPool &kv,
                                                Bytes poolBytes) const;
    /// Device bytes allocated after a preallocated KV pool was sized, so outside its budget.
    virtual Bytes outsideKvBudget(const ResolvedScenario &) const { return 0; }
    /// Extra bytes while the checkpoint loads, beside everything in steady use. Default: by
    /// the profile's loading mode (mapped: none; streaming: one shard; full copy: all weights).
    virtual Bytes loadingTransient(const ResolvedScenario &r, Bytes weightsBytes) const;

    /// How several GPUs split whole layers: fills start[0..devices] so that device d holds the
    /// GPU-side decoder layers [start[d], start[d + 1]). Default: contiguous, as even as whole
    /// layers allow, later devices taking the larger shares.
    virtual void splitLayers(const estimation::Plan &pl, std::uint32_t devices, std::uint32_t *start) const;

    /// Settings the runtime refuses at start-up (each a "refuse.*" notice naming the setting and
    /// the rule); any refusal makes the verdict "will not start". Default: none.
    virtual void checkStartup(const ResolvedScenario &, std::vector<Notice> &) const {}

    /// The runtime's equivalent command line; empty when it has none.
    virtual std::string launchCommand(const ResolvedScenario &) const { return {}; }
};

/// The module for an engine (static instances; never null).
const RuntimeModel &runtimeModel(Engine e);

/// For a runtime that has no model with cross-attention image layers (Llama 3.2 Vision):
/// refuses a scenario whose model has them.
void refuseCrossAttention(const ResolvedScenario &r, std::vector<Notice> &refusals);

} // namespace memplan
