// What llama.cpp (and Ollama, which runs it) decides beyond its buffers: which formats it
// loads, its KV streams, its recurrent state rule, its release names, its speed rows and what
// its logs imply.
#include "runtimes/ggml/ggmlspeed.h"
#include "runtimes/llamacpp/llamacppmodel.h"
#include "runtimes/llamacpp/sequencecontext.h"

#include "logs/logparser.h"
#include "logs/logtext.h"
#include "logs/measuredrun.h"
#include "model/quantformat.h"
#include "runtimes/llamacpp/llamacpplog.h"
#include "runtimes/llamacpp/mlalayout.h"
#include "runtimes/llamacpp/swalayout.h"
#include "runtimes/logrelease.h"
#include "runtimes/ollama/ollamafit.h"
#include "runtimes/ollama/vendoredllamacpp.h"
#include "scenario/scenario.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>
#include <string>

namespace memplan::runtimes {

using estimation::Plan;

/// llama.cpp without kv_unified: one KV stream per sequence, each padded on its own, and a
/// sliding-window cache per stream (core/runtimes/llamacpp/sequencecontext.h).
void LlamaCppModel::adjustKvTokens(Plan &pl) const
{
    const RuntimeSettings &st = pl.r.settings;
    const llamacpp::SequenceContext sc =
        llamacpp::sequenceContext(st.ctxSize, st.parallel, st.kvUnified, pl.r.runtime.contextPadding);
    if (sc.streams <= 1)
        return;
    pl.tokens.fullLayerTokens = sc.nCtx;
    pl.attendCells = sc.cellsPerStream;
    if (pl.tokens.windowedLayerTokens > 0) {
        pl.tokens.windowedLayerTokens =
            st.swaFull ? sc.nCtx
                       : llamacpp::windowCells(sc, std::max<std::uint64_t>(pl.arch.slidingWindow, st.swaMemory),
                                               st.parallel, pl.batch, pl.r.runtime.contextPadding);
        pl.attendWindowCells = pl.tokens.windowedLayerTokens / sc.streams;
    }
}

bool LlamaCppModel::runsFormat(const QuantFormat &f) const
{
    // GGUF files, and plain floats converted to GGUF.
    return f.family == FormatFamily::Gguf || f.family == FormatFamily::GgufRecipe || f.family == FormatFamily::Float;
}

std::optional<ReleaseKey> LlamaCppModel::parseReleaseName(std::string_view text) const
{
    return parseBuildRelease(text);
}

StateRule LlamaCppModel::stateRule(const ModelArchitecture &, std::uint64_t sequences, std::uint32_t, std::uint32_t,
                                   Bytes, std::uint64_t) const
{
    // R and S in f32, max(1, n_seq_max) cells, on the device of the layer
    // (src/llama-memory-recurrent.cpp; layer i lives where model.dev_layer(i) is).
    StateRule r;
    r.cells = std::max<std::uint64_t>(1, sequences);
    r.convBytes = r.ssmBytes = 4; // GGML_TYPE_F32 for both, hard-coded at the call site
    r.tp = 1;                     // layer split: each layer's state lives on one device
    return r;
}

const SpeedRules &LlamaCppModel::speedRules() const
{
    return ggmlSpeedRules();
}

std::unique_ptr<RuntimeLogParser> LlamaCppModel::makeLogParser() const
{
    return makeLlamaCppLogParser();
}

void LlamaCppModel::adjustLogWeights(WeightsChoice &w) const
{
    if (w.format == "mxfp4") {
        w.format = "q8_0"; // a GGUF's MXFP4_MOE type: experts MXFP4, the rest Q8_0 (src/llama-quant.cpp)
        w.expertFormat = "mxfp4";
    }
}

void LlamaCppModel::adjustWeights(estimation::Plan &pl) const
{
    // A model whose output head is tied to the token embedding stores one table, but the loader
    // creates the head as a duplicate of it for the output layer (TENSOR_DUPLICATED in
    // src/llama-model.cpp, "duplicated to allow offloading"). With the output layer on a separate
    // GPU that GPU holds its own copy, beside the host's copy used for the token lookup. On unified
    // memory both views map the same file pages, so nothing is added there.
    if (pl.w.outputHead == 0 && pl.w.embedding > 0 && pl.discrete && !pl.outputOnHost)
        pl.w.outputHead = pl.w.embedding;
}

bool LlamaCppModel::weightsFromFileType(std::string_view fileType, WeightsChoice &w) const
{
    // llama.cpp names its MXFP4 file type "MXFP4 MoE"; a bare "MXFP4" is Ollama's own engine naming
    // its own gpt-oss files, converted from the release as it is: MXFP4 experts, BF16 elsewhere.
    if (fileType == "MXFP4") {
        w.format = "bf16";
        w.expertFormat = "mxfp4";
        return true;
    }
    const std::string format = llamaFileTypeFormat(fileType);
    if (format.empty())
        return false;
    w.format = format;
    if (fileType == "MXFP4 MoE")
        w.expertFormat = "mxfp4"; // MXFP4_MOE: experts MXFP4, the rest Q8_0 (src/llama-quant.cpp)
    return true;
}

namespace {

/// The last build that still worded its lines as a log printing no release does (wordedBefore is
/// the first build that did not); none when the log names its release or words nothing datable.
std::optional<std::string> buildBeforeWording(const MeasuredRun &run)
{
    if (run.version.empty() && !run.wordedBefore.empty())
        if (const auto until = parseBuildRelease(run.wordedBefore); until && until->parts[0] > 1)
            return "b" + std::to_string(until->parts[0] - 1);
    return std::nullopt;
}

} // namespace

void LlamaCppModel::settingsFromLog(const MeasuredRun &run, nlohmann::json &settings, Scenario &s,
                                    const ModelArchitecture *model) const
{
    // The release the log was written by: its printed build ("b4897 (b3c9a656)"), Ollama's own
    // version, or, with neither, the last build that still worded its lines this way. Only a log
    // of this runtime names its release (an Ollama log read as llama.cpp's says nothing of it).
    if (!settings.contains("version") && run.runtime == logId()) {
        if (const auto printed = printedRelease(run, engine(), logId()))
            settings["version"] = *printed;
        else if (engine() == Engine::LlamaCpp)
            if (const auto before = buildBeforeWording(run))
                settings["version"] = *before;
    }
    // An Ollama log sized by this profile: the llama.cpp tree that Ollama release vendors, or, with no
    // Ollama version printed, the era the vendored llama.cpp's own lines are worded in.
    if (!settings.contains("version") && engine() == Engine::LlamaCpp && run.runtime == "ollama") {
        if (!run.version.empty()) {
            if (const auto key = parseDottedRelease(run.version))
                if (const ollama::VendoredLlamaCpp *v = ollama::vendoredLlamaCpp(*key))
                    settings["version"] = std::string(v->build);
        } else if (const auto before = buildBeforeWording(run)) {
            settings["version"] = *before;
        }
    }
    // A DeepSeek-style file converted before PR #12801 keeps every head's K and V whatever the
    // build; the printed K and V totals tell the layouts apart (Ollama's runner prints them too).
    if (model && !settings.contains("mla_cache"))
        if (const auto layout = llamacpp::mlaCacheFromLog(run, *model))
            settings["mla_cache"] = std::string(llamacpp::mlaCacheId(*layout));
    // Sliding-window layers cached at the full context (a build before PR #13194, or --swa-full).
    if (model && engine() == Engine::LlamaCpp && !settings.contains("swa_full"))
        if (llamacpp::swaFullFromLog(run, *model).value_or(false))
            settings["swa_full"] = true;
    if (engine() != Engine::LlamaCpp || settings.contains("tensor_split"))
        return;
    if (run.runtime == "ollama") {
        // The runner's n_ctx, when the settings hold none: every sequence's context.
        ollama::splitFromLog(run, settings, model, s.workload.contextTokens * s.workload.concurrency);
        return;
    }
    // src/llama-model.cpp (load_tensors): with no -ts, every device's share of the offloaded
    // layers is its free memory when loading starts, the figure the "using device … MiB free"
    // lines print.
    std::vector<double> freeMib;
    for (const MeasuredDevice &d : run.devices) {
        const int g = logtext::gpuIndexOfDevice(d.id);
        if (g < 0 || !d.freeAtLoadBytes)
            continue;
        if (std::size_t(g) != freeMib.size() || freeMib.size() >= 64)
            return; // devices out of order or missing: no split can be read
        freeMib.push_back(double(d.freeAtLoadBytes) / double(MiB));
    }
    if (freeMib.size() > 1)
        settings["tensor_split"] = freeMib;
}

std::string LlamaCppModel::expertsOnHostSetting(std::uint32_t layers) const
{
    return "--n-cpu-moe " + std::to_string(layers);
}

} // namespace memplan::runtimes
