#pragma once
// The training engine: one resolved training scenario in, the same Estimate
// value inference produces (pools of guests, items with formula, terms,
// evidence and range), so charts, CLI and reports need no second path.
//
// Guests, following the ZeRO paper's split of "model states" and "residual
// states" (Rajbhandari et al., arXiv:1910.02054):
//   weights    - model states: frozen base weights, trainable weights,
//                gradients, fp32 master weights, optimizer states;
//   activation - saved activations and the loss's logits;
//   workspace  - CUDA context, gathered ZeRO-3/FSDP layers, communication
//                buckets, the optimizer step's scratch, QLoRA dequantization;
//   allocator  - caching-allocator slack over the transient tensors;
//   system     - display (GPU 0) and the OS (host RAM).
// Host RAM carries training processes, data loaders and pinned batches,
// checkpoint staging and whatever is offloaded. Memory is per rank; every GPU
// of the machine is one rank. Formulas: docs/formulas.md (Training).

#include "../estimator.h"

#include <string_view>
#include <vector>

namespace memplan {

Estimate estimateTraining(const ResolvedScenario &scenario, const EstimateOptions &options = {});

/// Throws InputError when the training scenario cannot be estimated (a runtime
/// that does not train, more frozen layers than the model has, ...).
void validateTraining(const ResolvedScenario &scenario);

/// The format of a bitsandbytes 4-bit frozen base ("nf4" or "nf4-dq"): QLoRA (double quantization
/// unless the weights say nf4), or LoRA/LLaMA-Adapter over an NF4 weight format (LitGPT's
/// --quantize bnb.nf4[-dq]); empty when the base is not one.
std::string_view bitsandbytesBaseFormat(const ResolvedScenario &scenario);

/// Stable ids of the items a training estimate can carry (besides core/itemids.h's).
std::vector<std::string_view> trainingItemIds();

} // namespace memplan
