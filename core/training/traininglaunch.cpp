#include "traininglaunch.h"

#include "trainingestimator.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace memplan {

namespace {

std::string trainerArgs(const TrainingChoice &c)
{
    // Appended into one reserved buffer: the command is rebuilt on every estimate with items.
    std::string s;
    s.reserve(320);
    s.append(" --per_device_train_batch_size ").append(std::to_string(c.microBatch));
    s.append(" --gradient_accumulation_steps ").append(std::to_string(c.gradientAccumulation));
    s.append(" --max_seq_length ").append(std::to_string(c.sequenceLength));
    if (c.precision != TrainingPrecision::Fp32)
        s += " --bf16";
    if (c.checkpointing != Checkpointing::None)
        s += " --gradient_checkpointing";
    switch (c.optimizer) {
    case Optimizer::AdamW:
        s += " --optim adamw_torch";
        break;
    case Optimizer::AdamW8bit:
        s += " --optim adamw_bnb_8bit";
        break;
    case Optimizer::PagedAdamW:
        s += " --optim paged_adamw_32bit";
        break;
    case Optimizer::PagedAdamW8bit:
        s += " --optim paged_adamw_8bit";
        break;
    case Optimizer::Adafactor:
        s += " --optim adafactor";
        break;
    case Optimizer::SgdMomentum:
        s += " --optim sgd";
        break;
    }
    if (c.method == TrainingMethod::Lora || c.method == TrainingMethod::Qlora) {
        s.append(" --use_peft --lora_r ").append(std::to_string(c.loraRank)).append(" --lora_target_modules");
        for (LoraTarget t : c.loraTargets)
            s.append(" ").append(loraTargetId(t));
        if (c.method == TrainingMethod::Qlora)
            s += " --load_in_4bit --bnb_4bit_quant_type nf4 --bnb_4bit_use_double_quant";
    }
    return s;
}

/// torchtune instantiates whatever `optimizer._component_` names; AdamW is asked for fused, as
/// torchtune's own configs do (the estimate counts no foreach temporaries for it).
const char *torchtuneOptimizer(Optimizer o)
{
    switch (o) {
    case Optimizer::AdamW:
        return " optimizer=torch.optim.AdamW optimizer.fused=True";
    case Optimizer::AdamW8bit:
        return " optimizer=bitsandbytes.optim.AdamW8bit";
    case Optimizer::PagedAdamW:
        return " optimizer=bitsandbytes.optim.PagedAdamW";
    case Optimizer::PagedAdamW8bit:
        return " optimizer=bitsandbytes.optim.PagedAdamW8bit";
    case Optimizer::Adafactor:
        return " optimizer=torch.optim.Adafactor";
    case Optimizer::SgdMomentum:
        return " optimizer=torch.optim.SGD optimizer.momentum=0.9";
    }
    return "";
}

/// tune run with the recipe the method and device count pick, and the config keys torchtune's
/// recipes read as overrides (the model's own config file is the user's to name).
std::string torchtuneCommand(const TrainingChoice &c, std::uint32_t gpus)
{
    const bool lora = c.method == TrainingMethod::Lora || c.method == TrainingMethod::Qlora;
    std::string s = "tune run";
    if (gpus > 1)
        s.append(" --nproc_per_node ").append(std::to_string(gpus));
    s.append(lora ? " lora_finetune_" : " full_finetune_").append(gpus > 1 ? "distributed" : "single_device");
    s.append(" --config CONFIG.yaml batch_size=").append(std::to_string(c.microBatch));
    s.append(" tokenizer.max_seq_len=").append(std::to_string(c.sequenceLength));
    s.append(" gradient_accumulation_steps=").append(std::to_string(c.gradientAccumulation));
    s.append(" enable_activation_checkpointing=").append(c.checkpointing != Checkpointing::None ? "True" : "False");
    s.append(" enable_activation_offloading=").append(c.activationOffload ? "True" : "False");
    s.append(torchtuneOptimizer(c.optimizer));
    s.append(" optimizer_in_bwd=").append(c.optimizerInBackward ? "True" : "False");
    s.append(" compile=").append(c.compile ? "True" : "False");
    s.append(" dataset.packed=").append(c.packing ? "True" : "False");
    if (lora)
        s.append(" model.lora_rank=").append(std::to_string(c.loraRank));
    if (c.chunkedLoss)
        s += " loss._component_=torchtune.modules.loss.CEWithChunkedOutputLoss";
    if (c.offloadParameters || c.offloadOptimizer)
        s += " fsdp_cpu_offload=True";
    return s;
}

std::string deepSpeedConfig(const TrainingChoice &c)
{
    nlohmann::json z;
    z["stage"] = zeroStage(c.sharding);
    if (c.offloadOptimizer)
        z["offload_optimizer"] = {{"device", "cpu"}, {"pin_memory", true}};
    if (c.offloadParameters)
        z["offload_param"] = {{"device", "cpu"}, {"pin_memory", true}};
    nlohmann::json ds;
    ds["train_micro_batch_size_per_gpu"] = c.microBatch;
    ds["gradient_accumulation_steps"] = c.gradientAccumulation;
    ds["bf16"] = {{"enabled", c.precision != TrainingPrecision::Fp32}};
    ds["zero_optimization"] = z;
    return ds.dump();
}

/// litgpt finetune_<method>: full, lora (also for QLoRA and freezing), adapter, adapter_v2; an
/// NF4 base is LitGPT's --quantize bnb.nf4 or bnb.nf4-dq.
std::string litgptCommand(const ResolvedScenario &r, const std::string &model, std::uint32_t gpus)
{
    const TrainingChoice &c = r.workload.training;
    const char *method = c.method == TrainingMethod::Full        ? "full"
                         : c.method == TrainingMethod::Adapter   ? "adapter"
                         : c.method == TrainingMethod::AdapterV2 ? "adapter_v2"
                                                                 : "lora";
    const std::string_view bnbFormat = bitsandbytesBaseFormat(r);
    const std::string quantize = bnbFormat.empty() ? std::string() : " --quantize bnb." + std::string(bnbFormat);
    std::string s = std::string("litgpt finetune_") + method + " " + model + " --devices " + std::to_string(gpus) +
                    " --precision " +
                    (c.precision == TrainingPrecision::Bf16   ? "bf16-true"
                     : c.precision == TrainingPrecision::Fp32 ? "32-true"
                                                              : "bf16-mixed") +
                    " --train.micro_batch_size " + std::to_string(c.microBatch) + " --train.max_seq_length " +
                    std::to_string(c.sequenceLength) + quantize;
    if (c.method == TrainingMethod::Lora || c.method == TrainingMethod::Qlora || c.method == TrainingMethod::Freeze)
        s += " --lora_r " + std::to_string(c.loraRank);
    return s;
}

} // namespace

std::string trainingLaunchCommand(const ResolvedScenario &r)
{
    const TrainingChoice &c = r.workload.training;
    const std::uint32_t gpus =
        r.hardware.kind == HardwareKind::DiscreteGpu ? std::max<std::uint32_t>(1, r.gpuCount) : 1;
    const std::string model = r.model.source.empty() ? r.model.id : r.model.source;
    std::string args = " --model_name_or_path ";
    args.append(model).append(trainerArgs(c));
    const int stage = zeroStage(c.sharding);
    switch (r.runtime.training.launcher) {
    case TrainingLauncher::DeepSpeed:
        return "deepspeed --num_gpus " + std::to_string(gpus) + " train.py --deepspeed ds_config.json" + args +
               "\n# ds_config.json: " + deepSpeedConfig(c);
    case TrainingLauncher::Torchrun: {
        std::string fsdp;
        switch (c.sharding) {
        case Sharding::FsdpFull:
        case Sharding::Zero3:
            fsdp = "FULL_SHARD";
            break;
        case Sharding::FsdpHybrid:
            fsdp = "HYBRID_SHARD";
            break;
        case Sharding::FsdpGradOp:
        case Sharding::Zero2:
        case Sharding::Zero1:
            fsdp = "SHARD_GRAD_OP";
            break;
        case Sharding::None:
            fsdp = "NO_SHARD";
            break;
        }
        return "accelerate launch --num_processes " + std::to_string(gpus) + " --use_fsdp --fsdp_sharding_strategy " +
               fsdp + " --fsdp_auto_wrap_policy TRANSFORMER_BASED_WRAP" +
               (c.offloadParameters || c.offloadOptimizer ? " --fsdp_offload_params true" : "") +
               (c.checkpointing != Checkpointing::None ? " --fsdp_activation_checkpointing true" : "") +
               " --mixed_precision " + (c.precision == TrainingPrecision::Fp32 ? "no" : "bf16") + " train.py" + args;
    }
    case TrainingLauncher::Unsloth:
        return "python train_unsloth.py  # FastLanguageModel.from_pretrained(\"" + model +
               "\", max_seq_length=" + std::to_string(c.sequenceLength) +
               ", load_in_4bit=" + (c.method == TrainingMethod::Qlora ? "True" : "False") +
               "); get_peft_model(r=" + std::to_string(c.loraRank) + ", use_gradient_checkpointing=\"unsloth\")" + args;
    case TrainingLauncher::Axolotl:
        return "accelerate launch -m axolotl.cli.train config.yml  # base_model: " + model + ", adapter: " +
               (c.method == TrainingMethod::Qlora  ? "qlora"
                : c.method == TrainingMethod::Lora ? "lora"
                                                   : "none") +
               ", lora_r: " + std::to_string(c.loraRank) + ", micro_batch_size: " + std::to_string(c.microBatch) +
               ", sequence_len: " + std::to_string(c.sequenceLength) +
               (stage > 0 ? ", deepspeed: zero" + std::to_string(stage) + ".json" : "");
    case TrainingLauncher::LitGpt:
        return litgptCommand(r, model, gpus);
    case TrainingLauncher::Torchtune:
        return torchtuneCommand(c, gpus);
    case TrainingLauncher::Accelerate:
        break;
    }
    std::string out;
    out.reserve(64 + args.size());
    out.append("accelerate launch --num_processes ").append(std::to_string(gpus)).append(" --mixed_precision ");
    out.append(c.precision == TrainingPrecision::Fp32 ? "no" : "bf16").append(" train.py").append(args);
    return out;
}

} // namespace memplan
