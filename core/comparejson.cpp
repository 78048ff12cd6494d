#include "comparejson.h"

#include "error.h"
#include "estimatejson.h"
#include "scenariojson.h"

#include <nlohmann/json.hpp>

#include <charconv>

namespace memplan {

using json = nlohmann::json;

namespace {

json optionalCount(const std::optional<std::uint64_t> &v) { return v ? json(*v) : json(nullptr); }

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
