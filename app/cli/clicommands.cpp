#include "clicommands.h"

#include "error.h"
#include "estimatejson.h"
#include "estimator.h"
#include "import/importedmodel.h"
#include "quantformat.h"
#include "scenariojson.h"
#include "solvers.h"
#include "tableprinter.h"
#include "training/trainingsolvers.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace memplan::cli {

namespace {

using json = nlohmann::json;

std::string readInput(const std::string &path, Context &ctx)
{
    std::ostringstream buf;
    if (path == "-") {
        buf << ctx.in.rdbuf();
        return buf.str();
    }
    std::ifstream f(path, std::ios::binary);
    if (!f)
        throw InputError(ErrorInfo{path, "", "cannot be opened for reading"});
    buf << f.rdbuf();
    return buf.str();
}

Scenario loadScenario(const std::string &path, Context &ctx)
{
    return scenarioFromText(readInput(path, ctx), path == "-" ? std::string("(stdin)") : path);
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
        if (args[i] == "--table")
            table = true;
        else if (args[i] == "--check")
            check = true;
        else if (file.empty())
            file = args[i];
        else
            return fail(ctx, "estimate takes one scenario file, got also '" + args[i] + "'");
    }
    if (file.empty())
        return fail(ctx, "estimate needs a scenario file (or - for standard input)");
    const Scenario s = loadScenario(file, ctx);
    ResolvedScenario r;
    try {
        r = resolveScenario(s, ctx.catalog);
    } catch (const InputError &e) {
        throw e.inFile(file == "-" ? "(stdin)" : file);
    }
    const Estimate e = estimate(r);
    if (table)
        ctx.out << formatTable(e);
    else
        ctx.out << estimateToJson(e, &s).dump(2) << "\n";
    return check && !e.fits ? kExitDoesNotFit : kExitOk;
}

int cmdSolve(const std::vector<std::string> &args, Context &ctx)
{
    if (args.size() != 3)
        return fail(ctx, "usage: solve {max-context|max-concurrency|min-gpus|gpu-layers|max-micro-batch|max-sequence} FILE");
    const std::string &what = args[1];
    const Scenario s = loadScenario(args[2], ctx);
    const ResolvedScenario r = resolveScenario(s, ctx.catalog);
    json out;
    out["question"] = what;
    auto put = [&](const char *key, auto value, const std::string &text) {
        if (value) {
            out[key] = *value;
            out["found"] = true;
        } else {
            out[key] = nullptr;
            out["found"] = false;
        }
        out["answer"] = text;
    };
    const bool training = r.workload.mode == WorkloadMode::Training;
    if (what == "max-micro-batch" || (training && what == "max-concurrency")) {
        if (!training)
            return fail(ctx, "max-micro-batch needs a training scenario (workload.mode \"training\")");
        const auto v = solveMaxMicroBatch(r);
        put("micro_batch", v, v ? "largest micro-batch that fits: " + formatCount(*v) + " sequences of " +
                                      formatCount(r.workload.training.sequenceLength) + " tokens"
                                : "not even one sequence fits");
    } else if (what == "max-sequence" || (training && what == "max-context")) {
        if (!training)
            return fail(ctx, "max-sequence needs a training scenario (use max-context for inference)");
        const auto v = solveMaxSequenceLength(r);
        put("sequence_length", v, v ? "longest training sequence that fits: " + formatCount(*v) + " tokens at micro-batch " +
                                          formatCount(r.workload.training.microBatch)
                                    : "not even one token fits");
        out["limit_tokens"] = r.model.maxContext;
    } else if (what == "max-context") {
        const auto v = solveMaxContext(r);
        put("context_tokens", v, v ? "largest context per sequence that fits: " + formatCount(*v) + " tokens"
                                   : "not even one token of context fits");
        out["limit_tokens"] = r.model.maxContext;
    } else if (what == "max-concurrency") {
        const auto v = solveMaxConcurrency(r);
        put("concurrency", v, v ? "most concurrent sequences at " + formatCount(r.workload.contextTokens) +
                                      " tokens: " + formatCount(*v)
                                : "not even one sequence fits");
    } else if (what == "min-gpus") {
        const auto v = solveMinGpus(r);
        put("gpus", v, v ? "fewest GPUs that fit: " + std::to_string(*v) : "does not fit on up to 64 GPUs");
    } else if (what == "gpu-layers") {
        const auto v = solveMaxGpuLayers(r);
        put("gpu_layers", v, v ? "most decoder layers on the GPU: " + std::to_string(*v) + " of " +
                                     std::to_string(r.model.arch.numHiddenLayers)
                               : "no GPU, or the GPU cannot hold even the fixed buffers");
        if (v)
            out["gpu_layer_fraction"] = double(*v) / r.model.arch.numHiddenLayers;
    } else {
        return fail(ctx, "unknown solver '" + what +
                             "' (max-context, max-concurrency, min-gpus, gpu-layers, max-micro-batch, max-sequence)");
    }
    ctx.out << out.dump(2) << "\n";
    return kExitOk;
}

int cmdPresets(const std::vector<std::string> &args, Context &ctx)
{
    if (args.size() != 2)
        return fail(ctx, "usage: presets {models|hardware|runtimes|lessons}");
    const std::string &kind = args[1];
    char buf[512];
    if (kind == "models") {
        for (const ModelPreset &m : ctx.catalog.models()) {
            std::snprintf(buf, sizeof buf, "%-28s %-34s %10.2fB params  %8s KV bytes/token (f16)  %s\n", m.id.c_str(),
                          m.name.c_str(), m.computed.total() / 1e9,
                          formatCount(m.arch.kvElementsPerTokenPerLayer() * 2 * m.arch.numHiddenLayers).c_str(),
                          m.family.c_str());
            ctx.out << buf;
        }
    } else if (kind == "hardware") {
        for (const HardwarePreset &h : ctx.catalog.hardware()) {
            const HardwareSpec &s = h.spec;
            std::snprintf(buf, sizeof buf, "%-22s %-12s %-48s %10s  %8.0f GB/s\n", s.id.c_str(),
                          std::string(hardwareKindId(s.kind)).c_str(), s.name.c_str(),
                          s.capacityBytes ? formatBinary(s.capacityBytes).c_str() : "-", s.bandwidthBytesPerSecond / 1e9);
            ctx.out << buf;
        }
    } else if (kind == "runtimes") {
        for (const RuntimeProfile &r : ctx.catalog.runtimes())
            ctx.out << r.id << "  " << r.name << "\n";
    } else if (kind == "lessons") {
        for (const LessonPreset &l : ctx.catalog.lessons())
            ctx.out << l.id << "  " << l.document.value("title", std::string()) << "\n";
    } else {
        return fail(ctx, "unknown preset kind '" + kind + "' (models, hardware, runtimes, lessons)");
    }
    for (const ErrorInfo &p : ctx.catalog.problems())
        ctx.err << "memplan-cli: skipped preset " << p.message() << "\n";
    return kExitOk;
}

int cmdFormats(Context &ctx)
{
    char buf[256];
    for (const QuantFormat &f : allQuantFormats()) {
        std::snprintf(buf, sizeof buf, "%-10s %-24s %7.4f bits/weight%s%s\n", std::string(f.id).c_str(),
                      std::string(f.label).c_str(), f.bitsPerWeight(), f.exact ? "" : "  (average of a mix)",
                      f.kvCapable ? "  [KV]" : "");
        ctx.out << buf;
    }
    return kExitOk;
}

int cmdInspect(const std::vector<std::string> &args, Context &ctx)
{
    if (args.size() != 2)
        return fail(ctx, "usage: inspect PATH (a config.json, .safetensors, .gguf or a model folder)");
    const ImportedModel m = importModel(args[1]);
    // File names need not be UTF-8; replace what is not rather than fail.
    ctx.out << importedModelToJson(m).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return kExitOk;
}

} // namespace

std::string usage()
{
    return "usage: memplan-cli [--presets DIR] [--lang ko|en] COMMAND ...\n"
           "  estimate FILE|- [--table] [--check]   size a scenario (JSON, or a table with --table;\n"
           "                                         --check exits 3 when it does not fit)\n"
           "  solve {max-context|max-concurrency|min-gpus|gpu-layers|max-micro-batch|max-sequence} FILE\n"
           "  presets {models|hardware|runtimes|lessons}\n"
           "  formats                                weight and KV storage formats with their bits\n"
           "  inspect PATH                           read a model's config/safetensors/GGUF headers\n"
           "  report FILE --pdf OUT.pdf --json OUT.json [--csv OUT.csv]\n";
}

int run(const std::vector<std::string> &args, Context &ctx)
{
    if (args.empty()) {
        ctx.err << usage();
        return kExitUsage;
    }
    try {
        const std::string &cmd = args[0];
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
        if (cmd == "--help" || cmd == "-h" || cmd == "help") {
            ctx.out << usage();
            return kExitOk;
        }
        return fail(ctx, "unknown command '" + cmd + "'\n" + usage());
    } catch (const InputError &e) {
        return fail(ctx, e.info().message());
    } catch (const OverflowError &e) {
        return fail(ctx, e.what());
    } catch (const std::exception &e) {
        return fail(ctx, e.what());
    }
}

} // namespace memplan::cli
