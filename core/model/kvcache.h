#pragma once
// KV cache arithmetic, separate from placement so each rule can be tested on its own.
//
//   bytes per token per layer = bytes(K row) + bytes(V row)
//     K row = kv_heads x head_dim elements in the K dtype (block formats round up to whole blocks)
//     MLA   = kv_lora_rank + qk_rope_head_dim elements, one latent instead of K and V
//   tokens held = how the runtime allocates (exact, reserved up front, paged blocks),
//     with sliding-window layers capped at the window and a shared prefix stored once.
// Sources: the seeds' KV formula (B x T x L x 2 x H_kv x D_head x bytes) and worked
// examples; llama.cpp src/llama-kv-cache*.cpp for padding and the SWA cache size;
// vLLM vllm/v1/core/kv_cache_utils.py for block rounding (docs/runtime-research.md).

#include "bytes.h"
#include "model/modelarch.h"
#include "model/quantformat.h"
#include "scenario/runtimeprofile.h"

#include <cstdint>

namespace memplan {

/// Bytes one token occupies in one layer's cache, for kvHeads heads on this device.
Bytes kvBytesPerTokenPerLayer(const ModelArchitecture &arch, const QuantFormat &k, const QuantFormat &v,
                              std::uint32_t kvHeads);

struct KvTokenPlan {
    std::uint64_t fullLayerTokens = 0;     ///< token slots each full-attention layer holds (all sequences)
    std::uint64_t windowedLayerTokens = 0; ///< token slots each sliding-window layer holds
    std::uint64_t requestedTokens = 0;     ///< tokens the workload really stores (before padding/blocks)
    bool operator==(const KvTokenPlan &) const = default;
};

struct KvWorkload {
    std::uint64_t contextTokens = 0;
    std::uint64_t concurrency = 1;
    std::uint64_t sharedPrefixTokens = 0;
    std::uint64_t batchTokens = 512; ///< llama.cpp's SWA cache keeps a micro-batch beyond the window
    std::uint64_t reservedCells = 0; ///< llama.cpp ctx_size (total cells); 0 = context x concurrency
    bool kvUnified = true;
    bool swaFull = false;
    /// Tokens each sequence keeps in a sliding-window layer when more than the window (Ollama's
    /// own engine: 4096 for gpt-oss); 0 = the window.
    std::uint64_t swaMemory = 0;
};

/// Token slots per layer kind under the profile's allocation rule.
KvTokenPlan planKvTokens(const ModelArchitecture &arch, const RuntimeProfile &profile, const KvWorkload &w);

} // namespace memplan
