#pragma once
// vLLM: a profiling run sizes activations (a full max_num_batched_tokens step and
// a sampler over max_num_seqs rows), everything left in gpu_memory_utilization x
// the device becomes the paged KV pool, and CUDA graphs are either profiled into
// that budget (0.21 on) or captured after it (before 0.21, or with
// VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0). Settings are `vllm serve` flags.

#include "runtimes/pytorch/pagedserver.h"
#include "runtimes/runtimemodel.h"

namespace memplan::runtimes {

class VllmModel final : public RuntimeModel {
public:
    Engine engine() const override { return Engine::Vllm; }
    std::span<const char *const> settingKeys() const override;
    void applySettings(ResolvedScenario &r, const nlohmann::json &s) const override;
    bool profilesActivation() const override { return true; }
    /// The paged servers' checks, and no cross-attention model from 0.11.0 on.
    void checkStartup(const ResolvedScenario &r, std::vector<Notice> &refusals) const override;
    /// Layer groups sharing one block pool (core/runtimes/vllm/kvgroups.h).
    estimation::KvPoolSplit splitKvPool(const estimation::Plan &pl, const estimation::KvOnPool &kv,
                                        Bytes poolBytes) const override;
    Bytes outsideKvBudget(const ResolvedScenario &r) const override;
    std::string launchCommand(const ResolvedScenario &r) const override;
    /// `vllm serve` on the imported folder, or the repository from the local cache only.
    std::optional<LoadOnlyLaunch> loadOnlyLaunch(const ResolvedScenario &r, const LoadOnlyOptions &o) const override;

    // vllmplan.cpp
    /// MXFP4 experts padded for the MoE kernel; quantized linear kernels' extras.
    void adjustWeights(estimation::Plan &pl) const override;
    /// Hybrid models: state pages padded to one attention page.
    StateRule stateRule(const ModelArchitecture &arch, std::uint64_t sequences, std::uint32_t tp,
                        std::uint32_t modelDtypeBytes, Bytes attnBytesPerTokenLayer,
                        std::uint64_t blockTokens) const override;

    // vllmfacts.cpp
    const SpeedRules &speedRules() const override;
    std::unique_ptr<RuntimeLogParser> makeLogParser() const override;
    bool logStartsRun(std::string_view line) const override;
    /// The CUDA-graph accounting of the logged release, V0's profiled batch, the TP size as GPUs.
    void settingsFromLog(const MeasuredRun &run, nlohmann::json &settings, Scenario &s,
                         const ModelArchitecture *model) const override;
    /// "GPU KV cache size" and "Maximum concurrency", as vLLM prints them.
    std::string startupEcho(const Estimate &e) const override;

    // vllmcluster.cpp
    std::string_view clusterId() const override { return "vllm"; }
    double clusterMemoryFraction(const ResolvedScenario &r) const override;
    void addClusterCommands(ClusterPlan &plan, const ResolvedScenario &r) const override;
};

} // namespace memplan::runtimes
