#include "trainingestimator.h"

#include "../error.h"
#include "trainableparams.h"
#include "trainingactivations.h"
#include "traininglaunch.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace memplan {

namespace {

constexpr const char *kTrainingWhat = "training memory estimate";

Bytes scaled(Bytes b, double factor)
{
    if (!(factor > 0))
        return 0;
    const double v = std::floor(static_cast<double>(b) * factor);
    return v >= 1.8e19 ? b : static_cast<Bytes>(v);
}

Bytes toBytes(double v)
{
    if (!(v >= 0) || v >= 1.8e19)
        throw OverflowError(kTrainingWhat);
    return Bytes(std::llround(v));
}

/// Bytes per element of each model state under a precision.
struct StateBytes {
    double weights = 2; ///< compute copy of the trainable weights
    double gradients = 2;
    double master = 4;         ///< fp32 master copy (mixed precision only)
    double optimizerScale = 1; ///< 1: fp32 moments; 0.5: bf16 moments
};

StateBytes stateBytes(TrainingPrecision p)
{
    switch (p) {
    case TrainingPrecision::Mixed:
        return {2, 2, 4, 1};
    case TrainingPrecision::Bf16:
        return {2, 2, 0, 0.5};
    case TrainingPrecision::Fp32:
        return {4, 4, 0, 1};
    }
    return {};
}

/// Optimizer state bytes per trainable parameter, before the precision's scale.
double optimizerBytesPerParam(Optimizer o)
{
    switch (o) {
    case Optimizer::AdamW:
    case Optimizer::PagedAdamW:
        return 8; // exp_avg + exp_avg_sq, fp32
    case Optimizer::AdamW8bit:
    case Optimizer::PagedAdamW8bit:
        // Two uint8 states + one fp32 absmax per 2048-element block each (Dettmers et al.,
        // 8-bit Optimizers via Block-wise Quantization, arXiv:2110.02861).
        return 2 + 2 * 4.0 / 2048;
    case Optimizer::Adafactor:
        return 0; // from the matrix shapes, see adafactorStateElements
    case Optimizer::SgdMomentum:
        return 4;
    }
    return 0;
}

/// Stable ids of the training items (the label is the English text; core/itemids.h has the
/// inference ones): what the UI translates and a compare view matches.
constexpr std::pair<std::string_view, std::string_view> kTrainingItemIds[] = {
    {"frozen base weights", "train.frozen_weights"},
    {"trainable weights", "train.trainable_weights"},
    {"gradients", "train.gradients"},
    {"master weights (fp32)", "train.master_weights"},
    {"optimizer states", "train.optimizer_states"},
    {"saved activations (one layer; checkpoints in host RAM)", "train.saved_activations_layer"},
    {"saved activations", "train.saved_activations"},
    {"logits and loss", "train.logits"},
    {"CUDA context and libraries", "train.cuda_context"},
    {"gathered layers (ZeRO-3/FSDP)", "train.gathered_layers"},
    {"communication buckets", "train.buckets"},
    {"optimizer step scratch (beyond freed activations)", "train.step_scratch"},
    {"NF4 dequantization buffer", "train.nf4_dequant"},
    {"allocator slack", "train.slack"},
    {"desktop display", "sys.display"},
    {"operating system and other programs", "sys.os"},
    {"training processes (Python, PyTorch, CUDA host side)", "train.host_processes"},
    {"data loader and pinned batches", "train.data_loader"},
    {"checkpoint staging", "train.checkpoint_staging"},
    {"offloaded optimizer states, master weights and fp32 gradients", "train.offloaded_optimizer"},
    {"offloaded parameters", "train.offloaded_parameters"},
    {"offloaded activation checkpoints", "train.offloaded_checkpoints"},
};

std::string_view trainingItemIdFor(std::string_view label)
{
    for (const auto &[l, id] : kTrainingItemIds)
        if (l == label)
            return id;
    return "train.unknown";
}

struct Builder {
    Estimate &e;
    bool withItems;
    std::uint16_t pool = 0;

    Item *item(Guest g, Evidence ev, std::string_view label, std::string_view formula, Bytes bytes, Range range = {})
    {
        Pool &p = e.pools[pool];
        p.guests[guestIndex(g)] = checkedAdd(p.guests[guestIndex(g)], bytes, kTrainingWhat);
        if (!withItems || bytes == 0)
            return nullptr;
        Item it;
        it.pool = pool;
        it.guest = g;
        it.evidence = ev;
        it.id = trainingItemIdFor(label);
        it.label = label;
        it.formula = formula;
        it.bytes = bytes;
        it.low = ev == Evidence::Estimated ? scaled(bytes, range.low) : bytes;
        it.high = ev == Evidence::Estimated ? scaled(bytes, range.high) : bytes;
        e.items.push_back(it);
        return &e.items.back();
    }
};

/// Everything per rank, computed once and copied into every GPU pool.
struct Plan {
    const ResolvedScenario &r;
    const TrainingChoice &c;
    const TrainingProfile &tp;
    std::uint32_t localRanks = 1; ///< GPUs of this machine (one rank each)
    std::uint32_t dp = 1, tpDeg = 1, shard = 1;
    int stage = 0;
    double dP = 1, dG = 1, dO = 1; ///< divisors of parameters, gradients, optimizer states
    bool lora = false;
    bool quantizedBase = false;        ///< frozen projections in bitsandbytes NF4 (QLoRA, or an NF4 weight format)
    std::uint64_t dequantElements = 0; ///< the largest NF4 matrix, dequantized to 16 bits for each use
    std::uint32_t adaptedLayers = 0;   ///< LLaMA-Adapter: layers with a learned prompt
    /// The model's parameters as the framework builds it: LitGPT's GPT always has an lm_head of its
    /// own, and its checkpoint converter copies a tied embedding into it (ownHead more).
    ParameterCounts params;
    std::uint64_t ownHead = 0;
    std::uint64_t pTotal = 0, pTrain = 0, pFrozen = 0;
    std::uint32_t trainedLayers = 0; ///< layers the backward pass runs through
    std::uint64_t pGrad = 0;         ///< parameters that hold a gradient (FSDP units: frozen ones too)
    bool fsdp = false;               ///< PyTorch FSDP shards the states (any strategy)
    bool unshardedGrads = false;     ///< FSDP accumulation in no_sync: gradients stay whole per rank
    double dGrad = 1;                ///< divisor of the gradients actually kept (dG, or t when unsharded)
    StateBytes sb;
    double optPerParam = 0;
    double frozenBytes = 0; ///< whole model, frozen part, in its storage
    double frozenBpw = 16;
    const char *frozenFormat = "bf16";
    double bytesPerActivation = 2;
    AttentionKernel attention = AttentionKernel::Flash;
    std::uint64_t sequence = 0; ///< tokens per sequence at the peak (packing, longest sample)
};

Plan makePlan(const ResolvedScenario &r)
{
    const TrainingChoice &c = r.workload.training;
    Plan pl{r, c, r.runtime.training};
    const ModelArchitecture &a = r.model.arch;
    pl.params = r.model.params;
    if (pl.tp.untiedHead && a.tieWordEmbeddings) {
        pl.ownHead = pl.params.embedding;
        pl.params.outputHead = checkedAdd(pl.params.outputHead, pl.ownHead, kTrainingWhat);
        pl.params.active = checkedAdd(pl.params.active, pl.ownHead, kTrainingWhat);
    }
    const ParameterCounts &pc = pl.params;
    const bool discrete = r.hardware.kind == HardwareKind::DiscreteGpu;
    pl.localRanks = discrete ? std::max<std::uint32_t>(1, r.gpuCount) : 1;
    pl.tpDeg = std::max<std::uint32_t>(1, c.tensorParallel);
    pl.dp = c.dataParallel ? c.dataParallel : std::max<std::uint32_t>(1, pl.localRanks / pl.tpDeg);
    pl.stage = zeroStage(c.sharding);
    if (pl.stage > 0)
        pl.shard =
            c.sharding == Sharding::FsdpHybrid ? std::min(pl.dp, c.shardGroup ? c.shardGroup : pl.localRanks) : pl.dp;
    pl.dP = double(pl.tpDeg) * (pl.stage >= 3 ? pl.shard : 1);
    pl.dG = double(pl.tpDeg) * (pl.stage >= 2 ? pl.shard : 1);
    pl.dO = double(pl.tpDeg) * (pl.stage >= 1 ? pl.shard : 1);
    pl.lora = c.method == TrainingMethod::Lora || c.method == TrainingMethod::Qlora;
    pl.sb = stateBytes(c.precision);
    if (c.attentionImplementation)
        pl.attention = *c.attentionImplementation;
    else if (pl.tp.softcapRunsEager && a.attnLogitSoftcapping > 0)
        pl.attention = AttentionKernel::Eager;
    else
        pl.attention =
            c.flashAttention.value_or(r.runtime.flashAttention) ? AttentionKernel::Flash : AttentionKernel::Eager;
    pl.sequence = peakSequenceTokens(c);
    pl.bytesPerActivation = c.precision == TrainingPrecision::Fp32 ? 4 : 2;

    // A stated parameter total (model.parameters) replaces the computed one, as in inference.
    const std::uint64_t computed = pc.total();
    pl.pTotal = r.model.declaredParameters && !r.model.measured
                    ? checkedAdd(*r.model.declaredParameters, pl.ownHead, kTrainingWhat)
                    : computed;
    const std::uint64_t perLayer = a.numHiddenLayers ? (pc.layers + pc.routedExperts) / a.numHiddenLayers : 0;
    switch (c.method) {
    case TrainingMethod::Full:
        pl.pTrain = pl.pTotal;
        pl.trainedLayers = a.numHiddenLayers;
        break;
    case TrainingMethod::Freeze: {
        // The embedding and the first k layers are frozen; the rest (and the head) train.
        const std::uint64_t frozen = pc.embedding + checkedMul(perLayer, c.frozenLayers);
        pl.pTrain = saturatingSub(computed, frozen);
        pl.trainedLayers = a.numHiddenLayers - c.frozenLayers;
        break;
    }
    case TrainingMethod::Lora:
    case TrainingMethod::Qlora:
        pl.pTrain = loraTrainableParameters(a, c.loraRank, c.loraTargets);
        pl.trainedLayers = a.numHiddenLayers; // gradients flow through every layer to the adapters
        break;
    case TrainingMethod::Adapter:
    case TrainingMethod::AdapterV2:
        pl.pTrain = adapterTrainableParameters(a, pc, c.method == TrainingMethod::AdapterV2, c.adapterPromptLength,
                                               c.adapterStartLayer);
        pl.adaptedLayers = a.numHiddenLayers - c.adapterStartLayer;
        // v1: nothing below the first prompt trains, so backward stops there; v2's biases and
        // scales reach the first layer.
        pl.trainedLayers = c.method == TrainingMethod::AdapterV2 ? a.numHiddenLayers : pl.adaptedLayers;
        break;
    }
    pl.pFrozen = keepsBaseFrozen(c.method) ? pl.pTotal : saturatingSub(pl.pTotal, pl.pTrain);
    // Frozen weights stay in their storage: the scenario's format for LoRA and freezing, NF4 for
    // a bitsandbytes base, whose projections alone are 4-bit (embeddings, head, norms in bf16).
    const std::string_view bnbFormat = bitsandbytesBaseFormat(r);
    pl.quantizedBase = !bnbFormat.empty();
    if (pl.quantizedBase) {
        const QuantFormat *nf4 = findQuantFormat(bnbFormat);
        // Lightning's plugin quantizes the head with the projections; PEFT's loader skips it.
        const std::uint64_t head = r.runtime.training.quantizesHead ? pc.outputHead : 0;
        const std::uint64_t linear = std::min(linearLayerParameters(a, pc) + head, pl.pFrozen);
        pl.dequantElements = std::max(largestProjection(a), head);
        pl.frozenBytes = double(nf4->bytesFor(linear)) + double(pl.pFrozen - linear) * 2.0;
        pl.frozenBpw = nf4->bitsPerWeight();
        pl.frozenFormat = nf4->id.data();
    } else if (pl.pFrozen > 0) {
        const QuantFormat *f = r.weightFormat;
        pl.frozenBpw = f ? f->bitsPerWeight() : 16;
        pl.frozenBytes = double(pl.pFrozen) * pl.frozenBpw / 8;
        pl.frozenFormat = f ? f->id.data() : "bf16";
    }
    // FSDP1 with use_orig_params gives a unit with any trainable parameter one gradient for all of
    // it (pytorch/pytorch#91167): a LoRA adapter in every decoder layer makes every layer's frozen
    // weights hold a gradient. Under no_sync (gradient accumulation) those stay unsharded.
    pl.fsdp =
        c.sharding == Sharding::FsdpFull || c.sharding == Sharding::FsdpHybrid || c.sharding == Sharding::FsdpGradOp;
    pl.pGrad = pl.pTrain;
    if (pl.fsdp && r.runtime.training.fsdpUnitGradients && pl.pFrozen > 0) {
        const std::uint64_t layers = checkedAdd(pc.layers, pc.routedExperts, kTrainingWhat);
        if (c.method == TrainingMethod::Lora)
            pl.pGrad = checkedAdd(layers, pl.pTrain, kTrainingWhat);
        else if (c.method == TrainingMethod::Adapter) // only the layers holding a prompt
            pl.pGrad = checkedAdd(mulDiv(layers, pl.adaptedLayers, a.numHiddenLayers), pl.pTrain, kTrainingWhat);
        else if (c.method == TrainingMethod::AdapterV2) // every layer, and the root (its norm and head train)
            pl.pGrad = checkedAdd(checkedAdd(layers, pc.embedding + pc.outputHead + pc.finalNorm, kTrainingWhat),
                                  pl.pTrain, kTrainingWhat);
    }
    pl.unshardedGrads =
        pl.fsdp && r.runtime.training.fsdpNoSyncAccumulation && c.gradientAccumulation > 1 && pl.shard > 1;
    pl.dGrad = pl.unshardedGrads ? double(pl.tpDeg) : pl.dG;
    pl.optPerParam = optimizerBytesPerParam(c.optimizer) * pl.sb.optimizerScale;
    if (c.optimizer == Optimizer::Adafactor) {
        const double elements = double(adafactorStateElements(a, pc, c, pl.trainedLayers));
        pl.optPerParam = pl.pTrain ? elements * 4 * pl.sb.optimizerScale / double(pl.pTrain) : 0;
    }
    return pl;
}

/// Bytes per token and vocabulary entry live at the loss: the profile's figure for the loss as
/// the scenario runs it (chunked, compiled).
double logitsBytesPerElement(const Plan &pl)
{
    // LLaMA-Adapter v2's head is an AdapterV2Linear: it keeps its unscaled logits too.
    const double scaledHead = pl.c.method == TrainingMethod::AdapterV2 ? pl.bytesPerActivation : 0;
    return lossBytesPerElement(pl.tp, pl.c.chunkedLoss, pl.c.compile) + scaledHead;
}

void finishPool(Pool &p)
{
    Bytes total = 0;
    for (Bytes g : p.guests)
        total = checkedAdd(total, g, kTrainingWhat);
    p.totalBytes = total;
    p.loadingPeakBytes = std::max(p.loadingPeakBytes, total);
}

} // namespace

std::string_view bitsandbytesBaseFormat(const ResolvedScenario &r)
{
    const TrainingMethod m = r.workload.training.method;
    const std::string_view format = r.weightFormat ? std::string_view(r.weightFormat->id) : std::string_view();
    const bool nf4Format = format == "nf4" || format == "nf4-dq";
    if (m == TrainingMethod::Qlora)
        return format == "nf4" ? "nf4" : "nf4-dq";
    return keepsBaseFrozen(m) && nf4Format ? format : std::string_view();
}

void validateTraining(const ResolvedScenario &r)
{
    const TrainingChoice &c = r.workload.training;
    if (!r.runtime.training.trains)
        throw InputError("runtime.preset",
                         "'" + r.runtime.id +
                             "' is an inference runtime; training needs a training framework "
                             "(hf-trainer, deepspeed, pytorch-fsdp, unsloth, axolotl, litgpt, torchtune)");
    if (c.method == TrainingMethod::Freeze && c.frozenLayers >= r.model.arch.numHiddenLayers)
        throw InputError("training.frozen_layers",
                         "must be below the model's " + std::to_string(r.model.arch.numHiddenLayers) + " layers");
    if ((c.method == TrainingMethod::Lora || c.method == TrainingMethod::Qlora) && c.loraTargets.empty())
        throw InputError("training.lora.target_modules", "names no module");
    if (isAdapterMethod(c.method)) {
        if (!r.runtime.training.llamaAdapter)
            throw InputError("training.method", "'" + r.runtime.id +
                                                    "' has no LLaMA-Adapter method; LitGPT's finetune_adapter and "
                                                    "finetune_adapter_v2 have (runtime preset litgpt)");
        if (c.adapterStartLayer >= r.model.arch.numHiddenLayers)
            throw InputError("training.adapter.start_layer",
                             "must be below the model's " + std::to_string(r.model.arch.numHiddenLayers) + " layers");
    }
    if (c.optimizerInBackward && c.gradientAccumulation > 1)
        throw InputError("training.optimizer_in_backward",
                         "cannot be combined with gradient_accumulation above 1: each gradient is applied as "
                         "soon as backward produces it (torchtune refuses the combination)");
    if (r.hardware.kind == HardwareKind::DiscreteGpu && c.tensorParallel > std::max<std::uint32_t>(1, r.gpuCount))
        throw InputError("training.tensor_parallel",
                         "exceeds hardware.count (" + std::to_string(r.gpuCount) + " GPUs)");
}

namespace {

/// Per-rank figures, computed once and copied into every GPU pool.
struct Rank {
    double pTrain{};
    bool offloadOpt{};
    bool offloadParams{};
    bool gradsOnHost{};
    Bytes trainW{};
    Bytes frozenW{};
    Bytes grads{};
    Bytes master{};
    Bytes optim{};
    std::uint32_t adapters{};
    SavedActivations act{};
    bool checkpointsOnHost{};
    Bytes actStored{};
    Bytes actDevice{};
    double tokens{};
    Bytes logits{};
    double layerStateBytes{};
    double layerGradBytes{};
    double rootBytes{}; ///< the root unit's tables, whole, when FSDP keeps them gathered
    Bytes gathered{};
    Bytes buckets{};
    Bytes transient{};
    Bytes stepScratch{};
    Bytes dequant{};
    Bytes context{};
    Bytes slack{};
};

/// The model summary and the empty pools: one per local rank (GPU), then host RAM; or one
/// unified pool; or host RAM alone.
Estimate startEstimate(const Plan &pl, const EstimateOptions &options)
{
    const ResolvedScenario &r = pl.r;
    const TrainingChoice &c = pl.c;
    const RuntimeProfile &rt = r.runtime;
    const bool discrete = r.hardware.kind == HardwareKind::DiscreteGpu;
    const bool unified = r.hardware.kind == HardwareKind::Unified;
    Estimate e;
    e.model.id = r.model.id;
    e.model.name = r.model.name;
    e.model.computedParameters = pl.params.total();
    e.model.declaredParameters = r.model.declaredParameters ? *r.model.declaredParameters + pl.ownHead : 0;
    e.model.parameters = pl.pTotal;
    e.model.activeParameters = pl.params.active;
    e.model.weightsBytes = toBytes(pl.frozenBytes + double(pl.pTrain) * pl.sb.weights);
    e.model.weightsEvidence = Evidence::Calculated;
    e.model.hypothetical = r.model.hypothetical;
    e.contextTokens = c.sequenceLength;
    e.warnings = r.warnings;
    e.notices = r.notices;
    if (pl.ownHead)
        e.addNotice(
            makeNotice("warn.framework_untied_head", {textArg("framework", r.runtime.name),
                                                      numberArg("params", NoticeArg::Kind::Count, pl.ownHead)}));
    e.engine = rt.engine;

    const std::uint32_t devicePools = discrete ? pl.localRanks : (unified ? 1 : 0);
    e.pools.resize(devicePools + (unified ? 0 : 1));
    const std::uint16_t hostIndex = static_cast<std::uint16_t>(unified ? 0 : devicePools);
    for (std::uint32_t i = 0; i < devicePools; ++i) {
        Pool &p = e.pools[i];
        if (unified) {
            p.id = "unified";
            p.name = r.hardware.name;
            p.kind = PoolKind::Unified;
            p.capacityBytes = r.hardware.capacityBytes;
            p.usableBytes = r.hardware.gpuUsableBytes ? r.hardware.gpuUsableBytes : r.hardware.capacityBytes;
        } else {
            p.id = "gpu" + std::to_string(i);
            p.name = "GPU " + std::to_string(i) + " (" + r.hardware.name + ")";
            p.kind = PoolKind::Vram;
            p.capacityBytes = r.hardware.capacityBytes;
            p.usableBytes = r.hardware.reportedTotalBytes();
        }
    }
    if (!unified) {
        Pool &h = e.pools[hostIndex];
        h.id = "host";
        h.name = devicePools ? "Host RAM" : "Host RAM (CPU only)";
        h.kind = PoolKind::Ram;
        h.capacityBytes = r.host.ramBytes;
        h.usableBytes = r.host.ramBytes;
    }
    if (options.items)
        e.items.reserve(16 * (devicePools + 1));

    return e;
}

/// Bytes of the tables no decoder-layer unit wraps (embedding, head, final norm), as stored.
double rootTableBytes(const Plan &pl)
{
    const ParameterCounts &pc = pl.params;
    const double params = double(pc.embedding) + double(pc.outputHead) + double(pc.finalNorm);
    // A bitsandbytes 4-bit base (QLoRA, or an NF4 format) keeps the tables in bf16, LoRA and
    // freezing in the frozen format, full training in the compute copy.
    const TrainingMethod m = pl.c.method;
    const double bytes = pl.quantizedBase ? 2.0 : m == TrainingMethod::Full ? pl.sb.weights : pl.frozenBpw / 8;
    return params * bytes;
}

Rank computeRank(const Plan &pl)
{
    const ResolvedScenario &r = pl.r;
    const TrainingChoice &c = pl.c;
    const TrainingProfile &tp = pl.tp;
    const RuntimeProfile &rt = r.runtime;
    const ModelArchitecture &a = r.model.arch;
    const double pTrain = double(pl.pTrain);
    // FSDP's CPU offload is one switch (offload_params / CPUOffloadPolicy): parameter shards,
    // gradients and the optimizer step all move to the host, whichever flag the scenario set.
    const bool fsdpOffload = pl.fsdp && (c.offloadOptimizer || c.offloadParameters);
    const bool offloadOpt = c.offloadOptimizer || fsdpOffload;
    const bool offloadParams = (c.offloadParameters || fsdpOffload) && pl.stage >= 3;
    const Bytes trainW = toBytes(pTrain * pl.sb.weights / pl.dP);
    const Bytes frozenW = toBytes(pl.frozenBytes / pl.dP);
    // ZeRO-Offload copies each reduced gradient partition into the host's fp32 buffer the CPU
    // optimizer steps from, and FSDP's CPU offload moves sharded gradients to host RAM in backward
    // (FSDP1 CPUOffload(offload_params=True), FSDP2 CPUOffloadPolicy): no gradient partition stays
    // on the GPU. What is in flight is counted with the buckets or the gathered unit.
    const bool gradsOnHost = offloadOpt;
    // Optimizer in backward (torchtune's optimizer_in_bwd): each gradient is applied and freed
    // as soon as backward has it, so at most the largest one is alive.
    const Bytes grads = c.optimizerInBackward
                            ? toBytes(double(largestTrainableTensor(a, c)) * pl.sb.gradients / pl.tpDeg)
                        : gradsOnHost ? 0
                                      : toBytes(double(pl.pGrad) * pl.sb.gradients / pl.dGrad);
    const Bytes master = toBytes(pTrain * pl.sb.master / pl.dO);
    const Bytes optim = toBytes(pTrain * pl.optPerParam / pl.dO);

    const std::uint32_t adapters = pl.lora ? static_cast<std::uint32_t>(c.loraTargets.size()) : 0;
    ActivationOptions ao;
    ao.bytesPerElement = pl.bytesPerActivation;
    ao.attention = pl.attention;
    // transformers' eager attention keeps the fp32 softmax and its 16-bit copy (measured); a
    // softcapped score (Gemma 2) also keeps tanh's output for tanh's backward.
    const double softcap = a.attnLogitSoftcapping > 0 ? pl.bytesPerActivation : 0;
    ao.softmaxBytes = pl.attention == AttentionKernel::Eager ? 4 + pl.bytesPerActivation + softcap : 0;
    ao.microBatch = double(c.microBatch);
    ao.fusedPointwise = c.compile;
    ao.normBytesPerHidden = tp.normBytesPerHidden;
    ao.normsTrain =
        c.method == TrainingMethod::Full || c.method == TrainingMethod::Freeze || c.method == TrainingMethod::AdapterV2;
    if (pl.lora) {
        ao.loraTargets = &c.loraTargets;
        ao.loraRank = c.loraRank;
        ao.loraDropout = c.loraDropout;
        ao.fusedQkvLora = tp.fusedQkvLora;
    }
    ao.frozenInputsKept = pl.quantizedBase && tp.quantizedBaseKeepsInputs;
    if (isAdapterMethod(c.method)) {
        ao.adapterPromptShare = pl.trainedLayers ? double(pl.adaptedLayers) / pl.trainedLayers : 0;
        ao.adapterPromptLength = c.adapterPromptLength;
        ao.linearOutputsKept = c.method == TrainingMethod::AdapterV2;
    }
    const ActivationShape shape = activationShape(a, ao);
    const SavedActivations act = savedActivations(shape, a.hiddenSize, pl.bytesPerActivation, pl.sequence, c.microBatch,
                                                  pl.trainedLayers, c.checkpointing, pl.tpDeg, c.sequenceParallel);
    // Unsloth offloads the checkpointed layer inputs; torchtune's activation offloading moves
    // whatever is saved. Either way one layer's worth stays on the GPU while it is copied.
    const bool checkpointsOnHost =
        (tp.offloadCheckpoints && c.checkpointing == Checkpointing::Full) || c.activationOffload;
    const Bytes actStored = toBytes(act.storedBytes);
    const Bytes actDevice = checkpointsOnHost
                                ? toBytes(act.recomputeBytes + act.storedBytes / std::max(1u, pl.trainedLayers))
                                : toBytes(act.storedBytes + act.recomputeBytes);
    const double tokens = double(pl.sequence) * double(c.microBatch);
    const Bytes logits = toBytes(tokens * a.vocabSize * logitsBytesPerElement(pl) / pl.tpDeg);

    // ZeRO-3/FSDP gather whole layers (current + prefetched) and the root unit's tables.
    const double layerStateBytes = a.numHiddenLayers ? (pl.frozenBytes + pTrain * pl.sb.weights) *
                                                           (1.0 - double(pl.params.embedding + pl.params.outputHead) /
                                                                      std::max<double>(1, double(pl.params.total()))) /
                                                           a.numHiddenLayers
                                                     : 0;
    const bool gathers = pl.stage >= 3 && pl.shard > 1;
    // One layer's gradients while they are reduce-scattered (already whole under no_sync).
    const double layerGradBytes =
        gathers && !pl.unshardedGrads && (c.method == TrainingMethod::Full || pl.pGrad > pl.pTrain)
            ? double(pl.pGrad) / a.numHiddenLayers * pl.sb.gradients
            : 0;
    // The root unit's tables stay gathered from forward to backward; their shard is counted already.
    const double rootBytes = gathers && tp.fsdpRootGathered ? rootTableBytes(pl) : 0;
    const Bytes gathered =
        gathers ? toBytes((tp.gatheredLayers * layerStateBytes + layerGradBytes + rootBytes * (1.0 - 1.0 / pl.shard)) /
                          pl.tpDeg)
                : 0;
    Bytes buckets = 0;
    if (pl.dp > 1) {
        if (pl.stage == 0)
            buckets = tp.ddpBucketCopy ? toBytes(pTrain * pl.sb.gradients / pl.tpDeg) : 0;
        else if (pl.stage < 3)
            buckets = tp.zeroBucketBytes;
    }
    const Bytes transient = checkedAdd(actDevice, logits, kTrainingWhat);
    // bitsandbytes' optimizers (8-bit, paged) update in place in one fused kernel per tensor.
    const Bytes stepScratch =
        offloadOpt || c.optimizerInBackward || isBitsandbytesOptimizer(c.optimizer)
            ? 0
            : saturatingSub(toBytes(pTrain * tp.stepScratchBytesPerParam * pl.sb.optimizerScale / pl.dO), transient);
    const Bytes dequant = pl.quantizedBase ? toBytes(double(pl.dequantElements) * 2 / pl.tpDeg) : 0;
    const Bytes context = rt.workspacePerDevice + (pl.dp * pl.tpDeg > 1 ? rt.workspacePerTpDevice : 0);
    // Slack grows with what is allocated and freed every step (activations, logits, gathered
    // layers, buckets, dequantized weights): the caching allocator keeps those blocks reserved.
    const Bytes churn = checkedAdd(checkedAdd(transient, gathered, kTrainingWhat),
                                   checkedAdd(buckets, dequant, kTrainingWhat), kTrainingWhat);
    const Bytes slack = fractionOf(churn, rt.allocatorSlackFraction);

    return Rank{
        pTrain,          offloadOpt,     offloadParams, gradsOnHost,       trainW,    frozenW,   grads,       master,
        optim,           adapters,       act,           checkpointsOnHost, actStored, actDevice, tokens,      logits,
        layerStateBytes, layerGradBytes, rootBytes,     gathered,          buckets,   transient, stepScratch, dequant,
        context,         slack};
}

/// The caching allocator's slack over what every step allocates and frees on one GPU.
void addDeviceSlack(Builder &b, const Plan &pl, const Rank &k)
{
    const RuntimeProfile &rt = pl.r.runtime;
    const Bytes slack = k.slack;
    if (Item *it = b.item(Guest::Allocator, Evidence::Estimated, "allocator slack",
                          "s × (A + logits + gathered + buckets + dequant)", slack, rt.allocatorRange)) {
        it->add("s", rt.allocatorSlackFraction, Origin::Runtime, "reserved-but-unused share");
        it->add("A", double(k.actDevice), Origin::Derived, "activations on this GPU");
        it->add("logits", double(k.logits), Origin::Derived, "logits and loss");
        it->add("gathered", double(k.gathered), Origin::Derived, "gathered layers (ZeRO-3/FSDP)");
        it->add("buckets", double(k.buckets), Origin::Derived, "communication buckets");
        it->add("dequant", double(k.dequant), Origin::Derived, "NF4 dequantization buffer");
    }
}

/// One GPU (or the unified pool, or host RAM when there is no GPU): the rank's model states,
/// activations and buffers.
/// Weights, gradients, master weights and optimizer states a device keeps.
void addDeviceStateItems(Builder &b, const Plan &pl, const Rank &k)
{
    if (!k.offloadParams) {
        if (Item *it = b.item(Guest::Weights, Evidence::Calculated, "frozen base weights", "P_frozen × bpw / 8 / N_p",
                              k.frozenW)) {
            it->add("P_frozen", double(pl.pFrozen), Origin::Config, "parameters that do not train");
            it->add("bpw", pl.frozenBpw, Origin::Scenario, "bits per frozen weight (storage format)");
            it->add("N_p", pl.dP, Origin::Scenario, "ranks sharing the parameters (TP × ZeRO-3 shards)");
        }
        if (Item *it =
                b.item(Guest::Weights, Evidence::Calculated, "trainable weights", "P_train × b_w / N_p", k.trainW)) {
            it->add("P_train", k.pTrain, Origin::Derived, "trainable parameters");
            it->add("b_w", pl.sb.weights, Origin::Scenario, "bytes per weight (compute copy)");
            it->add("N_p", pl.dP, Origin::Scenario, "ranks sharing the parameters");
        }
    }
    if (pl.c.optimizerInBackward) {
        if (Item *it = b.item(Guest::Weights, Evidence::Calculated, "gradients", "P_largest × b_g / t", k.grads)) {
            const ModelArchitecture &a = pl.r.model.arch;
            it->add("P_largest", double(largestTrainableTensor(a, pl.c)), Origin::Derived,
                    "largest trainable tensor (the optimizer steps inside backward)");
            it->add("b_g", pl.sb.gradients, Origin::Scenario, "bytes per gradient");
            it->add("t", pl.tpDeg, Origin::Scenario, "tensor-parallel ranks");
        }
    } else if (k.gradsOnHost) {
        // Gradients are in host RAM, with the offloaded optimizer states (addHostItems).
    } else if (pl.pGrad != pl.pTrain || pl.unshardedGrads) {
        // FSDP units whose frozen weights hold gradients, or gradients accumulated unsharded.
        if (Item *it = b.item(Guest::Weights, Evidence::Calculated, "gradients", "P_grad × b_g / N_g", k.grads)) {
            it->add("P_grad", double(pl.pGrad), Origin::Derived,
                    pl.pGrad != pl.pTrain
                        ? "parameters holding a gradient: every FSDP unit with a trainable parameter, frozen ones too"
                        : "trainable parameters");
            it->add("b_g", pl.sb.gradients, Origin::Scenario, "bytes per gradient");
            it->add("N_g", pl.dGrad, Origin::Runtime,
                    pl.unshardedGrads ? "ranks sharing the gradients (TP only: accumulated unsharded in no_sync)"
                                      : "ranks sharing the gradients (TP × ZeRO-2+ shards)");
        }
    } else if (Item *it = b.item(Guest::Weights, Evidence::Calculated, "gradients", "P_train × b_g / N_g", k.grads)) {
        it->add("P_train", k.pTrain, Origin::Derived, "trainable parameters");
        it->add("b_g", pl.sb.gradients, Origin::Scenario, "bytes per gradient");
        it->add("N_g", pl.dG, Origin::Scenario, "ranks sharing the gradients (TP × ZeRO-2+ shards)");
    }
    if (!k.offloadOpt) {
        if (Item *it =
                b.item(Guest::Weights, Evidence::Calculated, "master weights (fp32)", "P_train × 4 / N_o", k.master)) {
            it->add("P_train", k.pTrain, Origin::Derived, "trainable parameters");
            it->add("N_o", pl.dO, Origin::Scenario, "ranks sharing the optimizer states (TP × ZeRO-1+ shards)");
        }
        if (Item *it =
                b.item(Guest::Weights, Evidence::Calculated, "optimizer states", "P_train × b_opt / N_o", k.optim)) {
            it->add("P_train", k.pTrain, Origin::Derived, "trainable parameters");
            it->add("b_opt", pl.optPerParam, Origin::Scenario, "optimizer bytes per trainable parameter");
            it->add("N_o", pl.dO, Origin::Scenario, "ranks sharing the optimizer states");
        }
    }
}

/// Saved activations and the logits at the loss.
void addDeviceActivationItems(Builder &b, const Plan &pl, const Rank &k)
{
    const TrainingChoice &c = pl.c;
    const RuntimeProfile &rt = pl.r.runtime;
    const ModelArchitecture &a = pl.r.model.arch;
    const SavedActivations &act = k.act;
    if (Item *it =
            b.item(Guest::Activation, Evidence::Estimated,
                   k.checkpointsOnHost ? "saved activations (one layer; checkpoints in host RAM)" : "saved activations",
                   c.checkpointing == Checkpointing::Full
                       ? "L × s × b × H × b_a + s × b × A_layer"
                       : "L × s × b × ((4H + Q + 2KV + O + k_f·F) × b_a + [no FA] n_h × s × b_a + [FA] 4 n_h) / t",
                   k.actDevice, rt.activationRange)) {
        it->add("L", pl.trainedLayers, Origin::Config, "layers the backward pass runs through");
        it->add("s", double(pl.sequence), Origin::Scenario, "tokens per sequence");
        it->add("b", double(c.microBatch), Origin::Scenario, "micro-batch (sequences per rank)");
        it->add("H", a.hiddenSize, Origin::Config, "hidden size");
        it->add("b_a", pl.bytesPerActivation, Origin::Scenario, "bytes per activation element");
        it->add("A_layer", act.perTokenLayerBytes, Origin::Derived, "bytes per token of one layer, not recomputed");
        it->add("F", a.intermediateSize, Origin::Config, "MLP width");
        it->add("t", pl.tpDeg, Origin::Scenario, "tensor-parallel ranks");
        if (c.checkpointing != Checkpointing::Full) {
            const double q = double(a.numAttentionHeads) * a.effectiveHeadDim();
            it->add("Q", q, Origin::Config, "query width (heads × head size), saved for the score matmul");
            it->add("KV", double(a.kvHeads()) * a.effectiveHeadDim(), Origin::Config, "key or value width");
            it->add("O", q, Origin::Config, "attention output width, saved for the output projection");
            it->add("k_f", 3, Origin::Derived, "MLP tensors saved per width: gate, its SiLU and up (SwiGLU)");
            it->add("n_h", a.numAttentionHeads, Origin::Config, "attention heads");
        }
    }
    if (Item *it = b.item(Guest::Activation, Evidence::Estimated, "logits and loss", "s × b × V × b_logit / t",
                          k.logits, rt.activationRange)) {
        it->add("s", double(pl.sequence), Origin::Scenario, "tokens per sequence");
        it->add("b", double(c.microBatch), Origin::Scenario, "micro-batch");
        it->add("V", a.vocabSize, Origin::Config, "vocabulary");
        it->add("b_logit", logitsBytesPerElement(pl), Origin::Runtime, "bytes per logit live at the loss");
        it->add("t", pl.tpDeg, Origin::Scenario, "tensor-parallel ranks");
    }
}

/// Device context, gathered layers, communication buckets, step scratch and dequantization.
void addDeviceWorkspaceItems(Builder &b, const Plan &pl, const Rank &k)
{
    const TrainingProfile &tp = pl.tp;
    const RuntimeProfile &rt = pl.r.runtime;
    const bool discrete = pl.r.hardware.kind == HardwareKind::DiscreteGpu;
    const bool unified = pl.r.hardware.kind == HardwareKind::Unified;
    const Bytes gathered = k.gathered;
    const Bytes buckets = k.buckets;
    if (discrete || unified)
        if (Item *it = b.item(Guest::Workspace, Evidence::Estimated, "CUDA context and libraries",
                              "C_ctx + [N > 1] C_comm", k.context, rt.workspaceRange)) {
            it->add("C_ctx", double(rt.workspacePerDevice), Origin::Runtime, "device context, cuBLAS and kernels");
            it->add("C_comm", double(pl.dp * pl.tpDeg > 1 ? rt.workspacePerTpDevice : 0), Origin::Runtime,
                    "NCCL buffers");
        }
    if (Item *it = b.item(Guest::Workspace, Evidence::Estimated, "gathered layers (ZeRO-3/FSDP)",
                          tp.fsdpRootGathered ? "(n_live × W_layer + G_layer + W_root × (1 − 1/N_p)) / t"
                                              : "(n_live × W_layer + G_layer) / t",
                          gathered, rt.workspaceRange)) {
        it->add("n_live", tp.gatheredLayers, Origin::Runtime, "layers gathered at once (current + prefetch)");
        it->add("W_layer", k.layerStateBytes, Origin::Derived, "bytes of one whole layer's weights");
        it->add("t", pl.tpDeg, Origin::Scenario, "tensor-parallel ranks");
        it->add("G_layer", k.layerGradBytes, Origin::Derived, "one layer's gradients while they are reduced");
        if (tp.fsdpRootGathered) {
            it->add("W_root", k.rootBytes, Origin::Derived,
                    "the root unit's tables (embedding, final norm, head), gathered from forward to backward");
            it->add("N_p", double(pl.shard), Origin::Scenario, "ranks sharing the parameters");
        }
    }
    if (Item *it = b.item(Guest::Workspace, Evidence::Estimated, "communication buckets",
                          pl.stage == 0 ? "[DDP: a bucket copy beside .grad] P_train × b_g / t" : "B_zero", buckets,
                          rt.workspaceRange)) {
        it->add("N_dp", pl.dp, Origin::Scenario, "data-parallel ranks");
        if (pl.stage == 0) {
            it->add("P_train", k.pTrain, Origin::Derived, "trainable parameters");
            it->add("b_g", pl.sb.gradients, Origin::Scenario, "bytes per gradient");
            it->add("t", pl.tpDeg, Origin::Scenario, "tensor-parallel ranks");
        } else {
            it->add("B_zero", double(buckets), Origin::Runtime, "ZeRO's reduce and all-gather buckets");
        }
    }
    if (Item *it = b.item(Guest::Workspace, Evidence::Estimated, "optimizer step scratch (beyond freed activations)",
                          "max(0, P_train × b_step / N_o − A)", k.stepScratch, {0.0, 1.0})) {
        it->add("P_train", k.pTrain, Origin::Derived, "trainable parameters");
        it->add("b_step", tp.stepScratchBytesPerParam, Origin::Runtime, "temporary bytes per parameter in the step");
        it->add("N_o", pl.dO, Origin::Scenario, "ranks sharing the optimizer states");
        it->add("A", double(k.transient), Origin::Derived, "activations and logits, freed before the step");
    }
    if (Item *it =
            b.item(Guest::Workspace, Evidence::Calculated, "NF4 dequantization buffer", "W_max × 2 / t", k.dequant)) {
        it->add("W_max", double(pl.dequantElements), Origin::Config, "largest NF4 matrix, dequantized to bf16");
        it->add("t", pl.tpDeg, Origin::Scenario, "tensor-parallel ranks");
    }
}

void addDeviceItems(Builder &b, const Plan &pl, const Rank &k, std::uint16_t pool, bool first)
{
    const ResolvedScenario &r = pl.r;
    b.pool = pool;
    addDeviceStateItems(b, pl, k);
    addDeviceActivationItems(b, pl, k);
    addDeviceWorkspaceItems(b, pl, k);
    addDeviceSlack(b, pl, k);
    if (first && r.hardware.kind == HardwareKind::DiscreteGpu && r.displayReservedBytes)
        b.item(Guest::System, Evidence::Estimated, "desktop display", "D_display", r.displayReservedBytes,
               r.runtime.systemRange);
}

/// Host RAM: this machine's ranks' processes, data loaders, staging and offloaded states.
void addHostItems(Builder &b, const Plan &pl, const Rank &k, std::uint16_t hostIndex)
{
    const ResolvedScenario &r = pl.r;
    const TrainingChoice &c = pl.c;
    const TrainingProfile &tp = pl.tp;
    const RuntimeProfile &rt = r.runtime;
    const ModelArchitecture &a = r.model.arch;
    const double pTrain = k.pTrain;
    const bool offloadOpt = k.offloadOpt;
    const bool offloadParams = k.offloadParams;
    const std::uint32_t adapters = k.adapters;
    const bool checkpointsOnHost = k.checkpointsOnHost;
    const Bytes actStored = k.actStored;
    const double tokens = k.tokens;
    Estimate &e = b.e;
    b.pool = hostIndex;
    const double ranks = pl.localRanks;
    if (Item *it = b.item(Guest::System, Evidence::Estimated, "operating system and other programs", "R_os",
                          r.host.reservedBytes, rt.systemRange))
        it->add("R_os", double(r.host.reservedBytes), Origin::Scenario, "reserved for the OS and apps");
    if (Item *it = b.item(Guest::Workspace, Evidence::Estimated, "training processes (Python, PyTorch, CUDA host side)",
                          "n_ranks × R_proc", toBytes(ranks * tp.hostProcessBytes), rt.workspaceRange)) {
        it->add("n_ranks", ranks, Origin::Scenario, "ranks on this machine");
        it->add("R_proc", double(tp.hostProcessBytes), Origin::Runtime, "host RAM of one training process");
    }
    const double workers = c.dataloaderWorkers.value_or(tp.dataloaderWorkers);
    const double batchBytes = tokens * 3 * 8; // input_ids, labels, attention_mask as int64
    if (Item *it = b.item(
            Guest::Activation, Evidence::Estimated, "data loader and pinned batches",
            "n_ranks × (w × R_worker + max(1, w) × f × s × b × 3 × 8)",
            toBytes(ranks * (workers * tp.hostWorkerBytes + std::max(1.0, workers) * tp.prefetchFactor * batchBytes)),
            rt.workspaceRange)) {
        it->add("w", workers, Origin::Runtime, "data-loader workers per rank");
        it->add("R_worker", double(tp.hostWorkerBytes), Origin::Runtime, "host RAM of one worker process");
        it->add("f", tp.prefetchFactor, Origin::Runtime, "batches prefetched per worker");
        it->add("n_ranks", ranks, Origin::Scenario, "ranks on this machine");
        it->add("s", double(pl.sequence), Origin::Scenario, "tokens per sequence");
        it->add("b", double(c.microBatch), Origin::Scenario, "micro-batch");
    }
    // Saving: a sharded run gathers the full trainable state on rank 0's host; otherwise
    // torch.save copies one tensor at a time (the largest is a V x H table or an adapter).
    const double largestTensor = pl.lora ? pTrain / std::max<double>(1, double(a.numHiddenLayers) * adapters)
                                 : isAdapterMethod(c.method) ? double(largestTrainableTensor(a, c))
                                                             : std::min(pTrain, double(a.vocabSize) * a.hiddenSize);
    const Bytes staging = toBytes((pl.stage >= 3 && pl.shard > 1 ? pTrain : largestTensor) * pl.sb.weights);
    if (Item *it = b.item(Guest::Workspace, Evidence::Estimated, "checkpoint staging", "P_stage × b_w", staging,
                          rt.workspaceRange)) {
        it->add("P_stage", pl.stage >= 3 && pl.shard > 1 ? pTrain : largestTensor, Origin::Derived,
                "parameters staged at once (ZeRO-3/FSDP: all trainable ones; else the largest tensor)");
        it->add("b_w", pl.sb.weights, Origin::Scenario, "bytes per saved weight");
    }
    if (offloadOpt) {
        if (Item *it = b.item(Guest::Weights, Evidence::Calculated,
                              "offloaded optimizer states, master weights and fp32 gradients",
                              "n_ranks × P_train × (b_opt + 4 + 4) / N_o",
                              toBytes(ranks * pTrain * (pl.optPerParam + pl.sb.master + 4) / pl.dO))) {
            it->add("n_ranks", ranks, Origin::Scenario, "ranks on this machine");
            it->add("P_train", pTrain, Origin::Derived, "trainable parameters");
            it->add("b_opt", pl.optPerParam, Origin::Scenario, "optimizer bytes per trainable parameter");
            it->add("N_o", pl.dO, Origin::Scenario, "ranks sharing the optimizer states");
        }
    }
    if (offloadParams) {
        if (Item *it = b.item(Guest::Weights, Evidence::Calculated, "offloaded parameters",
                              "n_ranks × (W_frozen + P_train × b_w) / N_p",
                              toBytes(ranks * (pl.frozenBytes + pTrain * pl.sb.weights) / pl.dP)))
            it->add("N_p", pl.dP, Origin::Scenario, "ranks sharing the parameters");
    }
    if (checkpointsOnHost)
        if (Item *it =
                b.item(Guest::Activation, Evidence::Estimated, "offloaded activation checkpoints",
                       c.checkpointing == Checkpointing::Full ? "n_ranks × L × s × b × H × b_a" : "n_ranks × A_stored",
                       toBytes(ranks * double(actStored)), rt.activationRange)) {
            it->add("n_ranks", ranks, Origin::Scenario, "ranks on this machine");
            if (c.checkpointing != Checkpointing::Full)
                it->add("A_stored", double(actStored), Origin::Derived, "saved activations of one rank, pinned");
        }
    {
        Pool &h = e.pools[hostIndex];
        finishPool(h);
        // Loading: every rank streams one checkpoint shard through host RAM (safetensors
        // shards of at most 5 GB by default) before it is cast or quantized on its device.
        const Bytes shardBytes = std::min<Bytes>(rt.streamingShardBytes, e.model.weightsBytes);
        h.loadingPeakBytes =
            checkedAdd(h.totalBytes, checkedMul(pl.localRanks, shardBytes, kTrainingWhat), kTrainingWhat);
    }
}

/// The four figures a framework may print for GPU 0, from its device items: PyTorch's allocated
/// (tensors), active (the same blocks), reserved (+ the allocator's cache) and the device total
/// nvidia-smi shows (+ CUDA context, NCCL, display), which is what the bar draws.
void setGpuFigures(TrainingSummary &s, const Pool &gpu, const Plan &pl, const Rank &k)
{
    Bytes all = 0;
    for (Bytes g : gpu.guests)
        all = checkedAdd(all, g, kTrainingWhat);
    // A paged optimizer's states live in CUDA managed memory that bitsandbytes allocates itself
    // (cudaMallocManaged), which PyTorch's allocator statistics never see.
    const Bytes managed = isPagedOptimizer(pl.c.optimizer) && !k.offloadOpt ? k.optim : 0;
    const Bytes notTensors = checkedAdd(
        checkedAdd(gpu.guests[guestIndex(Guest::Allocator)], gpu.guests[guestIndex(Guest::System)], kTrainingWhat),
        checkedAdd(k.context, managed, kTrainingWhat), kTrainingWhat);
    s.allocatedBytesPerGpu = saturatingSub(all, notTensors);
    s.activeBytesPerGpu = s.allocatedBytesPerGpu;
    s.reservedBytesPerGpu = checkedAdd(s.allocatedBytesPerGpu, gpu.guests[guestIndex(Guest::Allocator)], kTrainingWhat);
    s.deviceBytesPerGpu = all;
}

/// Verdict per pool, warnings and the training summary.
void finishTraining(Estimate &e, const Plan &pl, const Rank &k, const EstimateOptions &options)
{
    const ResolvedScenario &r = pl.r;
    const TrainingChoice &c = pl.c;
    const double pTrain = k.pTrain;
    const bool offloadOpt = k.offloadOpt;
    const bool offloadParams = k.offloadParams;
    const Bytes trainW = k.trainW;
    const Bytes frozenW = k.frozenW;
    const Bytes grads = k.grads;
    const Bytes master = k.master;
    const Bytes optim = k.optim;
    const Bytes transient = k.transient;
    e.fits = true;
    for (Pool &p : e.pools) {
        const bool loadOk = p.loadingPeakBytes <= p.capacityBytes;
        p.fits = p.totalBytes <= p.usableBytes && loadOk;
        if (!loadOk && p.totalBytes <= p.usableBytes)
            e.addNotice(
                makeNotice("warn.loading_peak",
                           {textArg("pool", p.id), numberArg("peak", NoticeArg::Kind::Bytes, p.loadingPeakBytes)}));
        e.fits = e.fits && p.fits;
    }
    if (isPagedOptimizer(c.optimizer))
        e.addNotice(makeNotice("warn.paged_optimizer", {}));
    // One rank with CPU offload is ZeRO-Offload's single-GPU setup: the stage is what enables the offload.
    if (pl.stage > 0 && pl.shard == 1 && !c.offloadOptimizer && !c.offloadParameters)
        e.addNotice(makeNotice("warn.zero_single_rank", {}));

    TrainingSummary &s = e.training;
    s.active = true;
    s.method = trainingMethodId(c.method);
    s.optimizer = optimizerId(c.optimizer);
    s.sharding = shardingId(c.sharding);
    s.trainableParameters = pl.pTrain;
    s.frozenParameters = pl.pFrozen;
    s.dataParallel = pl.dp;
    s.tensorParallel = pl.tpDeg;
    s.shardDegree = pl.shard;
    s.microBatch = c.microBatch;
    s.sequenceLength = c.sequenceLength;
    s.peakSequenceTokens = pl.sequence;
    s.tokensPerStep = c.microBatch * c.sequenceLength * c.gradientAccumulation * pl.dp;
    s.modelStateBytesPerRank = (offloadParams ? 0 : trainW + frozenW) + grads + (offloadOpt ? 0 : master + optim);
    s.modelStateBytesTotal =
        toBytes(pl.frozenBytes + pTrain * (pl.sb.weights + pl.sb.gradients + pl.sb.master + pl.optPerParam));
    s.activationBytesPerRank = transient;
    if (options.items)
        e.launchCommand = trainingLaunchCommand(r);
}

} // namespace

Estimate estimateTraining(const ResolvedScenario &r, const EstimateOptions &options)
{
    validateTraining(r);
    const Plan pl = makePlan(r);
    Estimate e = startEstimate(pl, options);
    const Rank k = computeRank(pl);
    const bool unified = r.hardware.kind == HardwareKind::Unified;
    const std::uint32_t devicePools = r.hardware.kind == HardwareKind::DiscreteGpu ? pl.localRanks : (unified ? 1 : 0);
    const std::uint16_t hostIndex = static_cast<std::uint16_t>(unified ? 0 : devicePools);
    Builder b{e, options.items};
    for (std::uint32_t i = 0; i < devicePools; ++i) {
        addDeviceItems(b, pl, k, static_cast<std::uint16_t>(i), i == 0);
        if (i == 0)
            setGpuFigures(e.training, e.pools[0], pl, k); // before a unified pool takes the host's items too
        if (!unified)
            finishPool(e.pools[i]);
    }
    if (devicePools == 0)
        addDeviceItems(b, pl, k, hostIndex, false); // CPU-only training: everything in host RAM

    addHostItems(b, pl, k, hostIndex);
    finishTraining(e, pl, k, options);
    return e;
}

std::vector<std::string_view> trainingItemIds()
{
    std::vector<std::string_view> out;
    for (const auto &entry : kTrainingItemIds)
        out.push_back(entry.second);
    return out;
}

} // namespace memplan
