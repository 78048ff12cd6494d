#include "scenariocommands.h"

#include "clitext.h"
#include "commandspec.h"

#include "error.h"
#include "estimator.h"
#include "files/inputfile.h"
#include "formats/estimatejson.h"
#include "hardware/hostdetect.h"
#include "import/modelsource.h"
#include "logs/calibration.h"
#include "questions/solvers.h"
#include "scenario/scenariojson.h"
#include "speed/speedseries.h"
#include "training/trainingsolvers.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace memplan::cli {

namespace {
using json = nlohmann::json;
} // namespace

std::string readInput(const std::string &path, Context &ctx)
{
    // Regular files only and a size cap: /dev/zero or a FIFO must not hang or eat memory.
    if (path == "-")
        return readInputStream(ctx.in, kMaxScenarioFileBytes, "(stdin)");
    return readInputFile(path, kMaxScenarioFileBytes);
}

ResolvedScenario resolveIn(const Scenario &s, const std::string &file, Context &ctx)
{
    try {
        ResolvedScenario r = resolveScenario(s, ctx.catalog);
        noteCalibration(r.runtime, ctx);
        return r;
    } catch (const InputError &e) {
        InputError named = e.inFile(file == "-" ? "(stdin)" : file);
        const ErrorInfo &info = named.info();
        if (info.reason.find("is not a known") != std::string::npos) {
            std::string skipped;
            for (const ErrorInfo &p : ctx.catalog.problems())
                skipped += (skipped.empty() ? "" : "; ") + p.message();
            if (!skipped.empty()) {
                ErrorInfo more = info;
                more.reason += " (preset files skipped: " + skipped + ")";
                throw InputError(more);
            }
        }
        throw named;
    }
}

int fail(Context &ctx, const std::string &message)
{
    ctx.err << "memplan-cli: " << message << "\n";
    return kExitUsage;
}

int cmdEstimate(const std::vector<std::string> &args, Context &ctx)
{
    std::string file;
    bool table = false;
    bool check = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--table" || args[i] == "--json") // JSON is the default; the last choice wins
            table = args[i] == "--table";
        else if (args[i] == "--check")
            check = true;
        else if (file.empty())
            file = args[i];
        else
            return fail(
                ctx, say(QT_TRANSLATE_NOOP("CliText", "estimate takes one scenario file, got also '%1'"), {args[i]}));
    }
    if (file.empty())
        return fail(ctx, say(QT_TRANSLATE_NOOP("CliText", "estimate needs a scenario file (or - for standard input)")));
    const Scenario s = loadScenario(file, ctx);
    const ResolvedScenario r = resolveIn(s, file, ctx);
    const Estimate e = estimate(r);
    // A runtime profile calibrated from a log on this machine says so (issue 18).
    const RuntimeProfile *rt = ctx.catalog.runtime(s.runtime.preset);
    const std::string calibrated = rt ? rt->calibratedFrom : std::string();
    if (table) {
        if (!ctx.estimateTable)
            return fail(ctx, "estimate --table needs the text front end (memplan-cli-full)");
        ctx.out << ctx.estimateTable(e, r);
        if (!calibrated.empty())
            ctx.out << say(QT_TRANSLATE_NOOP("CliText", "runtime overheads: calibrated on this machine from %1"),
                           {calibrated})
                    << "\n";
    } else {
        json j = estimateToJson(e, &s);
        if (!calibrated.empty())
            j["runtime_calibration"] = {{"calibrated", true}, {"log", calibrated}, {"profile", rt->name}};
        ctx.out << j.dump(2) << "\n";
    }
    return check && !e.fits ? kExitDoesNotFit : kExitOk;
}

namespace {

/// `solve`'s command line: the words, --min-tokens-per-s and --table/--json.
struct SolveArgs {
    std::vector<std::string> rest;
    std::optional<double> minRate; ///< max-concurrency only: each sequence must still decode this fast
    bool table = false;
    std::string problem; ///< a bad --min-tokens-per-s value, already in the command line's language
};

SolveArgs parseSolveArgs(const std::vector<std::string> &args)
{
    SolveArgs a;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--table" || args[i] == "--json") { // JSON is the default; the last choice wins
            a.table = args[i] == "--table";
        } else if (args[i] == "--min-tokens-per-s" && i + 1 < args.size()) {
            char *end = nullptr;
            const double v = std::strtod(args[i + 1].c_str(), &end);
            if (end == args[i + 1].c_str() || *end || !(v > 0) || v > 1e9) {
                a.problem = say(QT_TRANSLATE_NOOP("CliText", "--min-tokens-per-s needs a positive number, got '%1'"),
                                {args[i + 1]});
                return a;
            }
            a.minRate = v;
            ++i;
        } else {
            a.rest.push_back(args[i]);
        }
    }
    return a;
}

} // namespace

int cmdSolve(const std::vector<std::string> &args, Context &ctx)
{
    const SolveArgs parsed = parseSolveArgs(args);
    if (!parsed.problem.empty())
        return fail(ctx, parsed.problem);
    const std::vector<std::string> &rest = parsed.rest;
    const std::optional<double> &minRate = parsed.minRate;
    const bool table = parsed.table;
    if (rest.size() != 2)
        return fail(ctx, say(QT_TRANSLATE_NOOP("CliText", "usage:")) +
                             " solve {max-context|max-concurrency|min-gpus|gpu-layers|max-micro-batch|"
                             "max-sequence} FILE [--min-tokens-per-s N] [--table]");
    const std::string &what = rest[0];
    if (minRate && what != "max-concurrency")
        return fail(ctx, say(QT_TRANSLATE_NOOP("CliText", "--min-tokens-per-s applies to max-concurrency only")));
    const Scenario s = loadScenario(rest[1], ctx);
    const ResolvedScenario r = resolveIn(s, rest[1], ctx);
    json out;
    out["question"] = what;
    // The JSON keeps its English "answer" (the format is a contract); --table prints the
    // answer in the command line's language.
    std::string shown;
    auto put = [&](const char *key, auto value, const char *english, std::initializer_list<std::string> words) {
        if (value) {
            out[key] = *value;
            out["found"] = true;
        } else {
            out[key] = nullptr;
            out["found"] = false;
        }
        out["answer"] = fill(english, words);
        shown = say(english, words);
    };
    const bool training = r.workload.mode == WorkloadMode::Training;
    if (what == "max-micro-batch" || (training && what == "max-concurrency")) {
        if (!training)
            return fail(ctx, say(QT_TRANSLATE_NOOP(
                                 "CliText", "max-micro-batch needs a training scenario (workload.mode \"training\")")));
        const auto v = solveMaxMicroBatch(r);
        if (v)
            put("micro_batch", v,
                QT_TRANSLATE_NOOP("CliText", "largest micro-batch that fits: %1 sequences of %2 tokens"),
                {formatCount(*v), formatCount(r.workload.training.sequenceLength)});
        else
            put("micro_batch", v, QT_TRANSLATE_NOOP("CliText", "not even one sequence fits"), {});
    } else if (what == "max-sequence" || (training && what == "max-context")) {
        if (!training)
            return fail(ctx, say(QT_TRANSLATE_NOOP(
                                 "CliText", "max-sequence needs a training scenario (use max-context for inference)")));
        const auto v = solveMaxSequenceLength(r);
        if (v)
            put("sequence_length", v,
                QT_TRANSLATE_NOOP("CliText", "longest training sequence that fits: %1 tokens at micro-batch %2"),
                {formatCount(*v), formatCount(r.workload.training.microBatch)});
        else
            put("sequence_length", v, QT_TRANSLATE_NOOP("CliText", "not even one token fits"), {});
        out["limit_tokens"] = r.model.maxContext;
    } else if (what == "max-context") {
        const auto v = solveMaxContext(r);
        if (v)
            put("context_tokens", v, QT_TRANSLATE_NOOP("CliText", "largest context per sequence that fits: %1 tokens"),
                {formatCount(*v)});
        else
            put("context_tokens", v, QT_TRANSLATE_NOOP("CliText", "not even one token of context fits"), {});
        out["limit_tokens"] = r.model.maxContext;
    } else if (what == "max-concurrency" && minRate) {
        const auto v = solveMaxConcurrencyAtSpeed(r, *minRate);
        char rate[32];
        std::snprintf(rate, sizeof rate, "%g", *minRate);
        if (v)
            put("concurrency", v,
                QT_TRANSLATE_NOOP("CliText",
                                  "most concurrent sequences at %1 tokens that each still decode at %2 tokens/s "
                                  "(expected): %3"),
                {formatCount(r.workload.contextTokens), rate, formatCount(*v)});
        else
            put("concurrency", v,
                QT_TRANSLATE_NOOP("CliText", "even one sequence decodes below %1 tokens/s, or does not fit"), {rate});
        out["min_tokens_per_s"] = *minRate;
    } else if (what == "max-concurrency") {
        const auto v = solveMaxConcurrency(r);
        if (v)
            put("concurrency", v, QT_TRANSLATE_NOOP("CliText", "most concurrent sequences at %1 tokens: %2"),
                {formatCount(r.workload.contextTokens), formatCount(*v)});
        else
            put("concurrency", v, QT_TRANSLATE_NOOP("CliText", "not even one sequence fits"), {});
    } else if (what == "min-gpus") {
        const auto v = solveMinGpus(r);
        if (v)
            put("gpus", v, QT_TRANSLATE_NOOP("CliText", "fewest GPUs that fit: %1"), {std::to_string(*v)});
        else if (r.hardware.kind == HardwareKind::Cpu)
            put("gpus", v, QT_TRANSLATE_NOOP("CliText", "the machine has no GPU (hardware is a CPU); nothing to count"),
                {});
        else
            put("gpus", v, QT_TRANSLATE_NOOP("CliText", "does not fit on up to 64 GPUs"), {});
    } else if (what == "gpu-layers") {
        const auto v = solveMaxGpuLayers(r);
        if (v)
            put("gpu_layers", v, QT_TRANSLATE_NOOP("CliText", "most decoder layers on the GPU: %1 of %2"),
                {std::to_string(*v), std::to_string(r.model.arch.numHiddenLayers)});
        else
            put("gpu_layers", v, QT_TRANSLATE_NOOP("CliText", "no GPU, or the GPU cannot hold even the fixed buffers"),
                {});
        if (v)
            out["gpu_layer_fraction"] = double(*v) / r.model.arch.numHiddenLayers;
    } else {
        return fail(ctx, say(QT_TRANSLATE_NOOP("CliText", "unknown solver '%1' (max-context, max-concurrency, "
                                                          "min-gpus, gpu-layers, max-micro-batch, max-sequence)"),
                             {what}));
    }
    if (table) {
        ctx.out << shown << "\n";
        return kExitOk;
    }
    ctx.out << out.dump(2) << "\n";
    return kExitOk;
}

void useThisComputerRam(Scenario &s, const Context &ctx)
{
    if (s.hardware.preset != kThisComputerId)
        return;
    if (const HostFacts facts = readHostFacts(ctx.hostRoot); facts.ramTotalBytes)
        s.host.ramBytes = facts.ramTotalBytes;
}

Scenario loadScenario(const std::string &path, Context &ctx)
{
    return scenarioFromText(readInput(path, ctx), path == "-" ? std::string("(stdin)") : path);
}

void noteCalibration(const RuntimeProfile &runtime, Context &ctx)
{
    if (runtime.calibrationFile.empty() || ctx.calibrationNoted)
        return;
    ctx.calibrationNoted = true;
    ctx.err << "memplan-cli: "
            << printableText(
                   say(QT_TRANSLATE_NOOP("CliText", "note: the %1 runtime's overheads are calibrated on this machine "
                                                    "(%2, measured in %3)"),
                       {runtime.id, runtime.calibrationFile, runtime.calibratedFrom}))
            << "\n";
}

// Calibration files that were skipped are named before any command that uses the presets, so a
// broken or hostile one never changes (or fails to change) an estimate silently (issue 35);
// `presets` lists them with the other skipped files.
void warnSkippedCalibrations(const std::string &cmd, Context &ctx)
{
    if (cmd == "presets")
        return;
    for (const std::string &m : calibrationNotices(ctx.catalog))
        ctx.err << "memplan-cli: " << say(QT_TRANSLATE_NOOP("CliText", "warning: skipped calibration %1"), {m}) << "\n";
}

std::optional<int> checkCommandLine(const std::vector<std::string> &args, Context &ctx)
{
    const std::string &cmd = args[0];
    const CommandSpec *spec = findCommand(cmd);
    if (!spec)
        return std::nullopt;
    if (std::find(args.begin() + 1, args.end(), "--help") != args.end() ||
        std::find(args.begin() + 1, args.end(), "-h") != args.end()) {
        ctx.out << commandHelp(*spec);
        return kExitOk;
    }
    const auto bad = unknownOption(*spec, args);
    if (!bad)
        return std::nullopt;
    std::string known;
    for (const OptionSpec &o : spec->options)
        known += (known.empty() ? "" : ", ") + o.name;
    return fail(ctx, known.empty() ? say(QT_TRANSLATE_NOOP("CliText", "%1: unknown option '%2' (%1 takes no options; "
                                                                      "see memplan-cli %1 --help)"),
                                         {cmd, *bad})
                                   : say(QT_TRANSLATE_NOOP("CliText", "%1: unknown option '%2' (%1 takes %3; see "
                                                                      "memplan-cli %1 --help)"),
                                         {cmd, *bad, known}));
}

int guarded(Context &ctx, const std::function<int()> &command)
{
    try {
        return command();
    } catch (const WriteError &e) {
        // A file could not be replaced (the old one is intact): exit 1, as `report` does.
        ctx.err << "memplan-cli: " << printableText(inputErrorText(e.info())) << "\n";
        return kExitWriteFailed;
    } catch (const InputError &e) {
        // Messages quote hostile input: no terminal escape sequence reaches the terminal.
        return fail(ctx, printableText(inputErrorText(e.info())));
    } catch (const OverflowError &e) {
        return fail(ctx, printableText(e.what()));
    } catch (const SourceUnavailable &e) {
        ctx.err << "memplan-cli: " << printableText(e.what()) << "\n"; // a scenario's model.hub could not be read
        return kExitNetwork;
    } catch (const std::exception &e) {
        return fail(ctx, printableText(e.what()));
    }
}

} // namespace memplan::cli
