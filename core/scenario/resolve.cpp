#include "scenario/resolve.h"

#include "error.h"
#include "files/jsonutil.h"
#include "formats/tableformats.h"
#include "import/gguf.h"
#include "import/hubmodels.h"
#include "model/ggufrecipe.h"
#include "model/modelconfig.h"
#include "runtimes/runtimemodel.h"
#include "runtimes/settingsupport.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <mutex>

namespace memplan {

std::uint64_t contextSearchLimit(const ResolvedModel &m)
{
    // The scenario format's ceiling on workload.context_tokens (scenariojson.cpp).
    constexpr std::uint64_t kScenarioContextCeiling = 10'000'000;
    return m.maxContextAssumed ? kScenarioContextCeiling : m.maxContext;
}

using json = nlohmann::json;
namespace ju = jsonutil;

namespace {

using runtimes::kMaxConcurrency;
using runtimes::kMaxContext;
using runtimes::requireKvFormat;
constexpr std::uint64_t kMaxParameters = 10'000'000'000'000ULL;

const QuantFormat &requireFormat(const std::string &id, const std::string &key)
{
    const QuantFormat *f = findQuantFormat(id);
    if (!f)
        throw InputError(key, "'" + id + "' is not a known format (see `memplan-cli formats`)");
    return *f;
}

// A model read from files (on disk or a repository's headers): its architecture, context
// and measured weight bytes.
void useImported(ResolvedModel &m, const std::shared_ptr<const ImportedModel> &shared, const ModelChoice &choice,
                 std::vector<std::string> &warnings)
{
    const ImportedModel &imported = *shared;
    m.imported = shared;
    m.arch = applyConfigOverrides(*imported.architecture, choice.config, "model.");
    m.maxContext = imported.contextLength ? imported.contextLength : m.arch.maxPositionEmbeddings;
    if (imported.weightsBytes > 0) {
        MeasuredWeights w;
        w.embedding = imported.embeddingBytes;
        w.outputHead = imported.outputHeadBytes;
        w.routedExperts = imported.routedExpertBytes;
        w.layers = saturatingSub(imported.weightsBytes, w.embedding + w.outputHead + w.routedExperts);
        // The blocks as the file numbers them, when it numbers every layer the model has.
        if (imported.blockBytes.size() == m.arch.numHiddenLayers && !imported.blockBytes.empty()) {
            w.layersBefore.assign(1, 0);
            w.expertsBefore.assign(1, 0);
            for (std::size_t i = 0; i < imported.blockBytes.size(); ++i) {
                w.layersBefore.push_back(w.layersBefore.back() + imported.blockBytes[i]);
                w.expertsBefore.push_back(w.expertsBefore.back() + imported.blockExpertBytes[i]);
            }
        }
        m.measured = w;
        m.declaredParameters = imported.parameters;
    }
    for (const auto &w : imported.warnings)
        warnings.push_back(w);
}

ResolvedModel resolveModel(const ModelChoice &choice, const PresetCatalog &catalog, std::vector<std::string> &warnings)
{
    ResolvedModel m;
    if (!choice.preset.empty()) {
        const ModelPreset *p = catalog.model(choice.preset);
        if (!p)
            throw InputError("model.preset", "'" + choice.preset + "' is not a known model preset");
        m.id = p->id;
        m.name = p->name;
        m.source = p->hfRepo.empty() ? p->id : p->hfRepo;
        m.shippedFormat = p->shippedFormat;
        m.repositories = p->repositories;
        m.arch = applyConfigOverrides(p->arch, choice.config, "model.");
        m.hypothetical = !(m.arch == p->arch);
        m.declaredParameters = p->declaredParameters;
        m.maxContext = p->maxContext;
        m.maxContextAssumed = p->maxContextAssumed;
    } else if (!choice.file.empty()) {
        // A relative model.file names a file beside the scenario, not in the current directory.
        const std::string path = choice.baseDirectory.empty() || std::filesystem::path(choice.file).is_absolute()
                                     ? choice.file
                                     : (std::filesystem::path(choice.baseDirectory) / choice.file).string();
        std::shared_ptr<const ImportedModel> shared;
        try {
            shared = importModelCached(path);
        } catch (const InputError &e) {
            // The fault is in the model file: name it, and the key that pointed to it.
            ErrorInfo info = e.info();
            if (info.file.empty())
                info.file = path;
            info.namedBy = "model.file";
            throw InputError(info);
        }
        if (!shared->architecture)
            throw InputError("model.file", "'" + path + "' has no architecture (add its config.json)");
        useImported(m, shared, choice, warnings);
        m.id = "file";
        m.source = choice.file;
        m.name = shared->name.empty() ? choice.file : shared->name;
    } else if (choice.hub) {
        std::shared_ptr<const ImportedModel> shared;
        try {
            shared = loadHubModel(*choice.hub); // the program's loader: its header cache, the network if allowed
        } catch (const InputError &e) {
            ErrorInfo info = e.info();
            if (info.file.empty())
                info.file = choice.hub->text();
            info.namedBy = "model.hub";
            throw InputError(info);
        }
        if (!shared->architecture)
            throw InputError("model.hub", "'" + choice.hub->text() + "' has no architecture (no config.json)");
        useImported(m, shared, choice, warnings);
        m.id = "hub";
        m.source = choice.hub->text();
        m.name = shared->name.empty() ? choice.hub->repo : shared->name;
    } else {
        if (choice.config.empty())
            throw InputError("model", "needs a preset, a file or inline config.json keys");
        m.id = "custom";
        m.name = "Custom model";
        m.source = "custom-model";
        m.arch = architectureFromConfig(choice.config, &warnings, "model.");
        m.maxContext = m.arch.maxPositionEmbeddings;
    }
    m.params = countParameters(m.arch);
    if (choice.parameters) {
        if (*choice.parameters == 0 || *choice.parameters > kMaxParameters)
            throw InputError("model.parameters", "must be between 1 and 10000000000000");
        m.declaredParameters = *choice.parameters;
    }
    if (m.maxContext == 0) {
        m.maxContext = 4096; // a common training length, said to be assumed wherever it matters
        m.maxContextAssumed = true;
    }
    return m;
}

HardwareSpec resolveHardware(const HardwareChoice &c, const PresetCatalog &catalog, const HostChoice &host,
                             HostSpec &hostSpec)
{
    HardwareSpec h;
    if (c.preset == "cpu" || (c.preset.empty() && c.kind == "cpu")) {
        h.id = "cpu";
        h.name = "CPU only";
        h.kind = HardwareKind::Cpu;
    } else if (!c.preset.empty()) {
        const HardwarePreset *p = catalog.hardwareById(c.preset);
        if (!p)
            throw InputError("hardware.preset", "'" + c.preset + "' is not a known hardware preset");
        h = p->spec;
        if (h.kind == HardwareKind::Cpu && hostSpec.bandwidthBytesPerSecond == 0)
            hostSpec.bandwidthBytesPerSecond = h.bandwidthBytesPerSecond;
    } else {
        const auto kind = hardwareKindFromId(c.kind);
        if (!kind)
            throw InputError("hardware.kind", "must be discrete_gpu, unified or cpu when no preset is given");
        h.id = "custom";
        h.name = "Custom machine";
        h.kind = *kind;
        if (h.kind != HardwareKind::Cpu && c.capacityBytes == 0)
            throw InputError("hardware.capacity_bytes", "is missing (a custom machine needs its memory size)");
    }
    if (c.capacityBytes) {
        // A discrete card's driver total belongs to the preset's memory size, not to a stated one.
        if (h.gpuUsableBytes > c.capacityBytes ||
            (h.kind == HardwareKind::DiscreteGpu && c.capacityBytes != h.capacityBytes))
            h.gpuUsableBytes = 0;
        h.capacityBytes = c.capacityBytes;
    }
    if (c.gpuUsableBytes) {
        if (h.kind != HardwareKind::Cpu && c.gpuUsableBytes > h.capacityBytes)
            throw InputError("hardware.gpu_usable_bytes", "cannot exceed the device's capacity");
        h.gpuUsableBytes = c.gpuUsableBytes;
    }
    if (c.bandwidthBytesPerSecond)
        h.bandwidthBytesPerSecond = c.bandwidthBytesPerSecond;
    if (!c.backend.empty())
        h.backend = c.backend;
    if (h.kind == HardwareKind::Cpu) {
        h.capacityBytes = host.ramBytes;
        if (!host.preset.empty() && hostSpec.bandwidthBytesPerSecond)
            h.bandwidthBytesPerSecond = hostSpec.bandwidthBytesPerSecond;
    }
    return h;
}

} // namespace

std::shared_ptr<const ImportedModel> importModelCached(const std::string &path)
{
    namespace fs = std::filesystem;
    struct Entry {
        std::uintmax_t size = 0;
        fs::file_time_type mtime;
        std::shared_ptr<const ImportedModel> model;
    };
    static std::mutex mutex;
    static std::map<std::string, Entry> cache;
    std::error_code ec;
    // A folder's own time says little about its files: key it by its files' sizes and newest time.
    std::uintmax_t size = 0;
    fs::file_time_type mtime{};
    bool known = false;
    if (fs::is_regular_file(path, ec)) {
        size = fs::file_size(path, ec);
        mtime = fs::last_write_time(path, ec);
        known = !ec;
    } else if (fs::is_directory(path, ec)) {
        known = true;
        for (const auto &entry : fs::directory_iterator(path, ec)) {
            std::error_code e2;
            if (!entry.is_regular_file(e2))
                continue;
            size += entry.file_size(e2) + 1;
            mtime = std::max(mtime, entry.last_write_time(e2));
        }
        known = !ec;
    }
    const bool cacheable = known;
    if (cacheable) {
        std::lock_guard lock(mutex);
        if (auto it = cache.find(path); it != cache.end() && it->second.size == size && it->second.mtime == mtime)
            return it->second.model;
    }
    auto model = std::make_shared<const ImportedModel>(importModel(path));
    if (cacheable) {
        std::lock_guard lock(mutex);
        if (cache.size() > 16)
            cache.clear(); // a handful of files is all a session imports
        cache[path] = Entry{size, mtime, model};
    }
    return model;
}

/// runtime.version: the release the estimate models (the profile's newest unless named).
/// A release older than the profile knows is still modelled with the oldest rules, and says so.
void resolveRelease(ResolvedScenario &r, const json &settings)
{
    const RuntimeProfile &p = r.runtime;
    r.release = RuntimeRelease{};
    if (const json *v = ju::optional(settings, "version")) {
        const std::string text = ju::toString(*v, "runtime.version");
        if (!runtimeModel(p.engine).hasReleases())
            throw InputError("runtime.version", "the " + p.id + " profile models no runtime, so it has no release");
        const std::optional<ReleaseKey> key = parseRelease(p.engine, text);
        if (!key)
            throw InputError("runtime.version", "'" + text + "' is not a release name of " + p.name + " (" +
                                                    std::string(runtimeModel(p.engine).releaseExample()) + ")");
        r.release = RuntimeRelease{text, *key, false};
        if (!p.oldestRelease.empty() && *key < *parseRelease(p.engine, p.oldestRelease))
            r.warn(makeNotice("warn.release_older", {textArg("runtime", p.name), textArg("release", text),
                                                     textArg("oldest", p.oldestRelease)}));
    } else if (!p.newestRelease.empty()) {
        r.release = RuntimeRelease{p.newestRelease, *parseRelease(p.engine, p.newestRelease), true};
    }
}

/// The vision tower: a preset's count, or the mmproj file's header; loaded as the runtime does.
void resolveVision(ResolvedScenario &r, const ModelChoice &choice, const ModelPreset *preset)
{
    if (preset)
        r.model.vision.parameters = preset->visionParameters;
    if (!choice.mmproj.empty()) {
        if (!runtimeModel(r.runtime.engine).visionFromProjectorFile())
            throw InputError("model.mmproj",
                             "is llama.cpp's projector file; other runtimes load the checkpoint's own tower");
        r.model.vision = visionTowerFromMmproj(readGgufHeader(choice.mmproj), choice.mmproj);
    }
    r.model.visionLoaded =
        r.model.vision.parameters > 0 && loadsVisionTower(r.runtime.engine, !choice.mmproj.empty(), choice.textOnly);
}

/// A weights name that is no storage format but a published GGUF recipe ("Q4_K_L",
/// "UD-Q4_K_XL", "MXFP4_MOE", core/model/ggufrecipe.h): format becomes the layers' format, expert
/// the routed experts' one when the recipe sets it; returns the vocabulary tables' format
/// ("" for the layers' rule). A recipe sized only approximately widens the weights' range and
/// says which recipe was assumed. Names that are formats, or name no bit count, pass through.
std::string applyGgufRecipe(ResolvedScenario &r, std::string &format, std::string &expert)
{
    if (format.empty() || findQuantFormat(format))
        return std::string();
    const std::optional<RecipeChoice> choice = findGgufRecipe(format);
    if (!choice)
        return std::string();
    const GgufRecipe &recipe = choice->recipe;
    format = std::string(recipe.layers);
    if (expert.empty())
        expert = std::string(recipe.experts);
    if (recipe.approximate && !r.model.measured) { // a file's header gives its bytes exactly
        r.recipeRange = choice->range;
        const auto percent = [](double f) { return std::uint64_t(f * 100.0 + 0.5); };
        const std::string assumed(requireFormat(format, "weights.format").label);
        if (choice->known)
            r.warn(makeNotice("warn.gguf_recipe_approximate",
                              {textArg("recipe", choice->given), textArg("source", std::string(recipe.source)),
                               textArg("assumed", assumed),
                               numberArg("low", NoticeArg::Kind::Count, percent(choice->range.low)),
                               numberArg("high", NoticeArg::Kind::Count, percent(choice->range.high))}));
        else
            r.warn(makeNotice("warn.gguf_recipe_unknown",
                              {textArg("name", choice->given), textArg("assumed", assumed),
                               numberArg("low", NoticeArg::Kind::Count, percent(choice->range.low)),
                               numberArg("high", NoticeArg::Kind::Count, percent(choice->range.high))}));
    }
    return std::string(recipe.tables);
}

/// Storage formats: the scenario's choice, else what the model ships in.
void resolveFormats(ResolvedScenario &r, const Scenario &sc, const ModelPreset *preset, bool llamaCppGguf)
{
    const ModelArchitecture &arch = r.model.arch;
    std::string format = sc.weights.format;
    std::string expert = sc.weights.expertFormat;
    const std::string native = preset && !preset->nativeDtype.empty() ? preset->nativeDtype : "bf16";
    const QuantFormat &nativeFormat = requireFormat(native, "model.native_dtype");
    if (format.empty()) {
        const std::string shipped = preset ? preset->shippedFormat : "";
        if (shipped == "mxfp4" && arch.isMoe() && llamaCppGguf && expert.empty()) {
            // llama.cpp runs gpt-oss from a GGUF, and the one its README and ggml-org publish is
            // llama-quantize's MXFP4_MOE: experts MXFP4, every other tensor Q8_0 (llama-bench prints
            // "MXFP4 MoE", 59.02 GiB for 116.83 B parameters; BF16 outside the experts would be 60.7).
            format = "mxfp4_moe";
        } else if (shipped == "mxfp4" && arch.isMoe()) {
            format = native; // gpt-oss as released: MXFP4 experts, everything else in BF16
            if (expert.empty())
                expert = shipped;
        } else {
            format = shipped.empty() ? native : shipped;
        }
    }
    const std::string recipeTables = applyGgufRecipe(r, format, expert);
    r.weightFormat = &requireFormat(format, "weights.format");
    if (expert.empty() && preset && preset->shippedFormat == "mxfp4" && arch.isMoe() &&
        (r.weightFormat->family == FormatFamily::Gguf || r.weightFormat->family == FormatFamily::GgufRecipe))
        // A GGUF of a model released with MXFP4 experts (gpt-oss) keeps those tensors in MXFP4
        // whatever the file's label: the label's type applies to the rest (issue 34 item 3;
        // the published Q8_0 and F16 files of gpt-oss-120b are both about 63-65 GB).
        expert = preset->shippedFormat;
    if (!sc.weights.embeddingFormat.empty()) {
        r.embeddingFormat = r.outputFormat = &requireFormat(sc.weights.embeddingFormat, "weights.embedding_format");
    } else if (const auto tables =
                   vocabularyTableFormats(*r.weightFormat, nativeFormat, arch.hiddenSize, arch.tieWordEmbeddings)) {
        r.embeddingFormat = tables->embedding;
        r.outputFormat = tables->output;
    } else {
        r.embeddingFormat = r.outputFormat = r.weightFormat;
    }
    if (sc.weights.embeddingFormat.empty() && !recipeTables.empty())
        r.embeddingFormat = r.outputFormat = &requireFormat(recipeTables, "weights.format");
    r.expertFormat = expert.empty() ? r.weightFormat : &requireFormat(expert, "weights.expert_format");
    if (!r.model.measured && !r.model.declaredParameters && r.expertFormat == r.weightFormat)
        r.weightMix = ggufmix::mixedWeights(arch, *r.weightFormat, r.model.params.layers + r.model.params.finalNorm,
                                            r.model.params.routedExperts);
    r.kvFormatK = r.kvFormatV = &requireKvFormat(sc.kvCacheDtype.empty() ? "f16" : sc.kvCacheDtype, "kv_cache.dtype");
}

ResolvedScenario resolveScenario(const Scenario &sc, const PresetCatalog &catalog)
{
    ResolvedScenario r;
    r.model = resolveModel(sc.model, catalog, r.warnings);
    // Notes from the model file or config reader come as English text; keep them as notices too.
    for (const std::string &w : r.warnings)
        r.notices.push_back(makeNotice("warn.model_input", {textArg("text", w)}));
    const ModelArchitecture &arch = r.model.arch;
    const ModelPreset *preset = sc.model.preset.empty() ? nullptr : catalog.model(sc.model.preset);

    // The runtime is checked below; here only whether llama.cpp will load the weights as a GGUF.
    const RuntimeProfile *runtime = catalog.runtime(sc.runtime.preset);
    resolveFormats(r, sc, preset, runtime && runtime->engine == Engine::LlamaCpp);
    if (!r.model.measured) // a model file read gives every tensor's bytes; a stated size only the total
        r.weightsFileBytes = sc.weights.fileBytes;

    // Workload.
    r.workload = sc.workload;
    r.heldTokens = sc.workload.contextTokens;
    auto checkRange = [](std::uint64_t v, std::uint64_t lo, std::uint64_t hi, const char *key) {
        if (v < lo || v > hi)
            throw InputError(key, "must be between " + std::to_string(lo) + " and " + std::to_string(hi));
    };
    checkRange(r.workload.contextTokens, 1, kMaxContext, "workload.context_tokens");
    checkRange(r.workload.concurrency, 1, kMaxConcurrency, "workload.concurrency");
    if (r.workload.sharedPrefixTokens > r.workload.contextTokens)
        throw InputError("workload.shared_prefix_tokens", "cannot exceed workload.context_tokens");
    checkRange(r.workload.batchTokens, 0, 1 << 24, "workload.batch_tokens");

    // Machine and host.
    r.host.ramBytes = sc.host.ramBytes;
    if (!sc.host.preset.empty()) {
        const HardwarePreset *hp = catalog.hardwareById(sc.host.preset);
        if (!hp || hp->spec.kind != HardwareKind::Cpu)
            throw InputError("host.preset", "'" + sc.host.preset + "' is not a CPU platform preset");
        r.host.bandwidthBytesPerSecond = hp->spec.bandwidthBytesPerSecond;
        r.host.sustainedBandwidthFraction = hp->spec.sustainedBandwidthFraction;
    }
    r.host.cpuAssumed = !sc.host.cpu;
    r.host.cpu = sc.host.cpu ? *sc.host.cpu : defaultCpuCores();
    r.hardware = resolveHardware(sc.hardware, catalog, sc.host, r.host);
    if (sc.hardware.count < 1 || sc.hardware.count > 64)
        throw InputError("hardware.count", "must be between 1 and 64");
    r.gpuCount = r.hardware.kind == HardwareKind::DiscreteGpu ? sc.hardware.count : 1;
    if (r.gpuCount == 1 && sc.hardware.count > 1) // said, not dropped silently
        r.warn(makeNotice("warn.one_device_count", {numberArg("count", NoticeArg::Kind::Count, sc.hardware.count)}));
    if (r.hardware.kind == HardwareKind::Unified)
        r.host.ramBytes = r.hardware.capacityBytes; // one pool: the host RAM *is* the machine's memory
    if (r.host.ramBytes == 0 && r.hardware.kind != HardwareKind::Unified)
        throw InputError("host.ram_bytes", "must be positive");

    // Runtime profile and its own settings.
    const RuntimeProfile *profile = catalog.runtime(sc.runtime.preset);
    if (!profile)
        throw InputError("runtime.preset", "'" + sc.runtime.preset + "' is not a known runtime profile");
    r.runtime = *profile;
    r.placement = sc.placement;
    if (!(r.placement.gpuLayerFraction >= 0.0 && r.placement.gpuLayerFraction <= 1.0))
        throw InputError("placement.gpu_layer_fraction", "must be between 0 and 1");
    const json &settings = sc.runtime.settings;
    resolveRelease(r, settings);
    for (auto it = settings.begin(); it != settings.end(); ++it)
        if (it.key() != "version" && !isRuntimeSettingKey(profile->engine, it.key()))
            throw InputError("runtime." + it.key(), "is not a setting of the " + profile->name + " runtime");
    runtimeModel(profile->engine).applySettings(r, settings);
    if (r.hardware.kind != HardwareKind::DiscreteGpu)
        r.gpuCount = 1;
    resolveVision(r, sc.model, preset);

    r.host.reservedBytes = sc.host.reservedBytes                      ? *sc.host.reservedBytes
                           : r.hardware.kind == HardwareKind::Unified ? profile->unifiedReservedBytes
                                                                      : profile->hostReservedBytes;
    r.displayReservedBytes =
        sc.hardware.displayReservedBytes ? *sc.hardware.displayReservedBytes : profile->displayReservedBytes;

    if (sc.placement.splitMode.empty())
        r.tensorParallel = profile->tensorParallelSplit;
    else if (sc.placement.splitMode == "tensor" || sc.placement.splitMode == "layer")
        r.tensorParallel = sc.placement.splitMode == "tensor";
    else
        throw InputError("placement.split_mode", "must be tensor or layer");

    if (r.hardware.kind == HardwareKind::Cpu && r.placement.gpuLayerFraction > 0)
        r.placement.gpuLayerFraction = 0; // nothing to offload to

    using Kind = NoticeArg::Kind;
    if (r.model.hypothetical)
        r.warn(makeNotice("warn.what_if_architecture", {}));
    if (r.workload.contextTokens > r.model.maxContext && r.model.maxContextAssumed)
        r.warn(makeNotice("warn.context_limit_assumed", {numberArg("context", Kind::Tokens, r.workload.contextTokens),
                                                         numberArg("max", Kind::Tokens, r.model.maxContext)}));
    else if (r.workload.contextTokens > r.model.maxContext)
        r.warn(makeNotice("warn.context_above_max", {numberArg("context", Kind::Tokens, r.workload.contextTokens),
                                                     numberArg("max", Kind::Tokens, r.model.maxContext)}));
    if (r.tensorParallel && r.gpuCount > 1 && !arch.isMla() && arch.numAttentionHeads % r.gpuCount != 0)
        r.warn(makeNotice("warn.tp_heads_indivisible", {numberArg("heads", Kind::Count, arch.numAttentionHeads),
                                                        numberArg("gpus", Kind::Count, r.gpuCount)}));
    if (!r.weightFormat->exact && !r.weightMix) // a mix summed per tensor is exact (core/model/ggufmix.h)
        r.warn(makeNotice("warn.mixed_format_average", {textArg("format", std::string(r.weightFormat->id))}));
    runtimeModel(profile->engine).checkStartup(r, r.refusals);
    return r;
}

} // namespace memplan
