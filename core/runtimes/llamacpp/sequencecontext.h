#pragma once
// How llama.cpp turns -c and -np into KV cells (src/llama-context.cpp, the
// llama_context constructor; src/llama-kv-cache.cpp). n_ctx is first padded to a
// multiple of the build's padding (256 today; releaserules.h). With kv_unified every sequence shares one stream of
// n_ctx cells. Without it (the llama.cpp default outside llama-server's auto choice) each sequence gets a stream of its
// own: n_ctx_seq = n_ctx / n_seq rounded down, then padded up to the padding again, and n_ctx becomes n_ctx_seq ×
// n_seq, so `-c 4096 -np 3` allocates 3 × 1536 = 4608 cells, not 4096.

#include <cstdint>

namespace memplan::llamacpp {

struct SequenceContext {
    std::uint64_t nCtx = 0;           ///< cells in all streams together, as the log prints n_ctx
    std::uint64_t nCtxSeq = 0;        ///< cells one sequence can use (n_ctx_seq)
    std::uint32_t streams = 1;        ///< KV streams: 1 unified, n_seq split
    std::uint64_t cellsPerStream = 0; ///< what one attention pass spans (n_kv at the reserve)
};

SequenceContext sequenceContext(std::uint64_t nCtx, std::uint32_t nSeq, bool unified, std::uint32_t pad = 256);

} // namespace memplan::llamacpp

namespace memplan::llamacpp {

/// Cells of the sliding-window cache in all streams (src/llama-kv-cache-iswa.cpp): per stream
/// min(n_ctx_seq, n_swa × (unified ? n_seq : 1) + n_ubatch) padded like the context, one stream per
/// sequence when split. gpt-oss with 2 split slots therefore holds two windows, not one.
std::uint64_t windowCells(const SequenceContext &c, std::uint64_t window, std::uint32_t nSeq, std::uint64_t ubatch,
                          std::uint32_t pad = 256);

} // namespace memplan::llamacpp
