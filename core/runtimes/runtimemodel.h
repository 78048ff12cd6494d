#pragma once
// One runtime's allocator model behind a small interface. The estimator
// (core/estimator.cpp) composes the phases every runtime shares — weights, KV
// bytes per layer, slack, the verdict — and asks the runtime's module only what
// differs between runtimes: which compute buffers it creates on which pool, what
// it keeps outside its KV budget, what loading costs, how its own settings
// translate, and its launch command. The rest of the planner asks it too: the
// speed model its efficiencies, the cluster plan its parallel flags and per-node
// commands, the log reader its parser and what its logs imply, the CLI what it
// prints at start-up. One implementation per engine lives in
// core/runtimes/<engine>/, listed once in core/runtimes/registry.cpp;
// docs/architecture.md says how to add one.

#include "estimation/plan.h"
#include "run/loadonly.h"
#include "runtimes/engine.h"
#include "runtimes/release.h"
#include "speed/efficiency.h"

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace memplan {

namespace estimation {
struct KvOnPool;
}
struct ClusterPlan;
struct ParallelLayout;
struct MeasuredRun;
struct QuantFormat;
struct Scenario;
struct WeightsChoice;
class RuntimeLogParser;

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
    /// What that command names for the weights, so the planner can say when it had to guess the
    /// file or repository. Default: a checkpoint repository.
    enum class LaunchWeights { None, GgufFile, Checkpoint };
    virtual LaunchWeights launchWeights() const { return LaunchWeights::Checkpoint; }
    /// That command started on this computer in a load-only mode (core/run/loadonly.h): stopped
    /// once the model is loaded, never downloading. Default: none (it cannot be tried here).
    virtual std::optional<LoadOnlyLaunch> loadOnlyLaunch(const ResolvedScenario &, const LoadOnlyOptions &) const
    {
        return std::nullopt;
    }

    // ---- What it loads ----

    /// Whether it loads checkpoints stored in this format. Default: every format but GGUF.
    virtual bool runsFormat(const QuantFormat &f) const;
    /// Whether a vision tower is loaded only from a separate projector file (`model.mmproj`)
    /// rather than from the checkpoint itself. Default: no.
    virtual bool visionFromProjectorFile() const { return false; }

    // ---- Releases (runtime.version) ----

    /// Whether it has releases at all (the model-only profile has none). Default: yes.
    virtual bool hasReleases() const { return true; }
    /// A trimmed, non-empty release name as a key; nullopt when it is not one. Default: a dotted
    /// version (runtimes/release.h, parseDottedRelease).
    virtual std::optional<ReleaseKey> parseReleaseName(std::string_view text) const;
    /// How its releases are named, for an error message: "a version such as 0.10.1".
    virtual std::string_view releaseExample() const { return "a version such as 0.10.1"; }

    // ---- Plan time: weights, KV tokens, recurrent states ----

    /// Changes the plan's weight bytes for what its kernels or loader keep beside the checkpoint;
    /// called once the placement is known (which layers, embedding and head sit where). Default: none.
    virtual void adjustWeights(estimation::Plan &) const {}
    /// Changes the plan's KV token counts after the generic token plan. Default: none.
    virtual void adjustKvTokens(estimation::Plan &) const {}
    /// Whether tensor parallelism shards recurrent states and attention heads; false for a runtime
    /// that only ever splits whole layers over devices. Default: yes.
    virtual bool shardsTensorParallel() const { return true; }
    /// Whether a plan that does not fit can move whole layers, or a mixture's routed experts, to
    /// host RAM and still run (llama.cpp's -ngl and --n-cpu-moe). Default: no.
    virtual bool offloadsLayersToHost() const { return false; }
    /// The setting its users type to keep the routed experts of `layers` layers in host RAM
    /// ("--n-cpu-moe 48"); empty when it places them itself or has none. Default: empty.
    virtual std::string expertsOnHostSetting(std::uint32_t /*layers*/) const { return {}; }
    /// How it sizes recurrent states (core/layers/stateplan.h). Default: genericStateRule.
    virtual StateRule stateRule(const ModelArchitecture &arch, std::uint64_t sequences, std::uint32_t tp,
                                std::uint32_t modelDtypeBytes, Bytes attnBytesPerTokenLayer,
                                std::uint64_t blockTokens) const;

    // ---- Speed (core/speed/) ----

    /// Its efficiencies per backend and how it moves weights. Default: no measurements (the
    /// generic fallback rows), no streaming.
    virtual const SpeedRules &speedRules() const;

    // ---- Several nodes (core/questions/clusterplan.h) ----

    /// The deployment's name in `cluster --engine` and the cluster JSON; empty when the runtime
    /// has no multi-node deployment. Default: empty.
    virtual std::string_view clusterId() const { return {}; }
    /// Throws InputError for a layout it cannot run. Default: every layout.
    virtual void checkClusterLayout(const ParallelLayout &) const {}
    /// The layers of each pipeline stage. Default: L / PP each, the remainder added from the
    /// second-to-last stage backwards (vLLM's get_pp_indices, which SGLang shares).
    virtual std::vector<std::uint32_t> stageLayers(std::uint32_t layers, std::uint32_t stages) const;
    /// The share of one GPU it may fill. Default: all of it.
    virtual double clusterMemoryFraction(const ResolvedScenario &) const { return 1.0; }
    /// The commands each node runs, in plan.commands. Default: none.
    virtual void addClusterCommands(ClusterPlan &, const ResolvedScenario &) const {}

    // ---- Its logs (core/logs/) ----

    /// A reader for its logs; null when it has none. Default: null.
    virtual std::unique_ptr<RuntimeLogParser> makeLogParser() const;
    /// The name its log reader gives a run (RuntimeLogParser::runtime). Default: the engine id.
    virtual std::string_view logId() const { return engine().id(); }
    /// Whether a log line is one it prints once as its process starts, so that a later one begins
    /// another run in the same file. Default: no line.
    virtual bool logStartsRun(std::string_view) const { return false; }
    /// Whether it runs another runtime inside (Ollama runs llama.cpp): a line of its own names the run.
    virtual bool wrapsAnotherRuntime() const { return false; }
    /// Whose profile sizes a run it logged (a wrapper's: the runtime it wraps). Default: its own.
    virtual Engine logSizedBy(const MeasuredRun &) const { return engine(); }
    /// A note saying which profile sizes a run it logged, when that needs saying. Default: none.
    virtual std::string logSizedByNote(const MeasuredRun &) const { return {}; }
    /// Corrects a weights format read from a model's file name in one of its logs. Default: none.
    virtual void adjustLogWeights(WeightsChoice &) const {}
    /// Whether its logs print the checkpoint's file type (so a log without one is worth a note).
    virtual bool logPrintsFileType() const { return false; }
    /// The weights a file type its logs print stands for ("Q4_K - Medium": q4_k_m; a type that
    /// mixes formats also sets the experts' own). False, w untouched, when it names none it knows.
    virtual bool weightsFromFileType(std::string_view, WeightsChoice &) const { return false; }
    /// Whether its logs print a buffer for every device used (so a log without GPU buffers ran on
    /// the CPU, and the devices printed are the GPU count). Default: no.
    virtual bool logListsEveryDevice() const { return false; }
    /// Settings a log implies beyond those it printed (engine generation, release, a cache layout
    /// its printed sizes reveal for `model`, null when the model is not known yet), and the GPU
    /// count its parallel settings ask for. Default: none.
    virtual void settingsFromLog(const MeasuredRun &, nlohmann::json &, Scenario &,
                                 const ModelArchitecture * /*model*/) const
    {
    }

    // ---- Output ----

    /// Lines it prints about this estimate at start-up, in its own words (never translated);
    /// empty when it prints none worth echoing. Default: empty.
    virtual std::string startupEcho(const Estimate &) const { return {}; }
};

/// The module for an engine (core/runtimes/registry.h; never null: an unknown engine gets the
/// model-only module).
const RuntimeModel &runtimeModel(Engine e);

/// The state rule every runtime starts from: both parts in the model dtype (or the checkpoint's
/// SSM dtype), one state per sequence, sharded by tensor parallelism.
StateRule genericStateRule(const ModelArchitecture &arch, std::uint64_t sequences, std::uint32_t tp,
                           std::uint32_t modelDtypeBytes);

/// For a runtime that has no model with cross-attention image layers (Llama 3.2 Vision):
/// refuses a scenario whose model has them.
void refuseCrossAttention(const ResolvedScenario &r, std::vector<Notice> &refusals);

} // namespace memplan
