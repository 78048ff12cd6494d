#include "clicommands.h"
#include "clitext.h"
#include "commandspec.h"
#include "comparecommands.h"

#include "error.h"
#include "estimatejson.h"
#include "estimator.h"
#include "hostdetect.h"
#include "import/importedmodel.h"
#include "import/modelsource.h"
#include "inputfile.h"
#include "localcommands.h"
#include "quantformat.h"
#include "reconcilecommand.h"
#include "scenariojson.h"
#include "solvers.h"
#include "speed/speedseries.h"
#include "tableprinter.h"
#include "training/trainingsolvers.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

namespace memplan::cli {

namespace {

using json = nlohmann::json;

std::string readInput(const std::string &path, Context &ctx)
{
    // Regular files only and a size cap: /dev/zero or a FIFO must not hang or eat memory.
    if (path == "-")
        return readInputStream(ctx.in, kMaxScenarioFileBytes, "(stdin)");
    return readInputFile(path, kMaxScenarioFileBytes);
}

// Resolves and names the scenario file in any error. A preset id that is not
// found may be one whose file was skipped as broken: say which file that was.
ResolvedScenario resolveIn(const Scenario &s, const std::string &file, Context &ctx)
{
    try {
        return resolveScenario(s, ctx.catalog);
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
        ctx.out << formatTable(e);
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

int cmdPresets(const std::vector<std::string> &args, Context &ctx)
{
    if (args.size() >= 3 && args[1] == "models" && std::find(args.begin(), args.end(), "--local") != args.end())
        return cmdLocalModels(args, ctx);
    if (args.size() != 2)
        return fail(ctx, say(QT_TRANSLATE_NOOP("CliText", "usage:")) +
                             " presets {models|hardware|runtimes|lessons}, presets models --local [...]");
    const std::string &kind = args[1];
    char buf[512];
    if (kind == "models") {
        const std::string params = say(QT_TRANSLATE_NOOP("CliText", "params"));
        const std::string kvPerToken = say(QT_TRANSLATE_NOOP("CliText", "KV bytes/token (f16)"));
        for (const ModelPreset &m : ctx.catalog.models()) {
            const double total = double(m.listedParameters());
            std::snprintf(buf, sizeof buf, "%-28s %-34s %10.2fB %s  %8s %s  %s\n", m.id.c_str(), m.name.c_str(),
                          total / 1e9, params.c_str(),
                          formatCount(m.arch.kvElementsPerTokenPerLayer() * 2 * m.arch.numHiddenLayers).c_str(),
                          kvPerToken.c_str(), m.family.c_str());
            ctx.out << buf;
        }
    } else if (kind == "hardware") {
        for (const HardwarePreset &h : ctx.catalog.hardware()) {
            const HardwareSpec &s = h.spec;
            // The kind is an id in English (scripts read it) and the glossary's word in Korean.
            std::string kindText(hardwareKindId(s.kind));
            if (cliKorean())
                kindText = s.kind == HardwareKind::DiscreteGpu ? say(QT_TRANSLATE_NOOP("CliText", "discrete GPU"))
                           : s.kind == HardwareKind::Unified   ? say(QT_TRANSLATE_NOOP("CliText", "unified memory"))
                                                               : say(QT_TRANSLATE_NOOP("CliText", "CPU"));
            std::snprintf(buf, sizeof buf, "%-22s %s %-48s %10s  %8.0f GB/s\n", s.id.c_str(),
                          padTo(kindText, 12).c_str(), s.name.c_str(),
                          s.capacityBytes ? formatBinary(s.capacityBytes).c_str() : "-",
                          s.bandwidthBytesPerSecond / 1e9);
            ctx.out << buf;
        }
    } else if (kind == "runtimes") {
        for (const RuntimeProfile &r : ctx.catalog.runtimes())
            ctx.out << r.id << "  " << r.name << "\n";
    } else if (kind == "lessons") {
        // A lesson's title is {"en": ..., "ko": ...} (docs/classroom.md): the command line's
        // language, else English.
        const char *lang = cliKorean() ? "ko" : "en";
        for (const LessonPreset &l : ctx.catalog.lessons()) {
            const auto title = l.document.find("title");
            std::string text;
            if (title != l.document.end() && title->is_string())
                text = title->get<std::string>();
            else if (title != l.document.end() && title->is_object())
                for (const char *key : {lang, "en"})
                    if (text.empty() && title->contains(key) && (*title)[key].is_string())
                        text = (*title)[key].get<std::string>();
            ctx.out << l.id << "  " << text << "\n";
        }
    } else {
        return fail(ctx,
                    say(QT_TRANSLATE_NOOP("CliText", "unknown preset kind '%1' (models, hardware, runtimes, lessons)"),
                        {kind}));
    }
    for (const ErrorInfo &p : ctx.catalog.problems())
        ctx.err << "memplan-cli: " << say(QT_TRANSLATE_NOOP("CliText", "skipped preset %1"), {p.message()}) << "\n";
    return kExitOk;
}

int cmdFormats(Context &ctx)
{
    char buf[256];
    const std::string bits = say(QT_TRANSLATE_NOOP("CliText", "bits/weight"));
    const std::string mix = "  " + say(QT_TRANSLATE_NOOP("CliText", "(average of a mix)"));
    for (const QuantFormat &f : allQuantFormats()) {
        std::snprintf(buf, sizeof buf, "%-10s %-24s %7.4f %s%s%s\n", std::string(f.id).c_str(),
                      std::string(f.label).c_str(), f.bitsPerWeight(), bits.c_str(), f.exact ? "" : mix.c_str(),
                      f.kvCapable ? "  [KV]" : "");
        ctx.out << buf;
    }
    return kExitOk;
}

/// A network failure (net/httpget.cpp, net/hubsource.cpp) in the command line's language;
/// the part before the sentence names the repository or file and stays as written.
std::string networkProblemText(const std::string &english)
{
    static constexpr PatternText kProblems[] = {
        {"^(.*)cannot reach (\\S+) \\((.*)\\)$", QT_TRANSLATE_NOOP("CliText", "%1cannot reach %2 (%3)")},
        {"^(.*)access denied \\(HTTP (\\d+)\\): the repository is gated or private; accept its terms on the hub and "
         "set HF_TOKEN to a token with access$",
         QT_TRANSLATE_NOOP("CliText", "%1access denied (HTTP %2): the repository is gated or private; accept its "
                                      "terms on the hub and set HF_TOKEN to a token with access")},
        {"^(.*)not found \\(HTTP 404\\): no such repository, revision or file$",
         QT_TRANSLATE_NOOP("CliText", "%1not found (HTTP 404): no such repository, revision or file")},
        {"^(.*)the server asks to slow down \\(HTTP 429\\); try again later$",
         QT_TRANSLATE_NOOP("CliText", "%1the server asks to slow down (HTTP 429); try again later")},
        {"^(.*)the server failed \\(HTTP (\\d+)\\); try again later$",
         QT_TRANSLATE_NOOP("CliText", "%1the server failed (HTTP %2); try again later")},
        {"^(.*)unexpected answer HTTP (\\d+)$", QT_TRANSLATE_NOOP("CliText", "%1unexpected answer HTTP %2")},
        {"^(.*)no answer from (\\S+) within (\\S+) s \\(timeout\\)$",
         QT_TRANSLATE_NOOP("CliText", "%1no answer from %2 within %3 s (timeout)")},
        {"^(.*)the answer is larger than the (\\d+) bytes asked for; the server may ignore range requests, and whole "
         "weight files are never downloaded$",
         QT_TRANSLATE_NOOP("CliText", "%1the answer is larger than the %2 bytes asked for; the server may ignore "
                                      "range requests, and whole weight files are never downloaded")},
        {"^(.*): the server ignores range requests$",
         QT_TRANSLATE_NOOP("CliText", "%1: the server ignores range requests")},
    };
    return sayMatching(english, kProblems);
}

int cmdInspect(const std::vector<std::string> &args, Context &ctx)
{
    if (args.size() != 2)
        return fail(ctx, say(QT_TRANSLATE_NOOP("CliText", "usage:")) + " inspect PATH|ORG/NAME[@REV][:FILE|:QUANT] " +
                             say(QT_TRANSLATE_NOOP("CliText", "(a config.json, .safetensors, .gguf, a model folder or "
                                                              "a Hugging Face repository)")));
    // A path that exists is always a path; otherwise org/name is a repository on the hub.
    std::error_code ec;
    const bool local = std::filesystem::exists(std::filesystem::symlink_status(args[1], ec));
    const std::optional<HubReference> ref = local ? std::nullopt : parseHubReference(args[1]);
    if (ref && !ctx.importRemote)
        return fail(ctx, say(QT_TRANSLATE_NOOP(
                                 "CliText", "%1: this build cannot read Hugging Face repositories (no network layer)"),
                             {args[1]}));
    ImportedModel m;
    try {
        m = ref ? ctx.importRemote(*ref) : importModel(args[1]);
    } catch (const SourceUnavailable &e) {
        ctx.err << "memplan-cli: " << networkProblemText(e.what()) << "\n";
        return kExitNetwork;
    }
    // File names need not be UTF-8; replace what is not rather than fail.
    ctx.out << importedModelToJson(m).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return kExitOk;
}

int cmdThisComputer(const std::vector<std::string> &args, Context &ctx)
{
    if (args.size() != 1)
        return fail(ctx, say(QT_TRANSLATE_NOOP("CliText", "usage:")) + " this-computer " +
                             say(QT_TRANSLATE_NOOP("CliText",
                                                   "(prints what was detected and the this-computer hardware entry)")));
    HostFacts facts = readHostFacts(ctx.hostRoot);
    applyNvidiaSmi(facts, ctx.nvidiaSmiCsv);
    const json out = {{"detected", hostFactsToJson(facts)},
                      {"hardware", hardwarePresetToJson(thisComputerPreset(facts, ctx.catalog))}};
    ctx.out << out.dump(2) << "\n";
    return kExitOk;
}

} // namespace

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

std::string usage()
{
    // One translated block: the columns line up in each language.
    return say(QT_TRANSLATE_NOOP(
        "CliText",
        "usage: memplan-cli [--presets DIR] [--lang ko|en] COMMAND ...   (--version, --help)\n"
        "  estimate FILE|- [--table] [--check]   size a scenario (JSON, or a table with --table;\n"
        "                                         --check exits 3 when it does not fit)\n"
        "  solve {max-context|max-concurrency|min-gpus|gpu-layers|max-micro-batch|max-sequence} FILE\n"
        "                                         [--min-tokens-per-s N] (max-concurrency only) [--table]\n"
        "  presets {models|hardware|runtimes|lessons}\n"
        "  presets models --local [--hardware ID[:N]] [--runtime ID] [--context N] [--dir D]... [--json]\n"
        "                                         models in the Hugging Face cache, Ollama's store and model\n"
        "                                         folders, with a fit badge (default hardware: this-computer)\n"
        "  formats                                weight and KV storage formats with their bits\n"
        "  inspect PATH|ORG/NAME[@REV][:QUANT]    read a model's config/safetensors/GGUF headers, on disk\n"
        "                                         or from a Hugging Face repository (headers only; exit 4:\n"
        "                                         network); MEMPLAN_HF_ENDPOINT, HF_TOKEN\n"
        "  report FILE --pdf OUT.pdf --json OUT.json [--csv OUT.csv]\n"
        "  advise FILE [--table]                  ranked changes that make it fit (or what is left over)\n"
        "  compare FILE --hardware ID[:N],...     the scenario on several machines [--table]\n"
        "  fit machines FILE                      every machine preset, ranked by headroom [--table]\n"
        "  fit models --hardware ID[:N] [--runtime ID] [--context N] [FILE]\n"
        "                                         every model preset: best format and context [--table]\n"
        "  cluster FILE --nodes N --gpus-per-node G --tp T [--pp P] [--dp D] [--ep] [--engine "
        "vllm|sglang|llama.cpp-rpc]\n"
        "                                         memory per rank and the command per node [--table]\n"

        "  this-computer                          detected RAM, CPU and GPUs; hardware id this-computer\n"
        "  completions bash|zsh                   shell completion script (memplan-cli COMMAND --help: its "
        "options)\n"
        "  reconcile LOG|- [--scenario FILE] [--json] [--keep-overheads]  a runtime's log against the plan\n"
        "                                         (exit 3: a figure lies outside its planned range;\n"
        "                                         --keep-overheads saves its overheads for this machine)\n"));
}

int run(const std::vector<std::string> &args, Context &ctx)
{
    if (args.empty()) {
        ctx.err << usage();
        return kExitUsage;
    }
    try {
        const std::string &cmd = args[0];
        // Per-command help and unknown options, from the declarations in commandspec.cpp.
        if (const CommandSpec *spec = findCommand(cmd)) {
            if (std::find(args.begin() + 1, args.end(), "--help") != args.end() ||
                std::find(args.begin() + 1, args.end(), "-h") != args.end()) {
                ctx.out << commandHelp(*spec);
                return kExitOk;
            }
            if (const auto bad = unknownOption(*spec, args)) {
                std::string known;
                for (const OptionSpec &o : spec->options)
                    known += (known.empty() ? "" : ", ") + o.name;
                return fail(ctx, known.empty()
                                     ? say(QT_TRANSLATE_NOOP("CliText", "%1: unknown option '%2' (%1 takes no options; "
                                                                        "see memplan-cli %1 --help)"),
                                           {cmd, *bad})
                                     : say(QT_TRANSLATE_NOOP("CliText", "%1: unknown option '%2' (%1 takes %3; see "
                                                                        "memplan-cli %1 --help)"),
                                           {cmd, *bad, known}));
            }
        }
        if (cmd == "completions") {
            if (args.size() == 2 && (args[1] == "bash" || args[1] == "zsh")) {
                ctx.out << (args[1] == "bash" ? bashCompletion() : zshCompletion());
                return kExitOk;
            }
            return fail(ctx, say(QT_TRANSLATE_NOOP("CliText", "usage:")) + " completions bash|zsh");
        }
        if (cmd == "estimate")
            return cmdEstimate(args, ctx);
        if (cmd == "solve")
            return cmdSolve(args, ctx);
        if (cmd == "presets")
            return cmdPresets(args, ctx);
        if (cmd == "formats")
            return cmdFormats(ctx);
        if (cmd == "inspect")
            return cmdInspect(args, ctx);
        if (cmd == "advise")
            return cmdAdvise(args, ctx);
        if (cmd == "compare")
            return cmdCompare(args, ctx);
        if (cmd == "fit")
            return cmdFit(args, ctx);
        if (cmd == "this-computer")
            return cmdThisComputer(args, ctx);
        if (cmd == "cluster")
            return cmdCluster(args, ctx);
        if (cmd == "reconcile")
            return cmdReconcile(args, ctx);
        if (cmd == "--help" || cmd == "-h" || cmd == "help") {
            ctx.out << usage();
            return kExitOk;
        }
        return fail(ctx, say(QT_TRANSLATE_NOOP("CliText", "unknown command '%1'"), {cmd}) + "\n" + usage());
    } catch (const InputError &e) {
        return fail(ctx, inputErrorText(e.info()));
    } catch (const OverflowError &e) {
        return fail(ctx, e.what());
    } catch (const SourceUnavailable &e) {
        ctx.err << "memplan-cli: " << e.what() << "\n"; // a scenario's model.hub could not be read
        return kExitNetwork;
    } catch (const std::exception &e) {
        return fail(ctx, e.what());
    }
}

} // namespace memplan::cli
