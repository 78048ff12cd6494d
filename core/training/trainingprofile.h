#pragma once
// How a training framework spends memory beyond the model states the method
// and optimizer dictate: the cross-entropy's logit copies, the optimizer
// step's scratch, communication buckets, gathered layers under ZeRO-3/FSDP,
// host processes and data loaders. Read from the optional "training" section
// of a runtime preset (presets/runtimes/*.json); each constant there cites
// the framework source or document it was taken from.

#include "../bytes.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace memplan {

enum class TrainingLauncher { Accelerate, DeepSpeed, Torchrun, Unsloth, Axolotl, LitGpt, Torchtune };

struct TrainingProfile {
    bool trains = false; ///< the preset has a "training" section
    TrainingLauncher launcher = TrainingLauncher::Accelerate;
    double logitsBytesPerElement = 10; ///< bytes per token per vocabulary entry live at the loss
    /// The same with the scenario's chunked_loss, torch.compile, or both; unset: a chunked loss
    /// keeps min(logits, 7) (16-bit logits, the fp32 log-softmax of every chunk, one chunk's
    /// upcast and gradient over 8 chunks) and compiling changes nothing.
    std::optional<double> chunkedLogitsBytesPerElement;
    std::optional<double> compiledLogitsBytesPerElement;
    std::optional<double> compiledChunkedLogitsBytesPerElement;
    double stepScratchBytesPerParam = 0; ///< the optimizer step's temporaries per trainable parameter
    bool ddpBucketCopy = true;           ///< DDP keeps gradient buckets beside .grad (no bucket view)
    Bytes zeroBucketBytes = 0;           ///< DeepSpeed ZeRO-1/2 reduce + all-gather buckets per rank
    std::uint32_t gatheredLayers = 2;    ///< ZeRO-3/FSDP: decoder layers gathered at once (current + prefetch)
    /// FSDP1 FlatParameters with use_orig_params: a wrapped unit holding any trainable parameter
    /// gets a gradient as large as the whole unit, its frozen weights included.
    bool fsdpUnitGradients = false;
    /// Gradient accumulation under FSDP runs the non-final micro-batches in no_sync: every rank
    /// keeps the unsharded gradients until the last micro-batch reduce-scatters them.
    bool fsdpNoSyncAccumulation = false;
    /// FSDP leaves the root unit (the tables no decoder-layer unit wraps: embedding, final norm,
    /// head) gathered from forward to backward, where the decoder layers are resharded.
    bool fsdpRootGathered = false;
    /// LoRA on q, k and v is one adapter over the fused qkv projection: one dropout of the layer's
    /// normalized input serves all three (LitGPT's LoRAQKVLinear).
    bool fusedQkvLora = false;
    /// QLoRA's 4-bit base projections keep their input for backward although their weight is
    /// frozen (bitsandbytes' MatMul4Bit); a frozen 16-bit projection keeps nothing.
    bool quantizedBaseKeepsInputs = false;
    /// The framework's model class always has an output head of its own: a checkpoint whose head
    /// is tied to the embedding is converted into two tables (LitGPT's GPT).
    bool untiedHead = false;
    /// The 4-bit precision plugin replaces every Linear, the output head included, so the head
    /// is stored in NF4 and dequantized to 16 bits for each use (Lightning's BitsandbytesPrecision).
    bool quantizesHead = false;
    /// Attention whose scores the model softcaps (Gemma 2) runs as matmul, tanh and an fp32 softmax
    /// instead of SDPA (LitGPT's CausalSelfAttention), whatever kernel the profile uses otherwise.
    bool softcapRunsEager = false;
    /// The framework ships LLaMA-Adapter v1 and v2 (LitGPT's finetune_adapter, finetune_adapter_v2).
    bool llamaAdapter = false;
    double normBytesPerHidden = 4;       ///< bytes one RMSNorm keeps per hidden unit (eager: fp32 input)
    bool offloadCheckpoints = false;     ///< checkpointed layer inputs go to host RAM (Unsloth)
    Bytes hostProcessBytes = 0;          ///< host RAM of one training process (Python, PyTorch, CUDA host side)
    Bytes hostWorkerBytes = 0;           ///< host RAM of one data-loader worker process
    std::uint32_t dataloaderWorkers = 0; ///< default num_workers
    std::uint32_t prefetchFactor = 2;    ///< batches each worker keeps ready
    bool operator==(const TrainingProfile &) const = default;
};

std::string_view trainingLauncherId(TrainingLauncher l);

/// Bytes per token and vocabulary entry live at the loss for a loss chunked or not, compiled or not.
double lossBytesPerElement(const TrainingProfile &p, bool chunked, bool compiled);

/// Reads the "training" section of a runtime preset document (absent: trains = false).
/// Throws InputError naming "training.<key>".
TrainingProfile parseTrainingProfile(const nlohmann::json &runtimePreset);

} // namespace memplan
