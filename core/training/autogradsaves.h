#pragma once
// What PyTorch's autograd keeps for backward during one training forward pass
// of a Llama-style decoder, op by op, as transformers' Llama code and PEFT's
// LoRA layers run it. No fitted constants: every term is a tensor some op
// saves, with its shape and dtype.
//
// The rule behind every term: an op keeps an input only when the gradient of
// another input needs it (y = x·Wᵀ keeps x only if W trains; a frozen base
// projection keeps nothing). Saved tensors sharing storage count once.
//
//   RMSNorm     fp32 copy of its input (4 B), the rsqrt result (fp32 per token),
//               the normalized input in the activation dtype when the weight
//               trains; torch < 2.0 also keeps the squared input (mean's
//               backward read self.numel()).
//   projection  its input when the weight trains (shared by q/k/v, by gate/up).
//   LoRA        A keeps its input (the dropped copy and a mask when lora_dropout
//               > 0), B keeps x·A (rank wide), the scaling keeps a float64 scalar.
//   RoPE        cos and sin (sequence x head_dim), once per step.
//   eager attn  q, K and V expanded to the query heads (repeat_kv), the fp32
//               softmax, its copy in the activation dtype (or the dropout output
//               and mask), the output made contiguous for o_proj.
//   SDPA        q, expanded K and V, the output, an fp32 log-sum-exp per head and
//               query, and the contiguous copy for o_proj.
//   flash       q, K and V at their own head counts, the output (already in
//               o_proj's layout) and the log-sum-exp; dropout is regenerated.
//   SwiGLU      gate output (SiLU's input), SiLU output and up output (the
//               product's inputs), the product when down_proj keeps its input.
//   head, loss  the final norm, the head's input when it trains, the fp32
//               log-softmax (V per token), the labels (int64) and one scalar.
//   checkpoint  (reentrant, full) each layer's input, cos/sin and the eager mask;
//               in backward one layer at a time is recomputed in full.
//
// Measured against tools/training-measure/ (tests/data/training/
// saved-activations.json, tests/training/tst_autogradsaves.cpp).

#include "trainingchoice.h"

#include <cstdint>
#include <vector>

namespace memplan {

struct AutogradSavesSetup {
    // Shapes of one decoder layer.
    double hidden = 0;
    double heads = 0;
    double kvHeads = 0;
    double headDim = 0;
    double ffn = 0; ///< SwiGLU width (gate/up output)
    double vocab = 0;
    std::uint32_t layers = 0;
    // The run.
    double batch = 1;
    double sequence = 0;
    double bytes = 2; ///< activation dtype (bf16 2, fp32 4)
    AttentionKernel attention = AttentionKernel::Flash;
    double attentionDropout = 0; ///< > 0: eager attention keeps a mask and the dropped probabilities
    double dropoutMaskBytes = 1; ///< CUDA's fused dropout keeps a bool mask; the CPU path a mask in the dtype
    bool meanKeepsInput = false; ///< torch < 2.0: RMSNorm's mean keeps the squared input (fp32)
    bool baseTrains = true;      ///< full fine-tuning: projections, norms, embedding and head train
    std::vector<LoraTarget> loraTargets;
    double loraRank = 0;
    double loraDropout = 0;
    Checkpointing checkpointing = Checkpointing::None;
};

struct AutogradSaves {
    double layer = 0;     ///< one layer, not checkpointed
    double stored = 0;    ///< all layers across the forward (checkpoint inputs, or every layer)
    double perStep = 0;   ///< cos/sin (and the eager mask when checkpointed), once per step
    double head = 0;      ///< final norm, output head, loss
    double embedding = 0; ///< token ids when the embedding trains
    double recompute = 0; ///< one layer rebuilt in backward (full checkpointing)
    double total() const { return stored + perStep + head + embedding; }
};

AutogradSaves autogradSaves(const AutogradSavesSetup &s);

/// K/V width per token attention keeps: repeat_kv expands grouped heads to the query heads by a
/// copy, except a single K/V head (a stride-0 view), which eager's batched matmul copies in turn
/// unless the batch is 1. FlashAttention-2 reads grouped heads as they are.
double keptKvWidth(AttentionKernel kernel, double heads, double kvHeads, double headDim, double batch);

} // namespace memplan
