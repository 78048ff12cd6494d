#include "resolve.h"

#include "error.h"
#include "tableformats.h"
#include "jsonutil.h"
#include "modelconfig.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <mutex>

namespace memplan {

using json = nlohmann::json;
namespace ju = jsonutil;

namespace {

constexpr std::uint64_t kMaxContext = 10'000'000;
constexpr std::uint64_t kMaxConcurrency = 100'000;
constexpr std::uint64_t kMaxParameters = 10'000'000'000'000ULL;

const QuantFormat &requireFormat(const std::string &id, const std::string &key)
{
    const QuantFormat *f = findQuantFormat(id);
    if (!f)
        throw InputError(key, "'" + id + "' is not a known format (see `memplan-cli formats`)");
    return *f;
}

const QuantFormat &requireKvFormat(const std::string &id, const std::string &key)
{
    const QuantFormat &f = requireFormat(id, key);
    if (!f.kvCapable)
        throw InputError(key, "'" + id + "' is not a KV cache type (use f32, f16, bf16, fp8, q8_0, q5_1, q5_0, "
                                         "q4_1, q4_0 or iq4_nl)");
    return f;
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
        m.arch = applyConfigOverrides(p->arch, choice.config, "model.");
        m.hypothetical = !(m.arch == p->arch);
        m.declaredParameters = p->declaredParameters;
        m.maxContext = p->maxContext;
    } else if (!choice.file.empty()) {
        const auto shared = importModelCached(choice.file);
        const ImportedModel &imported = *shared;
        m.imported = shared;
        if (!imported.architecture)
            throw InputError("model.file", "'" + choice.file + "' has no architecture (add its config.json)");
        m.id = "file";
        m.source = choice.file;
        m.name = imported.name.empty() ? choice.file : imported.name;
        m.arch = applyConfigOverrides(*imported.architecture, choice.config, "model.");
        m.maxContext = imported.contextLength ? imported.contextLength : m.arch.maxPositionEmbeddings;
        if (imported.weightsBytes > 0) {
            MeasuredWeights w;
            w.embedding = imported.embeddingBytes;
            w.outputHead = imported.outputHeadBytes;
            w.routedExperts = imported.routedExpertBytes;
            w.layers = saturatingSub(imported.weightsBytes, w.embedding + w.outputHead + w.routedExperts);
            m.measured = w;
            m.declaredParameters = imported.parameters;
        }
        for (const auto &w : imported.warnings)
            warnings.push_back(w);
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
    if (m.maxContext == 0)
        m.maxContext = 4096;
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
        if (h.gpuUsableBytes > c.capacityBytes || (h.kind == HardwareKind::DiscreteGpu && c.capacityBytes != h.capacityBytes))
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
    if (h.kind == HardwareKind::Cpu) {
        h.capacityBytes = host.ramBytes;
        if (!host.preset.empty() && hostSpec.bandwidthBytesPerSecond)
            h.bandwidthBytesPerSecond = hostSpec.bandwidthBytesPerSecond;
    }
    return h;
}

std::uint64_t settingCount(const json &s, const char *key, std::uint64_t min, std::uint64_t max, std::uint64_t fallback)
{
    return ju::count(s, key, "runtime", min, max, fallback);
}

void applyLlamaCpp(ResolvedScenario &r, const json &s)
{
    RuntimeSettings &st = r.settings;
    Workload &w = r.workload;
    const std::uint32_t layers = r.model.arch.numHiddenLayers;
    // A sliding window the runtime does not implement is no window at all.
    const auto &swaTypes = r.runtime.slidingWindowModelTypes;
    ModelArchitecture &arch = r.model.arch;
    if (arch.numWindowedLayers > 0 && !swaTypes.empty() &&
        std::find(swaTypes.begin(), swaTypes.end(), arch.modelType) == swaTypes.end()) {
        r.warnings.push_back(r.runtime.name + " does not use the sliding window of " + arch.modelType +
                             " models: every layer keeps the whole context");
        arch.numWindowedLayers = 0;
    }
    st.parallel = static_cast<std::uint32_t>(settingCount(s, "parallel", 1, kMaxConcurrency, w.concurrency));
    if (const json *ctx = ju::optional(s, "ctx_size")) {
        st.ctxSize = ju::toCount(*ctx, "runtime.ctx_size", 1, kMaxContext * 64);
        w.concurrency = st.parallel;
        w.contextTokens = std::max<std::uint64_t>(1, st.ctxSize / st.parallel);
    } else {
        w.concurrency = st.parallel;
        st.ctxSize = checkedMul(w.contextTokens, w.concurrency, "context size");
    }
    st.batchSize = static_cast<std::uint32_t>(settingCount(s, "batch_size", 1, 1 << 20, 2048));
    const std::uint64_t ub = w.batchTokens ? w.batchTokens : r.runtime.defaultBatchTokens;
    st.ubatchSize = static_cast<std::uint32_t>(settingCount(s, "ubatch_size", 1, 1 << 20, std::min<std::uint64_t>(ub, st.batchSize)));
    w.batchTokens = st.ubatchSize;
    st.flashAttn = ju::boolean(s, "flash_attn", "runtime", r.runtime.flashAttention);
    r.runtime.flashAttention = st.flashAttn;
    st.cacheTypeK = ju::string(s, "cache_type_k", "runtime", std::string(r.kvFormatK->id));
    st.cacheTypeV = ju::string(s, "cache_type_v", "runtime", std::string(r.kvFormatV->id));
    r.kvFormatK = &requireKvFormat(st.cacheTypeK, "runtime.cache_type_k");
    r.kvFormatV = &requireKvFormat(st.cacheTypeV, "runtime.cache_type_v");
    const bool vQuantized = r.kvFormatV->blockWeights > 1;
    if (vQuantized && !st.flashAttn)
        throw InputError("runtime.cache_type_v",
                         "a quantized V cache needs flash attention in llama.cpp (set flash_attn to true)");
    if (const json *n = ju::optional(s, "n_gpu_layers")) {
        st.nGpuLayers = static_cast<int>(ju::toCount(*n, "runtime.n_gpu_layers", 0, 100000));
        r.placement.gpuLayerFraction = std::min<double>(1.0, double(std::min<std::uint32_t>(st.nGpuLayers, layers)) / layers);
    } else {
        const auto gpuLayers = static_cast<int>(std::lround(r.placement.gpuLayerFraction * layers));
        st.nGpuLayers = gpuLayers >= int(layers) ? int(layers) + 1 : gpuLayers;
    }
    st.nCpuMoe = static_cast<std::uint32_t>(std::min<std::uint64_t>(
        layers, settingCount(s, "n_cpu_moe", 0, 100000, r.placement.expertsOnHost ? layers : 0)));
    r.placement.expertsOnHost = r.model.arch.isMoe() && st.nCpuMoe >= layers;
    st.kvUnified = ju::boolean(s, "kv_unified", "runtime", true);
    st.mmap = ju::boolean(s, "mmap", "runtime", true);
    st.swaFull = ju::boolean(s, "swa_full", "runtime", false);
    if (!st.mmap)
        r.runtime.loading = LoadingMode::Streaming;
}

void applyVllm(ResolvedScenario &r, const json &s, const std::string &engine)
{
    RuntimeSettings &st = r.settings;
    Workload &w = r.workload;
    if (engine == "sglang") {
        st.memFractionStatic = ju::number(s, "mem_fraction_static", "runtime", 0.05, 1.0, r.runtime.deviceMemoryFraction);
        r.runtime.deviceMemoryFraction = st.memFractionStatic;
        st.maxModelLen = settingCount(s, "context_length", 1, kMaxContext, w.contextTokens);
        st.maxNumBatchedTokens = settingCount(s, "chunked_prefill_size", 1, 1 << 24,
                                              w.batchTokens ? w.batchTokens : r.runtime.defaultBatchTokens);
        st.tensorParallelSize = static_cast<std::uint32_t>(settingCount(s, "tp_size", 1, 64, r.gpuCount));
        st.blockSize = static_cast<std::uint32_t>(settingCount(s, "page_size", 1, 65536, r.runtime.kvBlockTokens));
        st.maxNumSeqs = static_cast<std::uint32_t>(settingCount(s, "max_running_requests", 1, kMaxConcurrency, 256));
    } else {
        st.gpuMemoryUtilization = ju::number(s, "gpu_memory_utilization", "runtime", 0.05, 1.0, r.runtime.deviceMemoryFraction);
        r.runtime.deviceMemoryFraction = st.gpuMemoryUtilization;
        st.maxModelLen = settingCount(s, "max_model_len", 1, kMaxContext, w.contextTokens);
        // `vllm serve` picks its batch defaults by device (EngineArgs.get_batch_defaults): 8192
        // tokens and 1024 sequences on cards of 70 GiB or more other than the A100, else 2048 and 256.
        const Bytes deviceTotal = r.hardware.reportedTotalBytes();
        std::string name = r.hardware.name;
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        const bool bigCard = deviceTotal >= 70 * GiB && name.find("a100") == std::string::npos;
        st.maxNumSeqs = static_cast<std::uint32_t>(settingCount(s, "max_num_seqs", 1, kMaxConcurrency, bigCard ? 1024 : 256));
        st.maxNumBatchedTokens = settingCount(s, "max_num_batched_tokens", 1, 1 << 24,
                                              w.batchTokens ? w.batchTokens : bigCard ? 8192 : 2048);
        st.blockSize = static_cast<std::uint32_t>(settingCount(s, "block_size", 1, 65536, r.runtime.kvBlockTokens));
        st.tensorParallelSize = static_cast<std::uint32_t>(settingCount(s, "tensor_parallel_size", 1, 64, r.gpuCount));
        st.enforceEager = ju::boolean(s, "enforce_eager", "runtime", false);
        if (st.enforceEager)
            r.runtime.cudaGraphBytes = 0;
        st.profileCudaGraphs = ju::boolean(s, "memory_profiler_estimate_cudagraphs", "runtime", true);
        st.flashinferSampler = ju::boolean(s, "use_flashinfer_sampler", "runtime", true);
        if (!st.flashinferSampler) {
            r.runtime.logitsBytesPerElement = r.runtime.samplerSortBytesPerLogit;
            r.runtime.samplerRange = r.runtime.samplerSortRange;
        }
    }
    w.contextTokens = st.maxModelLen;
    w.batchTokens = st.maxNumBatchedTokens;
    r.runtime.kvBlockTokens = st.blockSize;
    r.gpuCount = st.tensorParallelSize;
    st.kvCacheDtype = ju::string(s, "kv_cache_dtype", "runtime", "auto");
    if (st.kvCacheDtype != "auto") {
        const std::string id = st.kvCacheDtype.rfind("fp8", 0) == 0 ? std::string("fp8") : st.kvCacheDtype;
        r.kvFormatK = r.kvFormatV = &requireKvFormat(id, "runtime.kv_cache_dtype");
    } else {
        st.kvCacheDtype = std::string(r.kvFormatK->id);
    }
}

void applyTransformers(ResolvedScenario &r, const json &s)
{
    RuntimeSettings &st = r.settings;
    st.cacheImplementation = ju::string(s, "cache_implementation", "runtime", "dynamic");
    if (st.cacheImplementation == "static")
        r.runtime.kvAllocation = KvAllocation::ReserveFull; // StaticCache preallocates max_cache_len
    else if (st.cacheImplementation != "dynamic")
        throw InputError("runtime.cache_implementation", "must be dynamic or static");
    st.lowCpuMemUsage = ju::boolean(s, "low_cpu_mem_usage", "runtime", r.runtime.loading != LoadingMode::FullCopy);
    r.runtime.loading = st.lowCpuMemUsage ? LoadingMode::Streaming : LoadingMode::FullCopy;
    st.useSafetensors = ju::boolean(s, "use_safetensors", "runtime", true);
}

void applyMlx(ResolvedScenario &r, const json &s)
{
    RuntimeSettings &st = r.settings;
    st.wiredLimitMb = settingCount(s, "wired_limit_mb", 0, 1ULL << 32, 0);
    if (st.wiredLimitMb && r.hardware.kind == HardwareKind::Unified) {
        const Bytes limit = checkedMul(st.wiredLimitMb, MiB, "wired limit");
        if (limit > r.hardware.capacityBytes)
            throw InputError("runtime.wired_limit_mb", "cannot exceed the machine's memory");
        r.hardware.gpuUsableBytes = limit; // sudo sysctl iogpu.wired_limit_mb=... raises the GPU working set
    }
    st.maxKvSize = settingCount(s, "max_kv_size", 0, kMaxContext, 0);
    if (st.maxKvSize) {
        // A rotating cache keeps the last max_kv_size tokens in every layer: a window on all layers.
        r.model.arch.slidingWindow = st.maxKvSize;
        r.model.arch.numWindowedLayers = r.model.arch.numHiddenLayers;
    }
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

ResolvedScenario resolveScenario(const Scenario &sc, const PresetCatalog &catalog)
{
    ResolvedScenario r;
    r.model = resolveModel(sc.model, catalog, r.warnings);
    const ModelArchitecture &arch = r.model.arch;
    const ModelPreset *preset = sc.model.preset.empty() ? nullptr : catalog.model(sc.model.preset);

    // Storage formats: the scenario's choice, else what the model ships in.
    std::string format = sc.weights.format;
    std::string expert = sc.weights.expertFormat;
    const std::string native = preset && !preset->nativeDtype.empty() ? preset->nativeDtype : "bf16";
    const QuantFormat &nativeFormat = requireFormat(native, "model.native_dtype");
    if (format.empty()) {
        const std::string shipped = preset ? preset->shippedFormat : "";
        if (shipped == "mxfp4" && arch.isMoe()) {
            format = native; // gpt-oss: MXFP4 experts, everything else in BF16
            if (expert.empty())
                expert = shipped;
        } else {
            format = shipped.empty() ? native : shipped;
        }
    }
    r.weightFormat = &requireFormat(format, "weights.format");
    if (!sc.weights.embeddingFormat.empty()) {
        r.embeddingFormat = r.outputFormat = &requireFormat(sc.weights.embeddingFormat, "weights.embedding_format");
    } else if (const auto tables = vocabularyTableFormats(*r.weightFormat, nativeFormat, arch.hiddenSize, arch.tieWordEmbeddings)) {
        r.embeddingFormat = tables->embedding;
        r.outputFormat = tables->output;
    } else {
        r.embeddingFormat = r.outputFormat = r.weightFormat;
    }
    r.expertFormat = expert.empty() ? r.weightFormat : &requireFormat(expert, "weights.expert_format");
    r.kvFormatK = r.kvFormatV = &requireKvFormat(sc.kvCacheDtype.empty() ? "f16" : sc.kvCacheDtype, "kv_cache.dtype");

    // Workload.
    r.workload = sc.workload;
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
    r.hardware = resolveHardware(sc.hardware, catalog, sc.host, r.host);
    if (sc.hardware.count < 1 || sc.hardware.count > 64)
        throw InputError("hardware.count", "must be between 1 and 64");
    r.gpuCount = r.hardware.kind == HardwareKind::DiscreteGpu ? sc.hardware.count : 1;
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
    for (auto it = settings.begin(); it != settings.end(); ++it)
        if (!isRuntimeSettingKey(profile->engine, it.key()))
            throw InputError("runtime." + it.key(), "is not a setting of the " + profile->name + " runtime");
    const std::string &engine = profile->engine;
    if (engine == "llama.cpp" || engine == "ollama")
        applyLlamaCpp(r, settings);
    else if (engine == "vllm" || engine == "sglang")
        applyVllm(r, settings, engine);
    else if (engine == "transformers")
        applyTransformers(r, settings);
    else if (engine == "mlx")
        applyMlx(r, settings);
    if (r.hardware.kind != HardwareKind::DiscreteGpu)
        r.gpuCount = 1;

    r.host.reservedBytes = sc.host.reservedBytes ? *sc.host.reservedBytes
                           : r.hardware.kind == HardwareKind::Unified ? profile->unifiedReservedBytes
                                                                      : profile->hostReservedBytes;
    r.displayReservedBytes = sc.hardware.displayReservedBytes ? *sc.hardware.displayReservedBytes
                                                              : profile->displayReservedBytes;

    if (sc.placement.splitMode.empty())
        r.tensorParallel = profile->tensorParallelSplit;
    else if (sc.placement.splitMode == "tensor" || sc.placement.splitMode == "layer")
        r.tensorParallel = sc.placement.splitMode == "tensor";
    else
        throw InputError("placement.split_mode", "must be tensor or layer");

    if (r.hardware.kind == HardwareKind::Cpu && r.placement.gpuLayerFraction > 0)
        r.placement.gpuLayerFraction = 0; // nothing to offload to

    if (r.model.hypothetical)
        r.warnings.push_back("the architecture was changed from the preset (a what-if model, not the real one)");
    if (r.workload.contextTokens > r.model.maxContext)
        r.warnings.push_back("context of " + std::to_string(r.workload.contextTokens) +
                             " tokens is longer than the model's maximum of " + std::to_string(r.model.maxContext));
    if (r.tensorParallel && r.gpuCount > 1 && !arch.isMla() && arch.numAttentionHeads % r.gpuCount != 0)
        r.warnings.push_back("tensor parallelism needs the attention heads (" + std::to_string(arch.numAttentionHeads) +
                             ") to divide by the GPU count (" + std::to_string(r.gpuCount) + ")");
    if (!r.weightFormat->exact)
        r.warnings.push_back(std::string(r.weightFormat->id) +
                             " mixes tensor types; its size is an average from llama.cpp's table, so the real file "
                             "may differ by a few percent (import the file for exact bytes)");
    return r;
}

} // namespace memplan
