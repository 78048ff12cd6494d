#pragma once
// What a training (fine-tuning) run is, as a scenario states it: the method,
// the optimizer, the batch shape, recomputation and how the model states are
// sharded over ranks. Plain values with defaults, compared with ==, so a
// training scenario stays as small and comparable as an inference one.
// JSON keys are in docs/scenario-format.md ("training" object).

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace memplan {

enum class WorkloadMode { Inference, Training };

enum class TrainingMethod {
    Full,     ///< every parameter trains
    Lora,     ///< frozen base in its storage format + low-rank adapters
    Qlora,    ///< frozen NF4 base (double quantization) + bf16 adapters, paged optimizer
    Freeze,   ///< the first k decoder layers and the embedding are frozen, the rest trains
    Adapter,  ///< LLaMA-Adapter (LitGPT): learned prompt vectors and a zero-initialised gate per upper layer
    AdapterV2 ///< LLaMA-Adapter v2: also a bias and a scale on every linear output, and trainable norms
};

enum class Optimizer {
    AdamW,      ///< two fp32 moments per trainable parameter
    AdamW8bit,  ///< bitsandbytes blockwise 8-bit moments
    PagedAdamW, ///< fp32 moments in CUDA unified (pageable) memory
    PagedAdamW8bit,
    Adafactor,  ///< factored second moment (row + column), no first moment
    SgdMomentum ///< one fp32 momentum buffer
};

/// Which numbers the trainable parameters are kept in.
enum class TrainingPrecision {
    Mixed, ///< bf16/fp16 compute copy + fp32 master weights (+ fp32 optimizer states)
    Bf16,  ///< pure bf16: weights, gradients and optimizer states in bf16, no master copy
    Fp32   ///< everything fp32
};

enum class Checkpointing {
    None,      ///< every activation the backward pass needs is kept
    Selective, ///< the attention core is recomputed (Korthikanti et al.)
    Full       ///< only each layer's input is kept; the layer is recomputed in backward
};

/// How model states are spread over the data-parallel ranks.
enum class Sharding {
    None,       ///< DDP: every rank holds everything
    Zero1,      ///< optimizer states (+ master weights) sharded
    Zero2,      ///< + gradients
    Zero3,      ///< + parameters (gathered layer by layer)
    FsdpFull,   ///< FSDP FULL_SHARD: like ZeRO-3
    FsdpHybrid, ///< FSDP HYBRID_SHARD: ZeRO-3 within a node, replicated across nodes
    FsdpGradOp  ///< FSDP SHARD_GRAD_OP: like ZeRO-2
};

/// How attention runs (transformers' attn_implementation).
enum class AttentionKernel {
    Eager, ///< matmul + fp32 softmax: the s x s probabilities are kept
    Sdpa,  ///< PyTorch's memory-efficient SDPA after repeat_kv: no s x s tensor
    Flash  ///< FlashAttention-2: no s x s tensor, grouped K/V read directly
};

/// LoRA target modules of a decoder layer (Hugging Face module names).
enum class LoraTarget : std::uint8_t { Q, K, V, O, Gate, Up, Down };
inline constexpr LoraTarget kAllLoraTargets[] = {LoraTarget::Q,    LoraTarget::K,  LoraTarget::V,   LoraTarget::O,
                                                 LoraTarget::Gate, LoraTarget::Up, LoraTarget::Down};

struct TrainingChoice {
    TrainingMethod method = TrainingMethod::Lora;
    std::uint32_t loraRank = 16;
    std::vector<LoraTarget> loraTargets{LoraTarget::Q, LoraTarget::K, LoraTarget::V, LoraTarget::O};
    double loraDropout = 0;                 ///< PEFT lora_dropout: > 0 keeps a dropped copy of each adapter input
    std::uint32_t frozenLayers = 0;         ///< Freeze: decoder layers frozen from the bottom
    std::uint32_t adapterPromptLength = 10; ///< LLaMA-Adapter: learned prompt vectors per adapted layer
    std::uint32_t adapterStartLayer = 2;    ///< LLaMA-Adapter: the first decoder layer with a prompt
    Optimizer optimizer = Optimizer::AdamW;
    TrainingPrecision precision = TrainingPrecision::Mixed;
    std::uint64_t microBatch = 1;        ///< sequences per forward/backward on one rank
    std::uint64_t sequenceLength = 2048; ///< tokens per sequence
    std::uint64_t gradientAccumulation = 1;
    Checkpointing checkpointing = Checkpointing::Full;
    Sharding sharding = Sharding::None;
    std::uint32_t dataParallel = 0;     ///< ranks sharing the batch; 0 = GPUs / TP
    std::uint32_t shardGroup = 0;       ///< FSDP hybrid: ranks per shard group; 0 = the GPUs of one machine
    std::uint32_t tensorParallel = 1;   ///< Megatron-style TP degree
    bool sequenceParallel = false;      ///< with TP, norms and dropouts are split over the sequence too
    bool offloadOptimizer = false;      ///< optimizer states + master weights (and fp32 gradients) in host RAM
    bool offloadParameters = false;     ///< ZeRO-3 / FSDP: parameter shards in host RAM
    std::optional<bool> flashAttention; ///< unset: the framework's default
    /// attention_implementation; unset: flash_attention, else the framework's default
    std::optional<AttentionKernel> attentionImplementation;
    bool optimizerInBackward = false; ///< each gradient is applied and freed as backward produces it (torchtune)
    bool activationOffload = false;   ///< saved activations go to pinned host RAM during forward (torchtune)
    bool packing = false;             ///< samples packed into full sequence_length rows
    std::optional<std::uint64_t> longestSample;     ///< padded batches: the dataset's longest sample in tokens
    bool compile = false;                           ///< torch.compile: pointwise ops fused and recomputed
    bool chunkedLoss = false;                       ///< cross-entropy upcast chunk by chunk (torchtune, LitGPT)
    std::optional<std::uint32_t> dataloaderWorkers; ///< unset: the framework's default
    bool operator==(const TrainingChoice &) const = default;
};

std::string_view workloadModeId(WorkloadMode m);
std::optional<WorkloadMode> workloadModeFromId(std::string_view id);
std::string_view trainingMethodId(TrainingMethod m);
std::optional<TrainingMethod> trainingMethodFromId(std::string_view id);
std::string_view optimizerId(Optimizer o);
std::optional<Optimizer> optimizerFromId(std::string_view id);
std::string_view trainingPrecisionId(TrainingPrecision p);
std::optional<TrainingPrecision> trainingPrecisionFromId(std::string_view id);
std::string_view checkpointingId(Checkpointing c);
std::optional<Checkpointing> checkpointingFromId(std::string_view id);
std::string_view shardingId(Sharding s);
std::optional<Sharding> shardingFromId(std::string_view id);
std::string_view attentionKernelId(AttentionKernel k); ///< "eager", "sdpa", "flash_attention_2"
std::optional<AttentionKernel> attentionKernelFromId(std::string_view id);
std::string_view loraTargetId(LoraTarget t); ///< "q_proj", "gate_proj", ...
std::optional<LoraTarget> loraTargetFromId(std::string_view id);

/// LLaMA-Adapter v1 or v2.
bool isAdapterMethod(TrainingMethod m);
/// Methods that keep the whole pretrained model frozen and train parameters added beside it.
bool keepsBaseFrozen(TrainingMethod m);

/// bitsandbytes' paged optimizers: states in CUDA managed memory, outside PyTorch's allocator.
bool isPagedOptimizer(Optimizer o);
/// bitsandbytes' optimizers (8-bit or paged): one fused in-place update kernel per tensor.
bool isBitsandbytesOptimizer(Optimizer o);

/// ZeRO stage a sharding mode behaves like (0 = DDP).
int zeroStage(Sharding s);

/// Tokens per sequence at the step's peak: the full length when packed, else padded to the
/// longest sample (when the scenario states it) capped at sequence_length.
std::uint64_t peakSequenceTokens(const TrainingChoice &c);

} // namespace memplan
