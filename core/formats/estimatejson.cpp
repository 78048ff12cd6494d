#include "formats/estimatejson.h"
#include "training/trainingsummaryjson.h"

#include "files/jsonutil.h"
#include "scenario/scenariojson.h"
#include "speed/speedjson.h"

#include <nlohmann/json.hpp>

#include <set>
#include <string>

namespace memplan {

using json = nlohmann::json;
namespace ju = jsonutil;

namespace {

// Estimates hold string_views into static text. When reading a document back we
// intern its strings so the views stay valid for the program's lifetime.
std::string_view intern(const std::string &s)
{
    static std::set<std::string, std::less<>> pool;
    return *pool.insert(s).first;
}

json termToJson(const Term &t)
{
    return {{"symbol", t.symbol}, {"value", t.value}, {"origin", originId(t.origin)}, {"meaning", t.meaning}};
}

const char *noticeKindId(NoticeArg::Kind k)
{
    switch (k) {
    case NoticeArg::Kind::Bytes:
        return "bytes";
    case NoticeArg::Kind::Tokens:
        return "tokens";
    case NoticeArg::Kind::Count:
        return "count";
    case NoticeArg::Kind::Text:
        return "text";
    }
    return "count";
}

NoticeArg::Kind noticeKindFromId(const std::string &id)
{
    for (NoticeArg::Kind k : {NoticeArg::Kind::Bytes, NoticeArg::Kind::Tokens, NoticeArg::Kind::Count})
        if (id == noticeKindId(k))
            return k;
    throw InputError("notices.args", "'" + id + "' is not bytes, tokens or count");
}

Origin originFromId(const std::string &id)
{
    for (Origin o : {Origin::Config, Origin::File, Origin::Preset, Origin::Scenario, Origin::Runtime, Origin::Derived})
        if (originId(o) == id)
            return o;
    throw InputError("items.terms.origin", "'" + id + "' is not a known origin");
}

} // namespace

json estimateToJson(const Estimate &e, const Scenario *scenario)
{
    json j;
    j["schema"] = kEstimateSchema;
    j["program"] = {{"name", "memplan"}, {"version", MEMPLAN_VERSION}};
    if (scenario)
        j["scenario"] = scenarioToJson(*scenario);
    json model = {{"id", e.model.id},
                  {"name", e.model.name},
                  {"parameters", e.model.parameters},
                  {"active_parameters", e.model.activeParameters},
                  {"computed_parameters", e.model.computedParameters},
                  {"weights_bytes", e.model.weightsBytes},
                  {"weights_evidence", evidenceId(e.model.weightsEvidence)},
                  {"kv_bytes_per_token", e.model.kvBytesPerToken},
                  {"hypothetical", e.model.hypothetical}};
    model["declared_parameters"] = e.model.declaredParameters ? json(e.model.declaredParameters) : json(nullptr);
    model["recurrent_state_bytes_per_sequence"] = e.model.recurrentStateBytesPerSequence;
    model["assumed_architecture"] = e.model.assumedArchitecture;
    j["model"] = model;
    j["kv_capacity_tokens"] = e.kvCapacityTokens;
    if (e.kvCapacityTokensLow || e.kvCapacityTokensHigh)
        j["kv_capacity_tokens_range"] = {e.kvCapacityTokensLow, e.kvCapacityTokensHigh};
    j["requested_kv_tokens"] = e.requestedKvTokens;
    if (e.windowedKvTokens)
        j["windowed_kv_tokens"] = e.windowedKvTokens;
    j["context_tokens"] = e.contextTokens;
    j["max_concurrency"] = e.maxConcurrency;
    json pools = json::array();
    for (const Pool &p : e.pools) {
        json guests = json::object();
        for (Guest g : kAllGuests)
            guests[std::string(guestId(g))] = p.guest(g);
        json pool = {{"id", p.id},
                     {"name", p.name},
                     {"kind", poolKindId(p.kind)},
                     {"capacity_bytes", p.capacityBytes},
                     {"usable_bytes", p.usableBytes},
                     {"guests", guests},
                     {"total_bytes", p.totalBytes},
                     {"loading_peak_bytes", p.loadingPeakBytes},
                     {"fits", p.fits}};
        if (p.reclaimableBytes) // added in memplan.estimate/1 without a version change: absent means 0
            pool["reclaimable_bytes"] = p.reclaimableBytes;
        pools.push_back(std::move(pool));
    }
    j["pools"] = pools;
    j["fits"] = e.fits;
    json items = json::array();
    for (const Item &it : e.items) {
        json terms = json::array();
        json values = json::object();
        for (std::size_t i = 0; i < it.terms.size(); ++i) {
            terms.push_back(termToJson(it.terms[i]));
            values[std::string(it.terms[i].symbol)] = it.terms[i].value;
        }
        json item = {{"pool", e.pools[it.pool].id},
                     {"id", it.id},
                     {"guest", guestId(it.guest)},
                     {"label", it.label},
                     {"bytes", it.bytes},
                     {"formula", it.formula},
                     {"values", values},
                     {"terms", terms},
                     {"evidence", evidenceId(it.evidence)}};
        if (it.evidence == Evidence::Estimated)
            item["range_bytes"] = {{"low", it.low}, {"high", it.high}};
        items.push_back(item);
    }
    j["items"] = items;
    j["warnings"] = e.warnings;
    auto noticesToJson = [](const std::vector<Notice> &list, bool withText) {
        json out = json::array();
        for (const Notice &n : list) {
            json args = json::object();
            for (const NoticeArg &a : n.args)
                args[std::string(a.name)] =
                    a.kind == NoticeArg::Kind::Text ? json(a.text) : json{{noticeKindId(a.kind), a.number}};
            out.push_back({{"id", n.id}, {"args", args}});
            if (withText)
                out.back()["text"] = noticeEnglish(n);
        }
        return out;
    };
    j["notices"] = noticesToJson(e.notices, false);
    j["verdict"] = e.verdictId();
    j["refusals"] = noticesToJson(e.refusals, true);
    j["launch_command"] = e.launchCommand;
    if (!e.launchNote.id.empty()) // only when the command holds a placeholder: older readers never see it
        j["launch_command_note"] = noticesToJson({e.launchNote}, true).front();
    j["engine"] = engineId(e.engine);
    j["runtime_release"] = e.runtimeRelease;
    j["runtime_release_defaulted"] = e.runtimeReleaseDefaulted;
    j["speed"] = speedToJson(e.speed, e.pools);
    if (e.training.active)
        j["training"] = trainingSummaryToJson(e.training);
    return j;
}

namespace {

constexpr std::uint64_t kBig = ~0ULL;

Pool poolFromJson(const json &p)
{
    Pool pool;
    pool.id = ju::string(p, "id", "pools");
    pool.name = ju::string(p, "name", "pools");
    pool.kind = poolKindFromId(ju::string(p, "kind", "pools")).value_or(PoolKind::Vram);
    pool.capacityBytes = ju::count(p, "capacity_bytes", "pools", 0, kBig, 0);
    pool.usableBytes = ju::count(p, "usable_bytes", "pools", 0, kBig, 0);
    const json &g = ju::require(p, "guests", "pools");
    for (Guest guest : kAllGuests)
        pool.guests[guestIndex(guest)] = ju::count(g, std::string(guestId(guest)).c_str(), "pools.guests", 0, kBig, 0);
    pool.totalBytes = ju::count(p, "total_bytes", "pools", 0, kBig, 0);
    pool.loadingPeakBytes = ju::count(p, "loading_peak_bytes", "pools", 0, kBig, 0);
    pool.reclaimableBytes = ju::count(p, "reclaimable_bytes", "pools", 0, pool.totalBytes, 0);
    pool.fits = ju::boolean(p, "fits", "pools", true);
    return pool;
}

Item itemFromJson(const json &i, const std::vector<Pool> &pools)
{
    Item it;
    const std::string poolId = ju::string(i, "pool", "items");
    for (std::size_t k = 0; k < pools.size(); ++k)
        if (pools[k].id == poolId)
            it.pool = static_cast<std::uint16_t>(k);
    it.guest = guestFromId(ju::string(i, "guest", "items")).value_or(Guest::Weights);
    it.evidence = evidenceFromId(ju::string(i, "evidence", "items")).value_or(Evidence::Calculated);
    it.id = intern(ju::string(i, "id", "items"));
    it.label = intern(ju::string(i, "label", "items"));
    it.formula = intern(ju::string(i, "formula", "items"));
    it.bytes = ju::count(i, "bytes", "items", 0, kBig, 0);
    it.low = it.high = it.bytes;
    if (const json *r = ju::optional(i, "range_bytes")) {
        it.low = ju::count(*r, "low", "items.range_bytes", 0, kBig, 0);
        it.high = ju::count(*r, "high", "items.range_bytes", 0, kBig, 0);
    }
    if (const json *terms = ju::optional(i, "terms")) {
        if (terms->is_array() && terms->size() > TermList::kCapacity)
            throw InputError("items.terms", "has more than " + std::to_string(TermList::kCapacity) + " terms");
        for (const json &t : *terms)
            it.add(intern(ju::string(t, "symbol", "items.terms")),
                   ju::number(t, "value", "items.terms", -1e300, 1e300, 0),
                   originFromId(ju::string(t, "origin", "items.terms", "derived")),
                   intern(ju::string(t, "meaning", "items.terms")));
    }
    return it;
}

std::vector<Notice> noticesFromJson(const json *ns, const char *key)
{
    std::vector<Notice> out;
    if (!ns || !ns->is_array())
        return out;
    for (const json &n : *ns) {
        Notice notice;
        notice.id = intern(ju::string(n, "id", key));
        if (const json *args = ju::optional(n, "args"); args && args->is_object())
            for (auto &[k, v] : args->items()) {
                NoticeArg a;
                a.name = intern(k);
                if (v.is_object() && v.size() == 1 && v.begin().value().is_number_unsigned()) {
                    a.kind = noticeKindFromId(v.begin().key());
                    a.number = v.begin().value().get<std::uint64_t>();
                } else {
                    a.text = v.is_string() ? v.get<std::string>() : v.dump();
                }
                notice.args.push_back(a);
            }
        out.push_back(std::move(notice));
    }
    return out;
}

} // namespace

Estimate estimateFromJson(const json &doc)
{
    ju::requireObject(doc, "");
    const std::string schema = ju::toString(ju::require(doc, "schema", ""), "schema");
    if (schema != kEstimateSchema)
        throw InputError("schema", "must be '" + std::string(kEstimateSchema) + "' (found '" + schema + "')");
    Estimate e;
    const json &m = ju::require(doc, "model", "");
    e.model.id = ju::string(m, "id", "model");
    e.model.name = ju::string(m, "name", "model");
    const std::uint64_t big = ~0ULL;
    e.model.parameters = ju::count(m, "parameters", "model", 0, big, 0);
    e.model.activeParameters = ju::count(m, "active_parameters", "model", 0, big, 0);
    e.model.computedParameters = ju::count(m, "computed_parameters", "model", 0, big, 0);
    e.model.declaredParameters = ju::count(m, "declared_parameters", "model", 0, big, 0);
    e.model.weightsBytes = ju::count(m, "weights_bytes", "model", 0, big, 0);
    e.model.kvBytesPerToken = ju::count(m, "kv_bytes_per_token", "model", 0, big, 0);
    e.model.weightsEvidence =
        evidenceFromId(ju::string(m, "weights_evidence", "model", "calculated")).value_or(Evidence::Calculated);
    e.model.hypothetical = ju::boolean(m, "hypothetical", "model", false);
    e.model.recurrentStateBytesPerSequence = ju::count(m, "recurrent_state_bytes_per_sequence", "model", 0, big, 0);
    e.model.assumedArchitecture = ju::boolean(m, "assumed_architecture", "model", false);
    e.kvCapacityTokens = ju::count(doc, "kv_capacity_tokens", "", 0, big, 0);
    if (const json *range = ju::optional(doc, "kv_capacity_tokens_range")) {
        if (!range->is_array() || range->size() != 2)
            throw InputError("kv_capacity_tokens_range", "must be [low, high]");
        e.kvCapacityTokensLow = ju::toCount((*range)[0], "kv_capacity_tokens_range", 0, big);
        e.kvCapacityTokensHigh = ju::toCount((*range)[1], "kv_capacity_tokens_range", 0, big);
    }
    e.requestedKvTokens = ju::count(doc, "requested_kv_tokens", "", 0, big, 0);
    e.windowedKvTokens = ju::count(doc, "windowed_kv_tokens", "", 0, big, 0);
    e.contextTokens = ju::count(doc, "context_tokens", "", 0, big, 0);
    e.maxConcurrency = ju::number(doc, "max_concurrency", "", 0, 1e18, 0);
    for (const json &p : ju::require(doc, "pools", ""))
        e.pools.push_back(poolFromJson(p));
    e.fits = ju::boolean(doc, "fits", "", true);
    if (const json *items = ju::optional(doc, "items"))
        for (const json &i : *items)
            e.items.push_back(itemFromJson(i, e.pools));
    if (const json *w = ju::optional(doc, "warnings"))
        for (const json &s : *w)
            e.warnings.push_back(s.is_string() ? s.get<std::string>() : s.dump());
    e.notices = noticesFromJson(ju::optional(doc, "notices"), "notices");
    e.refusals = noticesFromJson(ju::optional(doc, "refusals"), "refusals");
    e.launchCommand = ju::string(doc, "launch_command", "");
    if (const json *note = ju::optional(doc, "launch_command_note"); note && note->is_object()) {
        const json one = json::array({*note});
        if (auto notes = noticesFromJson(&one, "launch_command_note"); !notes.empty())
            e.launchNote = notes.front();
    }
    const std::string engine = ju::string(doc, "engine", "", std::string(Engine{}.id()));
    const auto known = engineFromId(engine);
    if (!known)
        throw InputError("engine", "'" + engine + "' is not a known engine (" + std::string(engineIdList()) + ")");
    e.engine = *known;
    e.runtimeRelease = ju::string(doc, "runtime_release", "");
    e.runtimeReleaseDefaulted = ju::boolean(doc, "runtime_release_defaulted", "", false);
    if (const json *speed = ju::optional(doc, "speed"))
        e.speed = speedFromJson(*speed, e.pools);
    e.training = trainingSummaryFromJson(doc);
    return e;
}

} // namespace memplan
