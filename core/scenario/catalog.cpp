#include "scenario/catalog.h"
#include "runtimes/release.h"

#include "files/jsonutil.h"
#include "model/modelconfig.h"
#include "model/quantformat.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace memplan {

using json = nlohmann::json;
namespace ju = jsonutil;

namespace {

constexpr int kMaxJsonDepth = 64;
constexpr std::uintmax_t kMaxPresetFileBytes = 4 * 1024 * 1024;

bool schemaIs(const std::string &schema, const char *kind)
{
    const std::string prefix = std::string("memplan.") + kind + "-preset/";
    return schema.rfind(prefix, 0) == 0;
}

void checkSchemaVersion(const std::string &schema, const char *kind)
{
    const std::string expected = std::string("memplan.") + kind + "-preset/1";
    if (schema != expected)
        throw InputError("schema", "is '" + schema + "'; this version reads '" + expected + "'");
}

void checkId(const std::string &id)
{
    if (id.empty() || id.size() > 64)
        throw InputError("id", "must be 1 to 64 characters");
    for (char c : id)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_'))
            throw InputError("id", "'" + id + "' may only use lowercase letters, digits, '-', '.' and '_'");
}

std::vector<std::string> stringList(const json &doc, const char *key)
{
    std::vector<std::string> out;
    if (const json *v = ju::optional(doc, key)) {
        if (!v->is_array())
            throw InputError(key, "must be a list");
        for (const json &e : *v)
            out.push_back(e.is_string() ? e.get<std::string>() : e.dump());
    }
    return out;
}

template <typename List, typename T, typename GetId> void upsert(List &list, T value, GetId id)
{
    auto it = std::find_if(list.begin(), list.end(), [&](const T &e) { return id(e) == id(value); });
    if (it != list.end())
        *it = std::move(value);
    else
        list.push_back(std::move(value));
}

// A user file overrides a shipped preset of the same id, but two user files with
// one id are a mistake: the first in file-name order wins (docs/presets.md) and
// the later one is refused with both names.
template <typename List, typename GetId> void checkUserDuplicate(const List &list, const std::string &newId, GetId id)
{
    auto it = std::find_if(list.begin(), list.end(), [&](const auto &e) { return id(e) == newId; });
    if (it != list.end() && it->user)
        throw InputError("id", "'" + newId + "' is already defined by " + it->origin + "; this file is ignored");
}

Range parseRange(const json &ranges, const char *key)
{
    Range r;
    if (const json *v = ju::optional(ranges, key)) {
        if (!v->is_array() || v->size() != 2)
            throw InputError(std::string("ranges.") + key, "must be [low, high]");
        r.low = ju::toNumber((*v)[0], std::string("ranges.") + key, 0.0, 10.0);
        r.high = ju::toNumber((*v)[1], std::string("ranges.") + key, r.low, 100.0);
    }
    return r;
}

} // namespace

json parseJsonText(const std::string &text, const std::string &origin)
{
    auto keys = std::make_shared<ju::KeyTracker>();
    try {
        return json::parse(text, [keys](int depth, json::parse_event_t event, json &parsed) {
            if (depth > kMaxJsonDepth)
                throw InputError("(document)", "is nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
            return (*keys)(depth, event, parsed);
        });
    } catch (const InputError &e) {
        throw e.inFile(origin);
    } catch (const json::out_of_range &) {
        // The lexer's out_of_range.406: a number such as 1e400 is past the double range.
        throw InputError(ErrorInfo{origin, keys->path(), "is a number too large to represent"});
    } catch (const json::parse_error &e) {
        // nlohmann's message starts with "[json.exception.parse_error.101] "; keep the readable part.
        std::string what = e.what();
        if (auto pos = what.find("] "); pos != std::string::npos)
            what = what.substr(pos + 2);
        throw InputError(ErrorInfo{origin, "byte " + std::to_string(e.byte), "is not valid JSON: " + what});
    }
}

namespace {

/// Shipped presets are compiled in and checked by the tests, so they skip the key tracking
/// that only serves error messages; a text that does not parse is parsed again the careful
/// way, to word the problem exactly as for a user's file.
json parseShippedJsonText(const std::string &text, const std::string &origin)
{
    try {
        return json::parse(text);
    } catch (const json::exception &) {
        return parseJsonText(text, origin);
    }
}

/// `repositories`: {"fp8": {"repo": "Org/Name-FP8", "source": "..."},
///                 "q4_k_m": {"repo": "Org/Name-GGUF", "file": "Name-Q4_K_M.gguf", "source": "..."}}.
std::map<std::string, WeightRepository> parseRepositories(const json &doc)
{
    std::map<std::string, WeightRepository> out;
    const json *repos = ju::optional(doc, "repositories");
    if (!repos)
        return out;
    ju::requireObject(*repos, "repositories");
    for (auto it = repos->begin(); it != repos->end(); ++it) {
        const std::string key = "repositories." + it.key();
        if (!findQuantFormat(it.key()))
            throw InputError(key, "'" + it.key() + "' is not a known format");
        ju::requireObject(*it, key);
        WeightRepository w;
        w.repo = ju::toString(ju::require(*it, "repo", key), key + ".repo");
        // "org/name": what vllm serve, from_pretrained and llama-server -hf take.
        const auto slash = w.repo.find('/');
        if (slash == std::string::npos || slash == 0 || slash + 1 == w.repo.size() ||
            w.repo.find_first_of(" \t\n\"'<>") != std::string::npos)
            throw InputError(key + ".repo", "must be a repository name such as Org/Name");
        w.file = ju::string(*it, "file", key);
        if (!w.file.empty() && (w.file.size() < 6 || w.file.compare(w.file.size() - 5, 5, ".gguf") != 0 ||
                                w.file.find_first_of(" \t\n\"'<>/") != std::string::npos))
            throw InputError(key + ".file", "must be a .gguf file name without folders or spaces");
        w.source = ju::string(*it, "source", key);
        out[it.key()] = std::move(w);
    }
    return out;
}

} // namespace

ModelPreset parseModelPreset(const json &doc)
{
    ju::requireObject(doc, "");
    checkSchemaVersion(ju::string(doc, "schema", ""), "model");
    ModelPreset p;
    p.id = ju::toString(ju::require(doc, "id", ""), "id");
    checkId(p.id);
    p.name = ju::string(doc, "name", "", p.id);
    p.family = ju::string(doc, "family", "", "Other");
    p.hfRepo = ju::string(doc, "hf_repo", "");
    p.verified = ju::boolean(doc, "verified", "", false);
    const json &config = ju::require(doc, "config", "");
    ju::requireObject(config, "config");
    p.arch = architectureFromConfig(config, nullptr, "config.");
    p.computed = countParameters(p.arch);
    if (const json *params = ju::optional(doc, "parameters")) {
        ju::requireObject(*params, "parameters");
        if (const json *d = ju::optional(*params, "declared"))
            p.declaredParameters = ju::toCount(*d, "parameters.declared", 1, 10'000'000'000'000ULL);
        p.declaredLabel = ju::string(*params, "declared_label", "parameters");
    }
    p.nativeDtype = ju::string(doc, "native_dtype", "", "bf16");
    if (!findQuantFormat(p.nativeDtype))
        throw InputError("native_dtype", "'" + p.nativeDtype + "' is not a known format");
    p.shippedFormat = ju::string(doc, "shipped_format", "");
    if (!p.shippedFormat.empty() && !findQuantFormat(p.shippedFormat))
        throw InputError("shipped_format", "'" + p.shippedFormat + "' is not a known format");
    p.maxContext = ju::count(doc, "max_context", "", 1, 100'000'000, p.arch.maxPositionEmbeddings);
    if (const json *vision = ju::optional(doc, "vision")) {
        ju::requireObject(*vision, "vision");
        p.visionParameters = ju::count(*vision, "parameters", "vision", 1, 1'000'000'000'000ULL, 0);
    }
    if (p.maxContext == 0) {
        p.maxContext = 4096;
        p.maxContextAssumed = true;
    }
    if (const json *v = ju::optional(doc, "variants")) {
        if (!v->is_array())
            throw InputError("variants", "must be a list");
        for (std::size_t i = 0; i < v->size(); ++i) {
            const json &e = (*v)[i];
            const std::string key = "variants[" + std::to_string(i) + "].format";
            const std::string f =
                e.is_object() ? ju::toString(ju::require(e, "format", ""), key) : ju::toString(e, key);
            if (!findQuantFormat(f))
                throw InputError(key, "'" + f + "' is not a known format");
            p.variants.push_back(f);
        }
    }
    p.repositories = parseRepositories(doc);
    p.sources = stringList(doc, "sources");
    p.notes = ju::string(doc, "notes", "");
    return p;
}

HardwarePreset parseHardwarePreset(const json &doc)
{
    ju::requireObject(doc, "");
    checkSchemaVersion(ju::string(doc, "schema", ""), "hardware");
    HardwarePreset p;
    HardwareSpec &h = p.spec;
    h.id = ju::toString(ju::require(doc, "id", ""), "id");
    checkId(h.id);
    h.name = ju::string(doc, "name", "", h.id);
    h.vendor = ju::string(doc, "vendor", "");
    h.backend = ju::string(doc, "backend", "");
    if (const json *m = ju::optional(doc, "memory_type"); m && m->is_string())
        h.memoryType = m->get<std::string>();
    if (!h.backend.empty() && !isComputeBackend(h.backend))
        throw InputError("backend", "must be " + std::string(kComputeBackendList));
    const std::string kind = ju::toString(ju::require(doc, "kind", ""), "kind");
    const auto k = hardwareKindFromId(kind == "cpu_platform" ? "cpu" : kind);
    if (!k)
        throw InputError("kind", "must be discrete_gpu, unified or cpu");
    h.kind = *k;
    constexpr std::uint64_t maxBytes = 1ULL << 50; // 1 PiB per device is far beyond any machine
    if (h.kind != HardwareKind::Cpu)
        h.capacityBytes = ju::toCount(ju::require(doc, "capacity_bytes", ""), "capacity_bytes", 1, maxBytes);
    h.gpuUsableBytes = ju::count(doc, "gpu_usable_bytes", "", 1, maxBytes, 0);
    if (h.gpuUsableBytes > h.capacityBytes && h.kind != HardwareKind::Cpu)
        throw InputError("gpu_usable_bytes", "cannot exceed capacity_bytes");
    h.bandwidthBytesPerSecond = ju::count(doc, "bandwidth_bytes_per_s", "", 0, 1ULL << 60, 0);
    h.hostLinkBytesPerSecond = ju::count(doc, "host_link_bytes_per_s", "", 0, 1ULL << 60, 0);
    h.fp16TflopsDense = ju::number(doc, "fp16_tflops_dense", "", 0, 1e6, 0);
    h.fp8TflopsDense = ju::number(doc, "fp8_tflops_dense", "", 0, 1e6, 0);
    h.fp16AccTflopsDense = ju::number(doc, "fp16_tflops_dense_fp16_accumulate", "", 0, 1e6, 0);
    h.int8TopsDense = ju::number(doc, "int8_tops_dense", "", 0, 1e6, 0);
    h.fp4TflopsDense = ju::number(doc, "fp4_tflops_dense", "", 0, 1e6, 0);
    h.gpuBandwidthShare = ju::number(doc, "gpu_bandwidth_share", "", 0, 1, 0);
    h.sustainedBandwidthFraction = ju::number(doc, "sustained_bandwidth_fraction", "", 0, 1, 0);
    h.interconnectBytesPerSecond = ju::count(doc, "interconnect_bytes_per_s", "", 0, 1ULL << 60, 0);
    h.gpuUsableRule = ju::string(doc, "gpu_usable_rule", "");
    h.memoryLabel = ju::string(doc, "memory_label", "");
    h.verified = ju::boolean(doc, "verified", "", false);
    p.memoryChannels = static_cast<std::uint32_t>(ju::count(doc, "memory_channels", "", 0, 64, 0));
    p.memoryMts = static_cast<std::uint32_t>(ju::count(doc, "memory_mts", "", 0, 100000, 0));
    p.notes = ju::string(doc, "notes", "");
    if (doc.contains("price"))
        p.price = priceFromJson(doc.at("price"));
    return p;
}

namespace {

/// The runtime file's "activation" section: how the runtime sizes its compute buffers.
void parseActivationSection(const json &act, RuntimeProfile &r)
{
    r.defaultBatchTokens =
        static_cast<std::uint32_t>(ju::count(act, "default_batch_tokens", "activation", 1, 1 << 20, 512));
    r.activationBytesPerHidden = ju::number(act, "bytes_per_hidden", "activation", 0, 1e4, 0);
    r.activationBytesPerFfn = ju::number(act, "bytes_per_ffn", "activation", 0, 1e4, 0);
    r.logitsBytesPerElement = ju::number(act, "logits_bytes_per_element", "activation", 0, 16, 0);
    r.samplerSortBytesPerLogit =
        ju::number(act, "sampler_sort_bytes_per_logit", "activation", 0, 256, r.logitsBytesPerElement);
    r.logitsForWholeBatch = ju::boolean(act, "logits_for_whole_batch", "activation", false);
    r.flashAttention = ju::boolean(act, "flash_attention", "activation", true);
    r.attentionScoreBytes = ju::number(act, "attention_score_bytes", "activation", 0, 16, 4);
    if (const json *g = ju::optional(act, "graph")) {
        auto v = activationGraphFromId(ju::toString(*g, "activation.graph"));
        if (!v)
            throw InputError("activation.graph", "must be generic or ggml");
        r.activationGraph = *v;
    }
    r.attentionStageBytesPerHidden = ju::number(act, "attention_stage_bytes_per_hidden", "activation", 0, 1e4, 0);
    r.ffnStageBytesPerHidden = ju::number(act, "ffn_stage_bytes_per_hidden", "activation", 0, 1e4, 0);
    r.maskBytesPerElement = ju::number(act, "mask_bytes_per_element", "activation", 0, 16, 4);
    r.maskPadding = static_cast<std::uint32_t>(ju::count(act, "mask_padding", "activation", 1, 4096, 1));
    r.pipelineCopies = static_cast<std::uint32_t>(ju::count(act, "pipeline_copies", "activation", 1, 16, 1));
    r.opOffloadMinBatch =
        static_cast<std::uint32_t>(ju::count(act, "op_offload_min_batch", "activation", 0, 1 << 20, 0));
}

} // namespace

RuntimeProfile parseRuntimeProfile(const json &doc)
{
    ju::requireObject(doc, "");
    checkSchemaVersion(ju::string(doc, "schema", ""), "runtime");
    RuntimeProfile r;
    r.id = ju::toString(ju::require(doc, "id", ""), "id");
    checkId(r.id);
    r.name = ju::string(doc, "name", "", r.id);
    // Checked here, so a mistyped engine names this file and key instead of losing the runtime's rules.
    const std::string engine = ju::string(doc, "engine", "", r.id);
    const auto known = engineFromId(engine);
    if (!known)
        throw InputError("engine", "'" + engine + "' is not a known engine (use " + std::string(engineIdList()) + ")");
    r.engine = *known;
    r.description = ju::string(doc, "description", "");
    if (const json *rel = ju::optional(doc, "release")) {
        ju::requireObject(*rel, "release");
        ju::rejectUnknown(*rel, {"newest", "oldest"}, "release");
        r.newestRelease = ju::string(*rel, "newest", "release");
        r.oldestRelease = ju::string(*rel, "oldest", "release", r.newestRelease);
        for (const auto &[key, text] :
             {std::pair{"release.newest", &r.newestRelease}, std::pair{"release.oldest", &r.oldestRelease}})
            if (!parseRelease(r.engine, *text))
                throw InputError(key, "'" + *text + "' is not a release name of " + engine);
    }
    r.deviceMemoryFraction = ju::number(doc, "device_memory_fraction", "", 0.05, 1.0, 1.0);
    const json empty = json::object();
    auto section = [&](const char *key) -> const json & {
        const json *s = ju::optional(doc, key);
        if (s)
            ju::requireObject(*s, key);
        return s ? *s : empty;
    };
    constexpr std::uint64_t maxBytes = 1ULL << 44;
    const json &kv = section("kv");
    if (const json *a = ju::optional(kv, "allocation")) {
        auto v = kvAllocationFromId(ju::toString(*a, "kv.allocation"));
        if (!v)
            throw InputError("kv.allocation", "must be exact, reserve_full or paged");
        r.kvAllocation = *v;
    }
    r.kvBlockTokens = static_cast<std::uint32_t>(ju::count(kv, "block_tokens", "kv", 1, 65536, 1));
    r.contextPadding = static_cast<std::uint32_t>(ju::count(kv, "context_padding", "kv", 1, 65536, 1));
    r.kvFillsPool = ju::boolean(kv, "fills_pool", "kv", false);

    parseActivationSection(section("activation"), r);

    const json &ws = section("workspace");
    r.workspacePerDevice = ju::count(ws, "per_device_bytes", "workspace", 0, maxBytes, 0);
    r.workspacePerTpDevice = ju::count(ws, "per_tp_device_bytes", "workspace", 0, maxBytes, 0);
    r.cudaGraphBytes = ju::count(ws, "cuda_graph_bytes", "workspace", 0, maxBytes, 0);
    r.workspaceCpu = ju::count(ws, "cpu_bytes", "workspace", 0, maxBytes, 0);

    const json &al = section("allocator");
    r.allocatorSlackFraction = ju::number(al, "slack_fraction", "allocator", 0, 1, 0);
    r.deviceMarginBytes = ju::count(al, "device_margin_bytes", "allocator", 0, maxBytes, 0);

    const json &sys = section("system");
    r.hostReservedBytes = ju::count(sys, "host_reserved_bytes", "system", 0, maxBytes, 0);
    r.unifiedReservedBytes = ju::count(sys, "unified_reserved_bytes", "system", 0, maxBytes, 0);
    r.displayReservedBytes = ju::count(sys, "display_reserved_bytes", "system", 0, maxBytes, 0);

    const json &ld = section("loading");
    if (const json *m = ju::optional(ld, "mode")) {
        auto v = loadingModeFromId(ju::toString(*m, "loading.mode"));
        if (!v)
            throw InputError("loading.mode", "must be mmap, streaming or full_copy");
        r.loading = *v;
    }
    r.streamingShardBytes = ju::count(ld, "streaming_shard_bytes", "loading", 0, maxBytes, r.streamingShardBytes);

    const json &pl = section("placement");
    r.embeddingsOnHost = ju::boolean(pl, "embeddings_on_host", "placement", false);
    r.outputCountsAsLayer = ju::boolean(pl, "output_counts_as_layer", "placement", false);
    r.tensorParallelSplit = ju::boolean(pl, "tensor_parallel_split", "placement", true);
    if (const json *types = ju::optional(kv, "sliding_window_model_types")) {
        if (!types->is_array())
            throw InputError("kv.sliding_window_model_types", "must be a list of model types");
        for (const json &t : *types)
            r.slidingWindowModelTypes.push_back(ju::toString(t, "kv.sliding_window_model_types"));
    }

    const json &ranges = section("ranges");
    r.activationRange = parseRange(ranges, "activation");
    r.samplerRange = ranges.contains("sampler") ? parseRange(ranges, "sampler") : r.activationRange;
    r.samplerSortRange = ranges.contains("sampler_sort") ? parseRange(ranges, "sampler_sort") : r.samplerRange;
    r.workspaceRange = parseRange(ranges, "workspace");
    r.allocatorRange = parseRange(ranges, "allocator");
    r.systemRange = parseRange(ranges, "system");

    r.training = parseTrainingProfile(doc);

    if (const json *src = ju::optional(doc, "sources")) {
        ju::requireObject(*src, "sources");
        for (auto it = src->begin(); it != src->end(); ++it)
            r.sources[it.key()] = it->is_string() ? it->get<std::string>() : it->dump();
    }
    return r;
}

json modelPresetToJson(const ModelPreset &p)
{
    json j;
    j["schema"] = "memplan.model-preset/1";
    j["id"] = p.id;
    j["name"] = p.name;
    j["family"] = p.family;
    if (!p.hfRepo.empty())
        j["hf_repo"] = p.hfRepo;
    j["verified"] = p.verified;
    json params;
    params["declared_label"] = p.declaredLabel;
    params["declared"] = p.declaredParameters ? json(*p.declaredParameters) : json(nullptr);
    params["computed"] = p.computed.total();
    params["active_computed"] = p.arch.isMoe() ? json(p.computed.active) : json(nullptr);
    j["parameters"] = params;
    j["native_dtype"] = p.nativeDtype;
    j["shipped_format"] = p.shippedFormat.empty() ? json(nullptr) : json(p.shippedFormat);
    j["max_context"] = p.maxContext;
    if (p.visionParameters)
        j["vision"] = {{"parameters", p.visionParameters}};
    json variants = json::array();
    for (const auto &v : p.variants)
        variants.push_back({{"format", v}});
    j["variants"] = variants;
    if (!p.repositories.empty()) {
        json repos = json::object();
        for (const auto &[format, w] : p.repositories) {
            json e = {{"repo", w.repo}};
            if (!w.file.empty())
                e["file"] = w.file;
            if (!w.source.empty())
                e["source"] = w.source;
            repos[format] = e;
        }
        j["repositories"] = repos;
    }
    j["config"] = configFromArchitecture(p.arch);
    j["sources"] = p.sources;
    j["notes"] = p.notes;
    return j;
}

json hardwarePresetToJson(const HardwarePreset &p)
{
    const HardwareSpec &h = p.spec;
    json j;
    j["schema"] = "memplan.hardware-preset/1";
    j["id"] = h.id;
    j["name"] = h.name;
    j["vendor"] = h.vendor;
    if (!h.backend.empty())
        j["backend"] = h.backend;
    if (!h.memoryType.empty())
        j["memory_type"] = h.memoryType;
    j["kind"] = std::string(hardwareKindId(h.kind));
    j["memory_label"] = h.memoryLabel;
    if (h.kind != HardwareKind::Cpu)
        j["capacity_bytes"] = h.capacityBytes;
    j["gpu_usable_bytes"] = h.gpuUsableBytes ? json(h.gpuUsableBytes) : json(nullptr);
    j["gpu_usable_rule"] = h.gpuUsableRule;
    j["bandwidth_bytes_per_s"] = h.bandwidthBytesPerSecond;
    j["host_link_bytes_per_s"] = h.hostLinkBytesPerSecond ? json(h.hostLinkBytesPerSecond) : json(nullptr);
    j["fp16_tflops_dense"] = h.fp16TflopsDense > 0 ? json(h.fp16TflopsDense) : json(nullptr);
    j["fp8_tflops_dense"] = h.fp8TflopsDense > 0 ? json(h.fp8TflopsDense) : json(nullptr);
    auto optional = [&](const char *key, double v) {
        if (v > 0)
            j[key] = v;
    };
    optional("fp16_tflops_dense_fp16_accumulate", h.fp16AccTflopsDense);
    optional("int8_tops_dense", h.int8TopsDense);
    optional("fp4_tflops_dense", h.fp4TflopsDense);
    optional("gpu_bandwidth_share", h.gpuBandwidthShare);
    optional("sustained_bandwidth_fraction", h.sustainedBandwidthFraction);
    if (h.interconnectBytesPerSecond)
        j["interconnect_bytes_per_s"] = h.interconnectBytesPerSecond;
    j["verified"] = h.verified;
    j["notes"] = p.notes;
    if (p.price.known())
        j["price"] = priceToJson(p.price);
    return j;
}

bool PresetCatalog::addText(const std::string &text, const std::string &origin, bool user)
{
    const std::lock_guard lock(m_lock);
    return addParsed(text, origin, user, false);
}

namespace {

PresetKind kindOfSchema(const std::string &schema)
{
    if (schemaIs(schema, "model"))
        return PresetKind::Model;
    if (schemaIs(schema, "hardware"))
        return PresetKind::Hardware;
    if (schemaIs(schema, "runtime"))
        return PresetKind::Runtime;
    if (schemaIs(schema, "lesson"))
        return PresetKind::Lesson;
    throw InputError("schema", "'" + schema +
                                   "' is not a preset schema (memplan.model-preset/1, "
                                   "memplan.hardware-preset/1, memplan.runtime-preset/1, "
                                   "memplan.lesson-preset/1)");
}

} // namespace

bool PresetCatalog::addParsed(const std::string &text, const std::string &origin, bool user, bool lazy)
{
    try {
        const json doc = lazy ? parseShippedJsonText(text, origin) : parseJsonText(text, origin);
        if (!doc.is_object())
            throw InputError("(top level)", "must be a JSON object");
        const std::string schema = ju::string(doc, "schema", "");
        try {
            const PresetKind kind = kindOfSchema(schema);
            // A shipped text parsed late never replaces what a user or --presets folder added.
            if (lazy && holds(kind, ju::string(doc, "id", "")))
                return true;
            if (kind == PresetKind::Model) {
                ModelPreset p = parseModelPreset(doc);
                if (user)
                    checkUserDuplicate(m_models, p.id, [](const ModelPreset &m) { return m.id; });
                p.origin = origin;
                p.user = user;
                upsert(m_models, std::move(p), [](const ModelPreset &m) { return m.id; });
            } else if (kind == PresetKind::Hardware) {
                HardwarePreset p = parseHardwarePreset(doc);
                if (user)
                    checkUserDuplicate(m_hardware, p.spec.id, [](const HardwarePreset &h) { return h.spec.id; });
                p.origin = origin;
                p.user = user;
                upsert(m_hardware, std::move(p), [](const HardwarePreset &h) { return h.spec.id; });
            } else if (kind == PresetKind::Runtime) {
                upsert(m_runtimes, parseRuntimeProfile(doc), [](const RuntimeProfile &r) { return r.id; });
            } else {
                LessonPreset l;
                l.id = ju::toString(ju::require(doc, "id", ""), "id");
                checkId(l.id);
                l.document = doc;
                l.origin = origin;
                upsert(m_lessons, std::move(l), [](const LessonPreset &x) { return x.id; });
            }
        } catch (const InputError &e) {
            throw e.inFile(origin);
        }
        return true;
    } catch (const InputError &e) {
        m_problems.push_back(e.info());
    } catch (const std::exception &e) {
        m_problems.push_back(ErrorInfo{origin, "", e.what()});
    }
    return false;
}

void PresetCatalog::addDirectory(const std::string &dir, bool user)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        m_problems.push_back(ErrorInfo{dir, "", "is not a folder"});
        return;
    }
    std::vector<fs::path> files;
    for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file(ec) && it->path().extension() == ".json")
            files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path &f : files) {
        const auto size = fs::file_size(f, ec);
        if (ec || size > kMaxPresetFileBytes) {
            m_problems.push_back(ErrorInfo{f.string(), "", ec ? "cannot be read" : "is larger than 4 MiB"});
            continue;
        }
        std::ifstream in(f, std::ios::binary);
        std::ostringstream buf;
        buf << in.rdbuf();
        if (!in) {
            m_problems.push_back(ErrorInfo{f.string(), "", "cannot be read"});
            continue;
        }
        addText(buf.str(), f.string(), user);
    }
}

void PresetCatalog::addLazyText(PresetKind kind, std::string id, std::string_view text, std::string origin)
{
    const std::lock_guard lock(m_lock);
    m_pending.push_back(Pending{kind, std::move(id), text, std::move(origin)});
}

bool PresetCatalog::holds(PresetKind kind, const std::string &id) const
{
    const auto has = [&id](const auto &list, auto getId) {
        return std::any_of(list.begin(), list.end(), [&](const auto &e) { return getId(e) == id; });
    };
    switch (kind) {
    case PresetKind::Model:
        return has(m_models, [](const ModelPreset &m) { return m.id; });
    case PresetKind::Hardware:
        return has(m_hardware, [](const HardwarePreset &h) { return h.spec.id; });
    case PresetKind::Runtime:
        return has(m_runtimes, [](const RuntimeProfile &r) { return r.id; });
    case PresetKind::Lesson:
        return has(m_lessons, [](const LessonPreset &l) { return l.id; });
    }
    return false;
}

void PresetCatalog::materialize(std::optional<PresetKind> kind, const std::string &id) const
{
    // Taken out of the pending list before parsing, so a parse that looks something up cannot
    // parse the same text twice.
    std::vector<Pending> due;
    auto keep = std::partition(m_pending.begin(), m_pending.end(), [&](const Pending &p) {
        return (kind && p.kind != *kind) || (!id.empty() && p.id != id);
    });
    due.assign(std::make_move_iterator(keep), std::make_move_iterator(m_pending.end()));
    m_pending.erase(keep, m_pending.end());
    auto *self = const_cast<PresetCatalog *>(this); // parsing a pending text is not a visible change
    for (const Pending &p : due) {
        const std::size_t problemsBefore = m_problems.size();
        if (!self->addParsed(std::string(p.text), p.origin, false, true) || m_problems.size() != problemsBefore)
            continue;
        if (!holds(p.kind, p.id))
            m_problems.push_back(
                ErrorInfo{p.origin, "id", "does not hold the preset '" + p.id + "' its file name promises"});
    }
}

namespace {

template <typename List, typename GetId>
const typename List::value_type *findById(const List &list, const std::string &id, GetId getId)
{
    for (const auto &e : list)
        if (getId(e) == id)
            return &e;
    return nullptr;
}

} // namespace

const ModelPreset *PresetCatalog::model(const std::string &id) const
{
    const std::lock_guard lock(m_lock);
    materialize(PresetKind::Model, id);
    return findById(m_models, id, [](const ModelPreset &m) { return m.id; });
}

const HardwarePreset *PresetCatalog::hardwareById(const std::string &id) const
{
    const std::lock_guard lock(m_lock);
    materialize(PresetKind::Hardware, id);
    return findById(m_hardware, id, [](const HardwarePreset &h) { return h.spec.id; });
}

const RuntimeProfile *PresetCatalog::runtime(const std::string &id) const
{
    const std::lock_guard lock(m_lock);
    materialize(PresetKind::Runtime, id);
    return findById(m_runtimes, id, [](const RuntimeProfile &r) { return r.id; });
}

const LessonPreset *PresetCatalog::lesson(const std::string &id) const
{
    const std::lock_guard lock(m_lock);
    materialize(PresetKind::Lesson, id);
    return findById(m_lessons, id, [](const LessonPreset &l) { return l.id; });
}

const std::deque<ModelPreset> &PresetCatalog::models() const
{
    const std::lock_guard lock(m_lock);
    materialize(PresetKind::Model, {});
    return m_models;
}

const std::deque<HardwarePreset> &PresetCatalog::hardware() const
{
    const std::lock_guard lock(m_lock);
    materialize(PresetKind::Hardware, {});
    return m_hardware;
}

const std::deque<RuntimeProfile> &PresetCatalog::runtimes() const
{
    const std::lock_guard lock(m_lock);
    materialize(PresetKind::Runtime, {});
    return m_runtimes;
}

const std::deque<LessonPreset> &PresetCatalog::lessons() const
{
    const std::lock_guard lock(m_lock);
    materialize(PresetKind::Lesson, {});
    return m_lessons;
}

const std::vector<ErrorInfo> &PresetCatalog::problems() const
{
    const std::lock_guard lock(m_lock);
    materialize(std::nullopt, {});
    return m_problems;
}

std::vector<ErrorInfo> PresetCatalog::problemsSoFar() const
{
    const std::lock_guard lock(m_lock);
    return m_problems;
}

PresetCatalog::PresetCatalog(const PresetCatalog &other)
{
    *this = other;
}

PresetCatalog &PresetCatalog::operator=(const PresetCatalog &other)
{
    if (this == &other)
        return *this;
    const std::scoped_lock lock(m_lock, other.m_lock);
    m_models = other.m_models;
    m_hardware = other.m_hardware;
    m_runtimes = other.m_runtimes;
    m_lessons = other.m_lessons;
    m_problems = other.m_problems;
    m_pending = other.m_pending;
    return *this;
}

PresetCatalog::PresetCatalog(PresetCatalog &&other) noexcept
{
    *this = std::move(other);
}

PresetCatalog &PresetCatalog::operator=(PresetCatalog &&other) noexcept
{
    if (this == &other)
        return *this;
    const std::scoped_lock lock(m_lock, other.m_lock);
    m_models = std::move(other.m_models);
    m_hardware = std::move(other.m_hardware);
    m_runtimes = std::move(other.m_runtimes);
    m_lessons = std::move(other.m_lessons);
    m_problems = std::move(other.m_problems);
    m_pending = std::move(other.m_pending);
    return *this;
}

void PresetCatalog::addModel(ModelPreset preset)
{
    const std::lock_guard lock(m_lock);
    upsert(m_models, std::move(preset), [](const ModelPreset &m) { return m.id; });
}

void PresetCatalog::addHardware(HardwarePreset preset)
{
    const std::lock_guard lock(m_lock);
    upsert(m_hardware, std::move(preset), [](const HardwarePreset &h) { return h.spec.id; });
}

void PresetCatalog::addRuntime(RuntimeProfile profile)
{
    const std::lock_guard lock(m_lock);
    upsert(m_runtimes, std::move(profile), [](const RuntimeProfile &r) { return r.id; });
}

} // namespace memplan
