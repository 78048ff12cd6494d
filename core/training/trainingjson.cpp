#include "trainingjson.h"

#include "../error.h"
#include "files/jsonutil.h"

namespace memplan {

using json = nlohmann::json;
namespace ju = jsonutil;

namespace {

template <typename E, typename F>
E enumKey(const json &obj, const char *key, const std::string &path, E fallback, F fromId, const char *allowed)
{
    const json *v = ju::optional(obj, key);
    if (!v)
        return fallback;
    const std::string full = ju::join(path, key);
    const auto e = fromId(ju::toString(*v, full));
    if (!e)
        throw InputError(full, std::string("must be one of ") + allowed);
    return *e;
}

/// The keys of how a real run executes (issue 29): attention kernel, fused optimizer, offloaded
/// activations, packing, torch.compile, chunked loss.
void readRunKeys(const json &t, TrainingChoice &c)
{
    if (ju::optional(t, "attention_implementation")) {
        if (ju::optional(t, "flash_attention"))
            throw InputError("training.attention_implementation",
                             "cannot be combined with training.flash_attention (state one of them)");
        c.attentionImplementation = enumKey(t, "attention_implementation", "training", AttentionKernel::Flash,
                                            attentionKernelFromId, "eager, sdpa, flash_attention_2");
    }
    c.optimizerInBackward = ju::boolean(t, "optimizer_in_backward", "training", false);
    c.activationOffload = ju::boolean(t, "activation_offload", "training", false);
    c.packing = ju::boolean(t, "packing", "training", false);
    if (const json *ls = ju::optional(t, "longest_sample")) {
        if (c.packing)
            throw InputError("training.longest_sample",
                             "applies to padded batches only; packed rows are always sequence_length long");
        c.longestSample = ju::toCount(*ls, "training.longest_sample", 1, 10'000'000);
    }
    c.compile = ju::boolean(t, "compile", "training", false);
    c.chunkedLoss = ju::boolean(t, "chunked_loss", "training", false);
}

/// training.lora and training.adapter: the shapes of what LoRA and LLaMA-Adapter add.
void readAdapterKeys(const json &t, TrainingChoice &c)
{
    if (const json *l = ju::optional(t, "lora")) {
        ju::requireObject(*l, "training.lora");
        ju::rejectUnknown(*l, {"rank", "alpha", "dropout", "target_modules"}, "training.lora");
        c.loraRank = static_cast<std::uint32_t>(ju::count(*l, "rank", "training.lora", 1, 65536, c.loraRank));
        // alpha is accepted because PEFT configs carry it; it does not change memory. Dropout does:
        // each adapter keeps its dropped input for backward.
        if (const json *a = ju::optional(*l, "alpha"))
            ju::toNumber(*a, "training.lora.alpha", 0, 1e9);
        if (const json *d = ju::optional(*l, "dropout"))
            c.loraDropout = ju::toNumber(*d, "training.lora.dropout", 0, 1);
        if (const json *tm = ju::optional(*l, "target_modules")) {
            c.loraTargets.clear();
            if (tm->is_string() && tm->get<std::string>() == "all-linear") {
                c.loraTargets.assign(std::begin(kAllLoraTargets), std::end(kAllLoraTargets));
            } else {
                if (!tm->is_array() || tm->empty())
                    throw InputError("training.lora.target_modules",
                                     "must be \"all-linear\" or a non-empty list such as [\"q_proj\", \"v_proj\"]");
                for (const json &m : *tm) {
                    const auto target = loraTargetFromId(ju::toString(m, "training.lora.target_modules"));
                    if (!target)
                        throw InputError(
                            "training.lora.target_modules",
                            "'" + m.get<std::string>() +
                                "' is not a decoder projection (q_proj, k_proj, v_proj, o_proj, gate_proj, "
                                "up_proj, down_proj)");
                    bool dup = false;
                    for (LoraTarget have : c.loraTargets)
                        dup = dup || have == *target;
                    if (!dup)
                        c.loraTargets.push_back(*target);
                }
            }
        }
    }
    if (const json *ad = ju::optional(t, "adapter")) {
        // LitGPT's adapter Config: adapter_prompt_length and adapter_start_layer.
        ju::requireObject(*ad, "training.adapter");
        ju::rejectUnknown(*ad, {"prompt_length", "start_layer"}, "training.adapter");
        c.adapterPromptLength = static_cast<std::uint32_t>(
            ju::count(*ad, "prompt_length", "training.adapter", 1, 4096, c.adapterPromptLength));
        c.adapterStartLayer = static_cast<std::uint32_t>(
            ju::count(*ad, "start_layer", "training.adapter", 0, 100000, c.adapterStartLayer));
    }
}

} // namespace

void readTrainingKeys(const json &doc, Scenario &s)
{
    if (const json *w = ju::optional(doc, "workload"))
        s.workload.mode =
            enumKey(*w, "mode", "workload", WorkloadMode::Inference, workloadModeFromId, "inference, training");
    const json *tp = ju::optional(doc, "training");
    if (!tp)
        return;
    const json &t = *tp;
    ju::requireObject(t, "training");
    ju::rejectUnknown(t,
                      {"method",
                       "lora",
                       "adapter",
                       "frozen_layers",
                       "optimizer",
                       "precision",
                       "micro_batch",
                       "sequence_length",
                       "gradient_accumulation",
                       "checkpointing",
                       "zero_stage",
                       "fsdp",
                       "offload_optimizer",
                       "offload_parameters",
                       "data_parallel",
                       "shard_group",
                       "tensor_parallel",
                       "sequence_parallel",
                       "flash_attention",
                       "dataloader_workers",
                       "attention_implementation",
                       "optimizer_in_backward",
                       "activation_offload",
                       "packing",
                       "longest_sample",
                       "compile",
                       "chunked_loss"},
                      "training");
    TrainingChoice &c = s.workload.training;
    c.method = enumKey(t, "method", "training", c.method, trainingMethodFromId,
                       "full, lora, qlora, freeze, adapter, adapter_v2");
    readAdapterKeys(t, c);
    c.frozenLayers = static_cast<std::uint32_t>(ju::count(t, "frozen_layers", "training", 0, 100000, 0));
    c.optimizer = enumKey(t, "optimizer", "training", c.optimizer, optimizerFromId,
                          "adamw, adamw_8bit, paged_adamw, paged_adamw_8bit, adafactor, sgd_momentum");
    c.precision = enumKey(t, "precision", "training", c.precision, trainingPrecisionFromId, "mixed, bf16, fp32");
    c.microBatch = ju::count(t, "micro_batch", "training", 1, 65536, c.microBatch);
    c.sequenceLength = ju::count(t, "sequence_length", "training", 1, 10'000'000, c.sequenceLength);
    c.gradientAccumulation = ju::count(t, "gradient_accumulation", "training", 1, 1'000'000, 1);
    c.checkpointing =
        enumKey(t, "checkpointing", "training", c.checkpointing, checkpointingFromId, "none, selective, full");
    const json *zs = ju::optional(t, "zero_stage");
    const json *fsdp = ju::optional(t, "fsdp");
    if (zs && fsdp)
        throw InputError("training.fsdp", "cannot be combined with training.zero_stage (pick one sharding scheme)");
    if (zs) {
        constexpr Sharding stages[] = {Sharding::None, Sharding::Zero1, Sharding::Zero2, Sharding::Zero3};
        c.sharding = stages[ju::toCount(*zs, "training.zero_stage", 0, 3)];
    } else if (fsdp) {
        const std::string mode = ju::toString(*fsdp, "training.fsdp");
        if (mode == "full_shard")
            c.sharding = Sharding::FsdpFull;
        else if (mode == "hybrid_shard")
            c.sharding = Sharding::FsdpHybrid;
        else if (mode == "shard_grad_op")
            c.sharding = Sharding::FsdpGradOp;
        else if (mode == "no_shard")
            c.sharding = Sharding::None;
        else
            throw InputError("training.fsdp", "must be full_shard, hybrid_shard, shard_grad_op or no_shard");
    }
    c.offloadOptimizer = ju::boolean(t, "offload_optimizer", "training", false);
    c.offloadParameters = ju::boolean(t, "offload_parameters", "training", false);
    c.dataParallel = static_cast<std::uint32_t>(ju::count(t, "data_parallel", "training", 0, 65536, 0));
    c.shardGroup = static_cast<std::uint32_t>(ju::count(t, "shard_group", "training", 0, 65536, 0));
    c.tensorParallel = static_cast<std::uint32_t>(ju::count(t, "tensor_parallel", "training", 1, 64, 1));
    c.sequenceParallel = ju::boolean(t, "sequence_parallel", "training", false);
    if (const json *fa = ju::optional(t, "flash_attention"))
        c.flashAttention = ju::toBool(*fa, "training.flash_attention");
    if (const json *dw = ju::optional(t, "dataloader_workers"))
        c.dataloaderWorkers = static_cast<std::uint32_t>(ju::toCount(*dw, "training.dataloader_workers", 0, 256));
    readRunKeys(t, c);
    if (c.offloadParameters && zeroStage(c.sharding) < 3)
        throw InputError("training.offload_parameters", "needs ZeRO stage 3 or FSDP full/hybrid shard");
    if (c.sequenceParallel && c.tensorParallel < 2)
        throw InputError("training.sequence_parallel", "needs training.tensor_parallel of 2 or more");
}

void writeTrainingKeys(const Scenario &s, json &doc)
{
    const TrainingChoice &c = s.workload.training;
    // An inference scenario keeps training settings it was given (a file, or the window's
    // training controls before switching back), so they survive a save and reload.
    if (s.workload.mode != WorkloadMode::Training) {
        if (c == TrainingChoice{})
            return;
    } else {
        doc["workload"]["mode"] = std::string(workloadModeId(s.workload.mode));
    }
    json t;
    t["method"] = std::string(trainingMethodId(c.method));
    if (c.method == TrainingMethod::Lora || c.method == TrainingMethod::Qlora) {
        json targets = json::array();
        for (LoraTarget x : c.loraTargets)
            targets.push_back(std::string(loraTargetId(x)));
        t["lora"] = {{"rank", c.loraRank}, {"target_modules", targets}};
        if (c.loraDropout > 0)
            t["lora"]["dropout"] = c.loraDropout;
    }
    if (c.method == TrainingMethod::Freeze)
        t["frozen_layers"] = c.frozenLayers;
    if (isAdapterMethod(c.method))
        t["adapter"] = {{"prompt_length", c.adapterPromptLength}, {"start_layer", c.adapterStartLayer}};
    t["optimizer"] = std::string(optimizerId(c.optimizer));
    t["precision"] = std::string(trainingPrecisionId(c.precision));
    t["micro_batch"] = c.microBatch;
    t["sequence_length"] = c.sequenceLength;
    t["gradient_accumulation"] = c.gradientAccumulation;
    t["checkpointing"] = std::string(checkpointingId(c.checkpointing));
    switch (c.sharding) {
    case Sharding::FsdpFull:
        t["fsdp"] = "full_shard";
        break;
    case Sharding::FsdpHybrid:
        t["fsdp"] = "hybrid_shard";
        break;
    case Sharding::FsdpGradOp:
        t["fsdp"] = "shard_grad_op";
        break;
    default:
        t["zero_stage"] = zeroStage(c.sharding);
        break;
    }
    t["offload_optimizer"] = c.offloadOptimizer;
    t["offload_parameters"] = c.offloadParameters;
    if (c.dataParallel)
        t["data_parallel"] = c.dataParallel;
    if (c.shardGroup)
        t["shard_group"] = c.shardGroup;
    t["tensor_parallel"] = c.tensorParallel;
    t["sequence_parallel"] = c.sequenceParallel;
    if (c.flashAttention)
        t["flash_attention"] = *c.flashAttention;
    if (c.dataloaderWorkers)
        t["dataloader_workers"] = *c.dataloaderWorkers;
    // Written only when set, so scenarios saved before these keys existed read back unchanged.
    if (c.attentionImplementation)
        t["attention_implementation"] = std::string(attentionKernelId(*c.attentionImplementation));
    if (c.optimizerInBackward)
        t["optimizer_in_backward"] = true;
    if (c.activationOffload)
        t["activation_offload"] = true;
    if (c.packing)
        t["packing"] = true;
    if (c.longestSample)
        t["longest_sample"] = *c.longestSample;
    if (c.compile)
        t["compile"] = true;
    if (c.chunkedLoss)
        t["chunked_loss"] = true;
    doc["training"] = t;
}

} // namespace memplan
