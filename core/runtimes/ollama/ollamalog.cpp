// Ollama's own server lines (Go slog, logfmt): the pre-load estimate of
// llm/memory.go ("offload to ..."), the runner command line (llm/server.go),
// the GPUs it found ("inference compute") and, from its own engine
// (ml/backend/ggml), the allocated "model weights", "kv cache" and "compute
// graph" per device. The llama.cpp lines its runner prints go to the llama.cpp
// parser.
#include "runtimes/ollama/ollamalog.h"
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "logs/unmodelledsetting.h"
#include "runtimes/llamacpp/llamacpplog.h"
#include "runtimes/ollama/ollamamodel.h"
#include "runtimes/ollama/ownengine.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>
#include <vector>

namespace memplan {

namespace {

using namespace logtext;

/// A slog source of Go code: a file name ending in ".go", a colon and a line number.
bool goSourceLine(std::string_view source)
{
    const std::size_t dot = source.rfind(".go:");
    return dot != std::string_view::npos && dot > 0 && dot + 4 < source.size() &&
           std::isdigit(static_cast<unsigned char>(source[dot + 4]));
}

std::string estimateKey(std::string_view k)
{
    std::string out;
    for (char c : k)
        out.push_back(c == '.' ? '_' : c);
    return out;
}

/// The "Key:Value" fields of a Go struct or map printed with %+v ("{Parallel:1 KvSize:4096
/// GPULayers:5[ID:GPU-… Layers:5(61..65)]}", "map[OLLAMA_NUM_PARALLEL:1 …]"), split at the
/// spaces outside brackets.
std::vector<std::pair<std::string_view, std::string_view>> goFields(std::string_view v)
{
    v = trim(v);
    if (startsWith(v, "map[") && v.back() == ']')
        v = v.substr(4, v.size() - 5);
    else if (startsWith(v, "{") && v.back() == '}')
        v = v.substr(1, v.size() - 2);
    std::vector<std::pair<std::string_view, std::string_view>> out;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= v.size() && out.size() < 128; ++i) {
        const char c = i < v.size() ? v[i] : ' ';
        if (c == '[' || c == '(' || c == '{')
            ++depth;
        else if ((c == ']' || c == ')' || c == '}') && depth > 0)
            --depth;
        else if (c == ' ' && depth == 0) {
            const std::string_view field = v.substr(start, i - start);
            if (const std::size_t colon = field.find(':'); colon != std::string_view::npos && colon > 0)
                out.emplace_back(field.substr(0, colon), field.substr(colon + 1));
            start = i + 1;
        }
    }
    return out;
}

/// Ollama's values as llama.cpp's setting names: the runner's load request (Ollama's own engine
/// and its llama.cpp runner since 0.12, where no llama.cpp command line is printed).
void readLoadRequest(std::string_view request, nlohmann::json &into)
{
    for (const auto &[k, v] : goFields(request)) {
        const auto n = leadingInteger(v);
        if (k == "Parallel" && n && *n > 0)
            into["parallel"] = *n;
        else if (k == "BatchSize" && n && *n > 0)
            into["batch_size"] = *n;
        else if (k == "KvSize" && n && *n > 0)
            into["ctx_size"] = *n; // all slots together, as --ctx-size
        else if (k == "NumThreads" && n && *n > 0)
            into["threads"] = *n;
        else if (k == "GPULayers" && n)
            into["n_gpu_layers"] = *n;
        else if (k == "KvCacheType") // empty: f16, whatever OLLAMA_KV_CACHE_TYPE says (it needs flash attention)
            into["cache_type_k"] = into["cache_type_v"] = v.empty() ? std::string("f16") : std::string(v.substr(0, 16));
        else if (k == "FlashAttention" && (v == "true" || v == "false" || v == "Enabled" || v == "Disabled"))
            into["flash_attn"] = v == "true" || v == "Enabled"; // "Auto" leaves llama.cpp's own choice
        else if (k == "UseMmap" && (v == "true" || v == "false"))
            into["mmap"] = v == "true";
    }
}

/// The server's environment ("server config" env="map[OLLAMA_NUM_PARALLEL:1 …]"): the defaults a
/// request may override, and the settings Ollama's placement uses that the plan does not take.
void readServerConfig(std::string_view env, nlohmann::json &into, MeasuredRun &run)
{
    for (const auto &[k, v] : goFields(env)) {
        const auto n = leadingInteger(v);
        if (k == "OLLAMA_NUM_PARALLEL" && n && *n > 0)
            into["parallel"] = *n;
        else if (k == "OLLAMA_CONTEXT_LENGTH" && n && *n > 0)
            into["ctx_size"] = *n;
        else if (k == "OLLAMA_KV_CACHE_TYPE" && !v.empty())
            into["cache_type_k"] = into["cache_type_v"] = std::string(v.substr(0, 16));
        else if (k == "OLLAMA_FLASH_ATTENTION" && (v == "true" || v == "false" || v == "1" || v == "0"))
            into["flash_attn"] = v == "true" || v == "1";
        else if ((k == "OLLAMA_GPU_OVERHEAD" && n && *n > 0) || (k == "OLLAMA_SCHED_SPREAD" && v == "true"))
            noteUnmodelledSetting(run, k); // reserved per GPU, and layers spread over every GPU
    }
}

/// Ollama's name of a GGUF's file type (fs/ggml FileType.String: "Q4_K_M") as the llama.cpp profile
/// reads it: llama-quantize's names are formats already, except Q2_K, which as a file type is
/// llama.cpp's Q2_K mix ("Q2_K - Medium"), not the uniform type.
std::string llamaCppFileTypeWording(std::string_view ollama)
{
    return ollama == "Q2_K" ? std::string("Q2_K - Medium") : std::string(ollama.substr(0, 40));
}

class OllamaParser final : public RuntimeLogParser {
public:
    std::string_view runtime() const override { return "ollama"; }
    /// What a load request and the server's environment say, under what the runner's own command
    /// line or the llama.cpp lines printed (the last load request is the one committed).
    void finish(MeasuredRun &run) override
    {
        keepOwnLinesAsEstimate(run);
        if (m_ownEngine)
            run.engineGeneration = "ollama";
        // The model ran on Ollama's own engine: its sliding-window memory where it differs.
        if (const std::uint64_t keep = m_ownEngine ? ollama::ownEngineSwaMemory(run.model.architecture) : 0;
            keep && !run.settings.contains("swa_memory"))
            run.settings["swa_memory"] = keep;
        for (const nlohmann::json *from : {&m_request, &m_env})
            for (auto &[key, value] : from->items())
                if (!run.settings.contains(key))
                    run.settings[key] = value;
    }
    bool parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run) override
    {
        if (!containsBy(line, "msg=", 2)) // Go's slog lines; the runner's command line comes in one too
            return false;
        const auto kv = logfmt(line);
        std::string_view msg;
        for (const auto &[k, v] : kv)
            if (k == "msg")
                msg = v;
        if (const auto ver = after(msg, "(version "); ver && contains(msg, "Listening on")) {
            run.version = std::string(ver->substr(0, std::min<std::size_t>(ver->find(')'), 32)));
            return true;
        }
        // Its own engine names the architecture and the file type of the GGUF it loads (ggml.go:
        // msg="" architecture=gemma3 file_type=Q4_K_M name=""), and no other shape.
        if (msg.empty()) {
            for (const auto &[k, v] : kv)
                if (k == "architecture" && run.model.architecture.empty())
                    run.model.architecture = std::string(v.substr(0, 40));
                else if (k == "file_type" && run.model.fileType.empty())
                    run.model.fileType = llamaCppFileTypeWording(v);
                else if (k == "name" && !v.empty() && run.model.name.empty())
                    run.model.name = std::string(v.substr(0, 200));
            return !run.model.architecture.empty();
        }
        if (startsWith(msg, "offload to ") || msg == "offload") { // "offload" alone from mid-2025
            // Sizes are Go's format.HumanBytes2: binary units. Lists ("[24.0 GiB]") give the first GPU.
            for (const auto &[k, v] : kv) {
                std::string_view value = v;
                if (startsWith(value, "["))
                    value = value.substr(1);
                if (startsWith(k, "layers.")) {
                    if (const auto n = leadingNumber(value); n && *n >= 0)
                        run.runtimeEstimate[estimateKey(k)] = toCount(*n);
                } else if (startsWith(k, "memory.")) {
                    if (const auto s = leadingSize(value, false))
                        run.runtimeEstimate[estimateKey(k) + "_bytes"] = s->bytes;
                }
            }
            // layers.model counts the output layer as llama.cpp's "offloaded N/M layers" does.
            if (const auto n = run.runtimeEstimate.value("layers_model", std::uint64_t(0)); n > 1 && !run.model.layers)
                run.model.layers = std::uint32_t(n - 1);
            if (run.runtimeEstimate.contains("memory_available_bytes")) {
                MeasuredDevice &d = run.device("gpu0");
                d.freeBytes = run.runtimeEstimate["memory_available_bytes"].get<Bytes>();
            }
            return true;
        }
        if (msg == "load") { // msg=load request="{Operation:commit … KvSize:4096 …}"
            for (const auto &[k, v] : kv)
                if (k == "request") {
                    m_request = nlohmann::json::object();
                    readLoadRequest(v, m_request);
                }
            return true;
        }
        if (msg == "server config") {
            for (const auto &[k, v] : kv)
                if (k == "env")
                    readServerConfig(v, m_env, run);
            return true;
        }
        if (msg == "starting ollama engine") {
            m_ownEngine = true;
            return true;
        }
        if (msg == "starting llama server") {
            for (const auto &[k, v] : kv)
                if (k == "cmd") {
                    m_ownEngine = m_ownEngine || contains(v, "--ollama-engine");
                    nlohmann::json args = nlohmann::json::object();
                    readLlamaCppArgs(v, args, nullptr);
                    for (auto &[key, value] : args.items())
                        if (!run.settings.contains(key))
                            run.settings[key] = value;
                }
            return true;
        }
        if (msg == "inference compute") {
            // From late 2025: name=CUDA0 description="NVIDIA …"; before: id=0 (or a UUID) and
            // name="AMD Radeon 780M Graphics", the n-th GPU Ollama lists.
            std::string id, name, printedName;
            Bytes total = 0, avail = 0;
            bool described = false;
            for (const auto &[k, v] : kv) {
                if (k == "name")
                    printedName = std::string(v.substr(0, 120));
                else if (k == "description") {
                    name = std::string(v.substr(0, 120));
                    described = true;
                } else if (k == "total")
                    total = leadingSize(v, false).value_or(Size{}).bytes;
                else if (k == "available")
                    avail = leadingSize(v, false).value_or(Size{}).bytes;
            }
            if (described)
                id = printedName.substr(0, 40);
            else if (!printedName.empty()) {
                id = "gpu" + std::to_string(m_listedGpus++);
                name = printedName;
            }
            if (!id.empty()) {
                MeasuredDevice &d = run.device(id);
                d.name = name.empty() ? d.name : name;
                d.totalBytes = total ? total : d.totalBytes;
                d.freeBytes = avail ? avail : d.freeBytes;
            }
            return true;
        }
        // Ollama's own engine: what it allocated per device.
        const bool weights = msg == "model weights", kv_ = msg == "kv cache", graph = msg == "compute graph";
        if (weights || kv_ || graph) {
            // The memory's owner: device= from late 2025; buffer= (weights) and buffer_type= (graphs)
            // before, beside the compute backend=.
            std::string device = "CPU";
            std::optional<Size> size;
            for (const auto &[k, v] : kv) {
                if (k == "device" || k == "buffer" || k == "buffer_type")
                    device = std::string(v.substr(0, 40));
                else if (k == "size")
                    size = leadingSize(v, false);
            }
            if (!size)
                return false;
            // Each reservation of a graph prints its buffers again; ggml only grows them, so the
            // device's latest line is what it holds.
            if (graph)
                for (MeasuredFigure &old : run.figures)
                    if (old.kind == "compute_buffer" && old.device == device &&
                        std::find(m_ownLines.begin(), m_ownLines.end(), old.line) != m_ownLines.end()) {
                        old.bytes = std::max(old.bytes, size->bytes);
                        old.precision = size->precision;
                        return true;
                    }
            MeasuredFigure f;
            f.kind = weights ? "model_buffer" : kv_ ? "kv_buffer" : "compute_buffer";
            f.guest = weights ? Guest::Weights : kv_ ? Guest::KvCache : Guest::Activation;
            f.device = device;
            f.gpu = gpuIndexOfDevice(device);
            f.bytes = size->bytes;
            f.precision = size->precision;
            f.line = lineNo;
            m_ownLines.push_back(lineNo);
            run.figures.push_back(std::move(f));
            return true;
        }
        // Any other line of Ollama's Go code (slog names its source: source=server.go:594,
        // runner.go, sched.go …) makes the run Ollama's, even in an excerpt that kept none of the
        // lines above beside the llama.cpp runner's ("llama runner started in 3.76 seconds").
        for (const auto &[k, v] : kv)
            if (k == "source")
                return goSourceLine(v);
        return false;
    }

private:
    /// Ollama prints its per-device "model weights", "kv cache" and "compute graph" lines for both
    /// engines: what its own engine allocated, and, when a model runs on its llama.cpp runner (an
    /// architecture the new engine lacks), the figures its scheduler estimated before the load. In
    /// that case llama.cpp prints its real buffers too, which are the measurement; Ollama's lines
    /// then become its estimate (runtime_estimate), beside its "offload to" one of older releases.
    void keepOwnLinesAsEstimate(MeasuredRun &run) const
    {
        auto own = [&](const MeasuredFigure &f) {
            return std::find(m_ownLines.begin(), m_ownLines.end(), f.line) != m_ownLines.end();
        };
        const bool llamaCppBuffers = std::any_of(run.figures.begin(), run.figures.end(), [&](const MeasuredFigure &f) {
            return !own(f) && (f.kind == "model_buffer" || f.kind == "kv_buffer" || f.kind == "compute_buffer");
        });
        if (!llamaCppBuffers || m_ownLines.empty())
            return;
        for (const MeasuredFigure &f : run.figures)
            if (own(f)) {
                const std::string key = f.kind == "model_buffer" ? "device_weights_bytes"
                                        : f.kind == "kv_buffer"  ? "device_kv_cache_bytes"
                                                                 : "device_compute_graph_bytes";
                run.runtimeEstimate[key] = run.runtimeEstimate.value(key, Bytes(0)) + f.bytes;
            }
        std::erase_if(run.figures, own);
    }

    bool m_ownEngine = false;                            ///< the runner ran Ollama's own engine (--ollama-engine)
    int m_listedGpus = 0;                                ///< "inference compute" lines of releases naming no device id
    std::vector<std::size_t> m_ownLines;                 ///< lines of Ollama's per-device memory figures
    nlohmann::json m_request = nlohmann::json::object(); ///< the last load request's settings
    nlohmann::json m_env = nlohmann::json::object();     ///< the server's environment defaults
};

} // namespace

std::unique_ptr<RuntimeLogParser> makeOllamaLogParser()
{
    return std::make_unique<OllamaParser>();
}

/// Ollama's server announces its port once it starts.
bool runtimes::OllamaModel::logStartsRun(std::string_view line) const
{
    return logtext::containsBy(line, "msg=\"Listening on", 2) && logtext::contains(line, "level=INFO");
}

} // namespace memplan
