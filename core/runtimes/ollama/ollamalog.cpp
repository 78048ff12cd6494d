// Ollama's own server lines (Go slog, logfmt): the pre-load estimate of
// llm/memory.go ("offload to ..."), the runner command line (llm/server.go),
// the GPUs it found ("inference compute") and, from its own engine
// (ml/backend/ggml), the allocated "model weights", "kv cache" and "compute
// graph" per device. The llama.cpp lines its runner prints go to the llama.cpp
// parser.
#include "runtimes/ollama/ollamalog.h"
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "runtimes/llamacpp/llamacpplog.h"
#include "runtimes/ollama/ollamamodel.h"

namespace memplan {

namespace {

using namespace logtext;

std::string estimateKey(std::string_view k)
{
    std::string out;
    for (char c : k)
        out.push_back(c == '.' ? '_' : c);
    return out;
}

class OllamaParser final : public RuntimeLogParser {
public:
    std::string_view runtime() const override { return "ollama"; }
    bool parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run) override
    {
        if (!contains(line, "msg=")) // Go's slog lines; the runner's command line comes in one too
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
        if (startsWith(msg, "offload to ")) {
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
            if (run.runtimeEstimate.contains("memory_available_bytes")) {
                MeasuredDevice &d = run.device("gpu0");
                d.freeBytes = run.runtimeEstimate["memory_available_bytes"].get<Bytes>();
            }
            return true;
        }
        if (msg == "starting llama server") {
            for (const auto &[k, v] : kv)
                if (k == "cmd") {
                    nlohmann::json args = nlohmann::json::object();
                    readLlamaCppArgs(v, args, nullptr);
                    for (auto &[key, value] : args.items())
                        if (!run.settings.contains(key))
                            run.settings[key] = value;
                }
            return true;
        }
        if (msg == "inference compute") {
            std::string id, name;
            Bytes total = 0, avail = 0;
            for (const auto &[k, v] : kv) {
                if (k == "name" || (k == "id" && id.empty()))
                    id = std::string(v.substr(0, 40));
                else if (k == "description")
                    name = std::string(v.substr(0, 120));
                else if (k == "total")
                    total = leadingSize(v, false).value_or(Size{}).bytes;
                else if (k == "available")
                    avail = leadingSize(v, false).value_or(Size{}).bytes;
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
            std::string device = "CPU";
            std::optional<Size> size;
            for (const auto &[k, v] : kv) {
                if (k == "device")
                    device = std::string(v.substr(0, 40));
                else if (k == "size")
                    size = leadingSize(v, false);
            }
            if (!size)
                return false;
            MeasuredFigure f;
            f.kind = weights ? "model_buffer" : kv_ ? "kv_buffer" : "compute_buffer";
            f.guest = weights ? Guest::Weights : kv_ ? Guest::KvCache : Guest::Activation;
            f.device = device;
            f.gpu = gpuIndexOfDevice(device);
            f.bytes = size->bytes;
            f.precision = size->precision;
            f.line = lineNo;
            run.figures.push_back(std::move(f));
            return true;
        }
        return false;
    }
};

} // namespace

std::unique_ptr<RuntimeLogParser> makeOllamaLogParser()
{
    return std::make_unique<OllamaParser>();
}

/// Ollama's server announces its port once it starts.
bool runtimes::OllamaModel::logStartsRun(std::string_view line) const
{
    return logtext::contains(line, "msg=\"Listening on") && logtext::contains(line, "level=INFO");
}

} // namespace memplan
