#include "kvgroups.h"

#include <algorithm>
#include <initializer_list>

namespace memplan::vllm {

namespace {
constexpr const char *kBlockPoolWhat = "vLLM KV block pool";

std::uint64_t statePagesPerRequest(const RequestShape &s)
{
    switch (s.mambaMode) {
    case MambaCacheMode::None:
        return 1;
    case MambaCacheMode::Align:
        return 2;
    case MambaCacheMode::All:
        return ceilDiv(s.maxModelLen, std::max<std::uint64_t>(1, s.blockTokens));
    }
    return 1;
}
} // namespace

bool parseMambaCacheMode(std::string_view text, MambaCacheMode &out)
{
    if (text == "none")
        out = MambaCacheMode::None;
    else if (text == "align")
        out = MambaCacheMode::Align;
    else if (text == "all")
        out = MambaCacheMode::All;
    else
        return false;
    return true;
}

KvGroups kvGroups(const LayerKindsOnWorker &l)
{
    KvGroups g;
    std::uint32_t smallest = 0, largest = 0;
    for (std::uint32_t n : {l.full, l.windowed, l.recurrent})
        if (n > 0) {
            smallest = smallest ? std::min(smallest, n) : n;
            largest = std::max(largest, n);
        }
    if (smallest == 0)
        return g;
    // Kinds of nearly equal size are padded up to the larger one rather than split.
    g.groupSize = double(largest) < 1.5 * double(smallest) ? largest : smallest;
    auto groupsOf = [&](std::uint32_t n) { return static_cast<std::uint32_t>(ceilDiv(n, g.groupSize)); };
    g.fullGroups = groupsOf(l.full);
    g.windowedGroups = groupsOf(l.windowed);
    g.stateGroups = groupsOf(l.recurrent);
    return g;
}

namespace {
/// SlidingWindowSpec: the window plus the tokens a prefill step adds before it slides, never
/// more than the context, and one block for the window's misalignment.
std::uint64_t windowBlocks(const RequestShape &s)
{
    const std::uint64_t windowTokens =
        std::min<std::uint64_t>(s.slidingWindow ? s.slidingWindow - 1 + s.batchedTokens : 0, s.maxModelLen);
    return ceilDiv(windowTokens, std::max<std::uint64_t>(1, s.blockTokens)) + 1;
}
} // namespace

std::uint64_t blocksPerRequest(const KvGroups &g, const RequestShape &s)
{
    return std::uint64_t(g.fullGroups) * ceilDiv(s.maxModelLen, std::max<std::uint64_t>(1, s.blockTokens)) +
           std::uint64_t(g.windowedGroups) * windowBlocks(s) + std::uint64_t(g.stateGroups) * statePagesPerRequest(s);
}

std::uint64_t blocksForWorkload(const KvGroups &g, const RequestShape &s, std::uint64_t fullTokens,
                                std::uint64_t sequences)
{
    const std::uint64_t perRequest =
        std::uint64_t(g.windowedGroups) * windowBlocks(s) + std::uint64_t(g.stateGroups) * statePagesPerRequest(s);
    return std::uint64_t(g.fullGroups) * ceilDiv(fullTokens, std::max<std::uint64_t>(1, s.blockTokens)) +
           checkedMul(perRequest, sequences, kBlockPoolWhat);
}

PoolCapacity poolCapacity(Bytes pool, Bytes pageBytes, const KvGroups &g, const RequestShape &s,
                          bool tokensFromConcurrency)
{
    PoolCapacity c;
    const Bytes blockBytes = checkedMul(pageBytes, g.groupSize, kBlockPoolWhat);
    if (blockBytes == 0 || g.groups() == 0)
        return c;
    c.blocks = pool / blockBytes;
    c.blocksPerRequest = blocksPerRequest(g, s);
    c.concurrency = c.blocksPerRequest ? double(c.blocks) / double(c.blocksPerRequest) : 0;
    if (tokensFromConcurrency) {
        c.tokens = static_cast<std::uint64_t>(c.concurrency * double(s.maxModelLen));
    } else {
        // The smallest block size over the groups: the attention block, or for a model of
        // recurrent layers alone the state's, which is the whole context outside "all" mode.
        const bool attention = g.fullGroups + g.windowedGroups > 0;
        const std::uint64_t block =
            attention || s.mambaMode == MambaCacheMode::All ? s.blockTokens : std::max<std::uint64_t>(1, s.maxModelLen);
        c.tokens = checkedMul(c.blocks / g.groups(), block, kBlockPoolWhat);
    }
    return c;
}

Bytes statePagesBytes(const KvGroups &g, const RequestShape &s, Bytes pageBytes, std::uint64_t sequences)
{
    const Bytes perRequest =
        checkedMul(checkedMul(std::uint64_t(g.stateGroups) * statePagesPerRequest(s), g.groupSize, kBlockPoolWhat),
                   pageBytes, kBlockPoolWhat);
    return checkedMul(perRequest, sequences, kBlockPoolWhat);
}

} // namespace memplan::vllm
