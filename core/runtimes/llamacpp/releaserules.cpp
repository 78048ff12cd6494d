#include "releaserules.h"

namespace memplan::llamacpp {

ReleaseRules releaseRules(const RuntimeRelease &release)
{
    auto since = [&](std::string_view build) { return releaseAtLeast(release, Engine::LlamaCpp, build); };
    ReleaseRules r;
    r.currentGraph = since(kCurrentGraphSince);
    r.kvStreams = since(kKvStreamsSince);
    r.flashAttnAuto = since(kFlashAttnAutoSince);
    r.ctxCheckpoints = since(kCtxCheckpointsSince);
    r.promptCache = since(kPromptCacheSince);
    return r;
}

} // namespace memplan::llamacpp
