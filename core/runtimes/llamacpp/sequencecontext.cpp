#include "sequencecontext.h"

#include <algorithm>

namespace memplan::llamacpp {

namespace {
std::uint64_t padUp(std::uint64_t v, std::uint64_t pad)
{
    return (v + pad - 1) / pad * pad;
}
} // namespace

SequenceContext sequenceContext(std::uint64_t nCtx, std::uint32_t nSeq, bool unified, std::uint32_t padding)
{
    const std::uint64_t pad = std::max<std::uint32_t>(1, padding);
    SequenceContext c;
    const std::uint32_t n = std::max<std::uint32_t>(1, nSeq);
    c.nCtx = padUp(std::max<std::uint64_t>(1, nCtx), pad);
    if (unified || n == 1) {
        c.nCtxSeq = c.nCtx;
        c.cellsPerStream = c.nCtx;
        return c;
    }
    c.streams = n;
    c.nCtxSeq = std::max<std::uint64_t>(pad, padUp(c.nCtx / n, pad));
    c.nCtx = c.nCtxSeq * n;
    c.cellsPerStream = c.nCtxSeq;
    return c;
}

} // namespace memplan::llamacpp

namespace memplan::llamacpp {

std::uint64_t windowCells(const SequenceContext &c, std::uint64_t window, std::uint32_t nSeq, std::uint64_t ubatch,
                          std::uint32_t padding)
{
    const std::uint64_t pad = std::max<std::uint32_t>(1, padding);
    const std::uint64_t seqs = c.streams > 1 ? 1 : std::max<std::uint32_t>(1, nSeq);
    const std::uint64_t perStream = padUp(std::min(c.cellsPerStream, window * seqs + ubatch), pad);
    return perStream * c.streams;
}

} // namespace memplan::llamacpp
