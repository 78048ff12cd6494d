#include "trainingchoice.h"

#include <algorithm>
#include <array>
#include <utility>

namespace memplan {

namespace {

template <typename E, std::size_t N>
std::string_view idOf(const std::array<std::pair<E, std::string_view>, N> &table, E v)
{
    for (const auto &[e, id] : table)
        if (e == v)
            return id;
    return "?";
}

template <typename E, std::size_t N>
std::optional<E> fromId(const std::array<std::pair<E, std::string_view>, N> &table, std::string_view id)
{
    for (const auto &[e, name] : table)
        if (name == id)
            return e;
    return std::nullopt;
}

constexpr std::array<std::pair<WorkloadMode, std::string_view>, 2> kModes{
    {{WorkloadMode::Inference, "inference"}, {WorkloadMode::Training, "training"}}};
constexpr std::array<std::pair<TrainingMethod, std::string_view>, 6> kMethods{
    {{TrainingMethod::Full, "full"},
     {TrainingMethod::Lora, "lora"},
     {TrainingMethod::Qlora, "qlora"},
     {TrainingMethod::Freeze, "freeze"},
     {TrainingMethod::Adapter, "adapter"},
     {TrainingMethod::AdapterV2, "adapter_v2"}}};
constexpr std::array<std::pair<Optimizer, std::string_view>, 6> kOptimizers{
    {{Optimizer::AdamW, "adamw"},
     {Optimizer::AdamW8bit, "adamw_8bit"},
     {Optimizer::PagedAdamW, "paged_adamw"},
     {Optimizer::PagedAdamW8bit, "paged_adamw_8bit"},
     {Optimizer::Adafactor, "adafactor"},
     {Optimizer::SgdMomentum, "sgd_momentum"}}};
constexpr std::array<std::pair<TrainingPrecision, std::string_view>, 3> kPrecisions{
    {{TrainingPrecision::Mixed, "mixed"}, {TrainingPrecision::Bf16, "bf16"}, {TrainingPrecision::Fp32, "fp32"}}};
constexpr std::array<std::pair<Checkpointing, std::string_view>, 3> kCheckpointing{
    {{Checkpointing::None, "none"}, {Checkpointing::Selective, "selective"}, {Checkpointing::Full, "full"}}};
constexpr std::array<std::pair<Sharding, std::string_view>, 7> kSharding{
    {{Sharding::None, "ddp"},
     {Sharding::Zero1, "zero1"},
     {Sharding::Zero2, "zero2"},
     {Sharding::Zero3, "zero3"},
     {Sharding::FsdpFull, "fsdp_full_shard"},
     {Sharding::FsdpHybrid, "fsdp_hybrid_shard"},
     {Sharding::FsdpGradOp, "fsdp_shard_grad_op"}}};
constexpr std::array<std::pair<AttentionKernel, std::string_view>, 3> kKernels{
    {{AttentionKernel::Eager, "eager"},
     {AttentionKernel::Sdpa, "sdpa"},
     {AttentionKernel::Flash, "flash_attention_2"}}};
constexpr std::array<std::pair<LoraTarget, std::string_view>, 7> kTargets{{{LoraTarget::Q, "q_proj"},
                                                                           {LoraTarget::K, "k_proj"},
                                                                           {LoraTarget::V, "v_proj"},
                                                                           {LoraTarget::O, "o_proj"},
                                                                           {LoraTarget::Gate, "gate_proj"},
                                                                           {LoraTarget::Up, "up_proj"},
                                                                           {LoraTarget::Down, "down_proj"}}};

} // namespace

std::string_view workloadModeId(WorkloadMode m)
{
    return idOf(kModes, m);
}
std::optional<WorkloadMode> workloadModeFromId(std::string_view id)
{
    return fromId(kModes, id);
}
std::string_view trainingMethodId(TrainingMethod m)
{
    return idOf(kMethods, m);
}
std::optional<TrainingMethod> trainingMethodFromId(std::string_view id)
{
    return fromId(kMethods, id);
}
std::string_view optimizerId(Optimizer o)
{
    return idOf(kOptimizers, o);
}
std::optional<Optimizer> optimizerFromId(std::string_view id)
{
    return fromId(kOptimizers, id);
}
std::string_view trainingPrecisionId(TrainingPrecision p)
{
    return idOf(kPrecisions, p);
}
std::optional<TrainingPrecision> trainingPrecisionFromId(std::string_view id)
{
    return fromId(kPrecisions, id);
}
std::string_view checkpointingId(Checkpointing c)
{
    return idOf(kCheckpointing, c);
}
std::optional<Checkpointing> checkpointingFromId(std::string_view id)
{
    return fromId(kCheckpointing, id);
}
std::string_view shardingId(Sharding s)
{
    return idOf(kSharding, s);
}
std::optional<Sharding> shardingFromId(std::string_view id)
{
    return fromId(kSharding, id);
}
std::string_view attentionKernelId(AttentionKernel k)
{
    return idOf(kKernels, k);
}
std::optional<AttentionKernel> attentionKernelFromId(std::string_view id)
{
    return fromId(kKernels, id);
}
std::string_view loraTargetId(LoraTarget t)
{
    return idOf(kTargets, t);
}
std::optional<LoraTarget> loraTargetFromId(std::string_view id)
{
    // Accept the short names people write in PEFT configs' docs ("q", "gate") as well.
    if (auto t = fromId(kTargets, id))
        return t;
    for (const auto &[e, name] : kTargets)
        if (name.substr(0, name.size() - 5) == id)
            return e;
    return std::nullopt;
}

std::uint64_t peakSequenceTokens(const TrainingChoice &c)
{
    if (c.packing || !c.longestSample)
        return c.sequenceLength;
    return std::min(c.sequenceLength, *c.longestSample);
}

bool isAdapterMethod(TrainingMethod m)
{
    return m == TrainingMethod::Adapter || m == TrainingMethod::AdapterV2;
}

bool keepsBaseFrozen(TrainingMethod m)
{
    return m == TrainingMethod::Lora || m == TrainingMethod::Qlora || isAdapterMethod(m);
}

bool isPagedOptimizer(Optimizer o)
{
    return o == Optimizer::PagedAdamW || o == Optimizer::PagedAdamW8bit;
}

bool isBitsandbytesOptimizer(Optimizer o)
{
    return o == Optimizer::AdamW8bit || isPagedOptimizer(o);
}

int zeroStage(Sharding s)
{
    switch (s) {
    case Sharding::None:
        return 0;
    case Sharding::Zero1:
        return 1;
    case Sharding::Zero2:
    case Sharding::FsdpGradOp:
        return 2;
    case Sharding::Zero3:
    case Sharding::FsdpFull:
    case Sharding::FsdpHybrid:
        return 3;
    }
    return 0;
}

} // namespace memplan
