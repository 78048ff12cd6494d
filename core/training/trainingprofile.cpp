#include "trainingprofile.h"

#include "../error.h"
#include "files/jsonutil.h"

#include <algorithm>
#include <utility>

namespace memplan {

namespace ju = jsonutil;

std::string_view trainingLauncherId(TrainingLauncher l)
{
    switch (l) {
    case TrainingLauncher::Accelerate:
        return "accelerate";
    case TrainingLauncher::DeepSpeed:
        return "deepspeed";
    case TrainingLauncher::Torchrun:
        return "torchrun";
    case TrainingLauncher::Unsloth:
        return "unsloth";
    case TrainingLauncher::Axolotl:
        return "axolotl";
    case TrainingLauncher::LitGpt:
        return "litgpt";
    case TrainingLauncher::Torchtune:
        return "torchtune";
    }
    return "?";
}

double lossBytesPerElement(const TrainingProfile &p, bool chunked, bool compiled)
{
    constexpr double kChunks = 8; // torchtune's CEWithChunkedOutputLoss num_output_chunks
    const double eagerChunked =
        p.chunkedLogitsBytesPerElement.value_or(std::min(p.logitsBytesPerElement, 2 + 4 + 8 / kChunks));
    if (compiled)
        return chunked ? p.compiledChunkedLogitsBytesPerElement.value_or(eagerChunked)
                       : p.compiledLogitsBytesPerElement.value_or(p.logitsBytesPerElement);
    return chunked ? eagerChunked : p.logitsBytesPerElement;
}

TrainingProfile parseTrainingProfile(const nlohmann::json &doc)
{
    TrainingProfile t;
    const nlohmann::json *s = ju::optional(doc, "training");
    if (!s)
        return t;
    ju::requireObject(*s, "training");
    ju::rejectUnknown(*s,
                      {"launcher",
                       "logits_bytes_per_element",
                       "chunked_logits_bytes_per_element",
                       "compiled_logits_bytes_per_element",
                       "compiled_chunked_logits_bytes_per_element",
                       "step_scratch_bytes_per_param",
                       "ddp_bucket_copy",
                       "zero_bucket_bytes",
                       "gathered_layers",
                       "fsdp_unit_gradients",
                       "fsdp_no_sync_accumulation",
                       "fsdp_root_gathered",
                       "fused_qkv_lora",
                       "quantized_base_keeps_inputs",
                       "untied_head",
                       "quantizes_head",
                       "softcap_runs_eager",
                       "llama_adapter",
                       "norm_bytes_per_hidden",
                       "offload_checkpoints",
                       "host_process_bytes",
                       "host_worker_bytes",
                       "dataloader_workers",
                       "prefetch_factor"},
                      "training");
    t.trains = true;
    const std::string launcher = ju::string(*s, "launcher", "training", "accelerate");
    bool known = false;
    for (TrainingLauncher l :
         {TrainingLauncher::Accelerate, TrainingLauncher::DeepSpeed, TrainingLauncher::Torchrun,
          TrainingLauncher::Unsloth, TrainingLauncher::Axolotl, TrainingLauncher::LitGpt, TrainingLauncher::Torchtune})
        if (trainingLauncherId(l) == launcher) {
            t.launcher = l;
            known = true;
        }
    if (!known)
        throw InputError("training.launcher",
                         "must be accelerate, deepspeed, torchrun, unsloth, axolotl, litgpt or torchtune");
    constexpr std::uint64_t maxBytes = 1ULL << 44;
    t.logitsBytesPerElement = ju::number(*s, "logits_bytes_per_element", "training", 0, 64, t.logitsBytesPerElement);
    for (auto [key, field] :
         {std::pair{"chunked_logits_bytes_per_element", &t.chunkedLogitsBytesPerElement},
          std::pair{"compiled_logits_bytes_per_element", &t.compiledLogitsBytesPerElement},
          std::pair{"compiled_chunked_logits_bytes_per_element", &t.compiledChunkedLogitsBytesPerElement}})
        if (ju::optional(*s, key))
            *field = ju::number(*s, key, "training", 0, 64, 0);
    t.stepScratchBytesPerParam = ju::number(*s, "step_scratch_bytes_per_param", "training", 0, 64, 0);
    t.ddpBucketCopy = ju::boolean(*s, "ddp_bucket_copy", "training", true);
    t.zeroBucketBytes = ju::count(*s, "zero_bucket_bytes", "training", 0, maxBytes, 0);
    t.gatheredLayers = static_cast<std::uint32_t>(ju::count(*s, "gathered_layers", "training", 1, 64, 2));
    t.fsdpUnitGradients = ju::boolean(*s, "fsdp_unit_gradients", "training", false);
    t.fsdpNoSyncAccumulation = ju::boolean(*s, "fsdp_no_sync_accumulation", "training", false);
    t.fsdpRootGathered = ju::boolean(*s, "fsdp_root_gathered", "training", false);
    t.fusedQkvLora = ju::boolean(*s, "fused_qkv_lora", "training", false);
    t.quantizedBaseKeepsInputs = ju::boolean(*s, "quantized_base_keeps_inputs", "training", false);
    t.untiedHead = ju::boolean(*s, "untied_head", "training", false);
    t.quantizesHead = ju::boolean(*s, "quantizes_head", "training", false);
    t.softcapRunsEager = ju::boolean(*s, "softcap_runs_eager", "training", false);
    t.llamaAdapter = ju::boolean(*s, "llama_adapter", "training", false);
    t.normBytesPerHidden = ju::number(*s, "norm_bytes_per_hidden", "training", 0, 64, t.normBytesPerHidden);
    t.offloadCheckpoints = ju::boolean(*s, "offload_checkpoints", "training", false);
    t.hostProcessBytes = ju::count(*s, "host_process_bytes", "training", 0, maxBytes, 0);
    t.hostWorkerBytes = ju::count(*s, "host_worker_bytes", "training", 0, maxBytes, 0);
    t.dataloaderWorkers = static_cast<std::uint32_t>(ju::count(*s, "dataloader_workers", "training", 0, 256, 0));
    t.prefetchFactor = static_cast<std::uint32_t>(ju::count(*s, "prefetch_factor", "training", 1, 64, 2));
    return t;
}

} // namespace memplan
