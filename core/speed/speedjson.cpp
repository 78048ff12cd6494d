#include "speed/speedjson.h"
#include "error.h"

#include "files/jsonutil.h"

#include <nlohmann/json.hpp>

#include <set>
#include <string>

namespace memplan {

using json = nlohmann::json;
namespace ju = jsonutil;

namespace {

std::string_view internSpeedText(const std::string &s)
{
    static std::set<std::string, std::less<>> pool;
    return *pool.insert(s).first;
}

json figure(const SpeedFigure &f)
{
    return {{"bound", f.bound}, {"expected", f.expected}, {"low", f.low}, {"high", f.high}};
}

SpeedFigure figureFrom(const json &doc, const char *key)
{
    SpeedFigure f;
    if (const json *o = ju::optional(doc, key)) {
        const std::string where = std::string("speed.") + key;
        f.bound = ju::number(*o, "bound", where, 0, 1e300, 0);
        f.expected = ju::number(*o, "expected", where, 0, 1e300, 0);
        f.low = ju::number(*o, "low", where, 0, 1e300, 0);
        f.high = ju::number(*o, "high", where, 0, 1e300, 0);
    }
    return f;
}

json efficiency(const Efficiency &e)
{
    return {e.low, e.mid, e.high};
}

json fixedCost(const FixedCost &c)
{
    return {c.fast, c.mid, c.slow};
}

FixedCost fixedCostFrom(const json &doc, const char *key, const char *where)
{
    FixedCost c;
    if (const json *a = ju::optional(doc, key)) {
        if (!a->is_array() || a->size() != 3)
            throw InputError(std::string(where) + "." + key, "must be [fast, middle, slow] seconds");
        c.fast = ju::toNumber((*a)[0], key, 0, 1e3);
        c.mid = ju::toNumber((*a)[1], key, 0, 1e3);
        c.slow = ju::toNumber((*a)[2], key, 0, 1e3);
    }
    return c;
}

Efficiency efficiencyFrom(const json &doc, const char *key)
{
    Efficiency e;
    if (const json *a = ju::optional(doc, key)) {
        if (!a->is_array() || a->size() != 3)
            throw InputError(std::string("speed.pools.") + key, "must be [low, middle, high]");
        e.low = ju::toNumber((*a)[0], key, 0, 1e3);
        e.mid = ju::toNumber((*a)[1], key, 0, 1e3);
        e.high = ju::toNumber((*a)[2], key, 0, 1e3);
    }
    return e;
}

std::string_view originName(Origin o)
{
    return originId(o);
}

Origin originFrom(const std::string &id)
{
    for (Origin o : {Origin::Config, Origin::File, Origin::Preset, Origin::Scenario, Origin::Runtime, Origin::Derived})
        if (originId(o) == id)
            return o;
    throw InputError("speed.items.terms.origin", "'" + id + "' is not a known origin");
}

std::string poolId(const std::vector<Pool> &pools, int index)
{
    return index >= 0 && std::size_t(index) < pools.size() ? pools[std::size_t(index)].id : std::string();
}

int poolIndex(const std::vector<Pool> &pools, const std::string &id)
{
    for (std::size_t k = 0; k < pools.size(); ++k)
        if (pools[k].id == id)
            return int(k);
    return -1;
}

} // namespace

json speedToJson(const SpeedEstimate &s, const std::vector<Pool> &pools)
{
    json j;
    j["available"] = s.available;
    if (!s.reason.empty())
        j["reason"] = s.reason;
    j["concurrency"] = s.concurrency;
    j["context_tokens"] = s.contextTokens;
    j["prompt_tokens"] = s.promptTokens;
    j["micro_batch_tokens"] = s.microBatchTokens;
    if (s.opOffloadMinBatch > 0)
        j["op_offload_min_batch"] = s.opOffloadMinBatch;
    j["tensor_parallel"] = s.tensorParallel;
    if (s.rowSplit)
        j["row_split"] = true;
    if (s.routedExperts > 0) { // a mixture: decode of several sequences reads the union of their experts
        j["experts_per_token"] = s.expertsPerToken;
        j["routed_experts"] = s.routedExperts;
    }
    j["allreduce_bytes_per_token"] = s.allReduceBytesPerToken;
    j["allreduces_per_step"] = s.allReducesPerStep;
    j["interconnect_bytes_per_s"] = s.interconnectBandwidth;
    j["attention_flops_per_token2"] = s.attentionFlopsPerToken2;
    if (s.attentionWindow > 0) {
        j["windowed_attention_flops_per_token2"] = s.windowedAttentionFlopsPerToken2;
        j["attention_window"] = s.attentionWindow;
    }
    j["step_fixed_seconds"] = fixedCost(s.stepCost);
    j["host_switches_per_step"] = s.hostSwitches;
    j["host_switch_seconds"] = fixedCost(s.switchCost);
    j["decode_tokens_per_s_per_sequence"] = figure(s.decodePerSequence);
    j["decode_tokens_per_s_total"] = figure(s.decodeTotal);
    j["prefill_tokens_per_s"] = figure(s.prefill);
    j["time_to_first_token_s"] = figure(s.timeToFirstToken);
    json ps = json::array();
    for (const PoolTraffic &p : s.pools)
        ps.push_back({{"pool", poolId(pools, p.pool)},
                      {"path", p.path},
                      {"backend", p.backend},
                      {"bandwidth_bytes_per_s", p.bandwidth},
                      {"weight_bytes_per_step", p.weightBytes},
                      {"kv_bytes_per_sequence", p.kvBytesPerSequence},
                      {"active_parameters", p.activeParameters},
                      {"flops_per_s", p.flops},
                      {"prefill_bandwidth_bytes_per_s", p.prefillBandwidth},
                      {"prefill_weight_bytes", p.prefillWeightBytes},
                      {"prefill_weight_bytes_floor", p.prefillWeightBytesFloor},
                      {"prefill_flops_per_s", p.prefillFlops},
                      {"layer_share", p.layerShare},
                      {"attention_share", p.attentionShare},
                      {"attention_flops_per_s", p.attentionFlops},
                      {"attention_square", p.attentionSquare},
                      {"attention_efficiency", efficiency(p.attentionEfficiency)},
                      {"kv_copied_per_token", p.kvCopiedPerToken},
                      {"layers", p.layers},
                      {"layer_fixed_seconds", fixedCost(p.layerCost)},
                      {"device", p.device},
                      {"decode_efficiency", efficiency(p.decodeEfficiency)},
                      {"prefill_efficiency", efficiency(p.prefillEfficiency)},
                      {"decode_compute_efficiency", efficiency(p.decodeComputeEfficiency)},
                      {"prefill_compute_efficiency", efficiency(p.prefillComputeEfficiency)}});
    // Written only where they apply, so other files stay as they were.
    for (std::size_t i = 0; i < s.pools.size(); ++i) {
        if (s.pools[i].rowBytes > 0) // llama.cpp's row split
            ps[i]["row_bytes_per_step"] = s.pools[i].rowBytes;
        if (s.pools[i].cpuKernelRate != 1) // the CPU computing a type slower than Q4_K
            ps[i]["cpu_kernel_rate"] = s.pools[i].cpuKernelRate;
        if (s.pools[i].routedBytes > 0) // a mixture's routed experts held here
            ps[i]["routed_expert_bytes"] = s.pools[i].routedBytes;
        if (s.pools[i].scoreBytesPerFlop > 0) // a GPU's score matrices without flash attention
            ps[i]["score_bytes_per_flop"] = s.pools[i].scoreBytesPerFlop;
        if (s.pools[i].reachedShare < 1) // the expected reads at a measured share of the peak
            ps[i]["reached_share"] = s.pools[i].reachedShare;
    }
    j["pools"] = ps;
    json items = json::array();
    for (const SpeedItem &it : s.items) {
        json terms = json::array();
        for (std::uint8_t t = 0; t < it.termCount; ++t)
            terms.push_back({{"symbol", it.terms[t].symbol},
                             {"value", it.terms[t].value},
                             {"origin", originName(it.terms[t].origin)},
                             {"meaning", it.terms[t].meaning}});
        json item = {{"id", it.id},           {"label", it.label},         {"unit", it.unit}, {"formula", it.formula},
                     {"limiter", it.limiter}, {"value", figure(it.value)}, {"terms", terms}};
        if (it.pool >= 0)
            item["pool"] = poolId(pools, it.pool);
        items.push_back(item);
    }
    j["items"] = items;
    return j;
}

SpeedEstimate speedFromJson(const json &doc, const std::vector<Pool> &pools)
{
    ju::requireObject(doc, "speed");
    SpeedEstimate s;
    const std::uint64_t big = ~0ULL;
    s.available = ju::boolean(doc, "available", "speed", false);
    if (ju::optional(doc, "reason"))
        s.reason = internSpeedText(ju::string(doc, "reason", "speed"));
    s.concurrency = ju::count(doc, "concurrency", "speed", 0, big, 0);
    s.contextTokens = ju::count(doc, "context_tokens", "speed", 0, big, 0);
    s.promptTokens = ju::count(doc, "prompt_tokens", "speed", 0, big, 0);
    s.microBatchTokens = ju::count(doc, "micro_batch_tokens", "speed", 0, big, 0);
    s.opOffloadMinBatch = ju::count(doc, "op_offload_min_batch", "speed", 0, big, 0);
    s.tensorParallel = ju::boolean(doc, "tensor_parallel", "speed", false);
    s.rowSplit = ju::boolean(doc, "row_split", "speed", false);
    s.routedExperts = ju::number(doc, "routed_experts", "speed", 0, 1e6, 0);
    s.expertsPerToken = ju::number(doc, "experts_per_token", "speed", 0, s.routedExperts, 0);
    s.allReduceBytesPerToken = ju::number(doc, "allreduce_bytes_per_token", "speed", 0, 1e300, 0);
    s.allReducesPerStep = ju::number(doc, "allreduces_per_step", "speed", 0, 1e300, 0);
    s.interconnectBandwidth = ju::number(doc, "interconnect_bytes_per_s", "speed", 0, 1e300, 0);
    s.attentionFlopsPerToken2 = ju::number(doc, "attention_flops_per_token2", "speed", 0, 1e300, 0);
    s.windowedAttentionFlopsPerToken2 = ju::number(doc, "windowed_attention_flops_per_token2", "speed", 0, 1e300, 0);
    s.attentionWindow = ju::number(doc, "attention_window", "speed", 0, 1e12, 0);
    s.stepCost = fixedCostFrom(doc, "step_fixed_seconds", "speed");
    s.hostSwitches = ju::number(doc, "host_switches_per_step", "speed", 0, 1e9, 0);
    s.switchCost = fixedCostFrom(doc, "host_switch_seconds", "speed");
    s.decodePerSequence = figureFrom(doc, "decode_tokens_per_s_per_sequence");
    s.decodeTotal = figureFrom(doc, "decode_tokens_per_s_total");
    s.prefill = figureFrom(doc, "prefill_tokens_per_s");
    s.timeToFirstToken = figureFrom(doc, "time_to_first_token_s");
    if (const json *ps = ju::optional(doc, "pools"))
        for (const json &p : *ps) {
            PoolTraffic t;
            t.pool = static_cast<std::uint16_t>(std::max(0, poolIndex(pools, ju::string(p, "pool", "speed.pools"))));
            t.path = internSpeedText(ju::string(p, "path", "speed.pools"));
            t.backend = internSpeedText(ju::string(p, "backend", "speed.pools"));
            t.bandwidth = ju::number(p, "bandwidth_bytes_per_s", "speed.pools", 0, 1e300, 0);
            t.weightBytes = ju::number(p, "weight_bytes_per_step", "speed.pools", 0, 1e300, 0);
            t.kvBytesPerSequence = ju::number(p, "kv_bytes_per_sequence", "speed.pools", 0, 1e300, 0);
            t.activeParameters = ju::number(p, "active_parameters", "speed.pools", 0, 1e300, 0);
            t.flops = ju::number(p, "flops_per_s", "speed.pools", 0, 1e300, 0);
            t.prefillBandwidth = ju::number(p, "prefill_bandwidth_bytes_per_s", "speed.pools", 0, 1e300, 0);
            t.prefillWeightBytes = ju::number(p, "prefill_weight_bytes", "speed.pools", 0, 1e300, 0);
            t.prefillWeightBytesFloor =
                ju::number(p, "prefill_weight_bytes_floor", "speed.pools", 0, 1e300, t.prefillWeightBytes);
            t.prefillFlops = ju::number(p, "prefill_flops_per_s", "speed.pools", 0, 1e300, 0);
            t.layerShare = ju::number(p, "layer_share", "speed.pools", 0, 1, 0);
            // Files from before the attention placement: attention went with the layers.
            t.attentionShare = ju::number(p, "attention_share", "speed.pools", 0, 1, t.layerShare);
            t.attentionFlops = ju::number(p, "attention_flops_per_s", "speed.pools", 0, 1e300, 0);
            t.attentionSquare = ju::number(p, "attention_square", "speed.pools", 1, 2, 1);
            if (ju::optional(p, "attention_efficiency"))
                t.attentionEfficiency = efficiencyFrom(p, "attention_efficiency");
            t.kvCopiedPerToken = ju::number(p, "kv_copied_per_token", "speed.pools", 0, 1e300, 0);
            t.layers = ju::number(p, "layers", "speed.pools", 0, 1e9, 0);
            t.layerCost = fixedCostFrom(p, "layer_fixed_seconds", "speed.pools");
            t.device = ju::boolean(p, "device", "speed.pools", false);
            t.rowBytes = ju::number(p, "row_bytes_per_step", "speed.pools", 0, t.weightBytes, 0);
            t.cpuKernelRate = ju::number(p, "cpu_kernel_rate", "speed.pools", 1e-3, 1e3, 1);
            t.routedBytes = ju::number(p, "routed_expert_bytes", "speed.pools", 0, 1e300, 0);
            t.scoreBytesPerFlop = ju::number(p, "score_bytes_per_flop", "speed.pools", 0, 1e3, 0);
            t.reachedShare = ju::number(p, "reached_share", "speed.pools", 1e-3, 1, 1);
            t.decodeEfficiency = efficiencyFrom(p, "decode_efficiency");
            t.prefillEfficiency = efficiencyFrom(p, "prefill_efficiency");
            // Files from before the compute shares (estimate format 1 as first written): one share
            // for both terms, which is what those estimates used.
            t.decodeComputeEfficiency = ju::optional(p, "decode_compute_efficiency")
                                            ? efficiencyFrom(p, "decode_compute_efficiency")
                                            : t.decodeEfficiency;
            t.prefillComputeEfficiency = ju::optional(p, "prefill_compute_efficiency")
                                             ? efficiencyFrom(p, "prefill_compute_efficiency")
                                             : t.prefillEfficiency;
            s.pools.push_back(t);
        }
    if (const json *items = ju::optional(doc, "items"))
        for (const json &i : *items) {
            SpeedItem it;
            it.id = internSpeedText(ju::string(i, "id", "speed.items"));
            it.label = internSpeedText(ju::string(i, "label", "speed.items"));
            it.unit = internSpeedText(ju::string(i, "unit", "speed.items"));
            it.formula = internSpeedText(ju::string(i, "formula", "speed.items"));
            it.limiter = internSpeedText(ju::string(i, "limiter", "speed.items"));
            if (ju::optional(i, "pool"))
                it.pool = static_cast<std::int16_t>(poolIndex(pools, ju::string(i, "pool", "speed.items")));
            it.value = figureFrom(i, "value");
            if (const json *terms = ju::optional(i, "terms"))
                for (const json &t : *terms)
                    it.add(internSpeedText(ju::string(t, "symbol", "speed.items.terms")),
                           ju::number(t, "value", "speed.items.terms", -1e300, 1e300, 0),
                           originFrom(ju::string(t, "origin", "speed.items.terms", "derived")),
                           internSpeedText(ju::string(t, "meaning", "speed.items.terms")));
            s.items.push_back(it);
        }
    return s;
}

} // namespace memplan
