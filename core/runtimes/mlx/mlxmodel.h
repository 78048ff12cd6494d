#pragma once
// MLX on Apple silicon: one unified pool whose GPU share is the wired limit
// (iogpu.wired_limit_mb raises it), an unbounded KV cache or a rotating one of
// max_kv_size tokens per sequence, and the generic forward-pass peak.

#include "runtimes/runtimemodel.h"

namespace memplan::runtimes {

class MlxModel final : public RuntimeModel {
public:
    Engine engine() const override { return Engine::Mlx; }
    std::span<const char *const> settingKeys() const override;
    void applySettings(ResolvedScenario &r, const nlohmann::json &s) const override;
    std::string launchCommand(const ResolvedScenario &r) const override;
    /// MLX's own backend on the unified pool.
    const SpeedRules &speedRules() const override;
    /// mlx_lm's server and generate logs (mlxlog.cpp).
    std::unique_ptr<RuntimeLogParser> makeLogParser() const override;
    std::string_view logId() const override { return "mlx-lm"; }
};

} // namespace memplan::runtimes
