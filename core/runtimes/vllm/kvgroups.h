#pragma once
// vLLM's hybrid KV cache manager (vllm/v1/core/kv_cache_utils.py). The layers of each
// kind (full attention, sliding window, recurrent state) are cut into groups of G
// layers; the i-th layer of every group shares the i-th of G pool tensors, so one block
// is one page in each tensor and every kind draws on the same blocks. A request holds
// whole blocks in every group: ceil(c / B) for full attention, its window's worth for
// sliding-window layers, one or two pages for a recurrent state. What vLLM prints:
//   blocks      = pool / (page x G)
//   concurrency = blocks / (blocks one max_model_len request needs over all groups)
//   tokens      = concurrency x max_model_len                  (0.21 on)
//               = blocks / groups x the smallest block size      (before)
// A model with one kind of layer is one group of all its layers; the same arithmetic
// then gives vLLM's plain figures.

#include "bytes.h"

#include <cstdint>
#include <string_view>

namespace memplan::vllm {

/// How many state pages a request keeps per recurrent group (MambaSpec.max_memory_usage_bytes):
/// none, the running state; align (prefix caching), the running one and the last block
/// boundary's; all, one per block of the context.
enum class MambaCacheMode { None, Align, All };

/// "none" | "align" | "all"; false for anything else.
bool parseMambaCacheMode(std::string_view text, MambaCacheMode &out);

/// Layers of each kind on one worker.
struct LayerKindsOnWorker {
    std::uint32_t full = 0;
    std::uint32_t windowed = 0;
    std::uint32_t recurrent = 0;
};

struct KvGroups {
    std::uint32_t groupSize = 0; ///< layers per group, the pool's tensors
    std::uint32_t fullGroups = 0;
    std::uint32_t windowedGroups = 0;
    std::uint32_t stateGroups = 0;
    std::uint32_t groups() const { return fullGroups + windowedGroups + stateGroups; }
};

/// _get_kv_cache_groups_uniform_page_size: G is the smallest kind's layer count, or the
/// largest's when that is under 1.5 times the smallest (less padding); each kind takes
/// ceil(layers / G) groups.
KvGroups kvGroups(const LayerKindsOnWorker &layers);

/// What one request of max_model_len tokens takes.
struct RequestShape {
    std::uint64_t maxModelLen = 0;
    std::uint64_t blockTokens = 16;
    std::uint64_t slidingWindow = 0; ///< W of the windowed layers
    std::uint64_t batchedTokens = 0; ///< max_num_batched_tokens (a prefill step writes them before the window slides)
    MambaCacheMode mambaMode = MambaCacheMode::None;
};

/// Blocks one request needs over all groups (get_max_concurrency_for_kv_cache_config).
std::uint64_t blocksPerRequest(const KvGroups &g, const RequestShape &s);

/// Blocks `sequences` running requests need when their full-attention layers hold `fullTokens`
/// tokens in all (fewer than sequences x max_model_len when they share a cached prefix): the
/// scheduler's view, where shared prefix blocks are held once but every request keeps its own
/// window and state pages.
std::uint64_t blocksForWorkload(const KvGroups &g, const RequestShape &s, std::uint64_t fullTokens,
                                std::uint64_t sequences);

struct PoolCapacity {
    std::uint64_t blocks = 0;           ///< num_blocks
    std::uint64_t blocksPerRequest = 0; ///< over all groups
    double concurrency = 0;             ///< "Maximum concurrency for c tokens per request"
    std::uint64_t tokens = 0;           ///< "GPU KV cache size: N tokens"
};

/// pageBytes is one layer's page (attention pages and padded state pages are equal).
/// tokensFromConcurrency: the 0.21 figure, else the older blocks / groups x block.
PoolCapacity poolCapacity(Bytes pool, Bytes pageBytes, const KvGroups &g, const RequestShape &s,
                          bool tokensFromConcurrency);

/// Pool bytes the state pages of `sequences` running requests occupy (each state group's
/// pages per request, one page in each of the G tensors).
Bytes statePagesBytes(const KvGroups &g, const RequestShape &s, Bytes pageBytes, std::uint64_t sequences);

} // namespace memplan::vllm
