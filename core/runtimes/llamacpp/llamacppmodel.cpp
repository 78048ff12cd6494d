#include "llamacppmodel.h"

#include "launchcommand.h"
#include "runtimes/settingsupport.h"

#include "jsonutil.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

namespace memplan::runtimes {

using estimation::kWhat;
using estimation::Plan;
using estimation::PoolBuilder;
using estimation::toBytes;
namespace ju = jsonutil;

namespace {

constexpr std::array<const char *, 12> kKeys = {"ctx_size",     "batch_size",   "ubatch_size",  "parallel",
                                                "flash_attn",   "cache_type_k", "cache_type_v", "n_gpu_layers",
                                                "n_cpu_moe",    "kv_unified",   "mmap",         "swa_full"};

/// A sliding window the runtime does not implement is no window at all.
void dropUnsupportedWindow(ResolvedScenario &r)
{
    const auto &swaTypes = r.runtime.slidingWindowModelTypes;
    ModelArchitecture &arch = r.model.arch;
    if (arch.numWindowedLayers > 0 && !swaTypes.empty() &&
        std::find(swaTypes.begin(), swaTypes.end(), arch.modelType) == swaTypes.end()) {
        r.warnings.push_back(r.runtime.name + " does not use the sliding window of " + arch.modelType +
                             " models: every layer keeps the whole context");
        arch.numWindowedLayers = 0;
    }
}

/// --ctx-size, --parallel and the micro-batch against the generic workload.
void applyContextAndBatch(ResolvedScenario &r, const nlohmann::json &s)
{
    RuntimeSettings &st = r.settings;
    Workload &w = r.workload;
    st.parallel = static_cast<std::uint32_t>(settingCount(s, "parallel", 1, kMaxConcurrency, w.concurrency));
    if (const nlohmann::json *ctx = ju::optional(s, "ctx_size")) {
        st.ctxSize = ju::toCount(*ctx, "runtime.ctx_size", 1, kMaxContext * 64);
        w.concurrency = st.parallel;
        w.contextTokens = std::max<std::uint64_t>(1, st.ctxSize / st.parallel);
    } else {
        w.concurrency = st.parallel;
        st.ctxSize = checkedMul(w.contextTokens, w.concurrency, "context size");
    }
    st.batchSize = static_cast<std::uint32_t>(settingCount(s, "batch_size", 1, 1 << 20, 2048));
    const std::uint64_t ub = w.batchTokens ? w.batchTokens : r.runtime.defaultBatchTokens;
    st.ubatchSize =
        static_cast<std::uint32_t>(settingCount(s, "ubatch_size", 1, 1 << 20, std::min<std::uint64_t>(ub, st.batchSize)));
    w.batchTokens = st.ubatchSize;
}

/// --n-gpu-layers and --n-cpu-moe against the generic placement.
void applyOffload(ResolvedScenario &r, const nlohmann::json &s)
{
    RuntimeSettings &st = r.settings;
    const std::uint32_t layers = r.model.arch.numHiddenLayers;
    if (const nlohmann::json *n = ju::optional(s, "n_gpu_layers")) {
        st.nGpuLayers = static_cast<int>(ju::toCount(*n, "runtime.n_gpu_layers", 0, 100000));
        r.placement.gpuLayerFraction = std::min<double>(1.0, double(std::min<std::uint32_t>(st.nGpuLayers, layers)) / layers);
    } else {
        const auto gpuLayers = static_cast<int>(std::lround(r.placement.gpuLayerFraction * layers));
        st.nGpuLayers = gpuLayers >= int(layers) ? int(layers) + 1 : gpuLayers;
    }
    st.nCpuMoe = static_cast<std::uint32_t>(std::min<std::uint64_t>(
        layers, settingCount(s, "n_cpu_moe", 0, 100000, r.placement.expertsOnHost ? layers : 0)));
    r.placement.expertsOnHost = r.model.arch.isMoe() && st.nCpuMoe >= layers;
}

} // namespace

std::span<const char *const> LlamaCppModel::settingKeys() const { return kKeys; }

void LlamaCppModel::applySettings(ResolvedScenario &r, const nlohmann::json &s) const
{
    RuntimeSettings &st = r.settings;
    dropUnsupportedWindow(r);
    applyContextAndBatch(r, s);
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
    applyOffload(r, s);
    st.kvUnified = ju::boolean(s, "kv_unified", "runtime", true);
    st.mmap = ju::boolean(s, "mmap", "runtime", true);
    st.swaFull = ju::boolean(s, "swa_full", "runtime", false);
    if (!st.mmap)
        r.runtime.loading = LoadingMode::Streaming;
}

Bytes LlamaCppModel::deviceActivation(const Plan &pl, std::uint32_t i, PoolBuilder &b) const
{
    if (pl.r.runtime.activationGraph != ActivationGraph::Ggml)
        return RuntimeModel::deviceActivation(pl, i, b);
    const bool opOffload = ggmlOpOffload(pl);
    if (pl.gpuLayers == 0 && !(opOffload && i == 0))
        return 0;
    GgmlBackendRole role;
    role.first = i == 0;
    // The logits are computed where the output layer is (the last GPU); when it stays
    // on the host, op offload computes them on GPU 0 with a copy of the output head.
    role.hasOutput = pl.outputOnHost ? i == 0 : i + 1 == pl.gpus;
    role.copies = ggmlPipelineCopies(pl);
    if (opOffload && i == 0) {
        role.outputWeightCopy = pl.outputOnHost ? double(pl.w.outputHead ? pl.w.outputHead : pl.w.embedding) : 0;
        // A host layer's gate and up projections (dense FFN; expert tensors stay put).
        const ModelArchitecture &a = pl.arch;
        if (pl.gpuLayers < pl.layers && !a.isMoe())
            role.ffnWeightCopy = 2.0 * a.hiddenSize * double(a.intermediateSize) * pl.r.weightFormat->bitsPerWeight() / 8;
    }
    return ggmlActivationBytes(pl, role, b);
}

Bytes LlamaCppModel::hostActivation(const Plan &pl, PoolBuilder &b) const
{
    if (pl.r.runtime.activationGraph != ActivationGraph::Ggml)
        return RuntimeModel::hostActivation(pl, b);
    if (pl.hostLayers() > 0 && !ggmlOpOffload(pl)) {
        GgmlBackendRole role;
        role.hasOutput = pl.outputOnHost;
        return ggmlActivationBytes(pl, role, b);
    }
    if (!pl.discrete)
        return 0;
    // The GPUs do the heavy work: the host keeps the graph inputs in pinned memory.
    const GgmlGraphShape shape = ggmlShape(pl);
    const std::uint32_t copies = ggmlPipelineCopies(pl);
    const Bytes in = toBytes(ggmlHostInputBuffer(shape, ggmlConstants(pl.r.runtime), copies, pl.embedOnHost),
                             "the compute buffer estimate is too large");
    if (Item *it = b.item(Guest::Activation, Evidence::Calculated, "graph inputs (host buffer)",
                          "n_copies × (b_pad × (T + T_win) × 4 + b × 4) + [embeddings here] b × H × 4", in)) {
        it->add("n_copies", copies, Origin::Runtime, "copies kept by pipeline parallelism");
        it->add("b", shape.tokens, Origin::Runtime, "tokens per forward step (micro-batch)");
        it->add("T", shape.fullSpan, Origin::Runtime, "KV cells in the mask");
        it->add("H", pl.arch.hiddenSize, Origin::Config, "hidden size");
    }
    return in;
}

void LlamaCppModel::addHostBuffers(const Plan &pl, PoolBuilder &b) const
{
    // llama.cpp keeps one row of fp32 logits per sequence in a host buffer
    // ("output buffer size = 0.49 MiB" = 128256 x 4 bytes for one sequence).
    const std::uint32_t seqs = std::max<std::uint32_t>(1, pl.r.settings.parallel);
    const Bytes out = checkedMul(checkedMul(pl.arch.vocabSize, 4, kWhat), seqs, kWhat);
    if (Item *it = b.item(Guest::Activation, Evidence::Calculated, "output (logits) buffer", "V × 4 × n_seq", out)) {
        it->add("V", pl.arch.vocabSize, Origin::Config, "vocabulary");
        it->add("n_seq", seqs, Origin::Runtime, "parallel sequences");
    }
}

std::string LlamaCppModel::launchCommand(const ResolvedScenario &r) const
{
    const RuntimeSettings &s = r.settings;
    std::ostringstream o;
    o << "llama-server -m " << launch::ggufFileName(r) << " --ctx-size " << s.ctxSize << " --parallel " << s.parallel
      << " --batch-size " << s.batchSize << " --ubatch-size " << s.ubatchSize << " --n-gpu-layers "
      << (r.hardware.kind == HardwareKind::Cpu ? 0 : s.nGpuLayers) << " --flash-attn " << (s.flashAttn ? "on" : "off")
      << " --cache-type-k " << s.cacheTypeK << " --cache-type-v " << s.cacheTypeV;
    if (s.nCpuMoe)
        o << " --n-cpu-moe " << s.nCpuMoe;
    if (!s.kvUnified)
        o << " --no-kv-unified";
    if (!s.mmap)
        o << " --no-mmap";
    if (s.swaFull)
        o << " --swa-full";
    return o.str();
}

std::string OllamaModel::launchCommand(const ResolvedScenario &r) const
{
    const RuntimeSettings &s = r.settings;
    std::ostringstream o;
    o << "OLLAMA_CONTEXT_LENGTH=" << r.workload.contextTokens << " OLLAMA_NUM_PARALLEL=" << s.parallel
      << " OLLAMA_FLASH_ATTENTION=" << (s.flashAttn ? 1 : 0) << " OLLAMA_KV_CACHE_TYPE=" << s.cacheTypeK
      << " ollama serve";
    return o.str();
}

} // namespace memplan::runtimes
