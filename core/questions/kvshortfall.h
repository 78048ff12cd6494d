#pragma once
// How far a preallocated KV block pool (vLLM, SGLang) falls short of what the workload asks.
// Such a runtime hands its whole budget to the pool, so the pool never overflows in bytes:
// the bar is exactly full and the shortfall is in tokens. This is the one figure the bar (as
// the requested cache drawn past the limit), the headline, the report and the CLI say.

#include "estimate.h"

#include <cstddef>
#include <cstdint>

namespace memplan {

struct KvShortfall {
    std::uint64_t tokens = 0; ///< requested KV tokens the pool cannot hold
    Bytes bytes = 0;          ///< those tokens' cache on the pool, at the pool's bytes per token
    std::uint64_t poolTokens = 0;
    std::uint64_t requestedTokens = 0;
    explicit operator bool() const { return tokens > 0; }
};

/// The shortfall of pool `pool`'s preallocated KV pool (none when the pool keeps no block
/// pool, or when it holds the workload). bytes = tokens × (pool bytes ÷ pool tokens).
KvShortfall kvPoolShortfall(const Estimate &e, std::size_t pool);
/// The same for the main pool (the first GPU, or the unified pool).
KvShortfall kvPoolShortfall(const Estimate &e);

} // namespace memplan
