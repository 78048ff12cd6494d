#pragma once
// Hugging Face Transformers: a dynamic (or static) KV cache, the generic
// forward-pass peak, and a loading peak that depends on low_cpu_mem_usage and on
// whether the checkpoint is safetensors (mapped) or pickled .bin shards (each
// read whole by torch.load).

#include "runtimes/runtimemodel.h"

namespace memplan::runtimes {

class TransformersModel final : public RuntimeModel {
public:
    Engine engine() const override { return Engine::Transformers; }
    std::span<const char *const> settingKeys() const override;
    void applySettings(ResolvedScenario &r, const nlohmann::json &s) const override;
    Bytes loadingTransient(const ResolvedScenario &r, Bytes weightsBytes) const override;
    void checkStartup(const ResolvedScenario &r, std::vector<Notice> &refusals) const override;
    std::string launchCommand(const ResolvedScenario &r) const override;
    /// Eager PyTorch (core/runtimes/pytorch/pytorchspeed.h).
    const SpeedRules &speedRules() const override;
};

} // namespace memplan::runtimes
