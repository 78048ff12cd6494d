#include "comparecommands.h"

#include "comparejson.h"
#include "error.h"
#include "estimator.h"
#include "training/trainingadvice.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdio>
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
        throw InputError("--context",
                         "'" + text + "' is not a token count from 1 to 100,000,000 (32k, 128K, 1M allowed)");
    return n * scale;
}

Options parseOptions(const std::vector<std::string> &args, std::size_t first, const char *usageLine)
{
    Options o;
    for (std::size_t i = first; i < args.size(); ++i) {
        const std::string &a = args[i];
        auto value = [&]() -> const std::string & {
            if (i + 1 >= args.size())
                throw InputError(a, std::string("needs a value; usage: ") + usageLine);
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
            throw InputError(a,
                             "needs memplan-report, built with the planner window; without it use --json or --table");
        else if (o.file.empty() && (a == "-" || a.rfind("--", 0) != 0))
            o.file = a;
        else
            throw InputError(a, std::string("is not understood here; usage: ") + usageLine);
    }
    return o;
}

const char *badgeText(FitBadge b)
{
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
    std::snprintf(buf, sizeof buf, "%-40s %-8s %12s %12s %12s %10s %8s\n", "machine", "fits", "capacity", "headroom",
                  "max context", "max seqs", "layers");
    out << buf;
    for (const CandidateResult &c : results) {
        if (!c.error.empty()) {
            out << c.candidate.hardware << ": " << c.error << "\n";
            continue;
        }
        const std::string layers = std::to_string(c.gpuLayers) + "/" + std::to_string(c.totalLayers);
        std::snprintf(buf, sizeof buf, "%s %-8s %12s %12s %12s %10s %8s\n", column(c.name, 40).c_str(),
                      badgeText(c.badge), c.deviceCapacityBytes ? formatGiB(c.deviceCapacityBytes).c_str() : "-",
                      formatGiB(c.headroomBytes).c_str(), countOrDash(c.maxContext).c_str(),
                      countOrDash(c.maxConcurrency).c_str(), layers.c_str());
        out << buf;
    }
    out << "capacity and headroom in GiB (2^30 bytes); layers = decoder layers on the GPU side\n";
}

void printTrainingAdvice(const std::vector<TrainingAdvice> &advice, bool fits, std::ostream &out)
{
    out << (fits ? "Fits." : "Does not fit.") << (advice.empty() ? " No change to suggest." : "") << "\n";
    int n = 0;
    for (const TrainingAdvice &a : advice)
        out << ++n << ". " << trainingAdviceText(a) << " — cost: " << trainingAdviceCost(a) << "\n";
}

} // namespace

int cmdAdvise(const std::vector<std::string> &args, Context &ctx)
{
    const Options o = parseOptions(args, 1, "advise FILE [--table|--json]");
    if (o.file.empty())
        throw InputError("advise", "needs a scenario file (or - for standard input)");
    const Scenario s = loadScenario(o.file, ctx);
    const ResolvedScenario r = resolveScenario(s, ctx.catalog);
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
    ctx.out << (e.fits ? "Fits." : "Does not fit.") << (advice.empty() ? " No change to suggest." : "") << "\n";
    int n = 0;
    for (const Advice &a : advice)
        ctx.out << ++n << ". " << adviceText(a) << (a.fits ? "" : " (not enough alone)") << " — cost: " << adviceCost(a)
                << "\n";
    return kExitOk;
}

int cmdCompare(const std::vector<std::string> &args, Context &ctx)
{
    const char *usageLine = "compare FILE --hardware ID[:COUNT][,ID[:COUNT]...] [--table|--json]";
    const Options o = parseOptions(args, 1, usageLine);
    if (o.file.empty() || o.hardware.empty())
        throw InputError("compare", std::string("needs a scenario file and --hardware; usage: ") + usageLine);
    const Scenario s = loadScenario(o.file, ctx);
    const std::vector<CandidateResult> results = compareCandidates(s, parseCandidates(o.hardware), ctx.catalog);
    // Prices are never guessed: the command line has none, so the recommendation ranks by speed.
    std::vector<CandidateFigures> figures;
    for (const CandidateResult &c : results)
        figures.push_back(candidateFigures(c, {}));
    const Recommendation rec = recommend(results, figures);
    if (o.table) {
        ctx.out << recommendationLine(rec, results) << "\n";
        for (const RecommendReason &r : rec.reasons)
            ctx.out << "  - " << reasonText(r) << "\n";
        printCandidates(results, ctx.out);
        return kExitOk;
    }
    nlohmann::json doc = candidatesToJson(results, s);
    doc["recommendation"] = recommendationToJson(rec, results);
    for (std::size_t i = 0; i < results.size(); ++i)
        doc["candidates"][i]["figures"] = figuresToJson(figures[i]);
    ctx.out << doc.dump(2) << "\n";
    return kExitOk;
}

int cmdCluster(const std::vector<std::string> &args, Context &ctx)
{
    const char *usageLine = "cluster FILE --nodes N --gpus-per-node G --tp T [--pp P] [--dp D] [--ep] "
                            "[--engine vllm|sglang|llama.cpp-rpc] [--head ADDRESS] [--table|--json]";
    std::string file;
    bool table = false;
    ParallelLayout l;
    const auto number = [&](std::size_t &i) -> std::uint32_t {
        if (i + 1 >= args.size())
            throw InputError(args[i], std::string("needs a value; usage: ") + usageLine);
        const std::string &v = args[++i];
        unsigned n = 0;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec != std::errc() || p != v.data() + v.size() || n < 1 || n > 4096)
            throw InputError(args[i - 1], "'" + v + "' is not a whole number from 1 to 4,096");
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
            else if (v == "vllm")
                l.engine = ClusterEngine::Vllm;
            else if (v == "sglang")
                l.engine = ClusterEngine::Sglang;
            else if (v == "llama.cpp-rpc")
                l.engine = ClusterEngine::LlamaCppRpc;
            else
                throw InputError("--engine", "'" + v + "' is not vllm, sglang or llama.cpp-rpc");
        } else if (file.empty() && (a == "-" || a.rfind("--", 0) != 0))
            file = a;
        else
            throw InputError(a, std::string("is not understood here; usage: ") + usageLine);
    }
    if (file.empty())
        throw InputError("cluster",
                         std::string("needs a scenario file (or - for standard input); usage: ") + usageLine);
    const Scenario s = loadScenario(file, ctx);
    const ClusterPlan plan = planCluster(resolveScenario(s, ctx.catalog), l);
    if (!table) {
        ctx.out << clusterToJson(plan, s).dump(2) << "\n";
        return kExitOk;
    }
    ctx.out << (plan.fits ? "Fits: " : "Does not fit: ") << l.nodes << " nodes × " << l.gpusPerNode << " GPUs, TP "
            << l.tensorParallel << " × PP " << l.pipelineParallel << " × DP " << l.dataParallel
            << (l.expertParallel ? ", expert parallel" : "") << "\n";
    char buf[512];
    std::snprintf(buf, sizeof buf, "%-6s %-9s %8s %12s %12s %12s %12s %12s %12s\n", "stage", "layers", "experts",
                  "dense", "experts", "embeddings", "KV cache", "per rank", "usable");
    ctx.out << buf;
    for (const StageMemory &m : plan.stages) {
        const std::string layers = std::to_string(m.firstLayer) + "-" + std::to_string(m.firstLayer + m.layers - 1);
        std::snprintf(buf, sizeof buf, "%-6u %-9s %8u %12s %12s %12s %12s %12s %12s%s\n", m.stage, layers.c_str(),
                      m.expertsPerRank, formatGiB(m.denseWeights).c_str(), formatGiB(m.expertWeights).c_str(),
                      formatGiB(m.embeddings).c_str(), formatGiB(m.kvCache).c_str(), formatGiB(m.total).c_str(),
                      formatGiB(m.usable).c_str(), m.fits ? "" : "  over");
        ctx.out << buf;
    }
    ctx.out << "bytes in GiB (2^30) per GPU; weights and KV only (activation and CUDA graphs come on top)\n";
    for (const std::string &n : plan.notes)
        ctx.out << "note: " << n << "\n";
    for (const NodeCommand &c : plan.commands)
        for (const std::string &line : c.lines)
            ctx.out << "node " << c.node << ": " << line << "\n";
    return kExitOk;
}

int cmdFit(const std::vector<std::string> &args, Context &ctx)
{
    const char *usageLine = "fit machines FILE | fit models --hardware ID[:COUNT] [--runtime ID] [--context N] "
                            "[FILE] [--table|--json]";
    if (args.size() < 2)
        throw InputError("fit", std::string("needs 'machines' or 'models'; usage: ") + usageLine);
    const Options o = parseOptions(args, 2, usageLine);
    if (args[1] == "machines") {
        if (o.file.empty())
            throw InputError("fit machines", "needs a scenario file (or - for standard input)");
        const Scenario s = loadScenario(o.file, ctx);
        const std::vector<CandidateResult> results = fitMachines(s, ctx.catalog);
        if (o.table)
            printCandidates(results, ctx.out);
        else
            ctx.out << candidatesToJson(results, s).dump(2) << "\n";
        return kExitOk;
    }
    if (args[1] != "models")
        throw InputError("fit", "'" + args[1] + "' is not 'machines' or 'models'");
    Scenario s = o.file.empty() ? defaultScenario() : loadScenario(o.file, ctx);
    if (!o.hardware.empty()) {
        const std::vector<Candidate> c = parseCandidates(o.hardware);
        if (c.size() != 1)
            throw InputError("--hardware", "fit models takes one machine");
        s.hardware = HardwareChoice{};
        s.hardware.preset = c.front().hardware;
        s.hardware.count = c.front().count;
        useThisComputerRam(s, ctx);
    } else if (o.file.empty()) {
        throw InputError("fit models", std::string("needs --hardware or a scenario file; usage: ") + usageLine);
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
    std::snprintf(buf, sizeof buf, "%-28s %-8s %-10s %12s %12s\n", "model", "fits", "format", "weights", "max context");
    ctx.out << buf;
    for (const ModelFit &f : fits) {
        std::snprintf(buf, sizeof buf, "%-28s %-8s %-10s %12s %12s\n", f.model.c_str(), badgeText(f.badge),
                      f.format.empty() ? "-" : f.format.c_str(), formatGiB(f.weightsBytes).c_str(),
                      countOrDash(f.maxContext).c_str());
        ctx.out << buf;
    }
    ctx.out << "weights in GiB (2^30 bytes); max context per sequence at " << formatCount(s.workload.concurrency)
            << " concurrent sequence(s)\n";
    return kExitOk;
}

} // namespace memplan::cli
