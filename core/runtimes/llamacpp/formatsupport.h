#pragma once
// The storage formats llama.cpp and Ollama run: refusals for the rest (issue 34 item 4).
// llama.cpp reads GGUF tensors only, so weights must be a ggml tensor type or a GGUF
// mix; its KV cache takes the types llama-server's --cache-type-k/-v list (common/arg.cpp
// kv_cache_types: f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1). Ollama passes its
// OLLAMA_KV_CACHE_TYPE through only for f16, q8_0 and q4_0 (its FAQ, "How can I set the
// quantization type for the K/V cache?"). Neither has an FP8 cache or loads AWQ, GPTQ,
// bitsandbytes or FP8 checkpoints.

#include "notice.h"
#include "scenario/resolve.h"

#include <vector>

namespace memplan::llamacpp {

/// Appends "refuse.kv_cache_dtype" (runtimes/kvrefusal.h) and "refuse.gguf_weights" notices, the
/// latter with runtime and setting arguments: llama.cpp's side of the GGUF line Transformers refuses
/// from the other side.
void checkFormats(const ResolvedScenario &r, std::vector<Notice> &refusals);

} // namespace memplan::llamacpp
