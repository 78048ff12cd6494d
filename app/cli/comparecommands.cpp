#include "comparecommands.h"
#include "clitext.h"
#include "compare/advicetext.h"
#include "compare/comparetext.h"

#include "error.h"
#include "estimator.h"
#include "formats/comparejson.h"
#include "runtimes/registry.h"
#include "training/trainingadvice.h"
#include "units.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <ostream>

namespace memplan::cli {

namespace {

/// Options shared by the buyer's commands.
struct Options {
    std::string file;
    std::string hardware;
    std::string runtime;
    std::uint64_t context = 0;
    bool table = false;
};

/// "32768", "32k", "128K", "1M" (k = 1,024 tokens as runtimes count context sizes).
std::uint64_t parseContext(const std::string &text)
{
    std::uint64_t n = 0;
    const char *end = text.data() + text.size();
    const auto [p, ec] = std::from_chars(text.data(), end, n);
    std::uint64_t scale = 1;
    if (p + 1 == end && (*p == 'k' || *p == 'K'))
        scale = 1024;
    else if (p + 1 == end && (*p == 'm' || *p == 'M'))
        scale = 1024 * 1024;
    else if (p != end)
        n = 0;
    if (ec != std::errc() || n == 0 || n > 100'000'000 / scale)
        throw InputError(
            "--context",
            say(QT_TRANSLATE_NOOP("CliText", "'%1' is not a token count from 1 to 100,000,000 (32k, 128K, 1M allowed)"),
                {text}));
    return n * scale;
}

Options parseOptions(const std::vector<std::string> &args, std::size_t first, const char *usageLine)
{
    Options o;
    for (std::size_t i = first; i < args.size(); ++i) {
        const std::string &a = args[i];
        auto value = [&]() -> const std::string & {
            if (i + 1 >= args.size())
                throw InputError(a, say(QT_TRANSLATE_NOOP("CliText", "needs a value; usage: %1"), {usageLine}));
            return args[++i];
        };
        if (a == "--table")
            o.table = true;
        else if (a == "--json")
            o.table = false;
        else if (a == "--hardware")
            o.hardware = value();
        else if (a == "--runtime")
            o.runtime = value();
        else if (a == "--context")
            o.context = parseContext(value());
        else if (a == "--pdf") // memplan-cli hands compare --pdf to memplan-report before this parser
            throw InputError(a, say(QT_TRANSLATE_NOOP("CliText", "needs memplan-report, built with the planner "
                                                                 "window; without it use --json or --table")));
        else if (o.file.empty() && (a == "-" || a.rfind("--", 0) != 0))
            o.file = a;
        else
            throw InputError(a, say(QT_TRANSLATE_NOOP("CliText", "is not understood here; usage: %1"), {usageLine}));
    }
    return o;
}

std::string badgeText(FitBadge b)
{
    if (cliKorean())
        return memplan::ui::CompareText::badge(b).toStdString();
    switch (b) {
    case FitBadge::Fits:
        return "fits";
    case FitBadge::FitsWithOffload:
        return "offload";
    case FitBadge::DoesNotFit:
        return "no";
    }
    return "no";
}

std::string countOrDash(const std::optional<std::uint64_t> &v)
{
    return v ? formatCount(*v) : std::string("-");
}

/// The text cut or padded to `width` characters (code points, so "2× RTX 3090" lines up).
std::string column(const std::string &text, std::size_t width)
{
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size() && chars < width; ++chars) {
        std::size_t len = 1;
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0xf0)
            len = 4;
        else if (c >= 0xe0)
            len = 3;
        else if (c >= 0xc0)
            len = 2;
        out.append(text, i, len);
        i += len;
    }
    out.append(width - chars, ' ');
    return out;
}

void printCandidates(const std::vector<CandidateResult> &results, std::ostream &out)
{
    char buf[512];
    out << padTo(say(QT_TRANSLATE_NOOP("CliText", "machine")), 40) << " "
        << padTo(say(QT_TRANSLATE_NOOP("CliText", "fits")), 8);
    out << " " << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "capacity")), 12) << " "
        << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "headroom")), 12) << " "
        << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "max context")), 12) << " "
        << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "max seqs")), 10) << " "
        << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "layers")), 8) << "\n";
    for (const CandidateResult &c : results) {
        if (!c.error.empty()) {
            out << c.candidate.hardware << ": " << c.error << "\n";
            continue;
        }
        const std::string layers = std::to_string(c.gpuLayers) + "/" + std::to_string(c.totalLayers);
        std::snprintf(buf, sizeof buf, "%s %s %12s %12s %12s %10s %8s\n", column(c.name, 40).c_str(),
                      padTo(badgeText(c.badge), 8).c_str(),
                      c.deviceCapacityBytes ? formatGiB(c.deviceCapacityBytes).c_str() : "-",
                      formatGiB(c.headroomBytes).c_str(), countOrDash(c.maxContext).c_str(),
                      countOrDash(c.maxConcurrency).c_str(), layers.c_str());
        out << buf;
    }
    out << say(QT_TRANSLATE_NOOP("CliText",
                                 "capacity and headroom in GiB (2^30 bytes); layers = decoder layers on the GPU side"))
        << "\n";
}

/// A training change in the window's words (ui/widgets/trainingsuggestions.cpp: the same
/// sources, so one translation serves both); the core's English when not Korean.
std::string trainingAdviceWords(const TrainingAdvice &a)
{
    if (!cliKorean())
        return trainingAdviceText(a);
    const QString n = QString::fromStdString(formatCount(a.value));
    const QString option = QString::fromStdString(a.option);
    QString t;
    switch (a.kind) {
    case TrainingAdviceKind::GrowMicroBatch:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner", "The micro-batch can grow to %1 sequences")
                .arg(n);
        break;
    case TrainingAdviceKind::GrowSequence:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner", "Training sequences can grow to %1 tokens")
                .arg(n);
        break;
    case TrainingAdviceKind::FullCheckpointing:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner",
                                        "Recompute every layer in the backward pass (full checkpointing)");
        break;
    case TrainingAdviceKind::Optimizer8bit:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner", "Keep the optimizer states in 8 bits (%1)")
                .arg(option);
        break;
    case TrainingAdviceKind::ShardingStage:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner",
                                        "Shard the model states over the GPUs (%1, ZeRO stage %2)")
                .arg(option)
                .arg(a.value);
        break;
    case TrainingAdviceKind::OffloadOptimizer:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner",
                                        "Offload the optimizer states to host RAM (%1 with CPU offload)")
                .arg(option);
        break;
    case TrainingAdviceKind::SmallerMicroBatch:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner",
                                        "Micro-batch %1 with %2 accumulation steps (same sequences per step)")
                .arg(n, QString::fromStdString(formatCount(a.total)));
        break;
    case TrainingAdviceKind::UseLora:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner", "Train LoRA adapters instead of every weight");
        break;
    case TrainingAdviceKind::UseQlora:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner", "Keep the frozen base in 4-bit NF4 (QLoRA)");
        break;
    case TrainingAdviceKind::ShorterSequence:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner", "Shorten training sequences to %1 tokens").arg(n);
        break;
    case TrainingAdviceKind::ChunkedLoss:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner",
                                        "Compute the loss in chunks (chunked cross-entropy)");
        break;
    case TrainingAdviceKind::Compile:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner", "Compile the model and loss (torch.compile)");
        break;
    case TrainingAdviceKind::OptimizerInBackward:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner",
                                        "Apply each gradient inside the backward pass (optimizer in backward)");
        break;
    case TrainingAdviceKind::ActivationOffload:
        t = QCoreApplication::translate("memplan::ui::VerdictBanner", "Offload saved activations to host RAM");
        break;
    }
    return t.isEmpty() ? trainingAdviceText(a) : t.toStdString();
}

/// What a training change costs (core/training/trainingadvice.cpp's trainingAdviceCost).
std::string trainingCostWords(const TrainingAdvice &a)
{
    static constexpr PatternText kCosts[] = {
        {"^none: the memory is already free$", QT_TRANSLATE_NOOP("CliText", "none: the memory is already free")},
        {"^time: every layer's forward pass runs twice \\(about a third more compute\\)$",
         QT_TRANSLATE_NOOP("CliText", "time: every layer's forward pass runs twice (about a third more compute)")},
        {"^little: blockwise 8-bit moments track fp32 AdamW closely$",
         QT_TRANSLATE_NOOP("CliText", "little: blockwise 8-bit moments track fp32 AdamW closely")},
        {"^communication: more gathers and reduce-scatters per step$",
         QT_TRANSLATE_NOOP("CliText", "communication: more gathers and reduce-scatters per step")},
        {"^speed: the optimizer step runs on the CPU over PCIe$",
         QT_TRANSLATE_NOOP("CliText", "speed: the optimizer step runs on the CPU over PCIe")},
        {"^speed: more, smaller steps for the same batch$",
         QT_TRANSLATE_NOOP("CliText", "speed: more, smaller steps for the same batch")},
        {"^method: only low-rank adapters train$",
         QT_TRANSLATE_NOOP("CliText", "method: only low-rank adapters train")},
        {"^method: a 4-bit base, dequantized in every step$",
         QT_TRANSLATE_NOOP("CliText", "method: a 4-bit base, dequantized in every step")},
        {"^workload: longer examples are cut or split$",
         QT_TRANSLATE_NOOP("CliText", "workload: longer examples are cut or split")},
        {"^little: the output projection runs in eight pieces$",
         QT_TRANSLATE_NOOP("CliText", "little: the output projection runs in eight pieces")},
        {"^time: a compile pass before the first step; steps usually run faster$",
         QT_TRANSLATE_NOOP("CliText", "time: a compile pass before the first step; steps usually run faster")},
        {"^limits: no gradient accumulation and no clipping of the whole gradient$",
         QT_TRANSLATE_NOOP("CliText", "limits: no gradient accumulation and no clipping of the whole gradient")},
        {"^speed: saved activations cross PCIe twice per step$",
         QT_TRANSLATE_NOOP("CliText", "speed: saved activations cross PCIe twice per step")},
    };
    return sayMatching(trainingAdviceCost(a), kCosts);
}

/// A cluster plan's note (core/questions/clusterplan.cpp) in the command line's language.
std::string clusterNoteText(const std::string &note)
{
    static constexpr PatternText kNotes[] = {
        {"^Tensor parallelism spans nodes: every layer's all-reduce crosses the network; keep TP within a node and use "
         "PP across nodes where the memory allows\\.$",
         QT_TRANSLATE_NOOP("CliText", "Tensor parallelism spans nodes: every layer's all-reduce crosses the network; "
                                      "keep TP within a node and use PP across nodes where the memory allows.")},
        {"^TP (\\d+) exceeds the (\\d+) KV heads: each rank keeps a copy of one KV head, so the KV cache is "
         "replicated\\.$",
         QT_TRANSLATE_NOOP("CliText", "TP %1 exceeds the %2 KV heads: each rank keeps a copy of one KV head, so the KV "
                                      "cache is replicated.")},
        {"^The (\\d+) experts do not divide over (\\d+) ranks: some ranks hold one more expert\\.$",
         QT_TRANSLATE_NOOP("CliText", "The %1 experts do not divide over %2 ranks: some ranks hold one more expert.")},
        {"^Dense and MoE layers differ in size; per-layer weights are an average\\.$",
         QT_TRANSLATE_NOOP("CliText", "Dense and MoE layers differ in size; per-layer weights are an average.")},
    };
    return sayMatching(note, kNotes);
}

/// "Fits. No change to suggest." and friends, first line of advise --table.
std::string adviceHeadline(bool fits, bool none)
{
    std::string line =
        fits ? say(QT_TRANSLATE_NOOP("CliText", "Fits.")) : say(QT_TRANSLATE_NOOP("CliText", "Does not fit."));
    if (none)
        line += " " + say(QT_TRANSLATE_NOOP("CliText", "No change to suggest."));
    return line;
}

void printTrainingAdvice(const std::vector<TrainingAdvice> &advice, bool fits, std::ostream &out)
{
    out << adviceHeadline(fits, advice.empty()) << "\n";
    int n = 0;
    for (const TrainingAdvice &a : advice)
        out << ++n << ". "
            << say(QT_TRANSLATE_NOOP("CliText", "%1 — cost: %2"), {trainingAdviceWords(a), trainingCostWords(a)})
            << "\n";
}

} // namespace

int cmdAdvise(const std::vector<std::string> &args, Context &ctx)
{
    const Options o = parseOptions(args, 1, "advise FILE [--table|--json]");
    if (o.file.empty())
        throw InputError("advise",
                         say(QT_TRANSLATE_NOOP("CliText", "needs a scenario file (or - for standard input)")));
    const Scenario s = loadScenario(o.file, ctx);
    const ResolvedScenario r = resolveScenario(s, ctx.catalog);
    noteCalibration(r.runtime, ctx);
    const Estimate e = estimate(r);
    if (s.workload.mode == WorkloadMode::Training) { // issue 15: no context or KV advice for training
        const std::vector<TrainingAdvice> advice = adviseTraining(s, r, e, ctx.catalog);
        if (!o.table)
            ctx.out << trainingAdviceToJson(advice, e.fits).dump(2) << "\n";
        else
            printTrainingAdvice(advice, e.fits, ctx.out);
        return kExitOk;
    }
    const std::vector<Advice> advice = advise(s, r, e, ctx.catalog);
    if (!o.table) {
        ctx.out << adviceToJson(advice, e.fits).dump(2) << "\n";
        return kExitOk;
    }
    ctx.out << adviceHeadline(e.fits, advice.empty()) << "\n";
    int n = 0;
    for (const Advice &a : advice) {
        if (cliKorean()) { // the window's wording of the same advice (ui/compare/advicetext.cpp)
            // What Ollama will do is not a change that could be "not enough": it may simply not fit.
            const char *shortfall = a.kind == AdviceKind::OllamaLayers
                                        ? QT_TRANSLATE_NOOP("CliText", "(the planner expects it not to fit)")
                                        : QT_TRANSLATE_NOOP("CliText", "(not enough alone)");
            const std::string line =
                memplan::ui::AdviceText::line(a).toStdString() + (a.fits ? "" : " " + say(shortfall));
            ctx.out << ++n << ". "
                    << say(QT_TRANSLATE_NOOP("CliText", "%1 — cost: %2"),
                           {line, memplan::ui::AdviceText::cost(a).toStdString()})
                    << "\n";
            continue;
        }
        const char *shortfall =
            a.kind == AdviceKind::OllamaLayers ? " (the planner expects it not to fit)" : " (not enough alone)";
        ctx.out << ++n << ". " << adviceText(a) << (a.fits ? "" : shortfall) << " — cost: " << adviceCost(a) << "\n";
    }
    return kExitOk;
}

namespace {

/// Takes `--min-tokens-per-s N` out of compare's arguments (the other options are shared).
RecommendOptions takeSpeedFloor(std::vector<std::string> &args)
{
    RecommendOptions options;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] != "--min-tokens-per-s")
            continue;
        const std::string value = i + 1 < args.size() ? args[i + 1] : std::string();
        char *end = nullptr;
        const double v = std::strtod(value.c_str(), &end);
        if (value.empty() || end == value.c_str() || *end || !(v > 0) || v > 1e9)
            throw InputError("--min-tokens-per-s",
                             say(QT_TRANSLATE_NOOP("CliText", "needs a positive number, got '%1'"), {value}));
        options.minDecodePerSequence = v;
        args.erase(args.begin() + std::ptrdiff_t(i), args.begin() + std::ptrdiff_t(i + 2));
        break;
    }
    return options;
}

} // namespace

int cmdCompare(const std::vector<std::string> &argsIn, Context &ctx)
{
    const char *usageLine =
        "compare FILE --hardware ID[:COUNT][,ID[:COUNT]...] [--min-tokens-per-s N] [--table|--json]";
    std::vector<std::string> args = argsIn;
    const RecommendOptions floor = takeSpeedFloor(args);
    const Options o = parseOptions(args, 1, usageLine);
    if (o.file.empty() || o.hardware.empty())
        throw InputError("compare", say(QT_TRANSLATE_NOOP("CliText", "needs a scenario file and --hardware; usage: %1"),
                                        {usageLine}));
    const Scenario s = loadScenario(o.file, ctx);
    const std::vector<CandidateResult> results = compareCandidates(s, parseCandidates(o.hardware), ctx.catalog);
    // Prices are never guessed: the command line has none, so the recommendation ranks by speed.
    std::vector<CandidateFigures> figures;
    for (const CandidateResult &c : results)
        figures.push_back(candidateFigures(c, {}));
    const Recommendation rec = recommend(results, figures, floor);
    if (o.table) {
        if (cliKorean()) { // the compare view's wording (ui/compare/comparetext.cpp)
            ctx.out << memplan::ui::CompareText::recommendation(rec, results).toStdString() << "\n";
            for (const RecommendReason &r : rec.reasons)
                ctx.out << "  - " << memplan::ui::CompareText::reason(r, UnitSystem::Binary).toStdString() << "\n";
        } else {
            ctx.out << recommendationLine(rec, results) << "\n";
            for (const RecommendReason &r : rec.reasons)
                ctx.out << "  - " << reasonText(r) << "\n";
        }
        printCandidates(results, ctx.out);
        return kExitOk;
    }
    nlohmann::json doc = candidatesToJson(results, s);
    doc["recommendation"] = recommendationToJson(rec, results, floor);
    for (std::size_t i = 0; i < results.size(); ++i)
        doc["candidates"][i]["figures"] = figuresToJson(figures[i]);
    ctx.out << doc.dump(2) << "\n";
    return kExitOk;
}

int cmdCluster(const std::vector<std::string> &args, Context &ctx)
{
    const std::string usageLine = "cluster FILE --nodes N --gpus-per-node G --tp T [--pp P] [--dp D] [--ep] "
                                  "[--engine " +
                                  clusterRuntimeIds("|") + "] [--head ADDRESS] [--table|--json]";
    std::string file;
    bool table = false;
    ParallelLayout l;
    const auto number = [&](std::size_t &i) -> std::uint32_t {
        if (i + 1 >= args.size())
            throw InputError(args[i], say(QT_TRANSLATE_NOOP("CliText", "needs a value; usage: %1"), {usageLine}));
        const std::string &v = args[++i];
        unsigned n = 0;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec != std::errc() || p != v.data() + v.size() || n < 1 || n > 4096)
            throw InputError(args[i - 1],
                             say(QT_TRANSLATE_NOOP("CliText", "'%1' is not a whole number from 1 to 4,096"), {v}));
        return n;
    };
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--nodes")
            l.nodes = number(i);
        else if (a == "--gpus-per-node")
            l.gpusPerNode = number(i);
        else if (a == "--tp")
            l.tensorParallel = number(i);
        else if (a == "--pp")
            l.pipelineParallel = number(i);
        else if (a == "--dp")
            l.dataParallel = number(i);
        else if (a == "--ep")
            l.expertParallel = true;
        else if (a == "--table")
            table = true;
        else if (a == "--json")
            table = false;
        else if ((a == "--engine" || a == "--head") && i + 1 < args.size()) {
            const std::string &v = args[++i];
            if (a == "--head")
                l.headAddress = v;
            else if (const RuntimeModel *m = runtimeForCluster(v))
                l.engine = m->engine();
            else
                throw InputError("--engine",
                                 say(QT_TRANSLATE_NOOP("CliText", "'%1' is not one of the multi-node runtimes (%2)"),
                                     {v, clusterRuntimeIds(", ")}));
        } else if (file.empty() && (a == "-" || a.rfind("--", 0) != 0))
            file = a;
        else
            throw InputError(a, say(QT_TRANSLATE_NOOP("CliText", "is not understood here; usage: %1"), {usageLine}));
    }
    if (file.empty())
        throw InputError("cluster",
                         say(QT_TRANSLATE_NOOP("CliText", "needs a scenario file (or - for standard input); usage: %1"),
                             {usageLine}));
    const Scenario s = loadScenario(file, ctx);
    const ResolvedScenario resolved = resolveScenario(s, ctx.catalog);
    noteCalibration(resolved.runtime, ctx);
    const ClusterPlan plan = planCluster(resolved, l);
    if (!table) {
        ctx.out << clusterToJson(plan, s).dump(2) << "\n";
        return kExitOk;
    }
    const std::string shape =
        say(QT_TRANSLATE_NOOP("CliText", "%1 nodes × %2 GPUs, TP %3 × PP %4 × DP %5"),
            {std::to_string(l.nodes), std::to_string(l.gpusPerNode), std::to_string(l.tensorParallel),
             std::to_string(l.pipelineParallel), std::to_string(l.dataParallel)}) +
        (l.expertParallel ? say(QT_TRANSLATE_NOOP("CliText", ", expert parallel")) : std::string());
    ctx.out << (plan.fits ? say(QT_TRANSLATE_NOOP("CliText", "Fits: %1"), {shape})
                          : say(QT_TRANSLATE_NOOP("CliText", "Does not fit: %1"), {shape}))
            << "\n";
    char buf[512];
    ctx.out << padTo(say(QT_TRANSLATE_NOOP("CliText", "stage")), 6) << " "
            << padTo(say(QT_TRANSLATE_NOOP("CliText", "layers")), 9);
    ctx.out << " " << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "experts")), 8) << " "
            << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "dense")), 12) << " "
            << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "experts")), 12) << " "
            << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "embeddings")), 12) << " "
            << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "KV cache")), 12) << " "
            << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "per rank")), 12) << " "
            << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "usable")), 12) << "\n";
    for (const StageMemory &m : plan.stages) {
        const std::string layers = std::to_string(m.firstLayer) + "-" + std::to_string(m.firstLayer + m.layers - 1);
        std::snprintf(buf, sizeof buf, "%-6u %-9s %8u %12s %12s %12s %12s %12s %12s%s\n", m.stage, layers.c_str(),
                      m.expertsPerRank, formatGiB(m.denseWeights).c_str(), formatGiB(m.expertWeights).c_str(),
                      formatGiB(m.embeddings).c_str(), formatGiB(m.kvCache).c_str(), formatGiB(m.total).c_str(),
                      formatGiB(m.usable).c_str(),
                      m.fits ? "" : ("  " + say(QT_TRANSLATE_NOOP("CliText", "over"))).c_str());
        ctx.out << buf;
    }
    ctx.out << say(QT_TRANSLATE_NOOP("CliText", "bytes in GiB (2^30) per GPU; weights and KV only (activation and "
                                                "CUDA graphs come on top)"))
            << "\n";
    for (const std::string &n : plan.notes)
        ctx.out << say(QT_TRANSLATE_NOOP("CliText", "note: %1"), {clusterNoteText(n)}) << "\n";
    for (const NodeCommand &c : plan.commands)
        for (const std::string &line : c.lines)
            ctx.out << say(QT_TRANSLATE_NOOP("CliText", "node %1: %2"), {std::to_string(c.node), line}) << "\n";
    return kExitOk;
}

int cmdFit(const std::vector<std::string> &args, Context &ctx)
{
    const char *usageLine = "fit machines FILE | fit models --hardware ID[:COUNT] [--runtime ID] [--context N] "
                            "[FILE] [--table|--json]";
    if (args.size() < 2)
        throw InputError("fit",
                         say(QT_TRANSLATE_NOOP("CliText", "needs 'machines' or 'models'; usage: %1"), {usageLine}));
    const Options o = parseOptions(args, 2, usageLine);
    if (args[1] == "machines") {
        if (o.file.empty())
            throw InputError("fit machines",
                             say(QT_TRANSLATE_NOOP("CliText", "needs a scenario file (or - for standard input)")));
        const Scenario s = loadScenario(o.file, ctx);
        const std::vector<CandidateResult> results = fitMachines(s, ctx.catalog);
        if (o.table)
            printCandidates(results, ctx.out);
        else
            ctx.out << candidatesToJson(results, s).dump(2) << "\n";
        return kExitOk;
    }
    if (args[1] != "models")
        throw InputError("fit", say(QT_TRANSLATE_NOOP("CliText", "'%1' is not 'machines' or 'models'"), {args[1]}));
    Scenario s = o.file.empty() ? defaultScenario() : loadScenario(o.file, ctx);
    if (!o.hardware.empty()) {
        const std::vector<Candidate> c = parseCandidates(o.hardware);
        if (c.size() != 1)
            throw InputError("--hardware", say(QT_TRANSLATE_NOOP("CliText", "fit models takes one machine")));
        s.hardware = HardwareChoice{};
        s.hardware.preset = c.front().hardware;
        s.hardware.count = c.front().count;
        useThisComputerRam(s, ctx);
    } else if (o.file.empty()) {
        throw InputError(
            "fit models",
            say(QT_TRANSLATE_NOOP("CliText", "needs --hardware or a scenario file; usage: %1"), {usageLine}));
    }
    if (!o.runtime.empty()) {
        s.runtime = RuntimeChoice{};
        s.runtime.preset = o.runtime;
    }
    if (o.context)
        s.workload.contextTokens = o.context;
    const std::vector<ModelFit> fits = fitModels(s, ctx.catalog);
    if (!o.table) {
        ctx.out << modelFitsToJson(fits, s).dump(2) << "\n";
        return kExitOk;
    }
    char buf[512];
    ctx.out << padTo(say(QT_TRANSLATE_NOOP("CliText", "model")), 28) << " "
            << padTo(say(QT_TRANSLATE_NOOP("CliText", "fits")), 8) << " "
            << padTo(say(QT_TRANSLATE_NOOP("CliText", "format")), 10);
    ctx.out << " " << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "weights")), 12) << " "
            << padLeftTo(say(QT_TRANSLATE_NOOP("CliText", "max context")), 12) << "\n";
    for (const ModelFit &f : fits) {
        std::snprintf(buf, sizeof buf, "%-28s %s %-10s %12s %12s\n", f.model.c_str(),
                      padTo(badgeText(f.badge), 8).c_str(), f.format.empty() ? "-" : f.format.c_str(),
                      formatGiB(f.weightsBytes).c_str(), countOrDash(f.maxContext).c_str());
        ctx.out << buf;
    }
    ctx.out << say(QT_TRANSLATE_NOOP(
                       "CliText", "weights in GiB (2^30 bytes); max context per sequence at %1 concurrent sequence(s)"),
                   {formatCount(s.workload.concurrency)})
            << "\n";
    return kExitOk;
}

} // namespace memplan::cli
