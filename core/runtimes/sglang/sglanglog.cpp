// SGLang's start-up lines (python/sglang/srt): the KV pool it allocated
// (mem_cache/memory_pool.py "KV Cache is allocated. #tokens: N, K size: ..."),
// the weights it loaded (model_executor "Load weight end. ... mem usage="), the
// CUDA graph capture and the server arguments. SGLang divides bytes by 2^30 and
// prints "GB": read as GiB.
#include "runtimes/sglang/sglanglog.h"
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "runtimes/sglang/sglangmodel.h"

namespace memplan {

namespace {

using namespace logtext;

class SglangParser final : public RuntimeLogParser {
public:
    std::string_view runtime() const override { return "sglang"; }
    bool parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run) override
    {
        // SGLang's messages start with these words once the "[time TPn] " prefix is gone.
        const bool start = startsWith(line, "KV Cache") || startsWith(line, "Load weight") ||
                           startsWith(line, "Capture cuda") || startsWith(line, "max_total_num_tokens=") ||
                           startsWith(line, "server_args=");
        if (!start && !contains(line, "sglang"))
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
        if (const auto v = after(line, "Load weight end."); v) {
            if (const auto s = after(*v, "mem usage="))
                if (const auto z = leadingSize(*s, true))
                    add(run, "weights", Guest::Weights, *z, lineNo);
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
