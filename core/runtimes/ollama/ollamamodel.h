#pragma once
// Ollama: llama.cpp underneath (its allocator, graph and buffers), configured
// through Ollama's environment variables, with its own release numbers and a log
// that wraps llama.cpp's.

#include "runtimes/llamacpp/llamacppmodel.h"

namespace memplan::runtimes {

class OllamaModel final : public LlamaCppModel {
public:
    Engine engine() const override { return Engine::Ollama; }
    std::span<const char *const> settingKeys() const override;
    /// llama.cpp's settings, with the defaults of Ollama's own engine where it differs (ownengine.h).
    void applySettings(ResolvedScenario &r, const nlohmann::json &s) const override;
    std::string launchCommand(const ResolvedScenario &r) const override;
    /// `ollama run` pulls a model by Ollama's own name, never a file the planner would guess.
    LaunchWeights launchWeights() const override { return LaunchWeights::None; }
    /// Ollama's server is shared and `ollama run` pulls what it lacks: not tried from here.
    std::optional<LoadOnlyLaunch> loadOnlyLaunch(const ResolvedScenario &, const LoadOnlyOptions &) const override
    {
        return std::nullopt;
    }
    /// Ollama numbers its own releases with dotted versions, not llama.cpp's builds.
    std::optional<ReleaseKey> parseReleaseName(std::string_view text) const override;
    std::string_view releaseExample() const override;
    /// Several GPUs: Ollama passes its own --tensor-split, the layer counts of its round-robin.
    void splitLayers(const estimation::Plan &pl, std::uint32_t devices, std::uint32_t *start) const override;
    /// Its split KV streams follow llama.cpp's server defaults, not a setting Ollama exposes.
    void adjustKvTokens(estimation::Plan &) const override {}
    /// Ollama's library files of a multimodal model carry its vision tower (Gemma 3, Llama 4, Qwen
    /// 2.5-VL in one blob; Llama 3.2 Vision as a projector layer beside it) and Ollama loads it onto
    /// the GPU with the model: no --mmproj to give. model.text_only states a text-only import.
    bool visionFromProjectorFile() const override { return false; }
    /// llama.cpp's compute buffers; on the first GPU also the vision encoder's graph where it is the
    /// larger (a multimodal model in Ollama's own engine, ownengine.h).
    Bytes deviceActivation(const estimation::Plan &pl, std::uint32_t device, estimation::PoolBuilder &b) const override;
    /// Ollama places a mixture's experts itself; it has no setting for it.
    std::string expertsOnHostSetting(std::uint32_t) const override { return {}; }
    /// Ollama has no multi-node deployment of its own.
    std::string_view clusterId() const override { return {}; }
    std::unique_ptr<RuntimeLogParser> makeLogParser() const override;
    bool logStartsRun(std::string_view line) const override;
    bool wrapsAnotherRuntime() const override { return true; }
    /// A run of its llama.cpp runner: llama.cpp's profile. A run of its own engine: Ollama's, whose
    /// exceptions (the vision tower and its graph, the sliding-window memory) that engine has.
    Engine logSizedBy(const MeasuredRun &run) const override;
    std::string logSizedByNote(const MeasuredRun &run) const override;
};

} // namespace memplan::runtimes
