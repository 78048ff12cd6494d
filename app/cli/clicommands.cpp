#include "clicommands.h"
#include "clitext.h"
#include "commandspec.h"
#include "comparecommands.h"
#include "scenariocommands.h"

#include "error.h"
#include "estimator.h"
#include "files/inputfile.h"
#include "formats/estimatejson.h"
#include "hardware/hostdetect.h"
#include "import/importedmodel.h"
#include "import/modelsource.h"
#include "localcommands.h"
#include "logs/calibration.h"
#include "model/ggufrecipe.h"
#include "model/quantformat.h"
#include "questions/solvers.h"
#include "reconcilecommand.h"
#include "runtimes/registry.h"
#include "scenario/scenariojson.h"
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
                          formatCount(m.arch.kvElementsPerTokenPerLayer() * 2 * m.arch.numKvLayers()).c_str(),
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

/// The published GGUF names that are recipes over the formats above (core/model/ggufrecipe.h).
void printGgufRecipes(Context &ctx)
{
    ctx.out << "\n"
            << say(QT_TRANSLATE_NOOP("CliText", "GGUF recipes: published names, sized from the formats they combine"))
            << "\n";
    const std::string layers = say(QT_TRANSLATE_NOOP("CliText", "layers"));
    const std::string tables = say(QT_TRANSLATE_NOOP("CliText", "embedding and output"));
    const std::string experts = say(QT_TRANSLATE_NOOP("CliText", "experts"));
    const std::string widened = say(QT_TRANSLATE_NOOP("CliText", "approximate: range widened"));
    for (const GgufRecipe &r : allGgufRecipes()) {
        std::string parts = layers + " " + std::string(r.layers);
        if (!r.tables.empty())
            parts += ", " + tables + " " + std::string(r.tables);
        if (!r.experts.empty())
            parts += ", " + experts + " " + std::string(r.experts);
        ctx.out << padTo(std::string(r.name), 11) << " " << padTo(parts, 44)
                << (r.approximate ? "  [" + widened + "]" : "") << "\n            " << r.source << "\n";
    }
    ctx.out << say(QT_TRANSLATE_NOOP("CliText",
                                     "Other names with a bit count (UD-Q4_K_M, Q4_K_XXL, IQ4_KS) are sized as "
                                     "the closest stock recipe, with the range widened and a warning."))
            << "\n";
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
    printGgufRecipes(ctx);
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

std::string usage()
{
    // One translated block: the columns line up in each language.
    return say(
        QT_TRANSLATE_NOOP(
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
            "                                         [--min-tokens-per-s N] (recommend only those that fast)\n"
            "  fit machines FILE                      every machine preset, ranked by headroom [--table]\n"
            "  fit models --hardware ID[:N] [--runtime ID] [--context N] [FILE]\n"
            "                                         every model preset: best format and context [--table]\n"
            "  cluster FILE --nodes N --gpus-per-node G --tp T [--pp P] [--dp D] [--ep] [--engine %1]\n"
            "                                         memory per rank and the command per node [--head ADDRESS]\n"
            "                                         [--table]\n"

            "  this-computer                          detected RAM, CPU and GPUs; hardware id this-computer\n"
            "  completions bash|zsh                   shell completion script (memplan-cli COMMAND --help: its "
            "options)\n"
            "  reconcile LOG|- [--scenario FILE] [--log-run N] [--json] [--keep-overheads]\n"
            "                                         a runtime's log against the plan\n"
            "                                         (exit 3: a figure lies outside its planned range;\n"
            "                                         --keep-overheads saves its overheads for this machine)\n"
            "  reconcile --run --scenario FILE [--program PATH] [--time-limit S] [--save-log FILE]\n"
            "                                         start the scenario's own server here, load-only\n"
            "                                         (never a download), and reconcile its log\n"),
        {clusterRuntimeIds("|")});
}

int run(const std::vector<std::string> &args, Context &ctx)
{
    if (args.empty()) {
        ctx.err << usage();
        return kExitUsage;
    }
    if (!ctx.estimateTable)
        ctx.estimateTable = [](const Estimate &e, const ResolvedScenario &r) { return formatTable(e, &r); };
    return guarded(ctx, [&]() -> int {
        const std::string &cmd = args[0];
        warnSkippedCalibrations(cmd, ctx);
        if (const std::optional<int> handled = checkCommandLine(args, ctx))
            return *handled;
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
    });
}

} // namespace memplan::cli
