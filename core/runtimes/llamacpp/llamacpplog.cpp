// llama.cpp's start-up and shutdown lines, as printed by llama-server, llama-cli,
// llama-bench (its table) and programs embedding it (llama-cpp-python, Ollama's
// runner, mobile bridges). Formats as in llama.cpp's src/llama-model.cpp
// (print_info), src/llama-context.cpp (buffer sizes, llama_memory_breakdown_print),
// src/llama-kv-cache.cpp and ggml-cuda's device list; older builds used the
// llm_load_* / llama_new_context_with_model names for the same lines.
#include "runtimes/llamacpp/llamacpplog.h"
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "logs/unmodelledsetting.h"
#include "model/ggufrecipe.h"
#include "model/quantformat.h"
#include "runtimes/llamacpp/llamacppmodel.h"
#include "runtimes/llamacpp/releaserules.h"
#include "runtimes/release.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <utility>

namespace memplan {

namespace {

using namespace logtext;
using nlohmann::json;

/// llama.cpp's programs that load a model and print its buffers.
constexpr std::array<std::string_view, 16> kTools = {
    "llama-server",     "llama-cli",           "llama-bench",    "llama-simple",          "llama-run",
    "llama-completion", "llama-perplexity",    "llama-imatrix",  "llama-save-load-state", "llama-embedding",
    "llama-batched",    "llama-batched-bench", "llama-mtmd-cli", "llama-parallel",        "llama-speculative",
    "llama-passkey"};

/// Where a llama.cpp program's command line names the program ("./bin/llama-perplexity --model …",
/// a shell trace's "+ ./llama-cli -m …", a prompt's "$ llama-server -m …", "llama-server.exe", a
/// pasted "**llama-server** -m …"): its name must be a whole word followed by options, else npos.
std::size_t toolCommandAt(std::string_view line, bool continued)
{
    const auto nameChar = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    };
    // Looked for by its '-', a byte far rarer in log text than 'l' (0.5 against 3.7 % of the bytes
    // of the committed excerpts): this runs on every line, twice.
    for (std::size_t dash = line.find('-'); dash != std::string_view::npos; dash = line.find('-', dash + 1)) {
        if (dash < 5 || line.compare(dash - 5, 6, "llama-") != 0)
            continue;
        const std::size_t at = dash - 5;
        if (at > 0 && nameChar(line[at - 1]))
            continue;
        std::size_t end = at;
        while (end < line.size() && nameChar(line[end]))
            ++end;
        std::string_view name = line.substr(at, end - at);
        if (name.size() > 4 && name.substr(name.size() - 4) == ".exe")
            name.remove_suffix(4);
        if (std::find(kTools.begin(), kTools.end(), name) != kTools.end() &&
            (contains(line.substr(end), " -") || continued))
            return at;
    }
    return std::string_view::npos;
}

/// llama.h's llama_ftype numbers for the common files.
std::string_view fileTypeName(std::uint64_t n)
{
    switch (n) {
    case 0:
        return "F32";
    case 1:
        return "F16";
    case 2:
        return "Q4_0";
    case 3:
        return "Q4_1";
    case 7:
        return "Q8_0";
    case 8:
        return "Q5_0";
    case 9:
        return "Q5_1";
    case 10:
        return "Q2_K - Medium";
    case 11:
        return "Q3_K - Small";
    case 12:
        return "Q3_K - Medium";
    case 13:
        return "Q3_K - Large";
    case 14:
        return "Q4_K - Small";
    case 15:
        return "Q4_K - Medium";
    case 16:
        return "Q5_K - Small";
    case 17:
        return "Q5_K - Medium";
    case 18:
        return "Q6_K";
    case 32:
        return "BF16";
    case 38:
        return "MXFP4 MoE";
    default:
        return "";
    }
}

bool flagValue(std::string_view v, bool &out)
{
    v = trim(v);
    if (v == "1" || v == "enabled" || v == "true" || v == "on" || v == "True") {
        out = true;
        return true;
    }
    if (v == "0" || v == "disabled" || v == "false" || v == "off" || v == "False") {
        out = false;
        return true;
    }
    return false;
}

std::string quoted(std::string_view v)
{
    v = trim(v);
    if (!v.empty() && (v.front() == '\'' || v.front() == '"'))
        v.remove_prefix(1);
    const std::size_t end = v.find_first_of("'\",");
    return std::string(trim(v.substr(0, end)));
}

class LlamaCppParser final : public RuntimeLogParser {
public:
    std::string_view runtime() const override { return "llama.cpp"; }
    bool parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run) override;
    void finish(MeasuredRun &run) override
    {
        for (auto &[k, v] : m_args.items())
            if (!run.settings.contains(k))
                run.settings[k] = v;
        figuresFromBreakdown(run);
        if (m_reservedOutputs > 0 && !run.settings.contains("n_outputs_max"))
            run.settings["n_outputs_max"] = m_reservedOutputs;
    }

private:
    bool buffer(std::string_view body, std::size_t lineNo, MeasuredRun &run);
    static bool projectorBuffer(std::string_view body, std::size_t lineNo, MeasuredRun &run);
    bool keyValue(std::string_view func, std::string_view body, MeasuredRun &run);
    static void noteWording(std::string_view func, MeasuredRun &run);
    /// The log was written by a build before `until` (the earliest such bound wins).
    static void noteWordedBefore(std::string_view until, MeasuredRun &run);
    bool breakdownRow(std::string_view body, MeasuredRun &run);
    /// A log that kept only llama_memory_breakdown_print's table (printed at exit, so what was
    /// allocated): its model, context and compute columns become the buffers' figures.
    void figuresFromBreakdown(MeasuredRun &run) const;
    std::vector<std::pair<MeasuredBreakdown, std::size_t>> m_allocated; ///< exit-table rows, their lines
    std::uint64_t m_reservedOutputs = 0; ///< the most output rows a printed graph reserve held
    bool benchRow(std::string_view line, MeasuredRun &run);
    bool modelLoader(std::string_view body, MeasuredRun &run);
    bool commandOrBuild(std::string_view line, MeasuredRun &run);
    /// Reads the command line so far: its settings, and a note for each option the plan does not take.
    void readCommand(MeasuredRun &run)
    {
        std::vector<std::string> unmodelled;
        readLlamaCppArgs(m_command, m_args, &run.model, &unmodelled);
        for (const std::string &u : unmodelled)
            noteUnmodelledSetting(run, u);
    }
    bool earlyMemoryLine(std::string_view func, std::string_view body, std::size_t lineNo, MeasuredRun &run);

    json m_args = json::object();
    std::string m_command;                   ///< the command line read so far
    bool m_continuing = false;               ///< its last line ended in a backslash
    bool m_contextSeen = false;              ///< KV/compute lines of the current load were printed
    bool m_computeSeen = false;              ///< its compute buffer lines were printed (its context is complete)
    std::vector<std::string> m_contextLines; ///< "device kind" of the current context's buffer lines
    bool m_modelSeen = false;
    /// The line before this one was a context's output or KV buffer line: builds before the
    /// llama_context refactor printed "pipeline parallelism enabled (n_copies=N)" right after those
    /// and before the compute buffers, so compute buffers straight after them mean it was off.
    bool m_lastWasContext = false;
    bool m_prevWasContext = false;
    std::vector<std::string> m_benchColumns;
};

/// A buffer line's figure: its device, size and line, in the current load.
MeasuredFigure bufferFigure(MeasuredFigure f, std::string_view device, const Size &size, std::size_t lineNo,
                            const MeasuredRun &run)
{
    f.device = std::string(device);
    f.gpu = gpuIndexOfDevice(device);
    f.bytes = size.bytes;
    f.precision = size.precision;
    f.line = lineNo;
    f.load = run.loads > 0 ? run.loads - 1 : 0;
    return f;
}

bool LlamaCppParser::buffer(std::string_view body, std::size_t lineNo, MeasuredRun &run)
{
    const std::size_t at = body.find(" buffer size =");
    if (at == std::string_view::npos)
        return false;
    const std::string_view head = trim(body.substr(0, at));
    const std::size_t sp = head.find(' ');
    const std::string_view device = head.substr(0, sp);
    const std::string_view kindWord = sp == std::string_view::npos ? std::string_view() : trim(head.substr(sp));
    if (device.empty() || device.size() > 40 || contains(kindWord, " "))
        return false;
    const auto size = leadingSize(body.substr(at + 14), false);
    if (!size)
        return false;
    MeasuredFigure f;
    if (kindWord.empty() || kindWord == "model") {
        f.kind = "model_buffer";
        f.guest = Guest::Weights;
        // A model buffer after the context of a load: the next load (llama-bench, a draft model).
        if (m_contextSeen) {
            ++run.loads;
            m_contextSeen = m_computeSeen = false;
            m_contextLines.clear();
        }
        if (!m_modelSeen && run.loads == 0)
            run.loads = 1;
        m_modelSeen = true;
    } else if (kindWord == "KV") {
        f.kind = "kv_buffer";
        f.guest = Guest::KvCache;
    } else if (kindWord == "RS") {
        f.kind = "rs_buffer"; // recurrent state (Mamba, RWKV, hybrid models): the KV guest's sibling
        f.guest = Guest::KvCache;
    } else if (kindWord == "output") {
        f.kind = "output_buffer";
        f.guest = Guest::Activation;
    } else if (kindWord == "compute") {
        f.kind = "compute_buffer";
        f.guest = Guest::Activation;
    } else {
        return false;
    }
    // A context's first compute buffer straight after its output or KV buffer lines: no pipeline
    // parallelism line between them, so the scheduler kept one copy of its inputs (a multi-GPU
    // build without peer copies, GGML_CUDA_NO_PEER_COPY, turns it off whatever the layers).
    if (f.kind == "compute_buffer" && !m_computeSeen && m_prevWasContext && !run.settings.contains("pipeline_copies"))
        run.settings["pipeline_copies"] = 1;
    m_lastWasContext = f.kind == "output_buffer" || f.kind == "kv_buffer";
    if (f.kind != "model_buffer") {
        // A context's output and cache lines come before its compute buffers: the same device's
        // line again after them opens another context on the same weights (a second run pasted
        // after the first, a server restarted with another -c), counted as the next load.
        const std::string key = std::string(device) + ' ' + f.kind;
        if (f.kind != "compute_buffer" && m_computeSeen &&
            std::find(m_contextLines.begin(), m_contextLines.end(), key) != m_contextLines.end()) {
            run.loads = std::max<std::uint32_t>(run.loads, 1) + 1;
            m_computeSeen = false;
            m_contextLines.clear();
        }
        if (m_contextLines.size() < 64)
            m_contextLines.push_back(key);
        m_contextSeen = true;
        m_computeSeen = m_computeSeen || f.kind == "compute_buffer";
    }
    if (device.size() > 6 && device.substr(device.size() - 6) == "_Split")
        run.settings["split_mode"] = "row"; // only -sm row creates CUDA0_Split, CUDA1_Split ... buffers
    run.figures.push_back(bufferFigure(std::move(f), device, *size, lineNo, run));
    return true;
}

/// llama-server with --mmproj: the multimodal projector (tools/mtmd/clip.cpp) reserves a graph of
/// its own and prints it from alloc_compute_meta ("ROCm0 compute buffer size = 704.79 MiB"). It is
/// not llama.cpp's context, and the plan sizes no projector graph: the figure is kept with no guest
/// and named in a note, so it is neither summed with the context's buffers nor dropped silently.
bool LlamaCppParser::projectorBuffer(std::string_view body, std::size_t lineNo, MeasuredRun &run)
{
    const std::size_t at = body.find(" compute buffer size =");
    const std::string_view device = trim(body.substr(0, at));
    const auto size = leadingSize(body.substr(at + 22), false);
    if (device.empty() || device.size() > 40 || contains(device, " ") || !size)
        return false;
    MeasuredFigure f;
    f.kind = "projector_compute_buffer";
    f = bufferFigure(std::move(f), device, *size, lineNo, run);
    run.figures.push_back(f);
    char mib[32];
    std::snprintf(mib, sizeof mib, "%.2f", double(f.bytes) / double(MiB));
    run.notes.push_back("the multimodal projector's compute buffer on " + f.device + " (" + mib +
                        " MiB) is not planned");
    return true;
}

/// Builds from before the ggml-backend buffers (up to January 2024) printed one VRAM figure per
/// kind instead of a line per buffer: "llm_load_tensors: VRAM used = 3820.93 MiB" (every GPU's
/// weights together), "system memory used" (the host's), "llama_kv_cache_init: VRAM kv self =
/// 1024.00 MB" (MB meaning MiB: the size / 1024 / 1024) and "VRAM scratch buffer: 156.00 MiB", the
/// compute buffer. They are read as the first GPU's (or the host's) buffers.
bool LlamaCppParser::earlyMemoryLine(std::string_view func, std::string_view body, std::size_t lineNo, MeasuredRun &run)
{
    struct Early {
        std::string_view func, prefix, kind, device;
        Guest guest;
    };
    static constexpr Early kLines[] = {
        {"llm_load_tensors", "VRAM used", "model_buffer", "CUDA0", Guest::Weights},
        {"llm_load_tensors", "system memory used", "model_buffer", "CPU", Guest::Weights},
        {"llama_kv_cache_init", "VRAM kv self", "kv_buffer", "CUDA0", Guest::KvCache},
        {"llama_new_context_with_model", "VRAM scratch buffer", "compute_buffer", "CUDA0", Guest::Activation},
    };
    for (const Early &e : kLines) {
        if (func != e.func || !startsWith(body, e.prefix))
            continue;
        std::string_view rest = body.substr(e.prefix.size());
        rest.remove_prefix(std::min(rest.find_first_not_of(" =:"), rest.size()));
        int decimals = 0;
        const auto mib = leadingNumber(rest, nullptr, &decimals);
        if (!mib || *mib < 0)
            return false;
        MeasuredFigure f;
        f.kind = std::string(e.kind);
        f.guest = e.guest;
        f.device = std::string(e.device);
        f.gpu = gpuIndexOfDevice(e.device);
        f.bytes = toCount(*mib * double(MiB));
        f.precision = toCount(double(MiB) * 0.5 * std::pow(10.0, -decimals));
        f.line = lineNo;
        if (run.loads == 0)
            run.loads = 1;
        f.load = run.loads - 1;
        run.figures.push_back(std::move(f));
        return true;
    }
    return false;
}

void LlamaCppParser::figuresFromBreakdown(MeasuredRun &run) const
{
    for (const MeasuredFigure &f : run.figures)
        if (f.kind == "model_buffer" || f.kind == "kv_buffer" || f.kind == "compute_buffer")
            return;
    // The last table printed: one row per device (a device printed twice keeps its last row).
    std::vector<std::pair<MeasuredBreakdown, std::size_t>> last;
    for (const auto &row : m_allocated) {
        auto same =
            std::find_if(last.begin(), last.end(), [&](const auto &r) { return r.first.device == row.first.device; });
        if (same != last.end())
            *same = row;
        else
            last.push_back(row);
    }
    const Size rounding{0, MiB / 2}; // the table prints whole MiB
    for (const auto &[row, line] : last)
        for (auto [kind, bytes, guest] : {std::tuple{"model_buffer", row.model, Guest::Weights},
                                          {"kv_buffer", row.context, Guest::KvCache},
                                          {"compute_buffer", row.compute, Guest::Activation}}) {
            if (bytes == 0)
                continue;
            MeasuredFigure f;
            f.kind = kind;
            f.guest = guest;
            Size size = rounding;
            size.bytes = bytes;
            run.figures.push_back(bufferFigure(std::move(f), row.device, size, line, run));
        }
    if (!last.empty())
        run.notes.push_back("only the exit memory table was kept: its model, context and compute columns are "
                            "read as the devices' buffers");
}

bool LlamaCppParser::breakdownRow(std::string_view body, MeasuredRun &run)
{
    // "| - CUDA0 (RTX 5090) | 32606 = 1057 + (29365 = 28609 + 397 + 358) + 2183 |" (GPU rows)
    // "| - Host | 30956 = 30940 + 0 + 16 |" (host and extra buffer types), MiB.
    if (contains(body, "memory breakdown"))
        return true;
    std::string_view cell = body.substr(1);
    const std::size_t bar = cell.find('|');
    if (bar == std::string_view::npos)
        return false;
    std::string_view name = trim(cell.substr(0, bar));
    if (!startsWith(name, "- "))
        return false;
    name = trim(name.substr(2));
    std::string_view values = cell.substr(bar + 1);
    std::array<double, 8> n{};
    std::size_t count = 0;
    for (std::size_t i = 0; i < values.size() && count < n.size();) {
        const char c = values[i];
        if (c >= '0' && c <= '9') {
            std::size_t used = 0;
            const auto v = leadingNumber(values.substr(i), &used);
            if (!v || used == 0)
                break;
            n[count++] = *v;
            i += used;
        } else {
            ++i;
        }
    }
    MeasuredBreakdown row;
    const std::size_t paren = name.find(" (");
    row.device = std::string(name.substr(0, paren));
    if (paren != std::string_view::npos)
        row.name = std::string(trim(name.substr(paren + 2, name.rfind(')') > paren ? name.rfind(')') - paren - 2 : 0)));
    auto mib = [](double v) { return toCount(v * double(MiB)); };
    if (count == 7) {
        row.total = mib(n[0]), row.free = mib(n[1]), row.self = mib(n[2]);
        row.model = mib(n[3]), row.context = mib(n[4]), row.compute = mib(n[5]);
        MeasuredDevice &d = run.device(row.device);
        if (d.name.empty())
            d.name = row.name;
        d.totalBytes = row.total;
        d.freeBytes = row.free;
    } else if (count == 4) {
        row.self = mib(n[0]), row.model = mib(n[1]), row.context = mib(n[2]), row.compute = mib(n[3]);
    } else {
        return false;
    }
    run.breakdown.push_back(std::move(row));
    return true;
}

bool LlamaCppParser::keyValue(std::string_view func, std::string_view body, MeasuredRun &run)
{
    const std::size_t eq = body.find('=');
    if (eq == std::string_view::npos)
        return false;
    const std::string_view key = trim(body.substr(0, eq));
    const std::string_view value = trim(body.substr(eq + 1));
    MeasuredModel &m = run.model;
    const bool meta = func == "print_info" || func == "llm_load_print_meta";
    const bool ctx =
        func == "llama_context" || func == "llama_new_context_with_model" || func == "llama_init_from_model";
    if (meta) {
        auto u32 = [&](std::uint32_t &out) {
            if (const auto v = leadingInteger(value); v && *v < (1u << 31))
                out = std::uint32_t(*v);
            return true;
        };
        if (key == "n_layer")
            return u32(m.layers);
        if (key == "n_embd")
            return u32(m.embedding);
        if (key == "n_embd_k_gqa")
            return u32(m.kvEmbedding);
        if (key == "n_vocab")
            return u32(m.vocab);
        if (key == "n_expert")
            return u32(m.experts);
        // The rest of the shape, so a model that is no preset can still be planned (reconcile.cpp).
        for (auto [name, field] : {std::pair{"n_head", &m.heads},
                                   {"n_head_kv", &m.kvHeads},
                                   {"n_embd_head_k", &m.headDim},
                                   {"n_ff", &m.ffn},
                                   {"n_ff_exp", &m.ffnExpert},
                                   {"n_expert_used", &m.expertsUsed}})
            if (key == name)
                return u32(*field);
        if (key == "n_ctx_train") {
            m.trainedContext = leadingInteger(value).value_or(0);
            return true;
        }
        if (key == "general.name") {
            m.name = std::string(value.substr(0, 200));
            return true;
        }
        if (key == "arch") {
            m.architecture = std::string(value.substr(0, 64));
            return true;
        }
        if (key == "file type" || key == "model ftype") {
            m.fileType = std::string(value.substr(0, 64));
            return true;
        }
        if (key == "file size" || key == "model size") {
            if (const auto s = leadingSize(value, false))
                m.fileBytes = s->bytes;
            return true;
        }
        if (key == "model params") {
            std::size_t used = 0;
            if (const auto v = leadingNumber(value, &used)) {
                const std::string_view unit = trim(value.substr(used));
                m.parametersBillions = unit == "M" ? *v / 1000 : unit == "T" ? *v * 1000 : unit == "K" ? *v / 1e6 : *v;
            }
            return true;
        }
        return true; // other print_info lines are model facts the planner takes from its presets
    }
    if (ctx || func == "create_memory") {
        auto count = [&](const char *setting) {
            if (const auto v = leadingInteger(value))
                run.settings[setting] = *v;
            return true;
        };
        if (key == "n_ctx")
            return count("ctx_size");
        if (key == "n_batch")
            return count("batch_size");
        if (key == "n_ubatch")
            return count("ubatch_size");
        if (key == "n_seq_max")
            return count("parallel");
        bool b = false;
        if (key == "flash_attn") {
            if (flagValue(value, b))
                run.settings["flash_attn"] = b;
            return true;
        }
        if (key == "kv_unified") {
            if (flagValue(value, b))
                run.settings["kv_unified"] = b;
            return true;
        }
        return ctx;
    }
    return false;
}

bool LlamaCppParser::benchRow(std::string_view line, MeasuredRun &run)
{
    // llama-bench's markdown table: "| model | size | params | backend | ngl | ... |".
    std::vector<std::string_view> cells;
    std::string_view rest = line.substr(1);
    while (!rest.empty() && cells.size() < 32) {
        const std::size_t bar = rest.find('|');
        if (bar == std::string_view::npos)
            break;
        cells.push_back(trim(rest.substr(0, bar)));
        rest = rest.substr(bar + 1);
    }
    if (cells.size() < 3)
        return false;
    if (cells[0] == "model" && cells[1] == "size") {
        m_benchColumns.assign(cells.begin(), cells.end());
        run.version = run.version.empty() ? std::string() : run.version;
        return true;
    }
    if (m_benchColumns.empty() || cells.size() != m_benchColumns.size() || startsWith(cells[0], "-") ||
        startsWith(cells[0], ":"))
        return !m_benchColumns.empty() && (startsWith(cells[0], "-") || startsWith(cells[0], ":"));
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const std::string &col = m_benchColumns[i];
        const std::string_view v = cells[i];
        if (col == "model" && run.model.name.empty()) {
            // "llama 8B Q4_K - Medium": architecture, size label, file type
            const std::size_t sp = v.find(' ');
            run.model.architecture = std::string(v.substr(0, sp));
            if (sp != std::string_view::npos) {
                const std::size_t sp2 = v.find(' ', sp + 1);
                if (sp2 != std::string_view::npos)
                    run.model.fileType = std::string(v.substr(sp2 + 1, 64));
            }
        } else if (col == "size") {
            if (const auto s = leadingSize(v, false))
                run.model.fileBytes = s->bytes;
        } else if (col == "params") {
            run.model.parametersBillions = leadingNumber(v).value_or(0);
        } else if (col == "ngl" && !run.settings.contains("n_gpu_layers")) {
            if (const auto n = leadingInteger(v))
                run.settings["n_gpu_layers"] = *n;
        } else if (col == "n_ubatch" && !run.settings.contains("ubatch_size")) {
            if (const auto n = leadingInteger(v))
                run.settings["ubatch_size"] = *n;
        } else if (col == "n_batch" && !run.settings.contains("batch_size")) {
            if (const auto n = leadingInteger(v))
                run.settings["batch_size"] = *n;
        } else if (col == "fa" && !run.settings.contains("flash_attn")) {
            bool b = false;
            if (flagValue(v, b))
                run.settings["flash_attn"] = b;
        } else if ((col == "type_k" || col == "type_v") && !run.settings.contains("cache_type_" + col.substr(5))) {
            run.settings["cache_type_" + col.substr(5)] = std::string(v.substr(0, 16));
        }
    }
    return true;
}

/// ggml-cuda: "Device 0: NVIDIA GeForce RTX 3070, compute capability 8.6, VMM: yes"; its HIP build:
/// "Device 1: AMD Radeon RX 9070 XT, gfx1201 (0x1201), VMM: no, Wave Size: 32, VRAM: 16304 MiB".
bool cudaDevice(std::string_view line, MeasuredRun &run)
{
    const auto idx = leadingInteger(line.substr(7));
    const std::size_t colon = line.find(": ");
    if (!idx || *idx > 64 || colon == std::string_view::npos)
        return false;
    const std::string_view rest = line.substr(colon + 2);
    MeasuredDevice &d = run.device("CUDA" + std::to_string(*idx));
    d.name = std::string(rest.substr(0, std::min<std::size_t>(rest.find(','), 120)));
    if (const auto vram = after(rest, "VRAM: "); vram && !d.totalBytes)
        if (const auto s = leadingSize(*vram, false))
            d.totalBytes = s->bytes;
    return true;
}

/// "using device CUDA0 (NVIDIA GeForce RTX 3070) (0000:01:00.0) - 7672 MiB free"
bool usingDevice(std::string_view body, MeasuredRun &run)
{
    const std::string_view rest = body.substr(13);
    const std::size_t sp = rest.find(' ');
    MeasuredDevice &d = run.device(std::string(rest.substr(0, std::min<std::size_t>(sp, 40))));
    const std::size_t open = rest.find('(');
    const std::size_t close = rest.find(')');
    if (open != std::string_view::npos && close != std::string_view::npos && close > open)
        d.name = std::string(rest.substr(open + 1, std::min<std::size_t>(close - open - 1, 120)));
    if (const std::size_t dash = rest.rfind(" - "); dash != std::string_view::npos)
        if (const auto s = leadingSize(rest.substr(dash + 3), false))
            d.freeBytes = d.freeAtLoadBytes = s->bytes;
    return true;
}

/// The layers offloaded to the GPUs and the pipeline copies.
bool offload(std::string_view body, MeasuredRun &run)
{
    if (const auto n = after(body, "offloaded "); n && contains(body, " layers to GPU")) {
        std::size_t used = 0;
        if (const auto v = leadingNumber(*n, &used); v && *v >= 0) {
            run.settings["n_gpu_layers"] = toCount(*v);
            if (used < n->size() && (*n)[used] == '/')
                run.offloadableLayers =
                    std::uint32_t(std::min<std::uint64_t>(leadingInteger(n->substr(used + 1)).value_or(0), 1u << 20));
        }
        return true;
    }
    // PR #18148 moved the output layer to the front of the offload and of these lines: printed before
    // the repeating layers it is offloaded first (-ngl counts it); after them, or not at all while
    // some are, -ngl counts repeating layers only. The first load's order decides.
    if (body == "offloading output layer to GPU") {
        if (!run.settings.contains("output_layer_first"))
            run.settings["output_layer_first"] = true;
        return true;
    }
    if (startsWith(body, "offloading ") && contains(body, " repeating layers to GPU")) {
        if (!run.settings.contains("output_layer_first"))
            run.settings["output_layer_first"] = false;
        return true;
    }
    // "Flash Attention was auto, set to enabled": what --flash-attn auto resolved to on these devices
    // (llama-context.cpp tries the kernel on each layer's device and turns it off where one lacks it).
    if (const auto v = after(body, "Flash Attention was auto, set to ")) {
        if (startsWith(*v, "enabled") || startsWith(*v, "disabled"))
            run.settings["flash_attn"] = startsWith(*v, "enabled");
        return true;
    }
    if (const auto n = after(body, "pipeline parallelism enabled (n_copies=")) {
        run.pipelineCopies = std::uint32_t(std::min<std::uint64_t>(leadingInteger(*n).value_or(0), 64));
        if (run.pipelineCopies > 0)
            run.settings["pipeline_copies"] = run.pipelineCopies;
        return true;
    }
    // "loading model tensors, this can take a while... (mmap = false)": what the loader did, over
    // the command line (mmap is off by itself where the file cannot be mapped).
    if (const auto m = after(body, "(mmap = "); m && contains(body, "loading model tensors")) {
        bool b = false;
        if (flagValue(m->substr(0, m->find(')')), b))
            run.settings["mmap"] = b;
        return true;
    }
    return false;
}

/// A device-less figure of the current load: the size `text` starts with, if it starts with one.
void addTotalFigure(std::string_view text, const char *kind, std::size_t lineNo, MeasuredRun &run)
{
    if (const auto sz = leadingSize(text, false)) {
        MeasuredFigure f;
        f.kind = kind;
        f.bytes = sz->bytes;
        f.precision = sz->precision;
        f.line = lineNo;
        f.load = run.loads > 0 ? run.loads - 1 : 0;
        run.figures.push_back(std::move(f));
    }
}

/// "f16): 23424.00 MiB, V (…": the all-device size of the K (or V) half of the cache, kept for
/// what it reveals about the cache layout (mlalayout.h), never compared as a guest.
void kvPartTotal(std::string_view afterParen, const char *kind, std::size_t lineNo, MeasuredRun &run)
{
    const std::size_t colon = afterParen.find("): ");
    if (colon != std::string_view::npos)
        addTotalFigure(afterParen.substr(colon + 3), kind, lineNo, run);
}

/// The KV cache types, and the all-device KV total (which lets the line go on to the next checks).
bool kvCache(std::string_view body, std::size_t lineNo, MeasuredRun &run)
{
    // KV types: "type_k = 'q8_0', type_v = 'q8_0'" (older) or "K (f16): ..., V (f16): ..." (all builds).
    if (const auto k = after(body, "type_k = ")) {
        // "kv_size = 256000": the cells of the cache, the context size when no n_ctx line was kept.
        if (const auto cells = after(body, "kv_size = "); cells && !run.settings.contains("ctx_size"))
            if (const auto n = leadingInteger(*cells); n && *n > 0 && *n < (std::uint64_t(1) << 40))
                run.settings["ctx_size"] = *n;
        // "kv_size = 256000, offload = 0, type_k = ...": offload 0 is -nkvo (the cache in host RAM).
        if (const auto o = after(body, "offload = "))
            if (const auto n = leadingInteger(*o); n && *n == 0)
                run.settings["no_kv_offload"] = true;
        run.settings["cache_type_k"] = quoted(*k);
        if (const auto v = after(body, "type_v = "))
            run.settings["cache_type_v"] = quoted(*v);
        return true;
    }
    // The all-device KV total: "KV self size = 64.00 MiB" (older), "llama_kv_cache: size = 96.00 MiB (768 cells ...".
    // Kept apart from the per-device buffers; reconcile uses it only when no KV buffer line was printed.
    std::optional<std::string_view> kvTotal = after(body, "KV self size  = ");
    if (!kvTotal && startsWith(body, "size = ") && contains(body, " cells"))
        kvTotal = body.substr(7);
    if (kvTotal)
        addTotalFigure(*kvTotal, "kv_total", lineNo, run);
    if (const auto k = after(body, "K (")) {
        run.settings["cache_type_k"] = std::string(k->substr(0, std::min<std::size_t>(k->find(')'), 16)));
        kvPartTotal(*k, "kv_k_total", lineNo, run);
        if (const auto v = after(body, "V (")) {
            run.settings["cache_type_v"] = std::string(v->substr(0, std::min<std::size_t>(v->find(')'), 16)));
            kvPartTotal(*v, "kv_v_total", lineNo, run);
        }
        return true;
    }
    return false;
}

/// llama-cpp-python prints the GGUF keys as a Python dict.
bool modelMetadata(std::string_view body, MeasuredRun &run)
{
    auto field = [&](std::string_view key) -> std::string {
        const auto v = after(body, "'" + std::string(key) + "': ");
        return v ? quoted(*v) : std::string();
    };
    if (run.model.name.empty())
        run.model.name = field("general.name");
    run.model.architecture = field("general.architecture");
    const std::string arch = run.model.architecture;
    if (const auto n = leadingInteger(field(arch + ".block_count")); n && *n < 100000)
        run.model.layers = std::uint32_t(*n);
    if (const auto n = leadingInteger(field(arch + ".embedding_length")); n && *n < (1u << 31))
        run.model.embedding = std::uint32_t(*n);
    run.model.trainedContext = leadingInteger(field(arch + ".context_length")).value_or(0);
    if (const auto ft = leadingInteger(field("general.file_type")))
        run.model.fileType = std::string(fileTypeName(*ft));
    return true;
}

/// llama_model_loader: "- kv   2: general.name str = Llama 3.1 8B"
bool LlamaCppParser::modelLoader(std::string_view body, MeasuredRun &run)
{
    if (contains(body, "loaded meta data")) {
        if (m_contextSeen) {
            ++run.loads;
            m_contextSeen = m_computeSeen = false;
            m_contextLines.clear();
        }
        // "… and 339 tensors from /models/X-UD-Q6_K_XL.gguf (version GGUF V3 (latest))": the file's
        // name, for a log whose command line is not shown (a recipe it carries sizes the weights).
        if (const auto from = after(body, " tensors from "); from && run.model.fileName.empty()) {
            std::string_view p = *from;
            if (const std::size_t v = p.rfind(" (version"); v != std::string_view::npos)
                p = p.substr(0, v);
            if (const std::size_t slash = p.find_last_of("/\\"); slash != std::string_view::npos)
                p = p.substr(slash + 1);
            run.model.fileName = std::string(trim(p).substr(0, 200));
        }
        return true;
    }
    for (std::string_view key : {"general.name ", "general.architecture "}) {
        if (const auto v = after(body, key); v && contains(*v, "= ")) {
            const std::string value = std::string(trim(v->substr(v->find("= ") + 2)).substr(0, 200));
            (key == "general.name " ? run.model.name : run.model.architecture) = value;
            return true;
        }
    }
    return contains(body, "- type ") || contains(body, "- kv ");
}

/// Command lines echoed by a wrapper or typed by the user, and the build line.
bool LlamaCppParser::commandOrBuild(std::string_view line, MeasuredRun &run)
{
    // A shell command continued over several lines ("llama-server \" then "  -ot exps=CPU \"):
    // the lines are joined and the whole command read again at each one.
    auto continued = [](std::string_view l) {
        l = trim(l);
        return !l.empty() && l.back() == '\\';
    };
    auto withoutBackslash = [&](std::string_view l) {
        l = trim(l);
        return continued(l) ? l.substr(0, l.size() - 1) : l;
    };
    if (m_continuing) {
        m_command += " " + std::string(withoutBackslash(line).substr(0, 4096));
        m_continuing = continued(line) && m_command.size() < 65536;
        readCommand(run);
        return true;
    }
    if (const std::size_t at = toolCommandAt(line, continued(line)); at != std::string_view::npos) {
        m_command = std::string(withoutBackslash(line.substr(at)).substr(0, 4096));
        m_continuing = continued(line);
        readCommand(run);
        return true;
    }
    // "build: 4589 (…)", or older tools' "main: build = 4629 (b34aedd55)".
    if (startsWith(line, "build: ") || startsWith(line, "main: build = ")) {
        const std::string_view v = trim(line.substr(startsWith(line, "build: ") ? 7 : 14));
        run.version = "b" + std::string(v.substr(0, std::min<std::size_t>(v.find(" with"), 40)));
        return true;
    }
    // Builds of 2026 print "build_info: b9106-dd9280a66" (the tag, then the commit).
    if (const auto v = after(line, "build_info: b"); v && startsWith(line, "build_info: ")) {
        const std::string_view tag = v->substr(0, std::min<std::size_t>(v->find_first_of("- "), 12));
        if (!tag.empty() && std::all_of(tag.begin(), tag.end(), [](unsigned char c) { return std::isdigit(c); }))
            run.version = "b" + std::string(tag);
        return true;
    }
    return false;
}

/// A line's function name that later builds renamed dates a log printing no build: it is older
/// than the rename (the earliest such bound wins).
void LlamaCppParser::noteWording(std::string_view func, MeasuredRun &run)
{
    std::string_view until;
    if (func == "llm_load_print_meta" || func == "llm_load_tensors" || func == "llama_new_context_with_model")
        until = llamacpp::kLlmLoadWordingUntil;
    else if (startsWith(func, "llama_kv_cache_unified"))
        until = llamacpp::kUnifiedKvWordingUntil;
    else if (func == "llama_init_from_model" || func == "llama_kv_cache_init")
        until = llamacpp::kInitFromModelWordingUntil;
    if (!until.empty())
        noteWordedBefore(until, run);
}

void LlamaCppParser::noteWordedBefore(std::string_view until, MeasuredRun &run)
{
    const auto bound = parseBuildRelease(until);
    const auto held = run.wordedBefore.empty() ? std::nullopt : parseBuildRelease(run.wordedBefore);
    if (!held || (bound && *bound < *held))
        run.wordedBefore = std::string(until);
}

bool LlamaCppParser::parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    m_prevWasContext = std::exchange(m_lastWasContext, false);
    if (commandOrBuild(line, run))
        return true;
    if (startsWith(line, "|"))
        return benchRow(line, run);
    if (startsWith(line, "Device ") && (contains(line, "compute capability") || contains(line, ", gfx")))
        return cudaDevice(line, run);
    const std::size_t colon = line.find(": ");
    if (colon == std::string_view::npos || colon > 60)
        return false;
    const std::string_view func = line.substr(0, colon);
    if (contains(func, " "))
        return false;
    const std::string_view body = trim(line.substr(colon + 2));
    noteWording(func, run);
    // "CUDA_Host input buffer size   =": the graph inputs' own buffer of builds before PR #6017.
    if (func == "llama_new_context_with_model" && contains(body, " input buffer size"))
        noteWordedBefore(llamacpp::kPipelineParallelSince, run);

    if (func == "print_info" || func == "llm_load_print_meta")
        return keyValue(func, body, run);
    if (contains(func, "memory_breakdown_print") && startsWith(body, "|")) {
        const std::size_t rows = run.breakdown.size();
        const bool read = breakdownRow(body, run);
        // common_memory_breakdown_print is --fit's projection; llama_memory_breakdown_print the exit table.
        if (read && run.breakdown.size() > rows && func == "llama_memory_breakdown_print")
            m_allocated.emplace_back(run.breakdown.back(), lineNo);
        return read;
    }
    if (func == "alloc_compute_meta" && contains(body, " compute buffer size ="))
        return projectorBuffer(body, lineNo, run);
    // Verbose logs name every graph the scheduler reserves: "reserving a graph for ubatch with
    // n_tokens =  512, n_seqs =  1, n_outputs =  512". The most output rows it reserves are the
    // logits the compute buffer holds, whichever program or build decided them.
    if (func == "graph_reserve") {
        if (const auto n = after(body, "n_outputs ="))
            if (const auto rows = leadingInteger(trim(*n)); rows && *rows < (1u << 20))
                m_reservedOutputs = std::max<std::uint64_t>(m_reservedOutputs, *rows);
        return true;
    }
    if (contains(body, " buffer size =") && !contains(body, "size of"))
        return buffer(body, lineNo, run);
    if (startsWith(body, "using device "))
        return usingDevice(body, run);
    if (earlyMemoryLine(func, body, lineNo, run))
        return true;
    if (offload(body, run) || kvCache(body, lineNo, run))
        return true;
    if (func == "llama_model_loader")
        return modelLoader(body, run);
    if (func == "Model metadata")
        return modelMetadata(body, run);
    return keyValue(func, body, run);
}

} // namespace

void readLlamaCppArgs(std::string_view commandLine, nlohmann::json &settings, MeasuredModel *model,
                      std::vector<std::string> *unmodelled)
{
    std::vector<std::string_view> tok;
    std::size_t i = 0;
    while (i < commandLine.size() && tok.size() < 256) {
        while (i < commandLine.size() && (commandLine[i] == ' ' || commandLine[i] == '\t'))
            ++i;
        std::size_t j = i;
        while (j < commandLine.size() && commandLine[j] != ' ' && commandLine[j] != '\t')
            ++j;
        if (j > i)
            tok.push_back(commandLine.substr(i, j - i));
        i = j;
    }
    auto next = [&](std::size_t k) { return k + 1 < tok.size() ? tok[k + 1] : std::string_view(); };
    auto unquote = [](std::string_view v) {
        if (v.size() >= 2 && (v.front() == '\'' || v.front() == '"') && v.back() == v.front())
            return v.substr(1, v.size() - 2);
        return v;
    };
    nlohmann::json overrides = nlohmann::json::array(); // -ot, in the order given (the first match wins)
    auto number = [&](std::size_t k, const char *key) {
        if (const auto v = leadingInteger(next(k)))
            settings[key] = *v;
    };
    for (std::size_t k = 0; k < tok.size(); ++k) {
        const std::string_view t = tok[k];
        if (t == "-c" || t == "--ctx-size")
            number(k, "ctx_size"); // 0: the model's trained context, as a scenario's ctx_size 0
        else if (t == "-b" || t == "--batch-size")
            number(k, "batch_size");
        else if (t == "-ub" || t == "--ubatch-size")
            number(k, "ubatch_size");
        else if (t == "-sm" || t == "--split-mode")
            settings["split_mode"] = std::string(next(k).substr(0, 16));
        else if (t == "-ngl" || t == "--n-gpu-layers" || t == "--gpu-layers")
            number(k, "n_gpu_layers");
        else if (t == "-np" || t == "--parallel")
            number(k, "parallel");
        else if (t == "--n-cpu-moe" || t == "-ncmoe")
            number(k, "n_cpu_moe");
        else if (t == "--cpu-moe" || t == "-cmoe")
            settings["n_cpu_moe"] = 100000; // every layer's experts (the setting's "all")
        else if ((t == "-ot" || t == "--override-tensor") && !next(k).empty() && overrides.size() < 64)
            overrides.push_back(std::string(unquote(next(k)).substr(0, 1024)));
        else if (t == "-nkvo" || t == "--no-kv-offload")
            settings["no_kv_offload"] = true;
        else if (t == "--no-mmap" || t == "--mmap")
            settings["mmap"] = t == "--mmap";
        else if (t == "--swa-full")
            settings["swa_full"] = true;
        else if (t == "-kvu" || t == "--kv-unified" || t == "-no-kvu" || t == "--no-kv-unified")
            settings["kv_unified"] = t == "-kvu" || t == "--kv-unified";
        else if (t == "-cram" || t == "--cache-ram") {
            if (const auto v = leadingNumber(next(k)); v && *v >= -1 && *v <= 1e9) // MiB; -1 no limit, 0 off
                settings["cache_ram"] = std::int64_t(*v);
        } else if (t == "-ctxcp" || t == "--ctx-checkpoints" || t == "--swa-checkpoints")
            number(k, "ctx_checkpoints");
        else if (unmodelled && unmodelled->size() < 16 &&
                 (t == "-md" || t == "--model-draft" || t == "-hfd" || t == "-hfrd" || t == "--hf-repo-draft" ||
                  t == "--lora" || t == "--lora-scaled" || t == "--no-op-offload")) {
            // A draft model's weights and cache, LoRA adapters beside the weights, and prompts
            // whose host-held weights stay on the CPU instead of being copied to the GPU.
            const std::string spelled = t == "-md"                    ? "--model-draft"
                                        : t == "-hfd" || t == "-hfrd" ? "--hf-repo-draft"
                                        : t == "--lora-scaled"        ? "--lora"
                                                                      : std::string(t);
            if (std::find(unmodelled->begin(), unmodelled->end(), spelled) == unmodelled->end())
                unmodelled->push_back(spelled);
        } else if (t == "-t" || t == "--threads")
            number(k, "threads");
        else if (t == "-ts" || t == "--tensor-split") {
            nlohmann::json split = nlohmann::json::array();
            std::string_view v = next(k);
            while (!v.empty() && split.size() < 16) {
                split.push_back(leadingNumber(v).value_or(0));
                const std::size_t comma = v.find_first_of(",/");
                v = comma == std::string_view::npos ? std::string_view() : v.substr(comma + 1);
            }
            settings["tensor_split"] = split;
        } else if (t == "-ctk" || t == "--cache-type-k")
            settings["cache_type_k"] = std::string(next(k).substr(0, 16));
        else if (t == "-ctv" || t == "--cache-type-v")
            settings["cache_type_v"] = std::string(next(k).substr(0, 16));
        else if (t == "-fa" || t == "--flash-attn") {
            bool b = true;
            if (flagValue(next(k), b) || next(k).empty() || startsWith(next(k), "-"))
                settings["flash_attn"] = b;
        } else if ((t == "-m" || t == "--model") && model && model->fileName.empty()) {
            std::string_view p = next(k);
            while (!p.empty() && (p.back() == '\'' || p.back() == '"')) // a quoted path: -m '/models/x.gguf'
                p.remove_suffix(1);
            const std::size_t slash = p.find_last_of("/\\");
            if (slash != std::string_view::npos)
                p = p.substr(slash + 1);
            while (!p.empty() && (p.front() == '\'' || p.front() == '"'))
                p.remove_prefix(1);
            model->fileName = std::string(p.substr(0, 200));
            if (model->name.empty())
                model->name = model->fileName;
        }
    }
    if (!overrides.empty())
        settings["override_tensor"] = overrides;
}

std::string llamaFileTypeFormat(std::string_view ft)
{
    ft = trim(ft);
    if (const auto n = leadingInteger(ft); n && !ft.empty() && ft.front() >= '0' && ft.front() <= '9' &&
                                           ft.find_first_not_of("0123456789") == std::string_view::npos)
        ft = fileTypeName(*n);
    static const std::array<std::pair<std::string_view, std::string_view>, 19> map{{
        {"Q4_K - Medium", "q4_k_m"},
        {"Q4_K - Small", "q4_k_s"},
        {"Q5_K - Medium", "q5_k_m"},
        {"Q5_K - Small", "q5_k_s"},
        {"Q3_K - Medium", "q3_k_m"},
        {"Q3_K - Small", "q3_k_s"},
        {"Q3_K - Large", "q3_k_l"},
        {"Q2_K - Medium", "q2_k_mix"}, // LLAMA_FTYPE_MOSTLY_Q2_K, a mix (not the uniform q2_k)
        {"Q6_K", "q6_k"},
        {"Q8_0", "q8_0"},
        {"Q4_0", "q4_0"},
        {"Q4_1", "q4_1"},
        {"Q5_0", "q5_0"},
        {"Q5_1", "q5_1"},
        {"F16", "f16"},
        {"BF16", "bf16"},
        {"F32", "f32"},
        {"all F32", "f32"},
        {"MXFP4 MoE", "q8_0"},
    }};
    for (const auto &[text, id] : map)
        if (ft == text)
            return std::string(id);
    // llama_model_ftype_name's other names lead with the type or mix ("IQ3_XS - 3.3 bpw",
    // "IQ4_XS - 4.25 bpw"); IQ3_M prints as "IQ3_S mix - 3.66 bpw" and Q2_K_S as "Q2_K - Small".
    if (ft.rfind("IQ3_S mix", 0) == 0)
        return "iq3_m";
    if (ft == "Q2_K - Small")
        return "q2_k_s";
    const std::string lead = normalizeQuantName(ft.substr(0, ft.find(' ')));
    if (findQuantFormat(lead) || (findGgufRecipe(lead) && findGgufRecipe(lead)->known))
        return lead;
    return {};
}

std::unique_ptr<RuntimeLogParser> makeLlamaCppLogParser()
{
    return std::make_unique<LlamaCppParser>();
}

/// llama.cpp prints its build first ("build: 4589 (…)"; older tools "main: build = …"); a script
/// that runs several of its programs shows each command line before it (llama.cpp's CI: "+
/// ./bin/llama-perplexity --model … -c 128").
bool runtimes::LlamaCppModel::logStartsRun(std::string_view line) const
{
    return logtext::startsWith(line, "build: ") || logtext::startsWith(line, "main: build = ") ||
           toolCommandAt(line, false) != std::string_view::npos;
}

} // namespace memplan
