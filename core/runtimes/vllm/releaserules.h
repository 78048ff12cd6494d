#pragma once
// What changed in vLLM's memory accounting between the releases the planner models,
// keyed on runtime.version (docs/formulas.md, "Runtime releases"). A setting the
// scenario names explicitly always wins.

#include "runtimes/release.h"

#include <cstdint>
#include <string_view>

namespace memplan::vllm {

/// V1 is the default engine from 0.8.0 (VLLM_USE_V1=1); before it, V0's scheduler profiled
/// max(max_model_len, 2048) tokens in one step unless chunked prefill was on.
inline constexpr std::string_view kV1EngineSince = "0.8.0";
/// The last release whose default engine was V0: a log that prints V0's lines and no release is
/// planned as it (its batch defaults, its profiling sampler).
inline constexpr std::string_view kLastV0Release = "0.7.3";
/// From 0.21.0 the memory profiler estimates the CUDA graphs and takes them out of the KV
/// budget (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS on by default); before, the graphs were
/// captured after the KV pool was allocated, outside gpu_memory_utilization.
inline constexpr std::string_view kProfiledCudaGraphsSince = "0.21.0";
/// "GPU KV cache size" is maximum concurrency x max_model_len from 0.21.0; before, it was
/// num_blocks / groups x the smallest block size, which misstates hybrid models (vLLM issue
/// 40691 on 0.19.0; PR 40694). 0.19.0 prints the old figure and the 0.27 Qwen3.8 log the new
/// one; 0.21.0 is where the Gemma 4 pool's printed tokens jumped ten-fold at an unchanged
/// pool (vLLM issue 43308), as the new figure does for a mostly windowed model.
inline constexpr std::string_view kTokensFromConcurrencySince = "0.21.0";

/// Models with cross-attention image layers (Llama 3.2 Vision, model_type mllama) ran on the V0
/// engine only; vLLM PR 24907 removed V0's encoder-decoder runner, which leaves Whisper, and
/// 0.11.0 (the first release after it) fails to start Llama-3.2-11B-Vision (vLLM issue 27198).
inline constexpr std::string_view kCrossAttentionDroppedIn = "0.11.0";

struct ReleaseRules {
    bool v1Engine = true;
    bool crossAttentionModels = false; ///< runs models with cross-attention layers (before 0.11.0)
    bool profiledCudaGraphs = true;
    bool tokensFromConcurrency = true;
};

ReleaseRules releaseRules(const RuntimeRelease &release);

/// V0's default max_num_batched_tokens without chunked prefill (vllm/config.py, SchedulerConfig):
/// the whole longest prompt, at least 2048 tokens.
std::uint64_t v0BatchedTokens(std::uint64_t maxModelLen);

} // namespace memplan::vllm
