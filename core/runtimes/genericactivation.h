#pragma once
// The forward-pass peak of the PyTorch runtimes and MLX (and the theory
// profile, whose constants are zero): b x (a_h x H + a_f x F) + the larger of
// the logits and (without flash attention) the attention scores. A runtime that
// sizes activations with a profiling run (vLLM, SGLang) gets a full
// max_num_batched_tokens step and a sampler over max_num_seqs rows instead.

#include "estimation/plan.h"

namespace memplan::runtimes {

/// One device's share when `devices` split the work (tensor parallelism); adds the items.
Bytes genericActivation(const estimation::Plan &pl, std::uint32_t devices, bool profiledStep,
                        estimation::PoolBuilder &b);

} // namespace memplan::runtimes
