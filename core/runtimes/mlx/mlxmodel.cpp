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
// decode {low, mid, high} of the bytes part, prefill {low, mid, high}, then the fixed cost per
// layer {fast, mid, slow}; docs/accuracy.md ("Speed"). MLX fuses and encodes a step's kernels
// lazily in one evaluation, so a layer costs far less fixed time than ggml's Metal graph. Prefill:
// the middle is the median of measured ÷ bound over the MLX prefill cases of the modelling set.
constexpr std::array<BackendEfficiency, 1> kSpeedRows = {
    {{"mlx",
      "mlx",
      {0.65, 0.85, 1.0},
      {0.70, 0.88, 1.0},
      "mlx_lm, vllm-mlx and Rapid-MLX generation on M2 Ultra, M3 Pro, M3 Max, M3 Ultra and M4 Pro "
      "(tests/data/speed, modelling set)",
      {10 * kUs, 30 * kUs, 80 * kUs},
      {},
      "least squares of step time = bytes/(bandwidth x eta) + layers x c over the MLX decode cases of the "
      "modelling set (eta 0.85, c 31 us)"}}};
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
