#include "trainingadvice.h"

#include "trainingsolvers.h"

#include "../estimator.h"
#include "../units.h"
#include "formats/comparejson.h"
#include "scenario/scenariojson.h"

#include <algorithm>
#include <exception>
#include <functional>
#include <optional>
#include <span>

namespace memplan {

namespace {

/// The changed scenario when the engine accepts it and it fits; nullopt otherwise.
std::optional<TrainingAdvice> fittingChange(const Scenario &base, const PresetCatalog &catalog, TrainingAdviceKind kind,
                                            const std::function<void(Scenario &)> &change)
{
    TrainingAdvice a;
    a.kind = kind;
    a.scenario = base;
    change(a.scenario);
    if (a.scenario == base)
        return std::nullopt;
    try {
        a.fits =
            estimate(resolveScenario(a.scenario, catalog), {.items = false, .speed = false, .notices = false}).fits;
    } catch (const std::exception &) {
        return std::nullopt;
    }
    if (!a.fits)
        return std::nullopt;
    return a;
}

/// Room left: how far the micro-batch and the sequence can grow at the current settings.
void addGrowth(std::vector<TrainingAdvice> &out, const Scenario &s, const ResolvedScenario &r)
{
    const TrainingChoice &c = s.workload.training;
    if (const auto mb = solveMaxMicroBatch(r, 1024); mb && *mb > c.microBatch) {
        TrainingAdvice a{TrainingAdviceKind::GrowMicroBatch, s, true, *mb, 0, {}};
        a.scenario.workload.training.microBatch = *mb;
        out.push_back(std::move(a));
    }
    if (const auto seq = solveMaxSequenceLength(r); seq && *seq > c.sequenceLength) {
        TrainingAdvice a{TrainingAdviceKind::GrowSequence, s, true, *seq, 0, {}};
        a.scenario.workload.training.sequenceLength = *seq;
        out.push_back(std::move(a));
    }
}

/// The lowest higher sharding stage that fits (only with several data-parallel ranks:
/// one rank has nothing to shard over).
void addSharding(std::vector<TrainingAdvice> &out, const Scenario &s, const PresetCatalog &catalog, std::uint32_t ranks)
{
    const Sharding current = s.workload.training.sharding;
    if (ranks < 2 || zeroStage(current) >= 3)
        return;
    const bool fsdp = current == Sharding::FsdpGradOp;
    const Sharding zero[] = {Sharding::Zero1, Sharding::Zero2, Sharding::Zero3};
    const Sharding fsdpNext[] = {Sharding::FsdpFull};
    for (Sharding next : fsdp ? std::span<const Sharding>(fsdpNext) : std::span<const Sharding>(zero)) {
        if (zeroStage(next) <= zeroStage(current))
            continue;
        if (auto a = fittingChange(s, catalog, TrainingAdviceKind::ShardingStage,
                                   [&](Scenario &c) { c.workload.training.sharding = next; })) {
            a->option = std::string(shardingId(next));
            a->value = std::uint64_t(zeroStage(next));
            out.push_back(std::move(*a));
            return;
        }
    }
}

/// ZeRO-Offload: the optimizer step moves to the CPU. DeepSpeed offloads only under a ZeRO
/// stage, so plain DDP becomes ZeRO-2 (the ZeRO-Offload paper's single-GPU setup).
void addOffload(std::vector<TrainingAdvice> &out, const Scenario &s, const PresetCatalog &catalog)
{
    if (s.workload.training.offloadOptimizer)
        return;
    auto a = fittingChange(s, catalog, TrainingAdviceKind::OffloadOptimizer, [](Scenario &c) {
        c.workload.training.offloadOptimizer = true;
        if (c.workload.training.sharding == Sharding::None)
            c.workload.training.sharding = Sharding::Zero2;
    });
    if (a) {
        a->option = std::string(shardingId(a->scenario.workload.training.sharding));
        out.push_back(std::move(*a));
    }
}

/// A smaller micro-batch with the accumulation raised to keep the tokens per optimizer step.
void addSmallerBatch(std::vector<TrainingAdvice> &out, const Scenario &s, const ResolvedScenario &r)
{
    const TrainingChoice &c = s.workload.training;
    if (c.microBatch < 2)
        return;
    const auto mb = solveMaxMicroBatch(r, c.microBatch - 1);
    if (!mb)
        return;
    const std::uint64_t sequences = c.microBatch * std::max<std::uint64_t>(1, c.gradientAccumulation);
    TrainingAdvice a{TrainingAdviceKind::SmallerMicroBatch, s, true, *mb, (sequences + *mb - 1) / *mb, {}};
    a.scenario.workload.training.microBatch = a.value;
    a.scenario.workload.training.gradientAccumulation = a.total;
    out.push_back(std::move(a));
}

void addMethod(std::vector<TrainingAdvice> &out, const Scenario &s, const PresetCatalog &catalog)
{
    const TrainingMethod m = s.workload.training.method;
    auto method = [&](TrainingAdviceKind kind, TrainingMethod to) {
        return fittingChange(s, catalog, kind, [&](Scenario &c) { c.workload.training.method = to; });
    };
    if (m == TrainingMethod::Full || m == TrainingMethod::Freeze) {
        if (auto a = method(TrainingAdviceKind::UseLora, TrainingMethod::Lora)) {
            out.push_back(std::move(*a));
            return;
        }
    }
    if (m != TrainingMethod::Qlora)
        if (auto a = method(TrainingAdviceKind::UseQlora, TrainingMethod::Qlora))
            out.push_back(std::move(*a));
}

/// How the run executes: a chunked or compiled loss, the optimizer inside backward, activations
/// in host RAM. The last two (and chunking) are switches of torchtune's recipes only.
void addExecution(std::vector<TrainingAdvice> &out, const Scenario &s, const ResolvedScenario &r,
                  const PresetCatalog &catalog)
{
    const TrainingChoice &c = s.workload.training;
    const bool torchtune = r.runtime.training.launcher == TrainingLauncher::Torchtune;
    auto offer = [&](TrainingAdviceKind kind, bool applies, const std::function<void(TrainingChoice &)> &change) {
        if (!applies)
            return;
        if (auto a = fittingChange(s, catalog, kind, [&](Scenario &x) { change(x.workload.training); }))
            out.push_back(std::move(*a));
    };
    offer(TrainingAdviceKind::ChunkedLoss, torchtune && !c.chunkedLoss,
          [](TrainingChoice &x) { x.chunkedLoss = true; });
    offer(TrainingAdviceKind::Compile, !c.compile, [](TrainingChoice &x) { x.compile = true; });
    offer(TrainingAdviceKind::OptimizerInBackward,
          torchtune && !c.optimizerInBackward && c.gradientAccumulation <= 1 && c.method == TrainingMethod::Full &&
              !c.offloadOptimizer,
          [](TrainingChoice &x) { x.optimizerInBackward = true; });
    offer(TrainingAdviceKind::ActivationOffload, torchtune && !c.activationOffload,
          [](TrainingChoice &x) { x.activationOffload = true; });
}

void addShorterSequence(std::vector<TrainingAdvice> &out, const Scenario &s, const ResolvedScenario &r)
{
    const std::uint64_t seq = s.workload.training.sequenceLength;
    if (seq < 2)
        return;
    if (const auto shorter = solveMaxSequenceLength(r, seq - 1)) {
        TrainingAdvice a{TrainingAdviceKind::ShorterSequence, s, true, *shorter, 0, {}};
        a.scenario.workload.training.sequenceLength = *shorter;
        out.push_back(std::move(a));
    }
}

} // namespace

std::string_view trainingAdviceId(TrainingAdviceKind kind)
{
    switch (kind) {
    case TrainingAdviceKind::GrowMicroBatch:
        return "advice.train.grow_micro_batch";
    case TrainingAdviceKind::GrowSequence:
        return "advice.train.grow_sequence";
    case TrainingAdviceKind::FullCheckpointing:
        return "advice.train.full_checkpointing";
    case TrainingAdviceKind::Optimizer8bit:
        return "advice.train.optimizer_8bit";
    case TrainingAdviceKind::ShardingStage:
        return "advice.train.sharding";
    case TrainingAdviceKind::OffloadOptimizer:
        return "advice.train.offload_optimizer";
    case TrainingAdviceKind::SmallerMicroBatch:
        return "advice.train.smaller_micro_batch";
    case TrainingAdviceKind::UseLora:
        return "advice.train.lora";
    case TrainingAdviceKind::UseQlora:
        return "advice.train.qlora";
    case TrainingAdviceKind::ShorterSequence:
        return "advice.train.shorter_sequence";
    case TrainingAdviceKind::ChunkedLoss:
        return "advice.train.chunked_loss";
    case TrainingAdviceKind::Compile:
        return "advice.train.compile";
    case TrainingAdviceKind::OptimizerInBackward:
        return "advice.train.optimizer_in_backward";
    case TrainingAdviceKind::ActivationOffload:
        return "advice.train.activation_offload";
    }
    return "advice.train.unknown";
}

std::string trainingAdviceText(const TrainingAdvice &a)
{
    switch (a.kind) {
    case TrainingAdviceKind::GrowMicroBatch:
        return "The micro-batch can grow to " + formatCount(a.value) + " sequences";
    case TrainingAdviceKind::GrowSequence:
        return "Sequences can grow to " + formatCount(a.value) + " tokens";
    case TrainingAdviceKind::FullCheckpointing:
        return "Recompute every layer in the backward pass (full checkpointing)";
    case TrainingAdviceKind::Optimizer8bit:
        return "Keep the optimizer states in 8 bits (" + a.option + ")";
    case TrainingAdviceKind::ShardingStage:
        return "Shard the model states over the GPUs (" + a.option + ", ZeRO stage " + std::to_string(a.value) + ")";
    case TrainingAdviceKind::OffloadOptimizer:
        return "Offload the optimizer states to host RAM (" + a.option + " with CPU offload)";
    case TrainingAdviceKind::SmallerMicroBatch:
        return "Micro-batch " + formatCount(a.value) + " with " + formatCount(a.total) +
               " accumulation steps (same sequences per step)";
    case TrainingAdviceKind::UseLora:
        return "Train LoRA adapters instead of every weight";
    case TrainingAdviceKind::UseQlora:
        return "Keep the frozen base in 4-bit NF4 (QLoRA)";
    case TrainingAdviceKind::ShorterSequence:
        return "Shorten sequences to " + formatCount(a.value) + " tokens";
    case TrainingAdviceKind::ChunkedLoss:
        return "Compute the loss in chunks (chunked cross-entropy)";
    case TrainingAdviceKind::Compile:
        return "Compile the model and loss (torch.compile)";
    case TrainingAdviceKind::OptimizerInBackward:
        return "Apply each gradient inside the backward pass (optimizer in backward)";
    case TrainingAdviceKind::ActivationOffload:
        return "Offload saved activations to host RAM";
    }
    return {};
}

std::string trainingAdviceCost(const TrainingAdvice &a)
{
    switch (a.kind) {
    case TrainingAdviceKind::GrowMicroBatch:
    case TrainingAdviceKind::GrowSequence:
        return "none: the memory is already free";
    case TrainingAdviceKind::FullCheckpointing:
        return "time: every layer's forward pass runs twice (about a third more compute)";
    case TrainingAdviceKind::Optimizer8bit:
        return "little: blockwise 8-bit moments track fp32 AdamW closely";
    case TrainingAdviceKind::ShardingStage:
        return "communication: more gathers and reduce-scatters per step";
    case TrainingAdviceKind::OffloadOptimizer:
        return "speed: the optimizer step runs on the CPU over PCIe";
    case TrainingAdviceKind::SmallerMicroBatch:
        return "speed: more, smaller steps for the same batch";
    case TrainingAdviceKind::UseLora:
        return "method: only low-rank adapters train";
    case TrainingAdviceKind::UseQlora:
        return "method: a 4-bit base, dequantized in every step";
    case TrainingAdviceKind::ShorterSequence:
        return "workload: longer examples are cut or split";
    case TrainingAdviceKind::ChunkedLoss:
        return "little: the output projection runs in eight pieces";
    case TrainingAdviceKind::Compile:
        return "time: a compile pass before the first step; steps usually run faster";
    case TrainingAdviceKind::OptimizerInBackward:
        return "limits: no gradient accumulation and no clipping of the whole gradient";
    case TrainingAdviceKind::ActivationOffload:
        return "speed: saved activations cross PCIe twice per step";
    }
    return {};
}

nlohmann::json trainingAdviceToJson(const std::vector<TrainingAdvice> &advice, bool fits)
{
    nlohmann::json list = nlohmann::json::array();
    for (const TrainingAdvice &a : advice) {
        nlohmann::json j{{"id", trainingAdviceId(a.kind)},
                         {"text", trainingAdviceText(a)},
                         {"cost", trainingAdviceCost(a)},
                         {"fits", a.fits},
                         {"value", a.value}};
        if (a.total)
            j["total"] = a.total;
        if (!a.option.empty())
            j["option"] = a.option;
        j["scenario"] = scenarioToJson(a.scenario);
        list.push_back(std::move(j));
    }
    return nlohmann::json{{"schema", kAdviceSchema}, {"fits", fits}, {"advice", std::move(list)}};
}

std::vector<TrainingAdvice> adviseTraining(const Scenario &s, const ResolvedScenario &r, const Estimate &e,
                                           const PresetCatalog &catalog)
{
    std::vector<TrainingAdvice> out;
    if (s.workload.mode != WorkloadMode::Training)
        return out;
    try {
        if (e.fits) {
            addGrowth(out, s, r);
            return out;
        }
        const TrainingChoice &c = s.workload.training;
        if (c.checkpointing != Checkpointing::Full)
            if (auto a = fittingChange(s, catalog, TrainingAdviceKind::FullCheckpointing,
                                       [](Scenario &x) { x.workload.training.checkpointing = Checkpointing::Full; }))
                out.push_back(std::move(*a));
        const bool paged = c.optimizer == Optimizer::PagedAdamW;
        if (c.optimizer == Optimizer::AdamW || paged) {
            const Optimizer to = paged ? Optimizer::PagedAdamW8bit : Optimizer::AdamW8bit;
            if (auto a = fittingChange(s, catalog, TrainingAdviceKind::Optimizer8bit,
                                       [&](Scenario &x) { x.workload.training.optimizer = to; })) {
                a->option = std::string(optimizerId(to));
                out.push_back(std::move(*a));
            }
        }
        addExecution(out, s, r, catalog);
        addSharding(out, s, catalog, e.training.dataParallel);
        addOffload(out, s, catalog);
        addSmallerBatch(out, s, r);
        addMethod(out, s, catalog);
        addShorterSequence(out, s, r);
    } catch (const std::exception &) {
        // A solver overflowing on an absurd scenario leaves the advice found so far.
    }
    return out;
}

} // namespace memplan
