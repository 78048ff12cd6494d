#pragma once
// The speed of the PyTorch runtimes (vLLM, SGLang, Transformers): offloaded
// weights stay in host RAM and are copied to the GPU for every forward pass (vLLM's
// cpu_offload_gb, accelerate's offload hooks), and the measured efficiencies of
// the paged servers' compiled graphs and of eager PyTorch (core/speed/efficiency.h).

#include "speed/efficiency.h"

namespace memplan::runtimes {

/// vLLM and SGLang: CUDA graphs over a paged KV cache.
const SpeedRules &pagedServerSpeedRules();
/// Transformers: eager PyTorch, one kernel launch per op.
const SpeedRules &eagerPytorchSpeedRules();

} // namespace memplan::runtimes
