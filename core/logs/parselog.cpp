#include "logs/logparser.h"
#include "logs/logtext.h"
#include "logs/nvidiasmi.h"
#include "logs/unwrap.h"
#include "runtimes/registry.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

namespace memplan {

namespace {

/// A run on some of the machine's GPUs (llama.cpp's -dev ROCm1, --main-gpu 1 with one layer split,
/// or a container that sees GPUs 2 and 3) prints buffers on those alone. The plan numbers its GPUs
/// from 0, so the used ones are renumbered in order; a device the run listed but did not use keeps
/// its name with " (unused)" added, so that it is never taken for the run's first GPU.
void numberUsedGpus(MeasuredRun &run)
{
    std::vector<int> used;
    for (const MeasuredFigure &f : run.figures)
        if (f.gpu >= 0 && std::find(used.begin(), used.end(), f.gpu) == used.end())
            used.push_back(f.gpu);
    std::sort(used.begin(), used.end());
    bool dense = true;
    for (std::size_t i = 0; i < used.size(); ++i)
        dense = dense && used[i] == int(i);
    if (dense)
        return;
    const auto rank = [&](int gpu) {
        const auto it = std::find(used.begin(), used.end(), gpu);
        return it == used.end() ? -1 : int(it - used.begin());
    };
    for (MeasuredFigure &f : run.figures)
        if (f.gpu >= 0)
            f.gpu = rank(f.gpu);
    if (run.failure && run.failure->gpu >= 0 && rank(run.failure->gpu) >= 0)
        run.failure->gpu = rank(run.failure->gpu);
    for (MeasuredDevice &d : run.devices) {
        const int gpu = logtext::gpuIndexOfDevice(d.id);
        if (gpu < 0)
            continue;
        std::size_t digits = d.id.size();
        while (digits > 0 && std::isdigit(static_cast<unsigned char>(d.id[digits - 1])))
            --digits;
        if (rank(gpu) < 0)
            d.id += " (unused)";
        else if (digits < d.id.size())
            d.id = d.id.substr(0, digits) + std::to_string(rank(gpu));
    }
    run.notes.push_back("the run used " + std::to_string(used.size()) +
                        " of the listed GPUs; they are numbered from 0 in the plan");
}

/// One run being read: its own parsers (they keep state between lines) and what they found.
struct RunState {
    std::vector<std::unique_ptr<RuntimeLogParser>> parsers;
    std::vector<const RuntimeModel *> owners;
    std::vector<std::size_t> hits;
    MeasuredRun run;
    bool cut = false;
    int smiGpu = -1; ///< an nvidia-smi GPU row waiting for its memory row

    explicit RunState(std::string_view stream)
    {
        // Every registered runtime's reader, in the registry's order (the first wins a tie).
        for (const RuntimeModel *m : runtimeModels())
            if (std::unique_ptr<RuntimeLogParser> p = m->makeLogParser()) {
                parsers.push_back(std::move(p));
                owners.push_back(m);
            }
        hits.assign(parsers.size(), 0);
        run.stream = std::string(stream);
    }
    bool printedSomething() const { return !run.figures.empty() || run.failure || run.kvCapacityTokens; }
    void read(std::string_view line, std::size_t lineNo)
    {
        bool any = false;
        for (std::size_t i = 0; i < parsers.size(); ++i)
            if (parsers[i]->parseLine(line, lineNo, run)) {
                ++hits[i];
                any = true;
            }
        any = readStartupFailure(line, lineNo, run) || any;
        any = readNvidiaSmiLine(line, smiGpu, run) || any;
        if (any) {
            ++run.recognisedLines;
            run.firstLine = run.firstLine ? run.firstLine : lineNo;
            run.lastLine = lineNo;
        }
    }
    MeasuredRun finish(std::size_t lines)
    {
        run.lines = lines;
        for (auto &p : parsers)
            p->finish(run);
        if (cut)
            run.notes.push_back("lines longer than 64 KiB were cut");
        numberUsedGpus(run);
        // The runtime with the most recognised lines names the run; a runtime that wraps another
        // (Ollama runs llama.cpp inside) names it from any line of its own.
        const auto best = std::max_element(hits.begin(), hits.end());
        if (best != hits.end() && *best > 0)
            run.runtime = std::string(parsers[std::size_t(best - hits.begin())]->runtime());
        for (std::size_t i = 0; i < parsers.size(); ++i)
            if (hits[i] > 0 && owners[i]->wrapsAnotherRuntime())
                run.runtime = std::string(parsers[i]->runtime());
        if (run.runtime.empty() && run.failure)
            run.runtime = run.failure->runtime; // the runtime whose message it is
        if (run.failure && !run.failure->total) {
            // A message without the device's size, on a device whose size an earlier line printed.
            const std::string gpu = std::to_string(std::max(0, run.failure->gpu));
            for (const MeasuredDevice &d : run.devices)
                if (d.totalBytes && (d.id == "gpu" + gpu || d.id == "CUDA" + gpu || d.id == "ROCm" + gpu))
                    run.failure->total = d.totalBytes;
        }
        return std::move(run);
    }
};

/// A line a runtime prints once when its process starts: a later one begins another run.
bool startsRun(std::string_view line)
{
    for (const RuntimeModel *m : runtimeModels())
        if (m->logStartsRun(line))
            return true;
    return false;
}

/// A script that runs one file through several programs (llama.cpp's CI: llama-cli, then
/// llama-perplexity) prints the file's facts, the build and the devices in each, but an excerpt
/// often keeps them once: a run that names the same file and read no shape of it takes the latest
/// earlier run's, and that run's build and devices where it printed none (one script, one machine).
void shareFileFacts(std::vector<MeasuredRun> &runs)
{
    for (std::size_t i = 1; i < runs.size(); ++i) {
        MeasuredRun &run = runs[i];
        if (run.model.fileName.empty() || run.model.layers || !run.model.architecture.empty())
            continue;
        for (std::size_t j = i; j-- > 0;) {
            const MeasuredRun &earlier = runs[j];
            if (earlier.model.fileName != run.model.fileName || !earlier.model.layers)
                continue;
            run.model = earlier.model;
            if (run.version.empty())
                run.version = earlier.version;
            if (run.devices.empty())
                run.devices = earlier.devices;
            run.notes.push_back("the model's facts are run " + std::to_string(j + 1) +
                                "'s, which loaded the same file");
            break;
        }
    }
}

/// Interleaved processes are told apart by the stream their wrapper names; past this many,
/// the rest share one.
constexpr std::size_t kMaxStreams = 16;
/// Past this many runs, later ones are read into the last.
constexpr std::size_t kMaxRuns = 64;

} // namespace

std::vector<MeasuredRun> parseRuntimeLogRuns(std::string_view text)
{
    std::vector<std::unique_ptr<RunState>> runs;
    std::map<std::string, std::size_t, std::less<>> current; // named stream -> its run (index into runs)
    std::optional<std::size_t> latest;                       // the run the last line went to
    LogUnwrapper lines(text);
    UnwrappedLine l;
    auto create = [&](std::string_view stream) {
        runs.push_back(std::make_unique<RunState>(stream));
        if (!stream.empty())
            current[std::string(stream)] = runs.size() - 1;
        return runs.size() - 1;
    };
    while (lines.next(l)) {
        std::string_view stream = l.stream;
        if (!current.count(stream) && current.size() >= kMaxStreams)
            stream = {};
        std::size_t at = 0;
        if (stream.empty() && latest) {
            at = *latest; // a line no wrapper names belongs to the run before it
        } else if (const auto it = current.find(stream); it != current.end()) {
            at = it->second;
        } else if (latest && runs[*latest]->run.stream.empty()) {
            // The first named stream takes over a run no stream named yet (a command line typed
            // above a container's output).
            at = *latest;
            runs[at]->run.stream = std::string(stream);
            current[std::string(stream)] = at;
        } else {
            at = create(stream);
        }
        if (startsRun(l.text) && runs[at]->printedSomething() && runs.size() < kMaxRuns)
            at = create(runs[at]->run.stream);
        latest = at;
        runs[at]->read(l.text, l.lineNo);
    }
    const std::size_t lastLine = lines.linesRead();
    std::vector<MeasuredRun> out;
    for (auto &r : runs) {
        r->cut = lines.cutLines();
        if (r->run.recognisedLines > 0)
            out.push_back(r->finish(lastLine));
    }
    shareFileFacts(out);
    if (out.empty()) {
        RunState none({});
        none.cut = lines.cutLines();
        out.push_back(none.finish(lastLine));
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i].runNumber = i + 1;
        out[i].runCount = out.size();
    }
    return out;
}

MeasuredRun parseRuntimeLog(std::string_view text, std::size_t runNumber)
{
    std::vector<MeasuredRun> runs = parseRuntimeLogRuns(text);
    std::size_t pick = runs.size() - 1;
    if (runNumber > 0) {
        pick = std::min(runNumber, runs.size()) - 1;
    } else {
        for (std::size_t i = runs.size(); i-- > 0;)
            if (!runs[i].figures.empty() || runs[i].failure) {
                pick = i;
                break;
            }
    }
    return std::move(runs[pick]);
}

MeasuredDevice &MeasuredRun::device(const std::string &id)
{
    for (MeasuredDevice &d : devices)
        if (d.id == id)
            return d;
    devices.push_back(MeasuredDevice{id, {}, 0, 0});
    return devices.back();
}

const MeasuredDevice *MeasuredRun::findDevice(const std::string &id) const
{
    for (const MeasuredDevice &d : devices)
        if (d.id == id)
            return &d;
    return nullptr;
}

FigureSum sumFigures(const MeasuredRun &run, std::string_view kind, std::string_view device)
{
    FigureSum s;
    for (const MeasuredFigure &f : run.figures)
        if (f.kind == kind && (device.empty() || f.device == device) && f.load == 0) {
            s.bytes += f.bytes;
            s.precision += f.precision;
            ++s.count;
        }
    return s;
}

namespace {

/// The model as the log described it (only what it printed).
nlohmann::json measuredModelToJson(const MeasuredModel &mm)
{
    nlohmann::json m = nlohmann::json::object();
    if (!mm.name.empty())
        m["name"] = mm.name;
    if (!mm.architecture.empty())
        m["architecture"] = mm.architecture;
    if (!mm.fileType.empty())
        m["file_type"] = mm.fileType;
    if (!mm.fileName.empty())
        m["file_name"] = mm.fileName;
    if (mm.layers)
        m["layers"] = mm.layers;
    if (mm.embedding)
        m["embedding"] = mm.embedding;
    if (mm.kvEmbedding)
        m["kv_embedding"] = mm.kvEmbedding;
    if (mm.vocab)
        m["vocab"] = mm.vocab;
    if (mm.experts)
        m["experts"] = mm.experts;
    if (mm.trainedContext)
        m["trained_context"] = mm.trainedContext;
    for (auto [key, v] : {std::pair{"heads", mm.heads},
                          {"kv_heads", mm.kvHeads},
                          {"head_dim", mm.headDim},
                          {"feed_forward", mm.ffn},
                          {"expert_feed_forward", mm.ffnExpert},
                          {"experts_used", mm.expertsUsed}})
        if (v)
            m[key] = v;
    if (mm.parametersBillions > 0)
        m["parameters_billions"] = mm.parametersBillions;
    if (mm.fileBytes)
        m["file_bytes"] = mm.fileBytes;
    return m;
}

} // namespace

nlohmann::json measuredRunToJson(const MeasuredRun &run)
{
    using nlohmann::json;
    json j;
    j["schema"] = kMeasuredRunSchema;
    j["runtime"] = run.runtime;
    j["version"] = run.version;
    if (!run.wordedBefore.empty())
        j["worded_before"] = run.wordedBefore;
    if (!run.engineGeneration.empty())
        j["engine_generation"] = run.engineGeneration; // vLLM "v0"/"v1", Ollama "ollama" (its own engine)
    j["model"] = measuredModelToJson(run.model);
    j["settings"] = run.settings;
    json devs = json::array();
    for (const MeasuredDevice &d : run.devices) {
        json dj{{"id", d.id}, {"name", d.name}};
        if (d.totalBytes)
            dj["total_bytes"] = d.totalBytes;
        if (d.freeBytes)
            dj["free_bytes"] = d.freeBytes;
        devs.push_back(dj);
    }
    j["devices"] = devs;
    json figs = json::array();
    for (const MeasuredFigure &f : run.figures) {
        json fj{{"kind", f.kind},
                {"device", f.device},
                {"bytes", f.bytes},
                {"precision_bytes", f.precision},
                {"line", f.line},
                {"load", f.load},
                {"evidence", evidenceId(Evidence::Measured)}};
        fj["pool"] = f.gpu >= 0 ? "gpu" + std::to_string(f.gpu) : std::string("host");
        fj["guest"] = f.guest ? json(guestId(*f.guest)) : json();
        figs.push_back(fj);
    }
    j["figures"] = figs;
    json bd = json::array();
    for (const MeasuredBreakdown &b : run.breakdown)
        bd.push_back({{"device", b.device},
                      {"name", b.name},
                      {"total_bytes", b.total},
                      {"free_bytes", b.free},
                      {"self_bytes", b.self},
                      {"model_bytes", b.model},
                      {"context_bytes", b.context},
                      {"compute_bytes", b.compute}});
    j["breakdown"] = bd;
    if (run.kvCapacityTokens)
        j["kv_capacity_tokens"] = run.kvCapacityTokens;
    if (run.maxConcurrency > 0)
        j["max_concurrency"] = run.maxConcurrency;
    if (!run.runtimeEstimate.empty())
        j["runtime_estimate"] = run.runtimeEstimate;
    if (run.offloadableLayers)
        j["offloadable_layers"] = run.offloadableLayers;
    if (run.pipelineCopies)
        j["pipeline_copies"] = run.pipelineCopies;
    j["loads"] = run.loads;
    j["lines"] = run.lines;
    j["recognised_lines"] = run.recognisedLines;
    j["notes"] = run.notes;
    j["run"] = {
        {"number", run.runNumber}, {"of", run.runCount}, {"first_line", run.firstLine}, {"last_line", run.lastLine}};
    if (!run.stream.empty())
        j["run"]["stream"] = run.stream;
    if (const auto &f = run.failure) {
        json fj{{"kind", f->kind},
                {"line", f->line},
                {"message", f->message},
                {"evidence", evidenceId(Evidence::Measured)}};
        fj["device"] = f->device;
        fj["pool"] = f->gpu >= 0 ? json("gpu" + std::to_string(f->gpu)) : json();
        fj["guest"] = f->guest ? json(guestId(*f->guest)) : json();
        for (auto [key, v] : {std::pair{"wanted_bytes", f->wanted},
                              {"free_bytes", f->free},
                              {"total_bytes", f->total},
                              {"own_use_bytes", f->ownUse}})
            if (v)
                fj[key] = v;
        if (f->maxModelLen)
            fj["max_model_len"] = f->maxModelLen;
        if (f->suggestedMaxModelLen)
            fj["suggested_max_model_len"] = f->suggestedMaxModelLen;
        j["failure"] = fj;
    }
    return j;
}

} // namespace memplan
