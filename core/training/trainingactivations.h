#pragma once
// Activations a training step keeps for the backward pass, per rank.
//
// Korthikanti et al., "Reducing Activation Recomputation in Large Transformer
// Models" (arXiv:2205.05198), count s·b·h·(34 + 5·a·s/h) bytes per layer for a
// GPT layer in 16-bit with dropout. Per token and layer that is 16·h stored
// elements of 2 bytes (norm inputs 2h, attention input h, Q/K/V 3h, attention
// output h, MLP input h, the 4h-wide MLP's GeLU input and output 8h) plus two
// 1-byte dropout masks, plus 5·a·s bytes of softmax/dropout scores. We keep the
// same bookkeeping and put the architecture's real widths in:
//   * GQA: K and V are H_kv·d wide, not h;
//   * gated MLP (SwiGLU): gate and up outputs, the activation output and the
//     product are kept, 4·F elements instead of the GeLU MLP's 2·F;
//   * no dropout in current decoder models (Llama, Qwen, Mistral): no masks;
//   * FlashAttention stores no a·s² scores, only a fp32 log-sum-exp per head
//     and token; without it the softmax output (a·s per token) is kept, and
//     transformers' eager path keeps it twice (the fp32 softmax and its
//     16-bit copy, measured: core/training/autogradsaves.h);
//   * SDPA (memory-efficient kernel) keeps K/V expanded to the query heads
//     and one more copy of the output (made contiguous for o_proj);
//   * torch.compile fuses the pointwise ops and recomputes them in backward:
//     a norm keeps only its 16-bit input and rstd, SwiGLU only gate and up.
//   * LLaMA-Adapter: each adapted layer's second attention over the prompt
//     keeps its output (the gate's product needs it too) and a log-sum-exp
//     per head; v2 also keeps every linear layer's output before its scale.
// With tensor parallelism t the projections' tensors are split t ways; the
// norm and layer inputs only with sequence parallelism (Korthikanti's
// 10 + 24/t split). Full checkpointing keeps each layer's input plus one
// layer recomputed; selective drops the scores.

#include "model/modelarch.h"
#include "trainingchoice.h"

#include <cstdint>

namespace memplan {

/// Bytes kept per token and layer, by how tensor parallelism splits them.
struct ActivationShape {
    double replicatedBytes = 0;    ///< norm inputs, attention and MLP inputs (split only by SP)
    double splitBytes = 0;         ///< projection outputs, MLP intermediates, LoRA branches (split by TP)
    double scoreBytesPerToken = 0; ///< per attended token: softmax output (no FlashAttention)
    double lseBytes = 0;           ///< FlashAttention's fp32 log-sum-exp per head
};

struct ActivationOptions {
    double bytesPerElement = 2; ///< bf16/fp16 activations
    AttentionKernel attention = AttentionKernel::Flash;
    double softmaxBytes = 0;       ///< bytes per kept score without FlashAttention; 0 = bytesPerElement (fused softmax)
    double microBatch = 1;         ///< eager's batched matmul copies a single expanded K/V head unless 1
    bool fusedPointwise = false;   ///< torch.compile: norms and SwiGLU's pointwise ops recomputed
    double normBytesPerHidden = 2; ///< what one RMSNorm keeps per hidden unit (eager PyTorch upcasts: 4)
    bool normsTrain = false;       ///< trainable norm weights also keep the normalized output
    const std::vector<LoraTarget> *loraTargets = nullptr;
    std::uint32_t loraRank = 0;
    double loraDropout = 0;        ///< > 0: each adapter keeps its dropped input and a 1-byte mask
    bool fusedQkvLora = false;     ///< one LoRA A over the fused q/k/v input: one dropout for all three (LitGPT)
    bool frozenInputsKept = false; ///< QLoRA (bitsandbytes): every frozen 4-bit projection keeps its input
    double adapterPromptShare = 0; ///< LLaMA-Adapter: share of the counted layers with a prompt attention
    std::uint32_t adapterPromptLength = 0; ///< LLaMA-Adapter: prompt vectors each of those layers attends to
    bool linearOutputsKept = false;        ///< LLaMA-Adapter v2: each linear keeps its output for its learned scale
};

ActivationShape activationShape(const ModelArchitecture &a, const ActivationOptions &o);

struct SavedActivations {
    double perTokenLayerBytes = 0; ///< without recomputation, one rank
    double storedBytes = 0;        ///< kept across the whole forward (checkpoint inputs or everything)
    double recomputeBytes = 0;     ///< one layer's activations rebuilt in backward (full checkpointing)
};

/// Bytes for `layers` layers of s x b tokens on one rank.
SavedActivations savedActivations(const ActivationShape &shape, double hidden, double bytesPerElement,
                                  std::uint64_t sequence, std::uint64_t microBatch, std::uint32_t layers,
                                  Checkpointing checkpointing, std::uint32_t tp, bool sequenceParallel);

} // namespace memplan
