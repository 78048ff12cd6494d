#pragma once
// How much faster ggml-cpu's prompt products run on Arm when the weights are repacked.
//
// On a CPU-only run ggml copies the matrices of some types into an interleaved layout
// (core/runtimes/llamacpp/repack.h) and multiplies a prompt's micro-batch with GEMM kernels that
// unpack each block once for several rows, with the dot-product or int8 matrix instructions.
// On Arm the pull requests that added those kernels measured the prompt speed with and without
// the repack on the same machine; decode changed little (the memory bounds it).

#include "estimate.h" // Efficiency (speed/speedresult.h, which needs estimate.h first)

namespace memplan::runtimes {

/// Prompt-processing speed with the Arm repacked kernels ÷ without, low-mid-high.
Efficiency ggmlArmRepackPrefillRate();

} // namespace memplan::runtimes
