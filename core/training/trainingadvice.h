#pragma once
// "What would make this training run fit?" (issue 15): the training counterpart
// of core/questions/advice.h. A training scenario has no context or KV cache to trade, so
// the inference advice does not apply; what does is the batch shape, how much is
// recomputed, how the model states are stored and sharded, and what trains.
//
// Every piece of advice is a changed copy of the scenario that the training
// engine has checked, with a stable id and typed values, so that the window,
// the CLI and the reports word it in their own language. When the scenario
// does not fit, only changes that make it fit are offered, cheapest first:
//   full checkpointing (compute: about a third more per step),
//   8-bit optimizer states (little quality cost),
//   a higher ZeRO stage (communication, only with several ranks),
//   optimizer offload to host RAM (speed: the step runs on the CPU),
//   a smaller micro-batch with more accumulation (same tokens per step, slower),
//   LoRA instead of full, QLoRA instead of LoRA (a different method),
//   a shorter sequence (a different workload).

#include "scenario/catalog.h"
#include "scenario/scenario.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

struct ResolvedScenario;
struct Estimate;

enum class TrainingAdviceKind {
    GrowMicroBatch,      ///< fits: the micro-batch can grow to `value` sequences
    GrowSequence,        ///< fits: sequences can grow to `value` tokens
    FullCheckpointing,   ///< recompute every layer in the backward pass
    Optimizer8bit,       ///< keep the optimizer states in 8 bits (`option` is the optimizer id)
    ShardingStage,       ///< shard the model states (`option` is the sharding id, `value` the ZeRO stage)
    OffloadOptimizer,    ///< optimizer states and master weights in host RAM (`option`: sharding id used)
    SmallerMicroBatch,   ///< micro-batch `value`, accumulation `total` (tokens per step unchanged)
    UseLora,             ///< train LoRA adapters instead of every weight
    UseQlora,            ///< keep the frozen base in 4-bit NF4
    ShorterSequence,     ///< shorten sequences to `value` tokens
    ChunkedLoss,         ///< compute the cross-entropy chunk by chunk (torchtune)
    Compile,             ///< torch.compile: fused pointwise ops and loss
    OptimizerInBackward, ///< apply and free each gradient inside backward (torchtune)
    ActivationOffload    ///< saved activations to pinned host RAM (torchtune)
};

/// Stable id of a kind ("advice.train.checkpointing"), for translations and JSON.
std::string_view trainingAdviceId(TrainingAdviceKind kind);

struct TrainingAdvice {
    TrainingAdviceKind kind = TrainingAdviceKind::GrowMicroBatch;
    Scenario scenario;       ///< the scenario with the change applied
    bool fits = false;       ///< the changed scenario fits
    std::uint64_t value = 0; ///< sequences, tokens or ZeRO stage (see the kind)
    std::uint64_t total = 0; ///< gradient accumulation steps for SmallerMicroBatch
    std::string option;      ///< optimizer or sharding id where the kind names one
    bool operator==(const TrainingAdvice &) const = default;
};

/// English sentence for the CLI and the reports' English edition.
std::string trainingAdviceText(const TrainingAdvice &advice);
/// What the change costs, in one English phrase ("time: about a third more compute per step").
std::string trainingAdviceCost(const TrainingAdvice &advice);
/// The same memplan.advice/1 document `memplan-cli advise` prints for inference (ids "advice.train.*").
nlohmann::json trainingAdviceToJson(const std::vector<TrainingAdvice> &advice, bool fits);

/// Ranked advice for one training scenario (order in the header comment); empty for an
/// inference scenario. Never throws: a change the engine rejects is not offered.
std::vector<TrainingAdvice> adviseTraining(const Scenario &scenario, const ResolvedScenario &resolved,
                                           const Estimate &estimate, const PresetCatalog &catalog);

} // namespace memplan
