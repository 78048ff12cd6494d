#include "runtimes/vllm/hybridpages.h"

#include <algorithm>

namespace memplan {

namespace {
constexpr const char *kPagesWhat = "recurrent state";
} // namespace

VllmHybridPages vllmHybridPages(Bytes statePage, Bytes attnPerToken, std::uint64_t blockTokens, std::uint64_t align)
{
    VllmHybridPages p;
    p.statePageBytes = statePage;
    p.attentionBlockTokens = std::max<std::uint64_t>(1, blockTokens);
    if (attnPerToken == 0) {
        // No attention layer: pages are the state itself.
        p.paddedPageBytes = statePage;
        return p;
    }
    align = std::max<std::uint64_t>(1, align);
    const std::uint64_t needed =
        checkedMul(align, ceilDiv(statePage, checkedMul(align, attnPerToken, kPagesWhat)), kPagesWhat);
    p.attentionBlockTokens = std::max(p.attentionBlockTokens, needed);
    p.paddedPageBytes = std::max(statePage, checkedMul(p.attentionBlockTokens, attnPerToken, kPagesWhat));
    return p;
}

} // namespace memplan
