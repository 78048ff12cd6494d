#include "plan.h"

#include "runtimes/llamacpp/sequencecontext.h"
#include "runtimes/runtimemodel.h"
#include "runtimes/vllm/mxfp4experts.h"
#include "runtimes/vllm/quantkernels.h"

#include <algorithm>
#include <cmath>

namespace memplan::estimation {

namespace {

/// Parameters, scaled when the scenario states its own total.
ParameterCounts scaledParameters(const ResolvedScenario &r)
{
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
    return pc;
}

void planWeights(Plan &pl)
{
    const ResolvedScenario &r = pl.r;
    const ParameterCounts pc = scaledParameters(r);
    pl.pLayers = pc.layers + pc.finalNorm;
    pl.pExperts = pc.routedExperts;
    pl.pEmbed = pc.embedding + pc.outputHead;
    if (r.model.measured) {
        pl.w.layers = r.model.measured->layers;
        pl.w.experts = r.model.measured->routedExperts;
        pl.w.embedding = r.model.measured->embedding;
        pl.w.outputHead = r.model.measured->outputHead;
    } else {
        // A K-quant mix is summed tensor by tensor when its layers are modelled (core/ggufmix.h).
        pl.w.layers = r.weightMix ? r.weightMix->layers : r.weightFormat->bytesFor(pl.pLayers);
        pl.w.experts = r.weightMix ? r.weightMix->experts : r.expertFormat->bytesFor(pc.routedExperts);
        pl.w.embedding = r.embeddingFormat->bytesFor(pc.embedding);
        pl.w.outputHead = r.outputFormat->bytesFor(pc.outputHead);
    }
    if (r.runtime.engine == Engine::Vllm && r.expertFormat->id == "mxfp4" && pl.w.experts > 0) {
        // vLLM pads MXFP4 expert matrices for its MoE kernel (core/runtimes/vllm/mxfp4experts.h).
        const std::string &name = r.settings.mxfp4Backend;
        const vllm::Mxfp4Backend backend =
            name == "auto" ? vllm::defaultMxfp4Backend(r.hardware.id) : *vllm::parseMxfp4Backend(name);
        const ModelArchitecture &a = pl.arch;
        const std::uint64_t inter = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
        const vllm::ExpertDims d{a.hiddenSize, inter / std::max<std::uint32_t>(1, r.settings.tensorParallelSize)};
        pl.w.experts = toBytes(double(pl.w.experts) * vllm::expertPaddingFactor(backend, d), "expert weights");
    }
    // MLA and recurrent layers have other linear shapes; their kernels' extras are not modelled.
    if (r.runtime.engine == Engine::Vllm && pl.layers > 0 && !pl.arch.isMla() && pl.arch.numRecurrentLayers() == 0) {
        // What vLLM's quantized linear kernels keep beside the checkpoint (ROCm FP8 row padding,
        // Marlin's scales and workspaces; core/runtimes/vllm/quantkernels.h), on every GPU.
        const ModelArchitecture &a = pl.arch;
        const std::uint32_t tp = std::max<std::uint32_t>(1, r.settings.tensorParallelSize);
        vllm::LinearShape linears[4];
        vllm::decoderLinears(a.hiddenSize, a.numAttentionHeads, a.kvHeads(), a.effectiveHeadDim(),
                             a.isMoe() ? 0 : a.intermediateSize, tp, linears);
        vllm::QuantKernelInput in;
        in.format = r.weightFormat->id;
        in.rocm = r.hardware.vendor == "AMD";
        in.fp8TensorCores = r.hardware.fp8TflopsDense > 0 || r.hardware.kind != HardwareKind::DiscreteGpu;
        in.layerLinears =
            std::span<const vllm::LinearShape>(linears, a.isMoe() ? 2 : 4); // experts: the MoE kernel's own
        in.layers = pl.layers;
        pl.w.layers =
            checkedAdd(pl.w.layers, checkedMul(vllm::quantKernelExtras(in).total(), tp, "kernel buffers"), "weights");
    }
}

void planPlacement(Plan &pl)
{
    const ResolvedScenario &r = pl.r;
    const RuntimeProfile &rt = r.runtime;
    if (pl.cpuOnly)
        pl.gpuLayers = 0;
    else if (pl.unified)
        pl.gpuLayers = pl.layers;
    else
        pl.gpuLayers = static_cast<std::uint32_t>(std::lround(r.placement.gpuLayerFraction * pl.layers));
    pl.gpuLayers = std::min(pl.gpuLayers, pl.layers);
    pl.fullGpuLayers = static_cast<std::uint32_t>(mulDiv(pl.arch.numFullLayers(), pl.gpuLayers, pl.layers));
    pl.windowedGpuLayers = pl.gpuLayers - pl.fullGpuLayers;
    if (pl.arch.hasLayerKinds()) {
        // Hybrid models: the kinds of the layers that really sit on the GPU side (llama.cpp
        // offloads the last n_gpu_layers), counted over that run of layers.
        const ModelArchitecture &a = pl.arch;
        const LayerKindCounts g = countLayerKinds(a, pl.layers - pl.gpuLayers, pl.layers);
        std::uint32_t windowed = g.of(LayerKind::SlidingWindow) + g.of(LayerKind::ChunkedAttention);
        std::uint32_t full =
            g.of(LayerKind::FullAttention) + g.of(LayerKind::Mla) + (a.parallelAttention ? g.recurrent() : 0);
        if (a.numWindowedLayers == 0) // the runtime ignores the window: those layers cache everything
            full += windowed, windowed = 0;
        pl.fullGpuLayers = full;
        pl.windowedGpuLayers = windowed;
        pl.recurrentGpuLayers = g.recurrent();
        pl.crossGpuLayers = g.of(LayerKind::CrossAttention);
    }
    const std::uint32_t hostLayers = pl.layers - pl.gpuLayers;
    pl.expertHostLayers = r.placement.expertsOnHost ? pl.layers : std::max(hostLayers, r.settings.nCpuMoe);
    if (!pl.discrete)
        pl.expertHostLayers = pl.cpuOnly ? pl.layers : 0;
    pl.embedOnHost = pl.cpuOnly || (pl.discrete && (rt.embeddingsOnHost || pl.gpuLayers == 0));
    const bool outputOnGpu = rt.outputCountsAsLayer
                                 ? r.settings.nGpuLayers > int(pl.layers) || r.settings.nGpuLayers < 0
                                 : pl.gpuLayers == pl.layers;
    pl.outputOnHost = pl.cpuOnly || (pl.discrete && !(outputOnGpu && pl.gpuLayers > 0));
}

/// llama.cpp without kv_unified: one KV stream per sequence, each padded on its own, and a
/// sliding-window cache per stream (core/runtimes/llamacpp/sequencecontext.h).
void applyLlamaCppStreams(Plan &pl)
{
    const RuntimeSettings &st = pl.r.settings;
    const llamacpp::SequenceContext sc = llamacpp::sequenceContext(st.ctxSize, st.parallel, st.kvUnified);
    if (sc.streams <= 1)
        return;
    pl.tokens.fullLayerTokens = sc.nCtx;
    pl.attendCells = sc.cellsPerStream;
    if (pl.tokens.windowedLayerTokens > 0) {
        pl.tokens.windowedLayerTokens =
            st.swaFull ? sc.nCtx : llamacpp::windowCells(sc, pl.arch.slidingWindow, st.parallel, pl.batch);
        pl.attendWindowCells = pl.tokens.windowedLayerTokens / sc.streams;
    }
}

/// KV tokens under the runtime's allocation rule.
void planKv(Plan &pl)
{
    const ResolvedScenario &r = pl.r;
    KvWorkload kw;
    kw.contextTokens = r.workload.contextTokens;
    kw.concurrency = r.workload.concurrency;
    kw.sharedPrefixTokens = r.workload.sharedPrefixTokens;
    pl.batch = r.workload.batchTokens ? r.workload.batchTokens : r.runtime.defaultBatchTokens;
    kw.batchTokens = pl.batch;
    kw.reservedCells = r.settings.ctxSize;
    kw.kvUnified = r.settings.kvUnified;
    kw.swaFull = r.settings.swaFull;
    pl.tokens = planKvTokens(pl.arch, r.runtime, kw);
    if (r.runtime.engine == Engine::LlamaCpp)
        applyLlamaCppStreams(pl);
    pl.kvPerTokenLayerFull = kvBytesPerTokenPerLayer(pl.arch, *r.kvFormatK, *r.kvFormatV, pl.arch.kvHeads());
    if (pl.arch.numRecurrentLayers() > 0) {
        const bool tp = r.tensorParallel && pl.gpus > 1 && !isLlamaCppFamily(r.runtime.engine);
        const std::uint32_t heads =
            tp ? std::max<std::uint32_t>(1, std::uint32_t(ceilDiv(pl.arch.kvHeads(), pl.gpus))) : pl.arch.kvHeads();
        const Bytes attnPerToken = kvBytesPerTokenPerLayer(pl.arch, *r.kvFormatK, *r.kvFormatV, heads);
        pl.state = stateRuleFor(r.runtime.engine, pl.arch, r.workload.concurrency, tp ? pl.gpus : 1, 2, attnPerToken,
                                r.runtime.kvBlockTokens);
    }
    if (r.model.visionLoaded)
        pl.visionBytes =
            r.model.vision.fileBytes ? r.model.vision.fileBytes : checkedMul(r.model.vision.parameters, 2, kWhat);
}

} // namespace

Plan makePlan(const ResolvedScenario &r)
{
    Plan pl{r, r.model.arch, runtimeModel(r.runtime.engine)};
    pl.layers = r.model.arch.numHiddenLayers;
    pl.discrete = r.hardware.kind == HardwareKind::DiscreteGpu;
    pl.unified = r.hardware.kind == HardwareKind::Unified;
    pl.cpuOnly = r.hardware.kind == HardwareKind::Cpu;
    pl.gpus = pl.discrete ? std::max<std::uint32_t>(1, r.gpuCount) : 1;
    planWeights(pl);
    planPlacement(pl);
    planKv(pl);
    pl.layerSplit = pl.discrete && pl.gpus > 1 && !r.tensorParallel;
    if (pl.layerSplit)
        pl.runtime.splitLayers(pl, std::min(pl.gpus, kMaxDevices), pl.layerStart.data());
    return pl;
}

} // namespace memplan::estimation
