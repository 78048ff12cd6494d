#pragma once
// SGLang: like vLLM a profiled step and a preallocated paged KV pool, sized by
// mem_fraction_static; settings are `sglang.launch_server` flags.

#include "runtimes/pytorch/pagedserver.h"
#include "runtimes/runtimemodel.h"

namespace memplan::runtimes {

class SglangModel final : public RuntimeModel {
public:
    Engine engine() const override { return Engine::Sglang; }
    std::span<const char *const> settingKeys() const override;
    void applySettings(ResolvedScenario &r, const nlohmann::json &s) const override;
    bool profilesActivation() const override { return true; }
    void adjustWeights(estimation::Plan &pl) const override;
    void checkStartup(const ResolvedScenario &r, std::vector<Notice> &refusals) const override
    {
        checkPagedServerStartup(r, refusals);
    }
    std::string launchCommand(const ResolvedScenario &r) const override;
    /// `python3 -m sglang.launch_server` on the imported folder, or the repository from the local cache only.
    std::optional<LoadOnlyLaunch> loadOnlyLaunch(const ResolvedScenario &r, const LoadOnlyOptions &o) const override;

    // sglangfacts.cpp
    const SpeedRules &speedRules() const override;
    std::unique_ptr<RuntimeLogParser> makeLogParser() const override;
    bool logStartsRun(std::string_view line) const override;
    /// tp_size as the GPU count.
    void settingsFromLog(const MeasuredRun &run, nlohmann::json &settings, Scenario &s,
                         const ModelArchitecture *model) const override;

    // sglangcluster.cpp
    std::string_view clusterId() const override { return "sglang"; }
    double clusterMemoryFraction(const ResolvedScenario &r) const override;
    void addClusterCommands(ClusterPlan &plan, const ResolvedScenario &r) const override;
};

} // namespace memplan::runtimes
