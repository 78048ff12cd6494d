#include "releaserules.h"

#include <algorithm>

namespace memplan::vllm {

ReleaseRules releaseRules(const RuntimeRelease &release)
{
    ReleaseRules r;
    r.v1Engine = releaseAtLeast(release, Engine::Vllm, kV1EngineSince);
    r.profiledCudaGraphs = releaseAtLeast(release, Engine::Vllm, kProfiledCudaGraphsSince);
    r.tokensFromConcurrency = releaseAtLeast(release, Engine::Vllm, kTokensFromConcurrencySince);
    r.crossAttentionModels = !releaseAtLeast(release, Engine::Vllm, kCrossAttentionDroppedIn);
    return r;
}

std::uint64_t v0BatchedTokens(std::uint64_t maxModelLen)
{
    return std::max<std::uint64_t>(maxModelLen, 2048);
}

} // namespace memplan::vllm
