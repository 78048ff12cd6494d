#include "mlxmodel.h"

#include "runtimes/settingsupport.h"

#include "logs/logparser.h"
#include "questions/launchcommand.h"
#include "runtimes/mlx/mlxlog.h"

#include <nlohmann/json.hpp>

#include <array>

namespace memplan::runtimes {

namespace {
constexpr std::array<const char *, 2> kMlxKeys = {"wired_limit_mb", "max_kv_size"};
// decode {low, mid, high}, prefill {low, mid, high}; docs/accuracy.md ("Speed").
constexpr std::array<BackendEfficiency, 1> kSpeedRows = {
    {{"mlx",
      "mlx",
      {0.60, 0.72, 0.85},
      {0.55, 0.70, 0.90},
      "mlx_lm and Rapid-MLX generation on M2 Ultra, M3 Ultra and M4 Pro; one long prompt (tests/data/speed)"}}};
} // namespace

std::span<const char *const> MlxModel::settingKeys() const
{
    return kMlxKeys;
}

void MlxModel::applySettings(ResolvedScenario &r, const nlohmann::json &s) const
{
    RuntimeSettings &st = r.settings;
    st.wiredLimitMb = settingCount(s, "wired_limit_mb", 0, 1ULL << 32, 0);
    if (st.wiredLimitMb && r.hardware.kind == HardwareKind::Unified) {
        const Bytes limit = checkedMul(st.wiredLimitMb, MiB, "wired limit");
        if (limit > r.hardware.capacityBytes)
            throw InputError("runtime.wired_limit_mb", "cannot exceed the machine's memory");
        r.hardware.gpuUsableBytes = limit; // sudo sysctl iogpu.wired_limit_mb=... raises the GPU working set
    }
    st.maxKvSize = settingCount(s, "max_kv_size", 0, kMaxContext, 0);
    if (st.maxKvSize) {
        // A rotating cache keeps the last max_kv_size tokens in every layer: a window on all layers.
        r.model.arch.slidingWindow = st.maxKvSize;
        r.model.arch.numWindowedLayers = r.model.arch.numHiddenLayers;
    }
}

std::string MlxModel::launchCommand(const ResolvedScenario &r) const
{
    return "mlx_lm.server --model " + launch::checkpointRepo(r);
}

const SpeedRules &MlxModel::speedRules() const
{
    static const SpeedRules rules{"mlx", kSpeedRows, false, false, "mlx"};
    return rules;
}

std::unique_ptr<RuntimeLogParser> MlxModel::makeLogParser() const
{
    return makeMlxLogParser();
}

} // namespace memplan::runtimes
