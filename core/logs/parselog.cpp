#include "logs/logparser.h"
#include "logs/logtext.h"
#include "runtimes/registry.h"

#include <algorithm>
#include <map>

namespace memplan {

MeasuredRun parseRuntimeLog(std::string_view text)
{
    // Every registered runtime's reader, in the registry's order (the first wins a tie).
    std::vector<std::unique_ptr<RuntimeLogParser>> parsers;
    std::vector<const RuntimeModel *> owners;
    for (const RuntimeModel *m : runtimeModels())
        if (std::unique_ptr<RuntimeLogParser> p = m->makeLogParser()) {
            parsers.push_back(std::move(p));
            owners.push_back(m);
        }
    std::vector<std::size_t> hits(parsers.size(), 0);

    MeasuredRun run;
    std::size_t pos = 0;
    std::size_t lineNo = 0;
    bool cut = false;
    std::string cleaned;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view raw = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNo;
        if (raw.size() > kMaxLogLineBytes) {
            raw = raw.substr(0, kMaxLogLineBytes);
            cut = true;
        }
        // Most lines of a long log are generation output or progress dots: skip those cheaply.
        if (raw.size() < 4)
            continue;
        // Most lines need no cleaning: read them in place.
        bool dirty = false;
        for (const char c : raw)
            dirty = dirty || static_cast<unsigned char>(c) < 0x20;
        if (dirty)
            cleaned = logtext::cleanLine(raw);
        const std::string_view line = logtext::stripPrefixes(dirty ? std::string_view(cleaned) : raw);
        if (line.empty())
            continue;
        bool any = false;
        for (std::size_t i = 0; i < parsers.size(); ++i)
            if (parsers[i]->parseLine(line, lineNo, run)) {
                ++hits[i];
                any = true;
            }
        run.recognisedLines += any ? 1 : 0;
    }
    run.lines = lineNo;
    for (auto &p : parsers)
        p->finish(run);
    if (cut)
        run.notes.push_back("lines longer than 64 KiB were cut");

    // The runtime with the most recognised lines names the run; a runtime that wraps another
    // (Ollama runs llama.cpp inside) names it from any line of its own.
    const auto best = std::max_element(hits.begin(), hits.end());
    if (best != hits.end() && *best > 0)
        run.runtime = std::string(parsers[std::size_t(best - hits.begin())]->runtime());
    for (std::size_t i = 0; i < parsers.size(); ++i)
        if (hits[i] > 0 && !(owners[i]->logSizedBy() == owners[i]->engine()))
            run.runtime = std::string(parsers[i]->runtime());
    return run;
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

nlohmann::json measuredRunToJson(const MeasuredRun &run)
{
    using nlohmann::json;
    json j;
    j["schema"] = kMeasuredRunSchema;
    j["runtime"] = run.runtime;
    j["version"] = run.version;
    json m = json::object();
    const MeasuredModel &mm = run.model;
    if (!mm.name.empty())
        m["name"] = mm.name;
    if (!mm.architecture.empty())
        m["architecture"] = mm.architecture;
    if (!mm.fileType.empty())
        m["file_type"] = mm.fileType;
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
    if (mm.parametersBillions > 0)
        m["parameters_billions"] = mm.parametersBillions;
    if (mm.fileBytes)
        m["file_bytes"] = mm.fileBytes;
    j["model"] = m;
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
    return j;
}

} // namespace memplan
