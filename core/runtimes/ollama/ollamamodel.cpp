#include "runtimes/ollama/ollamamodel.h"

#include "estimation/plan.h"
#include "itemids.h"
#include "logs/logparser.h"
#include "logs/measuredrun.h"
#include "runtimes/ollama/ollamafit.h"
#include "runtimes/ollama/ollamalog.h"
#include "runtimes/ollama/ownengine.h"

#include <array>
#include <sstream>

namespace memplan::runtimes {

namespace {

/// threads: Ollama's num_thread option (default, like llama.cpp's, the big physical cores).
constexpr std::array<const char *, 15> kOllamaKeys = {
    "ctx_size",  "batch_size", "ubatch_size", "parallel", "flash_attn", "cache_type_k", "cache_type_v", "n_gpu_layers",
    "n_cpu_moe", "kv_unified", "mmap",        "swa_full", "threads",    "mla_cache",    "swa_memory"};

} // namespace

std::span<const char *const> OllamaModel::settingKeys() const
{
    return kOllamaKeys;
}

void OllamaModel::applySettings(ResolvedScenario &r, const nlohmann::json &s) const
{
    // gpt-oss and Gemma 4 run on Ollama's own engine, whose sliding-window cache keeps 4096 tokens
    // per sequence; a scenario's swa_memory overrides it.
    r.settings.swaMemory = ollama::ownEngineSwaMemory(r.model.arch.modelType);
    LlamaCppModel::applySettings(r, s);
}

Bytes OllamaModel::deviceActivation(const estimation::Plan &pl, std::uint32_t i, estimation::PoolBuilder &b) const
{
    const Bytes text = LlamaCppModel::deviceActivation(pl, i, b);
    if (i != 0 || pl.gpuLayers == 0 || !pl.r.model.visionLoaded)
        return text;
    const std::optional<ollama::VisionEncoderShape> v = ollama::ownEngineVisionEncoder(pl.r.model.arch.modelType);
    if (!v)
        return text;
    // The engine reserves its worst case of both graphs in one scheduler (runner/ollamarunner,
    // reserveWorstCaseGraph), whose buffer holds the larger: the 780M log of Gemma 3 27B shows a
    // 1.1 GiB GPU graph where the text alone needs about 0.6 GiB (tests/data/runtime-logs/gpu).
    const bool flash = pl.r.settings.flashAttn;
    const double vision = ollama::visionEncoderGraphBytes(*v, flash);
    const Bytes beyond =
        vision > double(text) ? estimation::toBytes(vision - double(text), "the vision graph is too large") : 0;
    if (Item *it = b.item(itemid::kActVisionGraph, Guest::Activation, Evidence::Calculated,
                          "vision encoder graph (beyond the text graph)",
                          flash ? "max(0, max(P × (F_v + 2 × H_v), 4 × P × H_v) × 4 − G_text)"
                                : "max(0, max(P² × n_h × 4 + 4 × P × H_v × 4, P × (F_v + 2 × H_v) × 4) − G_text)",
                          beyond)) {
        it->add("P", v->patches, Origin::Config, "image patches the encoder attends over");
        it->add("n_h", v->heads, Origin::Config, "vision attention heads");
        it->add("H_v", v->hidden, Origin::Config, "vision encoder width");
        it->add("F_v", v->ffn, Origin::Config, "vision MLP width");
        it->add("G_text", double(text), Origin::Derived, "this GPU's text compute buffer");
    }
    return checkedAdd(text, beyond, "the compute buffer");
}

std::string OllamaModel::launchCommand(const ResolvedScenario &r) const
{
    const RuntimeSettings &s = r.settings;
    std::ostringstream o;
    o << "OLLAMA_CONTEXT_LENGTH=" << r.workload.contextTokens << " OLLAMA_NUM_PARALLEL=" << s.parallel
      << " OLLAMA_FLASH_ATTENTION=" << (s.flashAttn ? 1 : 0) << " OLLAMA_KV_CACHE_TYPE=" << s.cacheTypeK
      << " ollama serve";
    return o.str();
}

void OllamaModel::splitLayers(const estimation::Plan &pl, std::uint32_t devices, std::uint32_t *start) const
{
    const std::vector<double> &stated = pl.r.settings.tensorSplit;
    splitByShares(pl, devices,
                  stated.empty() && devices > 1 ? ollama::roundRobinSplit(pl.gpuLayers, !pl.outputOnHost, devices)
                                                : stated,
                  start);
}

std::optional<ReleaseKey> OllamaModel::parseReleaseName(std::string_view text) const
{
    return parseDottedRelease(text);
}

std::string_view OllamaModel::releaseExample() const
{
    return RuntimeModel::releaseExample();
}

std::unique_ptr<RuntimeLogParser> OllamaModel::makeLogParser() const
{
    return makeOllamaLogParser();
}

Engine OllamaModel::logSizedBy(const MeasuredRun &run) const
{
    return run.engineGeneration == "ollama" ? Engine::Ollama : Engine::LlamaCpp;
}

std::string OllamaModel::logSizedByNote(const MeasuredRun &run) const
{
    return logSizedBy(run) == Engine::Ollama
               ? "Ollama's own engine ran the model: the Ollama profile (llama.cpp's rules with that engine's "
                 "vision tower, vision graph and sliding-window memory) sizes its buffers"
               : "Ollama runs llama.cpp: the llama.cpp profile sizes its buffers";
}

} // namespace memplan::runtimes
