// SGLang's start-up lines (python/sglang/srt): the KV pool it allocated
// (mem_cache/memory_pool.py "KV Cache is allocated. #tokens: N, K size: ..."),
// the weights it loaded (model_executor "Load weight end. ... mem usage="), the
// CUDA graph capture and the server arguments. SGLang divides bytes by 2^30 and
// prints "GB": read as GiB.
#include "runtimes/sglang/sglanglog.h"
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "logs/unmodelledsetting.h"
#include "runtimes/sglang/sglangmodel.h"

#include <array>
#include <optional>
#include <string>

namespace memplan {

namespace {

using namespace logtext;

/// A server argument, from the ServerArgs dump ("key=value" after "(" or " ") or from the
/// command line ("--key-with-dashes value"; a switch alone reads "True").
std::optional<std::string_view> argument(std::string_view line, std::string_view key, bool dump)
{
    if (dump) {
        const std::string k = std::string(key) + "=";
        for (std::size_t at = line.find(k); at != std::string_view::npos; at = line.find(k, at + 1))
            if (at > 0 && (line[at - 1] == '(' || line[at - 1] == ' ')) {
                std::string_view v = line.substr(at + k.size());
                v = v.substr(0, v.find_first_of(",)"));
                if (!v.empty() && (v.front() == '\'' || v.front() == '"'))
                    v = v.substr(1, v.size() >= 2 ? v.size() - 2 : 0);
                return trim(v);
            }
        return std::nullopt;
    }
    std::string flag = "--" + std::string(key);
    for (char &c : flag)
        c = c == '_' ? '-' : c;
    const std::size_t at = (std::string(line) + " ").find(flag + " ");
    if (at == std::string::npos)
        return std::nullopt;
    std::string_view v = trim(line.substr(std::min(line.size(), at + flag.size())));
    v = v.substr(0, v.find(' '));
    return v.empty() || startsWith(v, "--") ? std::string_view("True") : v;
}

/// Server arguments that change memory but that the plan does not model.
constexpr std::array<UnmodelledSetting, 7> kUnmodelledArgs = {{
    {"dp_size", Takes::AboveOne},       // a replica of the model per rank
    {"ep_size", Takes::AboveOne},       // experts spread over the ranks
    {"enable_dp_attention", Takes::On}, // attention data-parallel inside tensor parallelism
    {"enable_lora", Takes::On},         // adapter memory beside the weights
    {"lora_paths", Takes::Any},
    {"speculative_algorithm", Takes::Any}, // a draft model's weights and cache
    {"disable_cuda_graph", Takes::On},     // no graph memory at all
}};

/// The server arguments the plan takes that the launch line names, and a note for those it does not.
void readServerArguments(std::string_view line, bool dump, MeasuredRun &run)
{
    for (std::string_view key : {"chunked_prefill_size", "max_running_requests", "page_size"})
        if (const auto v = argument(line, key, dump))
            if (const auto n = leadingInteger(*v); n && *n > 0)
                run.settings[std::string(key)] = *n;
    if (const auto v = argument(line, "kv_cache_dtype", dump); v && !v->empty() && *v != "auto" && *v != "None")
        run.settings["kv_cache_dtype"] = std::string(v->substr(0, 16));
    for (const UnmodelledSetting &a : kUnmodelledArgs)
        if (const auto v = argument(line, a.key, dump); v && takesEffect(a.takes, *v))
            noteUnmodelledSetting(run, a.key);
}

class SglangParser final : public RuntimeLogParser {
public:
    std::string_view runtime() const override { return "sglang"; }
    bool parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run) override
    {
        // SGLang's messages start with these words once the "[time TPn] " prefix is gone.
        const bool start = startsWith(line, "KV Cache") || startsWith(line, "Load weight") ||
                           startsWith(line, "Capture cuda") || startsWith(line, "max_total_num_tokens=") ||
                           startsWith(line, "server_args=");
        if (!start && !containsBy(line, "sglang", 1))
            return false;
        if (const auto v = after(line, "KV Cache is allocated.")) {
            if (const auto t = after(*v, "#tokens: "))
                run.kvCapacityTokens = leadingInteger(*t).value_or(0);
            Bytes sum = 0, prec = 0;
            for (std::string_view k : {"K size: ", "V size: "})
                if (const auto s = after(*v, k))
                    if (const auto z = leadingSize(*s, true)) {
                        sum += z->bytes;
                        prec += z->precision;
                    }
            if (sum)
                add(run, "kv_cache", Guest::KvCache, {sum, prec}, lineNo);
            return true;
        }
        // "Load weight begin. avail mem=22.76 GB": the free memory SGLang measured at start-up is
        // the total its pool arithmetic takes (ModelRunner: rest = free after loading - that total
        // x (1 - mem_fraction_static)), so it is the device's total for the plan.
        if (const auto v = after(line, "Load weight begin.")) {
            if (const auto s = after(*v, "avail mem="))
                if (const auto z = leadingSize(*s, true)) {
                    m_freeBefore = *z;
                    run.device("gpu0").totalBytes = z->bytes;
                }
            return true;
        }
        if (const auto v = after(line, "Load weight end."); v) {
            if (const auto s = after(*v, "mem usage=")) {
                if (const auto z = leadingSize(*s, true))
                    add(run, "weights", Guest::Weights, *z, lineNo);
            } else if (const auto a = after(*v, "avail mem="); a && m_freeBefore) {
                // Releases of early 2025 print only the free memory before and after loading.
                if (const auto z = leadingSize(*a, true); z && z->bytes < m_freeBefore->bytes)
                    add(run, "weights", Guest::Weights,
                        {m_freeBefore->bytes - z->bytes, m_freeBefore->precision + z->precision}, lineNo);
            }
            return true;
        }
        if (const auto v = after(line, "Capture cuda graph end.")) {
            if (const auto s = after(*v, "mem usage="))
                if (const auto z = leadingSize(*s, true))
                    add(run, "cuda_graph", Guest::Workspace, *z, lineNo);
            return true;
        }
        if (contains(line, "max_total_num_tokens=")) {
            for (const auto &[k, val] : logfmt(line)) {
                std::string_view value = val;
                if (!value.empty() && value.back() == ',')
                    value.remove_suffix(1);
                if (k == "max_total_num_tokens" && !run.kvCapacityTokens)
                    run.kvCapacityTokens = leadingInteger(value).value_or(0);
                else if (k == "context_len")
                    if (const auto n = leadingInteger(value))
                        run.settings["context_length"] = *n;
            }
            return true;
        }
        if (contains(line, "sglang.launch_server") || startsWith(line, "server_args=ServerArgs(")) {
            const bool args = startsWith(line, "server_args=");
            for (auto [flag, key] : {std::pair{"--mem-fraction-static ", "mem_fraction_static"},
                                     {"--tp-size ", "tp_size"},
                                     {"--tp ", "tp_size"},
                                     {"--context-length ", "context_length"},
                                     {"mem_fraction_static=", "mem_fraction_static"},
                                     {"tp_size=", "tp_size"},
                                     {"context_length=", "context_length"}}) {
                const auto x = after(line, flag);
                if (!x || (args != !startsWith(flag, "-")))
                    continue;
                if (const auto n = leadingNumber(*x); n && *n > 0)
                    run.settings[key] = std::string_view(key) == "mem_fraction_static" ? nlohmann::json(*n)
                                                                                       : nlohmann::json(toCount(*n));
            }
            readServerArguments(line, args, run);
            for (std::string_view flag : {"--model-path ", "--model ", "model_path='"}) {
                if (const auto x = after(line, flag); x && run.model.name.empty()) {
                    std::string_view p = x->substr(0, x->find_first_of(" ',"));
                    run.model.name = std::string(p.substr(0, 200));
                }
            }
            return true;
        }
        return false;
    }

private:
    std::optional<Size> m_freeBefore; ///< "Load weight begin. avail mem=": free before the weights

    static void add(MeasuredRun &run, const char *kind, Guest g, Size s, std::size_t lineNo)
    {
        MeasuredFigure f;
        f.kind = kind;
        f.device = "gpu0";
        f.gpu = 0;
        f.guest = g;
        f.bytes = s.bytes;
        f.precision = s.precision;
        f.line = lineNo;
        for (MeasuredFigure &old : run.figures)
            if (old.kind == f.kind && old.device == f.device) {
                old = f; // every tensor-parallel rank prints its own: one rank is kept
                return;
            }
        run.figures.push_back(std::move(f));
    }
};

} // namespace

std::unique_ptr<RuntimeLogParser> makeSglangLogParser()
{
    return std::make_unique<SglangParser>();
}

/// SGLang prints its whole ServerArgs first.
bool runtimes::SglangModel::logStartsRun(std::string_view line) const
{
    return logtext::startsWith(line, "server_args=ServerArgs(");
}

} // namespace memplan
