#include "estimator.h"

#include "ggmlgraph.h"
#include "kvcache.h"
#include "launchcommand.h"
#include "training/trainingestimator.h"

#include <algorithm>
#include <cmath>

namespace memplan {

namespace {

constexpr const char *kWhat = "memory estimate";

Bytes scaled(Bytes b, double factor)
{
    if (!(factor > 0))
        return 0;
    const double v = std::floor(static_cast<double>(b) * factor);
    return v >= 1.8e19 ? b : static_cast<Bytes>(v);
}

Bytes toBytes(double v, const char *what)
{
    if (!(v >= 0) || v >= 1.8e19)
        throw OverflowError(what);
    return Bytes(v);
}

/// Splits total over n devices; device 0 takes the remainder.
Bytes share(Bytes total, std::uint32_t n, std::uint32_t device)
{
    const Bytes base = total / n;
    return device == 0 ? base + total % n : base;
}

struct WeightParts {
    Bytes layers = 0;
    Bytes experts = 0;
    Bytes embedding = 0;
    Bytes outputHead = 0;
};

/// Everything the per-pool loop needs, computed once.
struct Plan {
    const ResolvedScenario &r;
    const ModelArchitecture &arch;
    std::uint32_t layers = 0;
    std::uint32_t gpuLayers = 0; ///< decoder layers on GPU(s) or the unified pool
    bool discrete = false;
    bool unified = false;
    bool cpuOnly = false;
    std::uint32_t gpus = 1;
    WeightParts w;             ///< whole model
    std::uint64_t pLayers = 0; ///< parameters behind each part, for show-the-math
    std::uint64_t pExperts = 0;
    std::uint64_t pEmbed = 0;
    KvTokenPlan tokens;
    Bytes kvPerTokenLayerFull = 0; ///< all KV heads
    std::uint32_t fullGpuLayers = 0;
    std::uint32_t windowedGpuLayers = 0;
    std::uint32_t expertHostLayers = 0;
    bool embedOnHost = false;
    bool outputOnHost = false;
    std::uint64_t batch = 0;
};

struct PoolBuilder {
    Estimate &e;
    bool withItems;
    std::uint16_t pool = 0;

    Range weightRange{0.97, 1.06}; ///< spread of real GGUF files around a recipe's average

    Item *item(Guest g, Evidence ev, std::string_view label, std::string_view formula, Bytes bytes,
               Range range = {})
    {
        Pool &p = e.pools[pool];
        p.guests[guestIndex(g)] = checkedAdd(p.guests[guestIndex(g)], bytes, kWhat);
        if (!withItems || bytes == 0)
            return nullptr;
        Item it;
        it.pool = pool;
        it.guest = g;
        it.evidence = ev;
        it.label = label;
        it.formula = formula;
        it.bytes = bytes;
        if (g == Guest::Weights && ev == Evidence::Estimated)
            range = weightRange;
        it.low = ev == Evidence::Estimated ? scaled(bytes, range.low) : bytes;
        it.high = ev == Evidence::Estimated ? scaled(bytes, range.high) : bytes;
        e.items.push_back(it);
        return &e.items.back();
    }
};

Plan makePlan(const ResolvedScenario &r)
{
    Plan pl{r, r.model.arch};
    const ModelArchitecture &a = r.model.arch;
    const RuntimeProfile &rt = r.runtime;
    pl.layers = a.numHiddenLayers;
    pl.discrete = r.hardware.kind == HardwareKind::DiscreteGpu;
    pl.unified = r.hardware.kind == HardwareKind::Unified;
    pl.cpuOnly = r.hardware.kind == HardwareKind::Cpu;
    pl.gpus = pl.discrete ? std::max<std::uint32_t>(1, r.gpuCount) : 1;

    // Parameters, scaled when the scenario states its own total.
    ParameterCounts pc = r.model.params;
    if (r.model.declaredParameters && !r.model.measured && pc.total() > 0) {
        const std::uint64_t declared = *r.model.declaredParameters;
        const std::uint64_t total = pc.total();
        pc.layers = mulDiv(pc.layers + pc.finalNorm, declared, total, kWhat);
        pc.routedExperts = mulDiv(pc.routedExperts, declared, total, kWhat);
        pc.embedding = mulDiv(pc.embedding, declared, total, kWhat);
        pc.outputHead = declared - pc.layers - pc.routedExperts - pc.embedding;
        pc.finalNorm = 0;
    }
    pl.pLayers = pc.layers + pc.finalNorm;
    pl.pExperts = pc.routedExperts;
    pl.pEmbed = pc.embedding + pc.outputHead;
    if (r.model.measured) {
        pl.w.layers = r.model.measured->layers;
        pl.w.experts = r.model.measured->routedExperts;
        pl.w.embedding = r.model.measured->embedding;
        pl.w.outputHead = r.model.measured->outputHead;
    } else {
        pl.w.layers = r.weightFormat->bytesFor(pl.pLayers);
        pl.w.experts = r.expertFormat->bytesFor(pc.routedExperts);
        pl.w.embedding = r.embeddingFormat->bytesFor(pc.embedding);
        pl.w.outputHead = r.outputFormat->bytesFor(pc.outputHead);
    }

    // Placement of layers.
    if (pl.cpuOnly)
        pl.gpuLayers = 0;
    else if (pl.unified)
        pl.gpuLayers = pl.layers;
    else
        pl.gpuLayers = static_cast<std::uint32_t>(std::lround(r.placement.gpuLayerFraction * pl.layers));
    pl.gpuLayers = std::min(pl.gpuLayers, pl.layers);
    pl.fullGpuLayers = static_cast<std::uint32_t>(mulDiv(a.numFullLayers(), pl.gpuLayers, pl.layers));
    pl.windowedGpuLayers = pl.gpuLayers - pl.fullGpuLayers;
    const std::uint32_t hostLayers = pl.layers - pl.gpuLayers;
    pl.expertHostLayers = r.placement.expertsOnHost ? pl.layers : std::max(hostLayers, r.settings.nCpuMoe);
    if (!pl.discrete)
        pl.expertHostLayers = pl.cpuOnly ? pl.layers : 0;
    pl.embedOnHost = pl.cpuOnly || (pl.discrete && (rt.embeddingsOnHost || pl.gpuLayers == 0));
    const bool outputOnGpu = rt.outputCountsAsLayer ? r.settings.nGpuLayers > int(pl.layers) || r.settings.nGpuLayers < 0
                                                    : pl.gpuLayers == pl.layers;
    pl.outputOnHost = pl.cpuOnly || (pl.discrete && !(outputOnGpu && pl.gpuLayers > 0));

    // KV tokens under the runtime's allocation rule.
    KvWorkload kw;
    kw.contextTokens = r.workload.contextTokens;
    kw.concurrency = r.workload.concurrency;
    kw.sharedPrefixTokens = r.workload.sharedPrefixTokens;
    pl.batch = r.workload.batchTokens ? r.workload.batchTokens : rt.defaultBatchTokens;
    kw.batchTokens = pl.batch;
    kw.reservedCells = r.settings.ctxSize;
    kw.kvUnified = r.settings.kvUnified;
    kw.swaFull = r.settings.swaFull;
    pl.tokens = planKvTokens(a, rt, kw);
    pl.kvPerTokenLayerFull = kvBytesPerTokenPerLayer(a, *r.kvFormatK, *r.kvFormatV, a.kvHeads());
    return pl;
}

/// KV heads one device stores under tensor parallelism.
std::uint32_t kvHeadsPerDevice(const Plan &pl)
{
    const std::uint32_t heads = pl.arch.kvHeads();
    if (!pl.r.tensorParallel || pl.gpus == 1 || pl.arch.isMla())
        return heads;
    return heads >= pl.gpus ? static_cast<std::uint32_t>(ceilDiv(heads, pl.gpus)) : 1;
}

struct KvOnPool {
    Bytes full = 0;
    Bytes windowed = 0;
    Bytes perToken = 0;      ///< bytes one more token costs on this pool (full-attention layers)
    std::uint32_t fullLayers = 0;
    std::uint32_t windowedLayers = 0;
    Bytes perTokenLayer = 0;
};

KvOnPool kvForLayers(const Plan &pl, std::uint32_t fullLayers, std::uint32_t windowedLayers, Bytes perTokenLayer)
{
    KvOnPool k;
    k.fullLayers = fullLayers;
    k.windowedLayers = windowedLayers;
    k.perTokenLayer = perTokenLayer;
    k.full = checkedMul(checkedMul(fullLayers, perTokenLayer, kWhat), pl.tokens.fullLayerTokens, kWhat);
    k.windowed = checkedMul(checkedMul(windowedLayers, perTokenLayer, kWhat), pl.tokens.windowedLayerTokens, kWhat);
    k.perToken = checkedMul(fullLayers, perTokenLayer, kWhat);
    return k;
}

void addKvItems(PoolBuilder &b, const Plan &pl, const KvOnPool &k, std::uint32_t heads)
{
    const Evidence ev = Evidence::Calculated;
    const bool mla = pl.arch.isMla();
    const std::string_view fFull = mla ? "L × (r_kv + d_rope) × b_kv × T" : "L × 2 × H_kv × d_head × b_kv × T";
    const std::string_view fWin = mla ? "L_win × (r_kv + d_rope) × b_kv × T_win" : "L_win × 2 × H_kv × d_head × b_kv × T_win";
    const double bytesPerElement = mla ? double(k.perTokenLayer) / double(pl.arch.kvLoraRank + pl.arch.qkRopeHeadDim)
                                       : double(k.perTokenLayer) / (2.0 * heads * pl.arch.effectiveHeadDim());
    auto common = [&](Item *it, std::uint32_t layersHere, std::uint64_t tokens, bool windowed) {
        if (!it)
            return;
        it->add(windowed ? "L_win" : "L", layersHere, Origin::Config, windowed ? "sliding-window layers here" : "layers here");
        if (mla) {
            it->add("r_kv", pl.arch.kvLoraRank, Origin::Config, "latent rank");
            it->add("d_rope", pl.arch.qkRopeHeadDim, Origin::Config, "rotary key width");
        } else {
            it->add("H_kv", heads, Origin::Config, "KV heads on this device");
            it->add("d_head", pl.arch.effectiveHeadDim(), Origin::Config, "head dimension");
        }
        it->add("b_kv", bytesPerElement, Origin::Scenario, "bytes per cached element (scales included)");
        it->add(windowed ? "T_win" : "T", double(tokens), Origin::Runtime,
                windowed ? "token slots per windowed layer" : "token slots, all sequences");
        if (windowed)
            it->add("W", double(pl.arch.slidingWindow), Origin::Config, "window");
    };
    common(b.item(Guest::KvCache, ev, "KV cache", fFull, k.full), k.fullLayers, pl.tokens.fullLayerTokens, false);
    common(b.item(Guest::KvCache, ev, "KV cache (sliding-window layers)", fWin, k.windowed), k.windowedLayers,
           pl.tokens.windowedLayerTokens, true);
}

/// Transient compute memory of one device's forward pass (its share when `devices` split it).
Bytes activationBytes(const Plan &pl, std::uint32_t devices, PoolBuilder &b)
{
    const RuntimeProfile &rt = pl.r.runtime;
    const ModelArchitecture &a = pl.arch;
    const std::uint64_t n = pl.r.workload.concurrency;
    const std::uint64_t c = pl.r.workload.contextTokens;
    // vLLM and SGLang size activations with a profiling run: a full max_num_batched_tokens
    // step and a sampler over max_num_seqs dummy sequences, whatever the workload. Other
    // runtimes never process more tokens at once than the sequences hold.
    const bool profiledStep = rt.engine == "vllm" || rt.engine == "sglang";
    const std::uint64_t bt = profiledStep ? pl.batch : std::min<std::uint64_t>(pl.batch, checkedMul(n, c, kWhat));
    const double h = a.hiddenSize;
    const double ffn = a.isMoe() ? double(a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize) *
                                        std::max<std::uint32_t>(1, a.numExpertsPerTok)
                                 : double(a.intermediateSize);
    const double hiddenPart = double(bt) * rt.activationBytesPerHidden * h;
    const double ffnPart = double(bt) * rt.activationBytesPerFfn * ffn / devices;
    const double logitRows = profiledStep            ? double(pl.r.settings.maxNumSeqs)
                             : rt.logitsForWholeBatch ? double(bt)
                                                      : double(std::min<std::uint64_t>(n, bt));
    // vLLM gathers the full logits on every tensor-parallel rank and samples there.
    const double logits = logitRows * a.vocabSize * rt.logitsBytesPerElement / (profiledStep ? 1 : devices);
    const double span = rt.kvAllocation == KvAllocation::ReserveFull ? double(pl.tokens.fullLayerTokens) : double(c);
    const double scores = rt.flashAttention ? 0.0 : double(a.numAttentionHeads) / devices * double(bt) * span * rt.attentionScoreBytes;
    if (profiledStep && logits > 0) {
        // The profiling run's sampler is its own item: its size depends on the sampling path
        // (a sort-based top-k/top-p keeps about ten logit-sized tensors), hence its own range.
        const Bytes forward = toBytes(hiddenPart + ffnPart + scores, "the activation estimate is too large");
        const Bytes sampler = toBytes(logits, "the activation estimate is too large");
        if (Item *it = b.item(Guest::Activation, Evidence::Estimated, "forward pass (profiling run)",
                              "b × (a_h × H + a_f × F)", forward, rt.activationRange)) {
            it->add("b", double(bt), Origin::Runtime, "tokens per forward step (micro-batch)");
            it->add("a_h", rt.activationBytesPerHidden, Origin::Runtime, "bytes per token per hidden unit");
            it->add("H", h, Origin::Config, "hidden size");
            it->add("a_f", rt.activationBytesPerFfn, Origin::Runtime, "bytes per token per FFN unit");
            it->add("F", ffn, Origin::Config, "FFN width in use");
        }
        if (Item *it = b.item(Guest::Activation, Evidence::Estimated, "sampler (profiling run)", "r × V × b_logit", sampler,
                              rt.samplerRange)) {
            it->add("r", logitRows, Origin::Runtime, "logit rows");
            it->add("V", a.vocabSize, Origin::Config, "vocabulary");
            it->add("b_logit", rt.logitsBytesPerElement, Origin::Runtime, "bytes per logit");
        }
        return checkedAdd(forward, sampler, kWhat);
    }
    // The logits and the attention scores are never live at the same time (PyTorch's
    // caching allocator reuses the space), so the peak takes the larger of the two on top
    // of the hidden-state tensors.
    const double total = hiddenPart + ffnPart + std::max(logits, scores);
    const Bytes bytes = toBytes(total, "the activation estimate is too large");
    Item *item = b.item(Guest::Activation, Evidence::Estimated, "activation and compute buffer",
                  "b × (a_h × H + a_f × F) + max(r × V × b_logit, [no FA] n_h × b × T × 4)", bytes, rt.activationRange);
    if (item) {
        item->add("b", double(bt), Origin::Runtime, "tokens per forward step (micro-batch)");
        item->add("a_h", rt.activationBytesPerHidden, Origin::Runtime, "bytes per token per hidden unit");
        item->add("H", h, Origin::Config, "hidden size");
        item->add("a_f", rt.activationBytesPerFfn, Origin::Runtime, "bytes per token per FFN unit");
        item->add("F", ffn, Origin::Config, "FFN width in use");
        item->add("r", logitRows, Origin::Runtime, "logit rows");
        item->add("V", a.vocabSize, Origin::Config, "vocabulary");
        if (!rt.flashAttention)
            item->add("T", span, Origin::Runtime, "attention span (no flash attention)");
    }
    return bytes;
}

GgmlGraphShape ggmlShape(const Plan &pl)
{
    const RuntimeProfile &rt = pl.r.runtime;
    const ModelArchitecture &a = pl.arch;
    GgmlGraphShape s;
    // llama.cpp reserves the graph for min(n_ctx, n_ubatch) tokens over every KV cell.
    s.tokens = double(std::min<std::uint64_t>(pl.batch, std::max<std::uint64_t>(1, pl.tokens.fullLayerTokens)));
    const double pad = std::max<std::uint32_t>(1, rt.maskPadding);
    s.maskRows = std::ceil(s.tokens / pad) * pad;
    s.hidden = a.hiddenSize;
    s.ffn = a.isMoe() ? double(a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize) *
                            std::max<std::uint32_t>(1, a.numExpertsPerTok)
                      : double(a.intermediateSize);
    s.vocab = a.vocabSize;
    s.heads = a.numAttentionHeads;
    s.fullSpan = double(pl.tokens.fullLayerTokens);
    s.windowSpan = a.numWindowedLayers > 0 ? double(pl.tokens.windowedLayerTokens) : 0;
    s.flashAttention = rt.flashAttention;
    return s;
}

GgmlGraphConstants ggmlConstants(const RuntimeProfile &rt)
{
    GgmlGraphConstants c;
    c.outputStageBytesPerHidden = rt.activationBytesPerHidden;
    c.attentionStageBytesPerHidden = rt.attentionStageBytesPerHidden;
    c.ffnStageBytesPerHidden = rt.ffnStageBytesPerHidden;
    c.bytesPerFfn = rt.activationBytesPerFfn;
    c.logitsBytes = rt.logitsBytesPerElement;
    c.scoreBytes = rt.attentionScoreBytes;
    c.maskBytes = rt.maskBytesPerElement;
    return c;
}

/// llama.cpp's compute buffer on one backend (core/ggmlgraph.h), as items.
Bytes ggmlActivationBytes(const Plan &pl, const GgmlBackendRole &role, PoolBuilder &b)
{
    const RuntimeProfile &rt = pl.r.runtime;
    const GgmlGraphShape s = ggmlShape(pl);
    const GgmlComputeBuffer cb = ggmlComputeBuffer(s, ggmlConstants(rt), role);
    const Bytes copies = toBytes(cb.inputCopies, "the compute buffer estimate is too large");
    const Bytes peak = toBytes(cb.total() - cb.inputCopies, "the compute buffer estimate is too large");
    if (Item *it = b.item(Guest::Activation, Evidence::Calculated, "pipeline-parallel input copies",
                          "n_copies × (b × H × 4 + b × 4 + mask)", copies)) {
        it->add("n_copies", role.copies, Origin::Runtime, "copies kept by pipeline parallelism");
        it->add("b", s.tokens, Origin::Runtime, "tokens per forward step (micro-batch)");
        it->add("H", s.hidden, Origin::Config, "hidden size");
        it->add("T", s.fullSpan, Origin::Runtime, "KV cells in the mask");
    }
    if (Item *it = b.item(Guest::Activation, Evidence::Estimated, "compute buffer (graph peak)",
                          "max(mask + max([no FA] n_h × b × T × 4 + a_att × b × H, b × (a_ffn × H + a_f × F) + W_ffn), "
                          "b × (V × 4 + a_h × H) + W_out)",
                          peak, rt.activationRange)) {
        it->add("b", s.tokens, Origin::Runtime, "tokens per forward step (micro-batch)");
        it->add("H", s.hidden, Origin::Config, "hidden size");
        it->add("F", s.ffn, Origin::Config, "FFN width in use");
        it->add("V", role.hasOutput ? s.vocab : 0, Origin::Config, "vocabulary (0: the logits are elsewhere)");
        it->add("T", s.fullSpan, Origin::Runtime, "KV cells in the mask");
        if (s.windowSpan > 0)
            it->add("T_win", s.windowSpan, Origin::Runtime, "token slots per windowed layer");
        if (!s.flashAttention)
            it->add("n_h", s.heads, Origin::Config, "attention heads");
        it->add("mask", cb.mask, Origin::Derived, "mask bytes alive across the layers");
        it->add("a_att", rt.attentionStageBytesPerHidden, Origin::Runtime, "bytes per token per hidden unit");
        it->add("a_ffn", rt.ffnStageBytesPerHidden, Origin::Runtime, "bytes per token per hidden unit");
        it->add("a_f", rt.activationBytesPerFfn, Origin::Runtime, "bytes per token per FFN unit");
        it->add("a_h", rt.activationBytesPerHidden, Origin::Runtime, "bytes per token per hidden unit");
        if (role.ffnWeightCopy > 0) // op offload: products of host weights run here
            it->add("W_ffn", role.ffnWeightCopy, Origin::Derived, "host layer's gate and up weights copied in");
        if (role.outputWeightCopy > 0)
            it->add("W_out", role.outputWeightCopy, Origin::Derived, "host output head copied in");
    }
    return checkedAdd(copies, peak, kWhat);
}

/// ggml runs a host-resident weight's matrix product on the GPU once a micro-batch is large
/// enough (op offload), so with layers or the output head left on the host the GPU does the
/// heavy work and the host keeps only the graph inputs.
bool ggmlOpOffload(const Plan &pl)
{
    const std::uint32_t minBatch = pl.r.runtime.opOffloadMinBatch;
    const bool hostWork = pl.gpuLayers < pl.layers || pl.outputOnHost;
    return pl.discrete && hostWork && minBatch > 0 && ggmlShape(pl).tokens >= minBatch;
}

/// llama.cpp turns on pipeline parallelism only with several GPUs holding every layer and
/// the output, and no tensor overrides (src/llama-context.cpp).
std::uint32_t ggmlPipelineCopies(const Plan &pl)
{
    const bool on = pl.discrete && pl.gpus > 1 && !pl.r.tensorParallel && pl.gpuLayers == pl.layers && !pl.outputOnHost &&
                    pl.expertHostLayers == 0;
    return on ? pl.r.runtime.pipelineCopies : 1;
}

/// The token embedding and the output head (V x H each; a tied model has one table).
void addTableItems(PoolBuilder &b, const Plan &pl, bool embeddingHere, bool outputHere, std::uint32_t devices,
                   std::uint32_t device)
{
    const ResolvedScenario &r = pl.r;
    auto add = [&](std::string_view label, Bytes total, const QuantFormat &f) {
        const Evidence ev = r.model.measured ? Evidence::Measured : f.exact ? Evidence::Calculated : Evidence::Estimated;
        if (Item *it = b.item(Guest::Weights, ev, label, "V × H × bpw / 8 / N", share(total, devices, device))) {
            it->add("V", pl.arch.vocabSize, Origin::Config, "vocabulary");
            it->add("H", pl.arch.hiddenSize, Origin::Config, "hidden size");
            it->add("bpw", f.bitsPerWeight(), Origin::Scenario, "bits per weight");
            it->add("N", devices, Origin::Scenario, "devices sharing it");
        }
    };
    if (embeddingHere)
        add("token embedding", pl.w.embedding, *r.embeddingFormat);
    if (outputHere)
        add("output head", pl.w.outputHead, *r.outputFormat);
}

void finishPool(Pool &p)
{
    Bytes total = 0;
    for (Bytes g : p.guests)
        total = checkedAdd(total, g, kWhat);
    p.totalBytes = total;
    if (p.loadingPeakBytes < total)
        p.loadingPeakBytes = total;
}

} // namespace

Estimate estimate(const ResolvedScenario &r, const EstimateOptions &options)
{
    if (r.workload.mode == WorkloadMode::Training) // training memory: core/training
        return estimateTraining(r, options);
    Estimate e;
    const Plan pl = makePlan(r);
    const ModelArchitecture &a = pl.arch;
    const RuntimeProfile &rt = r.runtime;
    if (options.items)
        e.items.reserve(8 * (pl.gpus + 1));

    // Model summary.
    e.model.id = r.model.id;
    e.model.name = r.model.name;
    e.model.computedParameters = r.model.params.total();
    e.model.declaredParameters = r.model.declaredParameters.value_or(0);
    e.model.parameters = r.model.declaredParameters.value_or(e.model.computedParameters);
    e.model.activeParameters = r.model.params.active;
    e.model.weightsBytes = pl.w.layers + pl.w.experts + pl.w.embedding + pl.w.outputHead;
    e.model.kvBytesPerToken = checkedMul(pl.kvPerTokenLayerFull, a.numHiddenLayers, kWhat);
    // A mixed GGUF recipe's size is an average over models, so its bytes are an estimate
    // (the Llama-3-8B Q4_K_M file is 4.89 bits per weight against the table's 4.84).
    const bool averaged = !r.weightFormat->exact || !r.expertFormat->exact || !r.embeddingFormat->exact || !r.outputFormat->exact;
    e.model.weightsEvidence = r.model.measured ? Evidence::Measured : averaged ? Evidence::Estimated : Evidence::Calculated;
    e.model.hypothetical = r.model.hypothetical;
    e.requestedKvTokens = pl.tokens.requestedTokens;
    e.contextTokens = r.workload.contextTokens;
    e.warnings = r.warnings;

    // Pools: each GPU, then host RAM; or one unified pool; or host RAM alone.
    const std::uint32_t devicePools = pl.discrete ? pl.gpus : (pl.unified ? 1 : 0);
    e.pools.resize(devicePools + (pl.unified ? 0 : 1));
    for (std::uint32_t i = 0; i < devicePools; ++i) {
        Pool &p = e.pools[i];
        if (pl.unified) {
            p.id = "unified";
            p.name = r.hardware.name;
            p.kind = PoolKind::Unified;
            p.capacityBytes = r.hardware.capacityBytes;
            const Bytes gpuLimit = r.hardware.gpuUsableBytes ? r.hardware.gpuUsableBytes : r.hardware.capacityBytes;
            p.usableBytes = fractionOf(gpuLimit, rt.deviceMemoryFraction);
        } else {
            p.id = "gpu" + std::to_string(i);
            p.name = "GPU " + std::to_string(i) + " (" + r.hardware.name + ")";
            p.kind = PoolKind::Vram;
            p.capacityBytes = r.hardware.capacityBytes;
            // The runtime's fraction is of what the driver reports, and nothing allocates past it.
            p.usableBytes = fractionOf(r.hardware.reportedTotalBytes(), rt.deviceMemoryFraction);
        }
    }
    const std::uint16_t hostIndex = static_cast<std::uint16_t>(devicePools);
    if (!pl.unified) {
        Pool &h = e.pools[hostIndex];
        h.id = "host";
        h.name = pl.cpuOnly ? "Host RAM (CPU only)" : "Host RAM";
        h.kind = PoolKind::Ram;
        h.capacityBytes = r.host.ramBytes;
        h.usableBytes = r.host.ramBytes;
    }

    PoolBuilder b{e, options.items};
    const std::uint32_t hostLayers = pl.layers - pl.gpuLayers;
    const std::uint32_t kvHeadsDev = kvHeadsPerDevice(pl);
    const Bytes perTokenLayerDev = pl.gpus > 1 && r.tensorParallel
                                       ? kvBytesPerTokenPerLayer(a, *r.kvFormatK, *r.kvFormatV, kvHeadsDev)
                                       : pl.kvPerTokenLayerFull;
    const bool kvOnDevice = r.placement.kvOnGpu || pl.unified;

    // Device pools (GPUs or the unified pool).
    Bytes minFreeTokens = ~Bytes(0);
    Bytes minTokensLow = ~Bytes(0), minTokensHigh = ~Bytes(0);
    bool anyKvPool = false;
    for (std::uint32_t i = 0; i < devicePools; ++i) {
        b.pool = static_cast<std::uint16_t>(i);
        Pool &p = e.pools[i];
        // Weights: this device's share of the GPU layers, experts and (if not on host) embeddings.
        const Bytes layerBytes = share(mulDiv(pl.w.layers, pl.gpuLayers, pl.layers, kWhat), pl.gpus, i);
        if (Item *it = b.item(Guest::Weights, e.model.weightsEvidence, "decoder layers", "P_layers × g / L × bpw / 8 / N",
                              layerBytes)) {
            it->add("P_layers", double(pl.pLayers), Origin::Config, "parameters in decoder layers");
            it->add("g", pl.gpuLayers, Origin::Scenario, "layers on the GPU side");
            it->add("L", pl.layers, Origin::Config, "layers");
            it->add("bpw", r.weightFormat->bitsPerWeight(), Origin::Scenario, "bits per weight");
            it->add("N", pl.gpus, Origin::Scenario, "devices sharing them");
        }
        const std::uint32_t expertGpuLayers = pl.layers - std::min(pl.layers, pl.expertHostLayers);
        const Bytes expertBytes = share(mulDiv(pl.w.experts, expertGpuLayers, pl.layers, kWhat), pl.gpus, i);
        if (Item *it = b.item(Guest::Weights, e.model.weightsEvidence, "routed experts", "P_experts × g_e / L × bpw_e / 8 / N",
                              expertBytes)) {
            it->add("P_experts", double(pl.pExperts), Origin::Config, "parameters in routed experts");
            it->add("g_e", expertGpuLayers, Origin::Scenario, "layers whose experts are on the GPU side");
            it->add("L", pl.layers, Origin::Config, "layers");
            it->add("bpw_e", r.expertFormat->bitsPerWeight(), Origin::Scenario, "bits per expert weight");
            it->add("N", pl.gpus, Origin::Scenario, "devices sharing them");
        }
        addTableItems(b, pl, !pl.embedOnHost, !pl.outputOnHost, pl.gpus, i);

        // KV cache of the GPU-side layers.
        KvOnPool kv;
        if (kvOnDevice && pl.gpuLayers > 0) {
            if (r.tensorParallel || pl.gpus == 1)
                kv = kvForLayers(pl, pl.fullGpuLayers, pl.windowedGpuLayers, perTokenLayerDev);
            else
                kv = kvForLayers(pl, static_cast<std::uint32_t>(share(pl.fullGpuLayers, pl.gpus, i)),
                                 static_cast<std::uint32_t>(share(pl.windowedGpuLayers, pl.gpus, i)), pl.kvPerTokenLayerFull);
        }

        const Bytes visible = r.hardware.reportedTotalBytes();
        Bytes act = 0;
        const bool opOffload = rt.activationGraph == ActivationGraph::Ggml && ggmlOpOffload(pl);
        if ((pl.gpuLayers > 0 || (opOffload && i == 0)) && rt.activationGraph == ActivationGraph::Ggml) {
            GgmlBackendRole role;
            role.first = i == 0;
            // The logits are computed where the output layer is (the last GPU); when it stays
            // on the host, op offload computes them on GPU 0 with a copy of the output head.
            role.hasOutput = pl.outputOnHost ? i == 0 : i + 1 == pl.gpus;
            role.copies = ggmlPipelineCopies(pl);
            if (opOffload && i == 0) {
                role.outputWeightCopy = pl.outputOnHost ? double(pl.w.outputHead ? pl.w.outputHead : pl.w.embedding) : 0;
                // A host layer's gate and up projections (dense FFN; expert tensors stay put).
                if (pl.gpuLayers < pl.layers && !a.isMoe())
                    role.ffnWeightCopy = 2.0 * a.hiddenSize * double(a.intermediateSize) * r.weightFormat->bitsPerWeight() / 8;
            }
            act = ggmlActivationBytes(pl, role, b);
        } else if (pl.gpuLayers > 0) {
            act = activationBytes(pl, r.tensorParallel ? pl.gpus : 1, b);
        }

        const Bytes ws = pl.gpuLayers > 0 || pl.unified
                             ? rt.workspacePerDevice + (pl.gpus > 1 ? rt.workspacePerTpDevice : 0) + rt.cudaGraphBytes
                             : rt.workspacePerDevice;
        if (Item *it = b.item(Guest::Workspace, Evidence::Estimated, "runtime context and kernel workspace",
                              "C_ctx + [TP] C_comm + C_graphs", ws, rt.workspaceRange)) {
            it->add("C_ctx", double(rt.workspacePerDevice), Origin::Runtime, "device context and library buffers");
            it->add("C_comm", double(pl.gpus > 1 ? rt.workspacePerTpDevice : 0), Origin::Runtime, "collective buffers");
            it->add("C_graphs", double(rt.cudaGraphBytes), Origin::Runtime, "captured CUDA graphs");
        }
        if (i == 0 && pl.discrete && r.displayReservedBytes)
            b.item(Guest::System, Evidence::Estimated, "desktop display", "D_display", r.displayReservedBytes, rt.systemRange);
        if (pl.unified && r.host.reservedBytes)
            if (Item *it = b.item(Guest::System, Evidence::Estimated, "operating system and other programs", "R_os",
                                  r.host.reservedBytes, rt.systemRange))
                it->add("R_os", double(r.host.reservedBytes), Origin::Runtime, "reserved for the OS and apps");

        if (rt.kvFillsPool && (kv.perToken > 0 || kv.windowed > 0)) {
            // The runtime hands everything left in its budget to the KV block pool.
            // Graphs captured after the pool is sized sit outside the budget (vLLM before 0.21,
            // or VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0).
            const Bytes graphsOutside = rt.engine == "vllm" && !r.settings.profileCudaGraphs ? rt.cudaGraphBytes : 0;
            const Bytes nonKv = [&] {
                Bytes s = 0;
                for (Guest g : kAllGuests)
                    if (g != Guest::System || !pl.unified)
                        s += p.guests[guestIndex(g)];
                return saturatingSub(s, graphsOutside);
            }();
            const Bytes pool = saturatingSub(p.usableBytes, nonKv);
            // Layer groups share one page size, so the pool's capacity counts every layer per
            // token, windowed or not (vLLM's hybrid allocator).
            const Bytes perTokenAllLayers = checkedMul(kv.fullLayers + kv.windowedLayers, kv.perTokenLayer, kWhat);
            const std::uint64_t block = std::max<std::uint32_t>(1, rt.kvBlockTokens);
            const std::uint64_t tokens = perTokenAllLayers ? pool / perTokenAllLayers / block * block : 0;
            minFreeTokens = std::min<Bytes>(minFreeTokens, tokens);
            anyKvPool = true;
            // The pool is what the other guests leave, so their ranges move it the other way.
            Bytes canGrow = 0, canShrink = 0;
            if (options.items)
                for (const Item &other : e.items)
                    if (other.pool == i && other.guest != Guest::KvCache && (other.guest != Guest::System || !pl.unified)) {
                        canGrow += other.bytes - std::min(other.low, other.bytes);
                        canShrink += std::max(other.high, other.bytes) - other.bytes;
                    }
            const Bytes poolLow = saturatingSub(pool, canShrink);
            const Bytes poolHigh = std::min(checkedAdd(pool, canGrow, kWhat), p.usableBytes);
            auto tokensIn = [&](Bytes bytes) { return perTokenAllLayers ? bytes / perTokenAllLayers / block * block : 0; };
            minTokensLow = std::min<Bytes>(minTokensLow, tokensIn(poolLow));
            minTokensHigh = std::min<Bytes>(minTokensHigh, tokensIn(poolHigh));
            if (Item *it = b.item(Guest::KvCache, Evidence::Estimated, "KV block pool (preallocated)",
                                  "U × C − (weights + activation + workspace)", pool)) {
                it->low = poolLow;
                it->high = poolHigh;
                it->add("U", rt.deviceMemoryFraction, Origin::Runtime, "share of the device the runtime may use");
                it->add("C", double(visible), Origin::Preset, "device total the runtime sees");
                it->add("tokens", double(tokens), Origin::Derived, "KV tokens the pool holds");
            }
            p.fits = nonKv <= p.usableBytes && pl.tokens.fullLayerTokens <= tokens;
        } else {
            addKvItems(b, pl, kv, kvHeadsDev);
            const Bytes dyn = checkedAdd(kv.full + kv.windowed, act, kWhat);
            const Bytes slack = checkedAdd(fractionOf(dyn, rt.allocatorSlackFraction), pl.gpuLayers > 0 ? rt.deviceMarginBytes : 0, kWhat);
            if (Item *it = b.item(Guest::Allocator, Evidence::Estimated, "allocator slack and headroom",
                                  "s × (KV + A) + M", slack, rt.allocatorRange)) {
                it->add("s", rt.allocatorSlackFraction, Origin::Runtime, "reserved-but-unused share");
                it->add("M", double(rt.deviceMarginBytes), Origin::Runtime, "free margin kept per device");
            }
            if (kv.perToken > 0) {
                Bytes others = 0;
                for (Guest g : kAllGuests)
                    if (g != Guest::KvCache && (g != Guest::System || !pl.unified))
                        others += p.guests[guestIndex(g)];
                const Bytes free = saturatingSub(p.usableBytes, checkedAdd(others, kv.windowed, kWhat));
                minFreeTokens = std::min<Bytes>(minFreeTokens, free / kv.perToken);
                anyKvPool = true;
            }
        }
        finishPool(p);
        if (rt.kvFillsPool && kv.perToken > 0 && !pl.unified) // what sits outside the budget must still fit
            p.fits = p.fits && p.totalBytes <= visible;
        if (!rt.kvFillsPool || kv.perToken == 0) {
            const Bytes gpuSide = pl.unified ? p.totalBytes - p.guest(Guest::System) : p.totalBytes;
            p.fits = gpuSide <= p.usableBytes && p.totalBytes <= p.capacityBytes;
        }
    }

    // Host RAM: what runs from the CPU, the OS, and the loading transient.
    if (!pl.unified) {
        b.pool = hostIndex;
        Pool &h = e.pools[hostIndex];
        // Host parts are what the GPU side did not take, so rounding never loses a byte.
        const Bytes layerBytes = pl.w.layers - mulDiv(pl.w.layers, pl.gpuLayers, pl.layers, kWhat);
        if (Item *it = b.item(Guest::Weights, e.model.weightsEvidence, "decoder layers", "P_layers × (L − g) / L × bpw / 8",
                              layerBytes)) {
            it->add("P_layers", double(pl.pLayers), Origin::Config, "parameters in decoder layers");
            it->add("L", pl.layers, Origin::Config, "layers");
            it->add("g", pl.gpuLayers, Origin::Scenario, "layers on the GPU side");
            it->add("bpw", r.weightFormat->bitsPerWeight(), Origin::Scenario, "bits per weight");
        }
        const Bytes expertBytes =
            pl.w.experts - mulDiv(pl.w.experts, pl.layers - std::min(pl.layers, pl.expertHostLayers), pl.layers, kWhat);
        if (Item *it = b.item(Guest::Weights, e.model.weightsEvidence, "routed experts", "P_experts × h_e / L × bpw_e / 8",
                              expertBytes)) {
            it->add("P_experts", double(pl.pExperts), Origin::Config, "parameters in routed experts");
            it->add("h_e", std::min(pl.layers, pl.expertHostLayers), Origin::Scenario, "layers whose experts stay in RAM");
            it->add("L", pl.layers, Origin::Config, "layers");
            it->add("bpw_e", r.expertFormat->bitsPerWeight(), Origin::Scenario, "bits per expert weight");
        }
        addTableItems(b, pl, pl.embedOnHost, pl.outputOnHost, 1, 0);
        KvOnPool kv;
        const std::uint32_t kvFull = kvOnDevice ? a.numFullLayers() - pl.fullGpuLayers : a.numFullLayers();
        const std::uint32_t kvWin = kvOnDevice ? a.numWindowedLayers - pl.windowedGpuLayers : a.numWindowedLayers;
        kv = kvForLayers(pl, kvFull, kvWin, pl.kvPerTokenLayerFull);
        addKvItems(b, pl, kv, a.kvHeads());
        Bytes act = 0;
        if (rt.activationGraph == ActivationGraph::Ggml) {
            if (hostLayers > 0 && !ggmlOpOffload(pl)) {
                GgmlBackendRole role;
                role.hasOutput = pl.outputOnHost;
                act = ggmlActivationBytes(pl, role, b);
            } else if (pl.discrete) {
                // The GPUs do the heavy work: the host keeps the graph inputs in pinned memory.
                const GgmlGraphShape shape = ggmlShape(pl);
                const std::uint32_t copies = ggmlPipelineCopies(pl);
                const Bytes in = toBytes(ggmlHostInputBuffer(shape, ggmlConstants(rt), copies, pl.embedOnHost),
                                         "the compute buffer estimate is too large");
                if (Item *it = b.item(Guest::Activation, Evidence::Calculated, "graph inputs (host buffer)",
                                      "n_copies × (b_pad × (T + T_win) × 4 + b × 4) + [embeddings here] b × H × 4", in)) {
                    it->add("n_copies", copies, Origin::Runtime, "copies kept by pipeline parallelism");
                    it->add("b", shape.tokens, Origin::Runtime, "tokens per forward step (micro-batch)");
                    it->add("T", shape.fullSpan, Origin::Runtime, "KV cells in the mask");
                    it->add("H", a.hiddenSize, Origin::Config, "hidden size");
                }
                act = in;
            }
        } else if (hostLayers > 0) {
            act = activationBytes(pl, 1, b);
        }
        if (hostLayers > 0 || pl.cpuOnly)
            b.item(Guest::Workspace, Evidence::Estimated, "CPU compute scratch", "C_cpu", rt.workspaceCpu, rt.workspaceRange);
        if (rt.engine == "llama.cpp" || rt.engine == "ollama") {
            // llama.cpp keeps one row of fp32 logits per sequence in a host buffer
            // ("output buffer size = 0.49 MiB" = 128256 x 4 bytes for one sequence).
            const Bytes out = checkedMul(checkedMul(a.vocabSize, 4, kWhat), std::max<std::uint32_t>(1, r.settings.parallel), kWhat);
            if (Item *it = b.item(Guest::Activation, Evidence::Calculated, "output (logits) buffer", "V × 4 × n_seq", out)) {
                it->add("V", a.vocabSize, Origin::Config, "vocabulary");
                it->add("n_seq", std::max<std::uint32_t>(1, r.settings.parallel), Origin::Runtime, "parallel sequences");
            }
        }
        const Bytes slack = fractionOf(checkedAdd(kv.full + kv.windowed, act, kWhat), rt.allocatorSlackFraction);
        b.item(Guest::Allocator, Evidence::Estimated, "allocator slack", "s × (KV + A)", slack, rt.allocatorRange);
        if (Item *it = b.item(Guest::System, Evidence::Estimated, "operating system and other programs", "R_os",
                              r.host.reservedBytes, rt.systemRange))
            it->add("R_os", double(r.host.reservedBytes), Origin::Scenario, "reserved for the OS and apps");
        if (kv.perToken > 0) {
            Bytes others = 0;
            for (Guest g : kAllGuests)
                if (g != Guest::KvCache)
                    others += h.guests[guestIndex(g)];
            minFreeTokens = std::min<Bytes>(minFreeTokens, saturatingSub(h.usableBytes, others + kv.windowed) / kv.perToken);
            anyKvPool = true;
        }
        finishPool(h);
    }

    // Loading peak: the transient copy of the checkpoint while it is read and converted.
    {
        Pool &loadPool = pl.unified ? e.pools.front() : e.pools[hostIndex];
        Bytes transient = 0;
        switch (rt.loading) {
        case LoadingMode::Mmap: transient = 0; break;
        case LoadingMode::Streaming: transient = std::min<Bytes>(rt.streamingShardBytes, e.model.weightsBytes); break;
        case LoadingMode::FullCopy: transient = e.model.weightsBytes; break;
        }
        // torch.load reads a pickled .bin shard whole into RAM, safetensors only maps it. Streaming
        // already counts one shard; a full copy adds that shard beside the materialized model.
        if (rt.engine == "transformers" && !r.settings.useSafetensors && rt.loading == LoadingMode::FullCopy)
            transient = checkedAdd(transient, std::min<Bytes>(rt.streamingShardBytes, e.model.weightsBytes), kWhat);
        loadPool.loadingPeakBytes = checkedAdd(loadPool.totalBytes, transient, kWhat);
    }

    // Verdict per pool and overall.
    e.fits = true;
    for (Pool &p : e.pools) {
        if (p.kind == PoolKind::Ram)
            p.fits = p.totalBytes <= p.usableBytes;
        const bool loadOk = p.loadingPeakBytes <= p.capacityBytes;
        if (!loadOk && p.fits) {
            p.fits = false;
            e.warnings.push_back(p.id + ": the loading peak (" + std::to_string(p.loadingPeakBytes) +
                                 " bytes) exceeds the capacity although steady use would fit");
        }
        e.fits = e.fits && p.fits;
    }
    e.kvCapacityTokens = anyKvPool && minFreeTokens != ~Bytes(0) ? minFreeTokens : 0;
    if (options.items && minTokensLow != ~Bytes(0)) {
        e.kvCapacityTokensLow = minTokensLow;
        e.kvCapacityTokensHigh = minTokensHigh;
    }
    if (rt.kvFillsPool)
        e.fits = e.fits && e.kvCapacityTokens >= pl.tokens.fullLayerTokens;
    e.maxConcurrency = r.workload.contextTokens ? double(e.kvCapacityTokens) / double(r.workload.contextTokens) : 0;
    if (rt.kvFillsPool && a.numWindowedLayers > 0 && r.workload.contextTokens > 0) {
        // vLLM's figure for hybrid models: a request needs ceil(c/B) pages in each full layer but
        // only ceil(min(W - 1 + batch, c)/B) + 1 in each windowed one.
        const std::uint64_t b = std::max<std::uint32_t>(1, rt.kvBlockTokens);
        const std::uint64_t c = r.workload.contextTokens;
        const std::uint64_t winTokens = std::min<std::uint64_t>(a.slidingWindow - 1 + pl.batch, c);
        const double pagesPerRequest = double(a.numFullLayers()) * double(ceilDiv(c, b)) +
                                       double(a.numWindowedLayers) * double(ceilDiv(winTokens, b) + 1);
        const double pagesInPool = double(e.kvCapacityTokens / b) * double(a.numHiddenLayers);
        e.maxConcurrency = pagesPerRequest > 0 ? pagesInPool / pagesPerRequest : 0;
    }
    e.engine = rt.engine;
    if (options.items)
        e.launchCommand = launchCommand(r);
    return e;
}

Estimate estimate(const Scenario &scenario, const PresetCatalog &catalog)
{
    return estimate(resolveScenario(scenario, catalog));
}

} // namespace memplan
