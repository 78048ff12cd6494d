#include "formats/comparejson.h"

#include "error.h"
#include "formats/estimatejson.h"
#include "scenario/scenariojson.h"

#include <nlohmann/json.hpp>

#include <charconv>

namespace memplan {

using json = nlohmann::json;

namespace {

json optionalCount(const std::optional<std::uint64_t> &v)
{
    return v ? json(*v) : json(nullptr);
}

} // namespace

json adviceToJson(const std::vector<Advice> &advice, bool fits)
{
    json list = json::array();
    for (const Advice &a : advice) {
        json j;
        j["id"] = adviceId(a.kind);
        j["text"] = adviceText(a);
        j["cost"] = adviceCost(a);
        j["fits"] = a.fits;
        j["value"] = a.value;
        if (a.total)
            j["total"] = a.total;
        if (!a.format.empty()) {
            j["format"] = a.format;
            j["bits_per_weight"] = a.bitsPerWeight;
        }
        if (!a.command.empty())
            j["command"] = a.command;
        j["scenario"] = scenarioToJson(a.scenario);
        list.push_back(std::move(j));
    }
    return json{{"schema", kAdviceSchema}, {"fits", fits}, {"advice", std::move(list)}};
}

json candidatesToJson(const std::vector<CandidateResult> &results, const Scenario &scenario)
{
    json list = json::array();
    for (const CandidateResult &c : results) {
        json j;
        j["hardware"] = c.candidate.hardware;
        j["count"] = c.candidate.count;
        j["name"] = c.name;
        j["badge"] = fitBadgeId(c.badge);
        if (!c.error.empty()) {
            j["error"] = c.error;
            list.push_back(std::move(j));
            continue;
        }
        j["kind"] = hardwareKindId(c.kind);
        j["fits"] = c.estimate.fits;
        j["device_capacity_bytes"] = c.deviceCapacityBytes;
        j["headroom_bytes"] = c.headroomBytes;
        j["overflow_bytes"] = c.overflowBytes;
        j["max_context_tokens"] = optionalCount(c.maxContext);
        j["max_concurrency"] = optionalCount(c.maxConcurrency);
        j["gpu_layers"] = c.gpuLayers;
        j["total_layers"] = c.totalLayers;
        j["estimate"] = estimateToJson(c.estimate, &c.scenario);
        list.push_back(std::move(j));
    }
    return json{{"schema", kCompareSchema}, {"scenario", scenarioToJson(scenario)}, {"candidates", std::move(list)}};
}

json recommendationToJson(const Recommendation &rec, const std::vector<CandidateResult> &results,
                          const RecommendOptions &options)
{
    json reasons = json::array();
    for (const RecommendReason &r : rec.reasons)
        reasons.push_back({{"id", reasonId(r.kind)}, {"text", reasonText(r)}});
    json j{{"line", recommendationLine(rec, results)}, {"reasons", std::move(reasons)}};
    if (options.minDecodePerSequence > 0)
        j["min_tokens_per_s_per_sequence"] = options.minDecodePerSequence;
    if (rec.best >= 0 && std::size_t(rec.best) < results.size()) {
        j["best"] = rec.best;
        j["hardware"] = results[std::size_t(rec.best)].candidate.hardware;
        j["count"] = results[std::size_t(rec.best)].candidate.count;
    } else {
        j["best"] = nullptr;
    }
    return j;
}

json figuresToJson(const CandidateFigures &f)
{
    const auto orNull = [](double v) { return v > 0 ? json(v) : json(nullptr); };
    json j{{"decode_tokens_per_s_per_sequence", orNull(f.decodePerSequence)},
           {"decode_tokens_per_s_total", orNull(f.decodeTotal)},
           {"price", orNull(f.machinePrice)},
           {"device_price", orNull(f.devicePrice)},
           {"device_count", f.deviceCount},
           {"price_per_gib", orNull(f.pricePerGiB)},
           {"price_per_token_per_s", orNull(f.pricePerTokenPerSecond)}};
    j["currency"] = f.currency.empty() ? json(nullptr) : json(f.currency);
    return j;
}

json clusterToJson(const ClusterPlan &plan, const Scenario &scenario)
{
    const ParallelLayout &l = plan.layout;
    json stages = json::array();
    for (const StageMemory &m : plan.stages)
        stages.push_back({{"stage", m.stage},
                          {"first_layer", m.firstLayer},
                          {"layers", m.layers},
                          {"moe_layers", m.moeLayers},
                          {"kv_layers", m.kvLayers},
                          {"experts_per_rank", m.expertsPerRank},
                          {"kv_heads_per_rank", m.kvHeadsPerRank},
                          {"dense_weights_bytes", m.denseWeights},
                          {"expert_weights_bytes", m.expertWeights},
                          {"embedding_bytes", m.embeddings},
                          {"kv_cache_bytes", m.kvCache},
                          {"total_bytes", m.total},
                          {"usable_bytes", m.usable},
                          {"fits", m.fits}});
    json ranks = json::array();
    for (const RankPlacement &r : plan.ranks)
        ranks.push_back({{"rank", r.rank},
                         {"node", r.node},
                         {"local_gpu", r.localGpu},
                         {"data_rank", r.dataRank},
                         {"stage", r.stage},
                         {"tensor_rank", r.tensorRank}});
    json commands = json::array();
    for (const NodeCommand &c : plan.commands)
        commands.push_back({{"node", c.node}, {"lines", c.lines}});
    return json{{"schema", kClusterSchema},
                {"scenario", scenarioToJson(scenario)},
                {"layout",
                 {{"engine", clusterEngineId(l.engine)},
                  {"nodes", l.nodes},
                  {"gpus_per_node", l.gpusPerNode},
                  {"tensor_parallel", l.tensorParallel},
                  {"pipeline_parallel", l.pipelineParallel},
                  {"data_parallel", l.dataParallel},
                  {"expert_parallel", l.expertParallel}}},
                {"fits", plan.fits},
                {"stages", std::move(stages)},
                {"ranks", std::move(ranks)},
                {"commands", std::move(commands)},
                {"notes", plan.notes}};
}

json modelFitsToJson(const std::vector<ModelFit> &fits, const Scenario &scenario)
{
    json list = json::array();
    for (const ModelFit &f : fits) {
        json j;
        j["model"] = f.model;
        j["name"] = f.name;
        j["badge"] = fitBadgeId(f.badge);
        j["format"] = f.format.empty() ? json(nullptr) : json(f.format);
        j["max_context_tokens"] = optionalCount(f.maxContext);
        j["weights_bytes"] = f.weightsBytes;
        j["headroom_bytes"] = f.headroomBytes;
        list.push_back(std::move(j));
    }
    return json{{"schema", kFitModelsSchema},
                {"hardware", scenario.hardware.preset},
                {"count", scenario.hardware.count},
                {"runtime", scenario.runtime.preset},
                {"context_tokens", scenario.workload.contextTokens},
                {"concurrency", scenario.workload.concurrency},
                {"models", std::move(list)}};
}

std::vector<Candidate> parseCandidates(const std::string &list)
{
    std::vector<Candidate> out;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = std::min(list.find(',', start), list.size());
        const std::string item = list.substr(start, end - start);
        if (item.empty())
            throw InputError("--hardware", "has an empty entry in '" + list + "'");
        Candidate c;
        const std::size_t colon = item.find(':');
        c.hardware = item.substr(0, colon);
        if (colon != std::string::npos) {
            const std::string n = item.substr(colon + 1);
            unsigned count = 0;
            const auto [p, ec] = std::from_chars(n.data(), n.data() + n.size(), count);
            if (ec != std::errc() || p != n.data() + n.size() || count < 1 || count > 64)
                throw InputError("--hardware", "'" + item + "': the count after ':' must be 1 to 64");
            c.count = count;
        }
        if (c.hardware.empty())
            throw InputError("--hardware", "'" + item + "' names no hardware preset");
        out.push_back(std::move(c));
        if (end == list.size())
            break;
        start = end + 1;
    }
    if (out.size() > 32)
        throw InputError("--hardware", "at most 32 candidates at once");
    return out;
}

} // namespace memplan
