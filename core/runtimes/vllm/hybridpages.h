#pragma once
// How vLLM fits recurrent state and attention into one page pool for hybrid models.

#include "bytes.h"

#include <cstdint>

namespace memplan {

/// vLLM hybrid models: the attention block size grows until one attention page
/// (block x bytes per token of one attention layer) holds a whole recurrent page, then
/// the recurrent page is padded to exactly that size, so both share one page pool
/// (HybridAttentionMambaModelConfig.verify_and_update_config, MambaSpec.page_size_padded).
struct VllmHybridPages {
    std::uint64_t attentionBlockTokens = 0; ///< block size after the adjustment
    Bytes statePageBytes = 0;               ///< unpadded recurrent page of one layer
    Bytes paddedPageBytes = 0;              ///< what one layer's state occupies per sequence
};
VllmHybridPages vllmHybridPages(Bytes statePageBytes, Bytes attentionBytesPerTokenLayer, std::uint64_t blockTokens,
                                std::uint64_t alignmentTokens);

} // namespace memplan
