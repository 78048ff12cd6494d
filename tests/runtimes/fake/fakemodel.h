#pragma once
// A runtime the planner does not ship, registered by a test (tst_fakeruntime):
// the proof that adding a runtime is adding a folder. It overrides the hooks the
// rest of the planner asks about — a setting, a launch command, speed rows, a
// multi-node deployment, a log reader and a start-up echo — and nothing else.

#include "runtimes/runtimemodel.h"

namespace memplan::test {

class FakeModel final : public RuntimeModel {
public:
    static constexpr Engine kEngine{"fake"};

    Engine engine() const override { return kEngine; }
    std::span<const char *const> settingKeys() const override;
    /// "slots": the sequences it serves at once (the workload's concurrency).
    void applySettings(ResolvedScenario &r, const nlohmann::json &s) const override;
    std::string launchCommand(const ResolvedScenario &r) const override;
    const SpeedRules &speedRules() const override;
    std::string_view clusterId() const override { return "fake-cluster"; }
    void addClusterCommands(ClusterPlan &plan, const ResolvedScenario &r) const override;
    std::unique_ptr<RuntimeLogParser> makeLogParser() const override;
    std::string startupEcho(const Estimate &e) const override;
};

} // namespace memplan::test
