// vLLM's start-up lines: the engine arguments it echoes (non-default args, the
// engine config), the weights it loaded (gpu_model_runner "Model loading took"),
// the profiling results (V0's worker "Memory profiling results", V1's
// gpu_worker "Available KV cache memory"), the pool in tokens
// (kv_cache_utils "GPU KV cache size", "Maximum concurrency") and the CUDA graph
// capture. vLLM prints sizes as bytes / 2^30 and labels some of them "GB"
// (V0's "Loading model weights took"): those are read as GiB.
#include "runtimes/vllm/vllmlog.h"
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "logs/unmodelledsetting.h"
#include "runtimes/vllm/vllmmodel.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <tuple>

namespace memplan {

namespace {

using namespace logtext;

std::string pyValue(std::string_view v)
{
    v = trim(v);
    if (!v.empty() && (v.front() == '\'' || v.front() == '"')) {
        const char q = v.front();
        v.remove_prefix(1);
        return std::string(v.substr(0, std::min<std::size_t>(v.find(q), 200)));
    }
    return std::string(v.substr(0, std::min<std::size_t>(v.find_first_of(",})"), 64)));
}

/// Engine arguments that change memory but that the plan does not model, as EngineArgs names them.
constexpr std::array<UnmodelledSetting, 9> kUnmodelledArgs = {{
    {"enable_lora", Takes::On},              // adapter slots (max_loras x max_lora_rank) on every GPU
    {"data_parallel_size", Takes::AboveOne}, // a replica of the model per rank
    {"pipeline_parallel_size", Takes::AboveOne},
    {"enable_expert_parallel", Takes::On},   // experts spread over the ranks instead of sliced
    {"kv_transfer_config", Takes::Any},      // a KV connector's buffers (LMCache, NIXL)
    {"speculative_config", Takes::Any},      // a draft model's weights and cache
    {"cpu_offload_gb", Takes::AboveZero},    // weights kept in host RAM
    {"num_gpu_blocks_override", Takes::Any}, // the KV pool's size, whatever memory is left
    {"kv_cache_memory_bytes", Takes::Any},
}};

/// vLLM reads "--max-model-len 32K" as 32 × 1024 and "32k" as 32,000 (arg_utils.py,
/// human_readable_int: lower-case suffixes decimal, upper-case binary).
std::uint64_t humanMultiplier(std::string_view value)
{
    value = trim(value);
    std::size_t i = 0;
    while (i < value.size() && std::isdigit(static_cast<unsigned char>(value[i])))
        ++i;
    if (i == 0 || i >= value.size() || (i + 1 < value.size() && std::isalnum(static_cast<unsigned char>(value[i + 1]))))
        return 1;
    switch (value[i]) {
    case 'k':
        return 1000;
    case 'K':
        return 1024;
    case 'm':
        return 1000000;
    case 'M':
        return 1048576;
    default:
        return 1;
    }
}

class VllmParser final : public RuntimeLogParser {
public:
    std::string_view runtime() const override { return "vllm"; }
    bool parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run) override;

private:
    void figure(MeasuredRun &run, const char *kind, std::optional<Guest> g, std::optional<Size> s, std::size_t lineNo)
    {
        if (!s)
            return;
        // One figure of each kind per rank: a later print (another rank, a summary) replaces it.
        for (MeasuredFigure &f : run.figures)
            if (f.kind == kind && f.device == "gpu0") {
                f.bytes = s->bytes, f.precision = s->precision, f.line = lineNo;
                return;
            }
        MeasuredFigure f;
        f.kind = kind;
        f.device = "gpu0";
        f.gpu = 0;
        f.guest = g;
        f.bytes = s->bytes;
        f.precision = s->precision;
        f.line = lineNo;
        run.figures.push_back(std::move(f));
    }
    void setting(MeasuredRun &run, const std::string &key, std::string_view value)
    {
        if (key == "gpu_memory_utilization") {
            if (const auto v = leadingNumber(value); v && *v > 0 && *v <= 1)
                run.settings[key] = *v;
        } else if (key == "max_model_len" || key == "max_num_batched_tokens" || key == "tensor_parallel_size" ||
                   key == "max_num_seqs" || key == "block_size" || key == "pipeline_parallel_size") {
            if (const auto v = leadingInteger(value))
                run.settings[key] = *v * humanMultiplier(value);
        } else if (key == "kv_cache_dtype" || key == "quantization" || key == "dtype") {
            const std::string s = pyValue(value);
            if (!s.empty() && s != "None" && s != "auto")
                run.settings[key] = s;
        } else if (key == "model") {
            const std::string s = pyValue(value);
            if (!s.empty() && run.model.name.empty())
                run.model.name = s;
        } else {
            noteIfUnmodelled(run, kUnmodelledArgs, key, pyValue(value));
        }
    }

    bool engineConfig(std::string_view line, MeasuredRun &run);
    bool echoedArgs(std::string_view line, MeasuredRun &run);
    bool serveCommand(std::string_view line, MeasuredRun &run);
    bool weights(std::string_view line, std::size_t lineNo, MeasuredRun &run);
    bool profiling(std::string_view line, std::size_t lineNo, MeasuredRun &run);
    bool graphsAndUsage(std::string_view line, std::size_t lineNo, MeasuredRun &run);
    bool summary(std::string_view line, MeasuredRun &run);

    /// A "vllm serve" command continued over lines ("vllm serve MODEL \" then "  --tp 2 \"):
    /// joined, and read again at each line.
    bool continueCommand(std::string_view line, MeasuredRun &run);
    /// "vllm --version" typed above the log: its answer is a bare release on a later line.
    bool versionAnswer(std::string_view line, MeasuredRun &run);
    /// The Python API's call pasted above its log, one argument per line:
    /// "llm = LLM(", "    max_model_len=2048,", ..., ")".
    bool pythonCall(std::string_view line, MeasuredRun &run);
    void pythonArgument(std::string_view arg, MeasuredRun &run);

    bool m_total = false;
    std::string m_command;
    bool m_continuing = false;
    int m_versionLines = 0; ///< lines left in which a bare release answers "vllm --version"
    bool m_inCall = false;  ///< inside an "LLM(" call's arguments
};

bool endsInBackslash(std::string_view l)
{
    l = trim(l);
    return !l.empty() && l.back() == '\\';
}

std::string_view withoutBackslash(std::string_view l)
{
    l = trim(l);
    return endsInBackslash(l) ? trim(l.substr(0, l.size() - 1)) : l;
}

/// "0.10.2", "0.9.1rc1", "0.8.5.post1": digits and dots, then letters and digits.
bool bareRelease(std::string_view l)
{
    l = trim(l);
    std::size_t dots = 0, i = 0;
    while (i < l.size() && (std::isdigit(static_cast<unsigned char>(l[i])) || l[i] == '.'))
        dots += l[i++] == '.';
    if (dots < 1 || i == 0 || !std::isdigit(static_cast<unsigned char>(l[0])) || l.size() > 24)
        return false;
    for (; i < l.size(); ++i)
        if (!std::isalnum(static_cast<unsigned char>(l[i])) && l[i] != '.' && l[i] != '+')
            return false;
    return true;
}

/// vLLM's messages start with one of a few words once the logger's prefix is gone (markdown
/// summaries: after "- **"); checking that first keeps a long log of request lines cheap.
bool mayBeVllmLine(std::string_view line)
{
    while (!line.empty() && (line.front() == '-' || line.front() == '*' || line.front() == ' ' || line.front() == '$'))
        line.remove_prefix(1);
    const std::string_view word = line.substr(0, line.find_first_of(" :"));
    static constexpr std::string_view starters[] = {"vLLM",
                                                    "Initializing",
                                                    "non-default",
                                                    "Chunked",
                                                    "vllm",
                                                    "Model",
                                                    "Loading",
                                                    "model",
                                                    "Memory",
                                                    "Available",
                                                    "KV",
                                                    "Estimated",
                                                    "CUDAGraph",
                                                    "Graph",
                                                    "Free",
                                                    "The",
                                                    "GPU",
                                                    "#",
                                                    "Maximum",
                                                    "max-model-len",
                                                    "tensor-parallel-size",
                                                    "gpu-memory-utilization",
                                                    "Weight",
                                                    "Peak",
                                                    "Non-torch",
                                                    "PyTorch",
                                                    "non_torch_memory",
                                                    "available_kv_cache_memory",
                                                    "total_gpu_memory",
                                                    "gpu_memory_utilization",
                                                    "duration",
                                                    "the",
                                                    "Starting"};
    for (std::string_view s : starters)
        if (word == s)
            return true;
    return false;
}

/// Which sampler the profiling run used (v1/sample/ops/topk_topp_sampler.py): FlashInfer's kernel, or
/// PyTorch's sort of every logit when FlashInfer is missing, too old or turned off (the planner's
/// use_flashinfer_sampler, 36 bytes per logit instead of 4).
bool samplerChoice(std::string_view line, MeasuredRun &run)
{
    // Every such message says "sampling"; its 'g' is rare in log text, so other lines cost one memchr.
    if (!logtext::containsBy(line, "sampling", 7))
        return false;
    if (contains(line, "Using FlashInfer for top-p & top-k sampling"))
        run.settings["use_flashinfer_sampler"] = true;
    else if ((contains(line, "Falling back") && (contains(line, "top-p") || contains(line, "default sampling"))) ||
             contains(line, "top-k sampling disabled"))
        run.settings["use_flashinfer_sampler"] = false;
    else
        return false;
    return true;
}

/// The engine generation (V0 or V1), from the lines only one of them prints.
void noteEngineGeneration(std::string_view line, MeasuredRun &run)
{
    if (contains(line, "Memory profiling results") || contains(line, "# CPU blocks:"))
        run.engineGeneration = "v0"; // V0's worker.py; V1 prints "Available KV cache memory" instead
    else if (contains(line, "Available KV cache memory") || contains(line, "V1 LLM engine"))
        run.engineGeneration = "v1";
}

/// The KV pool in tokens and the concurrency it allows.
bool kvPool(std::string_view line, MeasuredRun &run)
{
    // V0 refusing to start: "... larger than the maximum number of tokens that can be stored in KV cache (23648)."
    if (const auto v = after(line, "tokens that can be stored in KV cache (")) {
        run.kvCapacityTokens = leadingInteger(*v).value_or(0);
        return true;
    }
    if (const auto v = after(line, "GPU KV cache size: ")) {
        run.kvCapacityTokens = leadingInteger(*v).value_or(0);
        return true;
    }
    if (const auto v = after(line, "Maximum concurrency for ")) {
        if (const auto x = after(*v, "per request: "))
            run.maxConcurrency = leadingNumber(*x).value_or(0);
        return true;
    }
    return false;
}

/// The release and the engine config it echoes at start-up.
bool VllmParser::engineConfig(std::string_view line, MeasuredRun &run)
{
    if (const auto v = after(line, "vLLM API server version ")) {
        run.version = std::string(trim(v->substr(0, 32)));
        return true;
    }
    if (const auto v = after(line, "LLM engine (v"); v && contains(line, "Initializing")) {
        if (run.version.empty())
            run.version = std::string(v->substr(0, std::min<std::size_t>(v->find(')'), 32)));
        // "... with config: model='Qwen/Qwen3-30B-A3B', ..., dtype=torch.bfloat16, max_seq_len=8192, ..."
        for (std::string_view k :
             {"model=", "max_seq_len=", "tensor_parallel_size=", "quantization=", "kv_cache_dtype="}) {
            auto x = after(line, ", " + std::string(k));
            if (!x && k == "model=")
                x = after(line, "config: model=");
            if (x) {
                const std::string key(k.substr(0, k.size() - 1));
                setting(run, key == "max_seq_len" ? "max_model_len" : key, *x);
            }
        }
        return true;
    }
    return false;
}

/// The non-default engine args and the chunked-prefill budget.
bool VllmParser::echoedArgs(std::string_view line, MeasuredRun &run)
{
    if (const auto v = after(line, "non-default args: {")) {
        // A Python dict; only scalar entries are read. Wrapped lines leave the rest unread.
        std::string_view rest = *v;
        for (int guard = 0; guard < 64 && !rest.empty(); ++guard) {
            const std::size_t q = rest.find('\'');
            if (q == std::string_view::npos)
                break;
            const std::size_t q2 = rest.find('\'', q + 1);
            if (q2 == std::string_view::npos || q2 + 2 >= rest.size() || rest.substr(q2 + 1, 2) != ": ")
                break;
            const std::string key(rest.substr(q + 1, q2 - q - 1));
            rest = rest.substr(q2 + 3);
            setting(run, key, rest);
            // skip the value
            std::size_t end = 0;
            if (!rest.empty() && rest.front() == '\'')
                end = rest.find('\'', 1) + 1;
            end = rest.find(", ", end == 0 ? 0 : end);
            if (end == std::string_view::npos)
                break;
            rest = rest.substr(end + 2);
        }
        return true;
    }
    if (const auto v = after(line, "max_num_batched_tokens="); v && contains(line, "Chunked prefill")) {
        setting(run, "max_num_batched_tokens", *v);
        return true;
    }
    return false;
}

bool VllmParser::continueCommand(std::string_view line, MeasuredRun &run)
{
    if (!m_continuing)
        return false;
    m_command += " " + std::string(withoutBackslash(line).substr(0, 4096));
    m_continuing = endsInBackslash(line) && m_command.size() < 65536;
    serveCommand(m_command, run);
    return true;
}

bool VllmParser::versionAnswer(std::string_view line, MeasuredRun &run)
{
    if (const auto flag = after(line, "vllm -"); flag && (startsWith(*flag, "-version") || startsWith(*flag, "v"))) {
        m_versionLines = 4;
        return true;
    }
    if (m_versionLines <= 0)
        return false;
    --m_versionLines;
    if (!bareRelease(line))
        return false;
    m_versionLines = 0;
    if (run.version.empty())
        run.version = std::string(trim(line));
    return true;
}

void VllmParser::pythonArgument(std::string_view arg, MeasuredRun &run)
{
    // "max_model_len=2048", "model='Qwen/Qwen3-8B'": a keyword argument with a literal value (a
    // variable's name says nothing).
    const std::size_t eq = arg.find('=');
    if (eq == std::string_view::npos || eq == 0)
        return;
    const std::string key(trim(arg.substr(0, eq)));
    std::string_view value = trim(arg.substr(eq + 1));
    if (!value.empty() && value.back() == ',')
        value.remove_suffix(1);
    value = trim(value);
    if (value.empty())
        return;
    const bool quoted = value.front() == '\'' || value.front() == '"';
    if (key == "model") {
        if (quoted && run.model.name.empty())
            run.model.name = pyValue(value);
    } else if (quoted || std::isdigit(static_cast<unsigned char>(value.front()))) {
        setting(run, key, value);
    }
}

bool VllmParser::pythonCall(std::string_view line, MeasuredRun &run)
{
    const std::string_view t = trim(line);
    if (!m_inCall) {
        const std::size_t open = t.find("LLM(");
        if (open == std::string_view::npos || (open > 0 && std::isalnum(static_cast<unsigned char>(t[open - 1]))))
            return false;
        // The arguments on the same line, up to the closing parenthesis: "LLM(model='x', tensor_parallel_size=2)".
        std::string_view args = t.substr(open + 4);
        const std::size_t close = args.find(')');
        m_inCall = close == std::string_view::npos;
        args = args.substr(0, close);
        for (std::size_t from = 0; from < args.size();) {
            std::size_t comma = from;
            for (char quote = 0; comma < args.size(); ++comma) {
                const char c = args[comma];
                if (quote ? c == quote : c == '\'' || c == '"')
                    quote = quote ? 0 : c;
                else if (!quote && c == ',')
                    break;
            }
            pythonArgument(trim(args.substr(from, comma - from)), run);
            from = comma + 1;
        }
        return true;
    }
    if (startsWith(t, ")")) {
        m_inCall = false;
        return true;
    }
    // Anything but "name=value" ends the call: the log itself has begun (the closing line was cut).
    std::size_t name = 0;
    while (name < t.size() && (std::isalnum(static_cast<unsigned char>(t[name])) || t[name] == '_'))
        ++name;
    if (name == 0 || trim(t.substr(name)).substr(0, 1) != "=") {
        m_inCall = false;
        return false;
    }
    std::string_view arg = trim(t.substr(0, t.find('#')));
    if (!arg.empty() && arg.back() == ')') { // ")" alone, or the last argument with it
        m_inCall = false;
        arg = trim(arg.substr(0, arg.size() - 1));
    }
    pythonArgument(arg, run);
    return true;
}

bool VllmParser::serveCommand(std::string_view line, MeasuredRun &run)
{
    // "vllm serve MODEL --max-model-len N ..." typed by the user.
    if (const auto v = after(line, "vllm serve ")) {
        if (!m_continuing && endsInBackslash(line)) {
            m_command = "vllm serve " + std::string(withoutBackslash(*v).substr(0, 4096));
            m_continuing = true;
            line = m_command;
        }
        std::string_view rest = trim(*after(line, "vllm serve "));
        const std::size_t sp = rest.find(' ');
        if (!startsWith(rest, "-") && run.model.name.empty())
            run.model.name = std::string(rest.substr(0, std::min<std::size_t>(sp, 200)));
        for (auto [flag, key] : {std::pair{"--max-model-len ", "max_model_len"},
                                 {"--gpu-memory-utilization ", "gpu_memory_utilization"},
                                 {"--tensor-parallel-size ", "tensor_parallel_size"},
                                 {"-tp ", "tensor_parallel_size"},
                                 {"--max-num-batched-tokens ", "max_num_batched_tokens"},
                                 {"--max-num-seqs ", "max_num_seqs"},
                                 {"--block-size ", "block_size"},
                                 {"--kv-cache-dtype ", "kv_cache_dtype"}})
            if (const auto x = after(rest, flag))
                setting(run, key, *x);
        // The same arguments as flags: "--enable-lora" alone, "--data-parallel-size 2" ("-dp 2").
        const std::string padded = std::string(rest) + " ";
        for (const UnmodelledSetting &a : kUnmodelledArgs) {
            std::string flag = "--" + std::string(a.key);
            std::replace(flag.begin(), flag.end(), '_', '-');
            const std::string shortFlag = a.key == "data_parallel_size"       ? "-dp"
                                          : a.key == "pipeline_parallel_size" ? "-pp"
                                                                              : "";
            for (const std::string &f : {flag, shortFlag}) {
                const std::size_t at = f.empty() ? std::string::npos : padded.find(f + " ");
                if (at == std::string::npos)
                    continue;
                const std::string_view value = trim(rest.substr(std::min(rest.size(), at + f.size())));
                // A switch is on by being there; a valued flag by its value.
                if (a.takes == Takes::On || takesEffect(a.takes, pyValue(value.substr(0, value.find(' ')))))
                    noteUnmodelledSetting(run, a.key);
            }
        }
        return true;
    }
    return false;
}

bool VllmParser::weights(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    // Weights of one rank.
    for (std::string_view key :
         {"Model loading took", "Loading model weights took", "model weights take", "Weight memory:"})
        if (auto v = after(line, key)) {
            std::string_view s = *v;
            while (!s.empty() && (s.front() == '*' || s.front() == ':' || s.front() == ' '))
                s.remove_prefix(1);
            figure(run, "weights", Guest::Weights, leadingSize(s, true), lineNo);
            // 0.6.4-0.6.6 print the whole budget on this line: "model weights take 8.51GiB;
            // non_torch_memory takes 0.26GiB; PyTorch activation peak memory takes 0.94GiB; the rest
            // of the memory reserved for KV Cache is 2.18GiB."
            for (auto [label, kind, guest] : {std::tuple{"non_torch_memory takes ", "non_torch", Guest::Workspace},
                                              {"activation peak memory takes ", "activation_peak", Guest::Activation},
                                              {"reserved for KV Cache is ", "kv_cache", Guest::KvCache}})
                if (const auto x = after(line, label))
                    figure(run, kind, guest, leadingSize(*x, true), lineNo);
            return true;
        }
    // V0's model runner names the model it loads: "Starting to load model kaitchup/Phi-4-…...".
    if (const auto v = after(line, "Starting to load model "); v && run.model.name.empty()) {
        std::string_view name = trim(*v);
        while (!name.empty() && name.back() == '.')
            name.remove_suffix(1);
        run.model.name = std::string(name.substr(0, 200));
        return true;
    }
    return false;
}

/// The profiling results: V0's "Memory profiling results", V1's per-figure lines.
bool VllmParser::profiling(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    // V0: "Memory profiling results: total_gpu_memory=23.58GiB ... kv_cache_size=3.81GiB gpu_memory_utilization=0.90"
    if (const auto v = after(line, "Memory profiling results: "); v && contains(*v, "=")) {
        for (const auto &[k, val] : logfmt(*v)) {
            if (k == "total_gpu_memory") {
                if (const auto s = leadingSize(val, true))
                    run.device("gpu0").totalBytes = s->bytes;
            } else if (k == "non_torch_memory") {
                figure(run, "non_torch", Guest::Workspace, leadingSize(val, true), lineNo);
            } else if (k == "kv_cache_size") {
                figure(run, "kv_cache", Guest::KvCache, leadingSize(val, true), lineNo);
            } else if (k == "peak_torch_memory") {
                figure(run, "peak_torch", std::nullopt, leadingSize(val, true), lineNo); // weights included
            } else if (k == "gpu_memory_utilization") {
                setting(run, "gpu_memory_utilization", val);
            }
        }
        return true;
    }
    if (startsWith(line, "the current vLLM instance can use")) {
        // "... can use total_gpu_memory (21.99GiB) x gpu_memory_utilization (0.98) = 21.55GiB"
        if (const auto v = after(line, "total_gpu_memory ("))
            if (const auto s = leadingSize(*v, true))
                run.device("gpu0").totalBytes = s->bytes;
        if (const auto v = after(line, "gpu_memory_utilization ("))
            setting(run, "gpu_memory_utilization", *v);
        return true;
    }
    if (line == "Memory profiling results:" || startsWith(line, "duration "))
        return true;
    // V0 (later 0.6): one figure per line, "name   value".
    if (const auto v = after(line, "total_gpu_memory ")) {
        if (const auto s = leadingSize(*v, true))
            run.device("gpu0").totalBytes = s->bytes;
        return true;
    }
    if (startsWith(line, "gpu_memory_utilization ")) {
        setting(run, "gpu_memory_utilization", line.substr(23));
        return true;
    }
    for (auto [key, kind, guest] : {std::tuple{"non_torch_memory ", "non_torch", Guest::Workspace},
                                    {"Non-torch memory:", "non_torch", Guest::Workspace},
                                    {"PyTorch activation peak memory", "activation_peak", Guest::Activation},
                                    {"Peak activation memory:", "activation_peak", Guest::Activation},
                                    {"available_kv_cache_memory", "kv_cache", Guest::KvCache},
                                    {"Available KV cache memory:", "kv_cache", Guest::KvCache},
                                    {"KV cache memory:", "kv_cache", Guest::KvCache},
                                    {"Estimated CUDA graph memory:", "cuda_graph", Guest::Workspace},
                                    {"CUDAGraph memory:", "cuda_graph", Guest::Workspace}})
        if (auto v = after(line, key)) {
            std::string_view s = *v;
            while (!s.empty() && (s.front() == '*' || s.front() == ':' || s.front() == ' '))
                s.remove_prefix(1);
            if (!startsWith(s, "-")) // a negative graph delta is memory released, not a guest
                figure(run, kind, guest, leadingSize(s, true), lineNo);
            return true;
        }
    return false;
}

/// The CUDA graph capture, V1's DEBUG usage line and the device's free memory.
bool VllmParser::graphsAndUsage(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    if (const auto v = after(line, "Graph capturing finished")) {
        if (const auto t = after(*v, "took "))
            figure(run, "cuda_graph", Guest::Workspace, leadingSize(*t, true), lineNo);
        return true;
    }
    // V1 DEBUG: "Actual usage is 14.99 GiB for weight, 4.76 GiB for peak activation, 0.13 GiB for non-torch ..."
    if (const auto v = after(line, "Actual usage is ")) {
        figure(run, "weights", Guest::Weights, leadingSize(*v, true), lineNo);
        for (auto [key, kind, guest] : {std::tuple{"for weight, ", "activation_peak", Guest::Activation},
                                        {"for peak activation, ", "non_torch", Guest::Workspace}})
            if (const auto x = after(*v, key))
                figure(run, kind, guest, leadingSize(*x, true), lineNo);
        if (const auto x = after(line, "Free memory on device ("))
            if (const auto slash = x->find('/'); slash != std::string_view::npos)
                if (const auto s = leadingSize(x->substr(slash + 1), true))
                    run.device("gpu0").totalBytes = s->bytes;
        return true;
    }
    if (const auto v = after(line, "Free memory on device")) {
        std::string_view s = *v;
        while (!s.empty() && (s.front() == '*' || s.front() == ':' || s.front() == ' ' || s.front() == '('))
            s.remove_prefix(1);
        std::size_t used = 0;
        if (const auto free = leadingNumber(s, &used); free && used < s.size() && s[used] == '/') {
            if (const auto total = leadingSize(s.substr(used + 1), true)) {
                MeasuredDevice &d = run.device("gpu0");
                d.totalBytes = total->bytes;
                d.freeBytes = toBytes(*free, "GiB", true).value_or(0);
            }
        }
        return true;
    }
    return false;
}

bool VllmParser::summary(std::string_view line, MeasuredRun &run)
{
    // llm-d style summaries ("- **max-model-len:** 16000") and other echoes of the engine args.
    for (auto [key, setting_] : {std::pair{"max-model-len:", "max_model_len"},
                                 {"tensor-parallel-size:", "tensor_parallel_size"},
                                 {"gpu-memory-utilization:", "gpu_memory_utilization"}})
        if (auto v = after(line, key)) {
            std::string_view s = *v;
            while (!s.empty() && (s.front() == '*' || s.front() == ' '))
                s.remove_prefix(1);
            setting(run, setting_, s);
            return true;
        }
    if (auto v = after(line, "Model name:")) {
        std::string_view s = *v;
        while (!s.empty() && (s.front() == '*' || s.front() == ' '))
            s.remove_prefix(1);
        if (run.model.name.empty())
            run.model.name = std::string(trim(s).substr(0, 200));
        return true;
    }
    return false;
}

bool VllmParser::parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    if (continueCommand(line, run) || versionAnswer(line, run) || pythonCall(line, run) || samplerChoice(line, run))
        return true;
    if (!mayBeVllmLine(line))
        return false;
    if (engineConfig(line, run) || echoedArgs(line, run) || serveCommand(line, run) || weights(line, lineNo, run))
        return true;
    noteEngineGeneration(line, run);
    if (profiling(line, lineNo, run) || graphsAndUsage(line, lineNo, run) || kvPool(line, run) || summary(line, run))
        return true;
    (void)m_total;
    return false;
}

} // namespace

std::unique_ptr<RuntimeLogParser> makeVllmLogParser()
{
    return std::make_unique<VllmParser>();
}

/// vLLM's API server names its version first.
bool runtimes::VllmModel::logStartsRun(std::string_view line) const
{
    return logtext::containsBy(line, "vLLM API server version ", 5);
}

} // namespace memplan
