#include "scenario/scenariojson.h"

#include "files/jsonutil.h"
#include "model/modelconfig.h"
#include "runtimes/llamacpp/cpufeatures.h"
#include "scenario/catalog.h"
#include "training/trainingjson.h"

#include <filesystem>

namespace memplan {

using json = nlohmann::json;
namespace ju = jsonutil;

namespace {

constexpr std::uint64_t kMaxBytes = 1ULL << 52; // 4 PiB: beyond any machine, well inside 64 bits

const json &section(const json &doc, const char *key)
{
    static const json empty = json::object();
    const json *s = ju::optional(doc, key);
    if (!s)
        return empty;
    ju::requireObject(*s, key);
    return *s;
}

void checkSchema(const std::string &schema)
{
    if (schema == kScenarioSchema)
        return;
    const std::string prefix = "memplan.scenario/";
    if (schema.rfind(prefix, 0) == 0)
        throw InputError("schema", "is '" + schema + "', written by a newer or unknown version; this program reads '" +
                                       kScenarioSchema + "'");
    throw InputError("schema", "must be '" + std::string(kScenarioSchema) + "' (found '" + schema + "')");
}

// model.hub: {"repo", "revision", "file" | "quant"}, held to the same rules as a typed
// reference (names Hugging Face allows, no ".."), since they become URL and cache paths.
HubReference hubFromJson(const json &hub)
{
    ju::requireObject(hub, "model.hub");
    ju::rejectUnknown(hub, {"repo", "revision", "file", "quant"}, "model.hub");
    HubReference ref;
    ref.repo = ju::toString(ju::require(hub, "repo", "model.hub"), "model.hub.repo");
    ref.revision = ju::string(hub, "revision", "model.hub", "main");
    ref.file = ju::string(hub, "file", "model.hub");
    ref.quant = ju::string(hub, "quant", "model.hub");
    if (!ref.file.empty() && !ref.quant.empty())
        throw InputError("model.hub", "names a file and a quantization; give one of them");
    // Each part checked on its own, so the error names the key that is wrong.
    const auto parses = [](const std::string &text) { return parseHubReference(text).has_value(); };
    if (ref.repo.find('/') == std::string::npos || !parses(ref.repo))
        throw InputError("model.hub.repo", "'" + ref.repo + "' is not a Hugging Face repository id (org/name)");
    if (!parses(ref.repo + "@" + ref.revision))
        throw InputError("model.hub.revision", "'" + ref.revision + "' is not a branch, tag or commit name");
    // A file needs a dot or a slash and a quantization has neither: otherwise each would
    // read back as the other.
    const std::optional<HubReference> checked = parseHubReference(ref.text());
    if (!checked || !(*checked == ref))
        throw InputError(ref.file.empty() ? "model.hub.quant" : "model.hub.file",
                         "'" + (ref.file.empty() ? ref.quant : ref.file) + "' is not a " +
                             (ref.file.empty() ? "quantization name (Q4_K_M)" : "file path inside the repository"));
    return ref;
}

json hubToJson(const HubReference &ref)
{
    json hub = {{"repo", ref.repo}, {"revision", ref.revision}};
    if (!ref.file.empty())
        hub["file"] = ref.file;
    if (!ref.quant.empty())
        hub["quant"] = ref.quant;
    return hub;
}

/// host.cpu: the cores that compute what sits in host RAM (core/hardware/cpucores.h).
CpuCores cpuCoresFromJson(const json &c)
{
    if (!c.is_object())
        throw InputError("host.cpu", "must be an object");
    ju::rejectUnknown(c, {"performance_cores", "performance_ghz", "efficiency_cores", "efficiency_ghz", "simd"},
                      "host.cpu");
    CpuCores cpu;
    cpu.performanceCores = static_cast<std::uint32_t>(ju::count(c, "performance_cores", "host.cpu", 0, 1024, 0));
    cpu.performanceGhz = ju::number(c, "performance_ghz", "host.cpu", 0.1, 10, 0);
    cpu.efficiencyCores = static_cast<std::uint32_t>(ju::count(c, "efficiency_cores", "host.cpu", 0, 1024, 0));
    cpu.efficiencyGhz = ju::number(c, "efficiency_ghz", "host.cpu", 0.1, 10, 0);
    cpu.simd = ju::string(c, "simd", "host.cpu");
    if (!cpu.stated())
        throw InputError("host.cpu", "needs performance_cores and performance_ghz (a CPU of little cores only: "
                                     "performance_cores 0, efficiency_cores and efficiency_ghz)");
    if (cpu.efficiencyCores > 0 && cpu.efficiencyGhz <= 0)
        throw InputError("host.cpu.efficiency_ghz", "is needed when efficiency_cores is set");
    if (!cpu.simd.empty() && !llamacpp::parseCpuFeatures(cpu.simd))
        throw InputError("host.cpu.simd", "must be " + std::string(kCpuSimdList));
    return cpu;
}

json cpuCoresToJson(const CpuCores &cpu)
{
    json c = {{"performance_cores", cpu.performanceCores}};
    if (cpu.performanceGhz > 0)
        c["performance_ghz"] = cpu.performanceGhz;
    if (cpu.efficiencyCores) {
        c["efficiency_cores"] = cpu.efficiencyCores;
        c["efficiency_ghz"] = cpu.efficiencyGhz;
    }
    if (!cpu.simd.empty())
        c["simd"] = cpu.simd;
    return c;
}

} // namespace

Scenario scenarioFromJson(const json &docIn)
{
    ju::requireObject(docIn, "");
    const json *docPtr = &docIn;
    // A saved estimate/report carries the scenario it was computed from.
    if (ju::string(docIn, "schema", "").rfind("memplan.estimate/", 0) == 0) {
        const std::string schema = ju::string(docIn, "schema", "");
        if (schema != "memplan.estimate/1")
            throw InputError("schema", "is '" + schema + "', written by a newer or unknown version");
        docPtr = &ju::require(docIn, "scenario", "");
    }
    const json &doc = *docPtr;
    ju::requireObject(doc, "scenario");
    checkSchema(ju::toString(ju::require(doc, "schema", ""), "schema"));
    ju::rejectUnknown(doc,
                      {"schema", "name", "model", "weights", "kv_cache", "workload", "hardware", "host", "runtime",
                       "placement", "notes", "training"},
                      "");
    Scenario s;
    s.name = ju::string(doc, "name", "");

    const json &model = ju::require(doc, "model", "");
    ju::requireObject(model, "model");
    s.model.preset = ju::string(model, "preset", "model");
    s.model.file = ju::string(model, "file", "model");
    if (const json *hub = ju::optional(model, "hub")) {
        s.model.hub = hubFromJson(*hub);
        if (!s.model.preset.empty() || !s.model.file.empty())
            throw InputError("model.hub",
                             "cannot be combined with model.preset or model.file (one source of the model)");
    }
    if (const json *p = ju::optional(model, "parameters"))
        s.model.parameters = ju::toCount(*p, "model.parameters", 1, 10'000'000'000'000ULL);
    s.model.mmproj = ju::string(model, "mmproj", "model");
    if (ju::optional(model, "text_only"))
        s.model.textOnly = ju::boolean(model, "text_only", "model", false);
    for (auto it = model.begin(); it != model.end(); ++it) {
        const std::string &k = it.key();
        if (k == "preset" || k == "file" || k == "hub" || k == "parameters" || k == "mmproj" || k == "text_only" ||
            isIgnoredConfigKey(k))
            continue; // a pasted config.json's keys that change no memory figure
        if (!isArchitectureKey(k))
            throw InputError("model." + k, "is not a known key (use config.json names such as num_key_value_heads)");
        s.model.config[k] = it.value();
    }
    if (s.model.preset.empty() && s.model.file.empty() && !s.model.hub && s.model.config.empty())
        throw InputError("model", "needs \"preset\", \"file\", \"hub\" or inline config.json keys");

    const json &weights = section(doc, "weights");
    ju::rejectUnknown(weights, {"format", "embedding_format", "expert_format", "file_bytes"}, "weights");
    s.weights.format = ju::string(weights, "format", "weights");
    s.weights.embeddingFormat = ju::string(weights, "embedding_format", "weights");
    s.weights.expertFormat = ju::string(weights, "expert_format", "weights");
    if (const json *f = ju::optional(weights, "file_bytes"))
        s.weights.fileBytes = ju::toCount(*f, "weights.file_bytes", 1, 1ULL << 50);

    const json &kv = section(doc, "kv_cache");
    ju::rejectUnknown(kv, {"dtype"}, "kv_cache");
    s.kvCacheDtype = ju::string(kv, "dtype", "kv_cache", "f16");

    const json &w = section(doc, "workload");
    ju::rejectUnknown(w, {"context_tokens", "concurrency", "shared_prefix_tokens", "batch_tokens", "mode"}, "workload");
    s.workload.contextTokens = ju::count(w, "context_tokens", "workload", 1, 10'000'000, 4096);
    s.workload.concurrency = ju::count(w, "concurrency", "workload", 1, 100'000, 1);
    s.workload.sharedPrefixTokens = ju::count(w, "shared_prefix_tokens", "workload", 0, 10'000'000, 0);
    s.workload.batchTokens = ju::count(w, "batch_tokens", "workload", 0, 1 << 24, 0);
    if (s.workload.sharedPrefixTokens > s.workload.contextTokens)
        throw InputError("workload.shared_prefix_tokens", "cannot exceed workload.context_tokens");

    const json &hw = section(doc, "hardware");
    ju::rejectUnknown(hw,
                      {"preset", "count", "kind", "capacity_bytes", "gpu_usable_bytes", "bandwidth_bytes_per_s",
                       "backend", "display_reserved_bytes"},
                      "hardware");
    // An absent preset means the default GPU unless a kind describes the machine, so an empty
    // string cannot stand for "no preset": it would be written back as absent and read as the
    // default (the file's round trip is a contract, docs/scenario-format.md).
    const bool kindGiven = ju::optional(hw, "kind") != nullptr; // null reads as absent
    s.hardware.preset = ju::string(hw, "preset", "hardware", kindGiven ? "" : "rtx-4090");
    if (ju::optional(hw, "preset") && s.hardware.preset.empty())
        throw InputError("hardware.preset", "is empty; name a preset or leave the key out");
    s.hardware.count = static_cast<std::uint32_t>(ju::count(hw, "count", "hardware", 1, 64, 1));
    s.hardware.kind = ju::string(hw, "kind", "hardware");
    if (kindGiven && s.hardware.kind != "discrete_gpu" && s.hardware.kind != "unified" && s.hardware.kind != "cpu")
        throw InputError("hardware.kind", "must be discrete_gpu, unified or cpu");
    s.hardware.capacityBytes = ju::count(hw, "capacity_bytes", "hardware", 1, kMaxBytes, 0);
    s.hardware.gpuUsableBytes = ju::count(hw, "gpu_usable_bytes", "hardware", 1, kMaxBytes, 0);
    s.hardware.bandwidthBytesPerSecond = ju::count(hw, "bandwidth_bytes_per_s", "hardware", 1, 1ULL << 60, 0);
    s.hardware.backend = ju::string(hw, "backend", "hardware");
    if (!s.hardware.backend.empty() && !isComputeBackend(s.hardware.backend))
        throw InputError("hardware.backend", "must be " + std::string(kComputeBackendList));
    if (const json *d = ju::optional(hw, "display_reserved_bytes"))
        s.hardware.displayReservedBytes = ju::toCount(*d, "hardware.display_reserved_bytes", 0, kMaxBytes);

    const json &host = section(doc, "host");
    ju::rejectUnknown(host, {"ram_bytes", "preset", "reserved_bytes", "cpu"}, "host");
    s.host.ramBytes = ju::count(host, "ram_bytes", "host", 1, kMaxBytes, 64 * GiB);
    s.host.preset = ju::string(host, "preset", "host");
    if (const json *r = ju::optional(host, "reserved_bytes"))
        s.host.reservedBytes = ju::toCount(*r, "host.reserved_bytes", 0, kMaxBytes);
    if (const json *c = ju::optional(host, "cpu"))
        s.host.cpu = cpuCoresFromJson(*c);

    const json &rt = section(doc, "runtime");
    s.runtime.preset = ju::string(rt, "preset", "runtime", std::string(kModelOnlyRuntime));
    for (auto it = rt.begin(); it != rt.end(); ++it)
        if (it.key() != "preset")
            s.runtime.settings[it.key()] = it.value();

    const json &pl = section(doc, "placement");
    ju::rejectUnknown(pl, {"gpu_layer_fraction", "kv_on_gpu", "experts_on_host", "split_mode"}, "placement");
    s.placement.gpuLayerFraction = ju::number(pl, "gpu_layer_fraction", "placement", 0.0, 1.0, 1.0);
    s.placement.kvOnGpu = ju::boolean(pl, "kv_on_gpu", "placement", true);
    s.placement.expertsOnHost = ju::boolean(pl, "experts_on_host", "placement", false);
    s.placement.splitMode = ju::string(pl, "split_mode", "placement");
    if (!s.placement.splitMode.empty() && s.placement.splitMode != "tensor" && s.placement.splitMode != "layer")
        throw InputError("placement.split_mode", "must be tensor or layer");
    readTrainingKeys(doc, s);
    return s;
}

Scenario scenarioFromText(const std::string &text, const std::string &origin)
{
    const json doc = parseJsonText(text, origin);
    try {
        Scenario s = scenarioFromJson(doc);
        // model.file is relative to the scenario's own folder (docs/scenario-format.md),
        // so a scenario works from any current directory.
        namespace fs = std::filesystem;
        if (!s.model.file.empty() && fs::path(s.model.file).is_relative() && !origin.empty() && origin != "(stdin)" &&
            origin.front() != ':')
            s.model.baseDirectory = fs::absolute(fs::path(origin)).parent_path().lexically_normal().string();
        return s;
    } catch (const InputError &e) {
        throw e.inFile(origin);
    }
}

json scenarioToJson(const Scenario &s)
{
    json j;
    j["schema"] = kScenarioSchema;
    if (!s.name.empty())
        j["name"] = s.name;
    json model = s.model.config.is_object() ? s.model.config : json::object();
    if (!s.model.preset.empty())
        model["preset"] = s.model.preset;
    if (!s.model.file.empty())
        model["file"] = s.model.file;
    if (s.model.hub)
        model["hub"] = hubToJson(*s.model.hub);
    if (s.model.parameters)
        model["parameters"] = *s.model.parameters;
    if (!s.model.mmproj.empty())
        model["mmproj"] = s.model.mmproj;
    if (s.model.textOnly)
        model["text_only"] = *s.model.textOnly;
    j["model"] = model;
    json weights = json::object();
    if (!s.weights.format.empty())
        weights["format"] = s.weights.format;
    if (!s.weights.embeddingFormat.empty())
        weights["embedding_format"] = s.weights.embeddingFormat;
    if (!s.weights.expertFormat.empty())
        weights["expert_format"] = s.weights.expertFormat;
    if (s.weights.fileBytes)
        weights["file_bytes"] = s.weights.fileBytes;
    j["weights"] = weights;
    j["kv_cache"] = {{"dtype", s.kvCacheDtype}};
    j["workload"] = {{"context_tokens", s.workload.contextTokens},
                     {"concurrency", s.workload.concurrency},
                     {"shared_prefix_tokens", s.workload.sharedPrefixTokens},
                     {"batch_tokens", s.workload.batchTokens}};
    json hw = json::object();
    if (!s.hardware.preset.empty())
        hw["preset"] = s.hardware.preset;
    hw["count"] = s.hardware.count;
    if (!s.hardware.kind.empty())
        hw["kind"] = s.hardware.kind;
    if (s.hardware.capacityBytes)
        hw["capacity_bytes"] = s.hardware.capacityBytes;
    if (s.hardware.gpuUsableBytes)
        hw["gpu_usable_bytes"] = s.hardware.gpuUsableBytes;
    if (s.hardware.bandwidthBytesPerSecond)
        hw["bandwidth_bytes_per_s"] = s.hardware.bandwidthBytesPerSecond;
    if (!s.hardware.backend.empty())
        hw["backend"] = s.hardware.backend;
    if (s.hardware.displayReservedBytes)
        hw["display_reserved_bytes"] = *s.hardware.displayReservedBytes;
    j["hardware"] = hw;
    json host = {{"ram_bytes", s.host.ramBytes}};
    if (!s.host.preset.empty())
        host["preset"] = s.host.preset;
    if (s.host.reservedBytes)
        host["reserved_bytes"] = *s.host.reservedBytes;
    if (s.host.cpu)
        host["cpu"] = cpuCoresToJson(*s.host.cpu);
    j["host"] = host;
    json rt = s.runtime.settings.is_object() ? s.runtime.settings : json::object();
    rt["preset"] = s.runtime.preset;
    j["runtime"] = rt;
    json pl = {{"gpu_layer_fraction", s.placement.gpuLayerFraction},
               {"kv_on_gpu", s.placement.kvOnGpu},
               {"experts_on_host", s.placement.expertsOnHost}};
    if (!s.placement.splitMode.empty())
        pl["split_mode"] = s.placement.splitMode;
    j["placement"] = pl;
    writeTrainingKeys(s, j);
    return j;
}

} // namespace memplan
