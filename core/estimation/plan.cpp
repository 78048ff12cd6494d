#include "plan.h"

#include "runtimes/runtimemodel.h"

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

/// A stated file size (weights.file_bytes) fixes the total. Recipes whose types the publisher
/// chose per model (Unsloth's dynamic quants) keep the routed experts at the named type and raise
/// the attention, shared experts, dense layers and vocabulary tables, the small tensors the
/// quality depends on; so the difference goes to those parts, in proportion, and the experts keep
/// what the recipe gives them. A size the parts cannot reach that way (below the experts, or more
/// than four times or under half the rest) is left unused: it is not this model's file.
///
/// A stock format or mix is summed tensor by tensor, so a stated size within the print's rounding
/// or 0.5 % of that sum changes nothing. Further off, the file was quantized by other rules (an
/// older llama-quantize: TheBloke's 2023-2024 files, Mixtral's per-expert tensors) or holds tensors
/// the architecture's list lacks; the file is the truth for the total, and every part is scaled by
/// the same factor, as nothing says which part differs.
void scaleStockToFileSize(Plan &pl)
{
    const Bytes file = pl.r.weightsFileBytes;
    const Bytes total = pl.w.layers + pl.w.experts + pl.w.embedding + pl.w.outputHead;
    if (file == 0 || total == 0)
        return;
    const double gap = std::abs(double(file) - double(total));
    const double k = double(file) / double(total);
    if (gap <= std::max(0.005 * double(total), 16.0 * double(MiB)) || k < 0.5 || k > 2.0)
        return;
    pl.fileScale = k;
    pl.w.experts = toBytes(double(pl.w.experts) * k, "expert bytes");
    pl.w.embedding = toBytes(double(pl.w.embedding) * k, "embedding bytes");
    pl.w.outputHead = toBytes(double(pl.w.outputHead) * k, "output head bytes");
    pl.w.layers = file - pl.w.experts - pl.w.embedding - pl.w.outputHead; // the total exactly
}

void scaleToFileSize(Plan &pl)
{
    if (!pl.r.recipeRange) {
        scaleStockToFileSize(pl);
        return;
    }
    const Bytes file = pl.r.weightsFileBytes;
    const Bytes rest = pl.w.layers + pl.w.embedding + pl.w.outputHead;
    if (file == 0 || rest == 0 || file <= pl.w.experts)
        return;
    const double k = double(file - pl.w.experts) / double(rest);
    if (k < 0.5 || k > 4.0)
        return;
    pl.fileScale = k;
    pl.w.embedding = toBytes(double(pl.w.embedding) * k, "embedding bytes");
    pl.w.outputHead = toBytes(double(pl.w.outputHead) * k, "output head bytes");
    pl.w.layers = file - pl.w.experts - pl.w.embedding - pl.w.outputHead; // the total exactly
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
        // A K-quant mix is summed tensor by tensor when its layers are modelled (core/model/ggufmix.h).
        pl.w.layers = r.weightMix ? r.weightMix->layers : r.weightFormat->bytesFor(pl.pLayers);
        pl.w.experts = r.weightMix ? r.weightMix->experts : r.expertFormat->bytesFor(pc.routedExperts);
        pl.w.embedding = r.embeddingFormat->bytesFor(pc.embedding);
        pl.w.outputHead = r.outputFormat->bytesFor(pc.outputHead);
        scaleToFileSize(pl);
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
    pl.embedOnHost = pl.cpuOnly || (pl.discrete && (rt.embeddingsOnHost || pl.gpuLayers == 0));
    const bool outputOnGpu = rt.outputCountsAsLayer
                                 ? r.settings.nGpuLayers > int(pl.layers) || r.settings.nGpuLayers < 0 ||
                                       (r.settings.outputLayerFirst && r.settings.nGpuLayers > 0)
                                 : pl.gpuLayers == pl.layers;
    pl.outputOnHost = pl.cpuOnly || (pl.discrete && !(outputOnGpu && pl.gpuLayers > 0));
}

/// Each mixture layer's routed experts: on a discrete GPU where the layer split, --n-cpu-moe and
/// the tensor overrides put them; every one in RAM on a CPU, or in the one unified pool.
void planExperts(Plan &pl)
{
    if (!pl.arch.isMoe())
        return;
    if (pl.discrete) {
        pl.experts = countExpertLayers(pl.r, pl.gpuLayers, pl.gpus, pl.layerSplit ? pl.layerStart.data() : nullptr);
        return;
    }
    pl.experts.moe = kExpertMatrices * pl.arch.numMoeLayers();
    (pl.cpuOnly ? pl.experts.host : pl.experts.gpu) = pl.experts.moe;
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
    kw.swaMemory = r.settings.swaMemory;
    pl.tokens = planKvTokens(pl.arch, r.runtime, kw);
    pl.runtime.adjustKvTokens(pl);
    pl.kvPerTokenLayerFull = kvBytesPerTokenPerLayer(pl.arch, *r.kvFormatK, *r.kvFormatV, pl.arch.kvHeads());
    if (pl.arch.numRecurrentLayers() > 0) {
        const bool tp = r.tensorParallel && pl.gpus > 1 && pl.runtime.shardsTensorParallel();
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

/// llama.cpp's row split: each GPU's first row is nrows × its cumulative tensor_split share
/// (ggml-cuda's get_row_split; the rounding to the kernels' row multiple is left out), so the
/// fractions are the shares themselves.
void planRows(Plan &pl)
{
    const ResolvedScenario &r = pl.r;
    pl.rowSplit = pl.layerSplit && rowSplitApplies(r);
    if (!pl.rowSplit)
        return;
    const std::uint32_t n = std::min(pl.gpus, kMaxDevices);
    const std::vector<double> &ts = r.settings.tensorSplit;
    double sum = 0;
    for (std::uint32_t d = 0; d < n; ++d)
        sum += ts.empty() ? 1.0 : (d < ts.size() ? ts[d] : 0.0);
    double upTo = 0;
    for (std::uint32_t d = 0; d < n; ++d) {
        pl.rowStart[d] = sum > 0 ? upTo / sum : double(d) / n;
        upTo += ts.empty() ? 1.0 : (d < ts.size() ? ts[d] : 0.0);
    }
    pl.rowStart[n] = 1.0;
}

} // namespace

bool rowSplitApplies(const ResolvedScenario &r)
{
    const std::string_view backend = r.hardware.backend;
    return r.hardware.kind == HardwareKind::DiscreteGpu && r.gpuCount > 1 && !r.tensorParallel &&
           r.settings.splitMode == "row" && backend != "vulkan" && backend != "metal";
}

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
    pl.runtime.adjustWeights(pl); // what its kernels or loader keep beside the checkpoint
    planKv(pl);
    pl.layerSplit = pl.discrete && pl.gpus > 1 && !r.tensorParallel;
    if (pl.layerSplit)
        pl.runtime.splitLayers(pl, std::min(pl.gpus, kMaxDevices), pl.layerStart.data());
    planRows(pl);
    planExperts(pl);
    return pl;
}

} // namespace memplan::estimation
