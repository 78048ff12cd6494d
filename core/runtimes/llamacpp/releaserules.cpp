#include "releaserules.h"

#include "runtimes/ollama/vendoredllamacpp.h"

namespace memplan::llamacpp {

ReleaseRules releaseRules(const RuntimeRelease &release)
{
    auto since = [&](std::string_view build) { return releaseAtLeast(release, Engine::LlamaCpp, build); };
    ReleaseRules r;
    r.currentGraph = since(kCurrentGraphSince);
    r.kvStreams = since(kKvStreamsSince);
    r.outputLayerFirst = since(kOutputLayerFirstSince);
    r.flashAttnAuto = since(kFlashAttnAutoSince);
    r.ctxCheckpoints = since(kCtxCheckpointsSince);
    r.promptCache = since(kPromptCacheSince);
    r.mlaCache = !since(kMlaLatentSince)  ? MlaCache::PerHead
                 : !since(kMlaVLessSince) ? MlaCache::LatentWithV
                                          : MlaCache::Latent;
    r.repack.online = since(kOnlineRepackSince);
    r.repack.q40Arm = since(kArmQ40RepackSince);
    r.repack.q4kX86 = since(kX86Q4KRepackSince);
    r.repack.q4kI8mm = since(kArmQ4KI8mmSince);
    r.repack.q4kDotprod = since(kArmQ4KDotprodSince);
    r.repack.q80 = since(kArmQ80Since);
    r.repack.q5q6kI8mm = since(kArmQ56I8mmSince);
    r.repack.q5q6kDotprod = since(kArmQ56DotprodSince);
    if (!since(kKvPadRemovedSince)) {
        r.kvPadWithoutFlashAttn = 32;
    } else if (!since(kKvPad256Since)) {
        r.kvPadWithFlashAttn = 1;
        r.kvPadWithoutFlashAttn = 1;
    }
    return r;
}

RuntimeRelease buildRelease(Engine engine, const RuntimeRelease &release)
{
    return engine == Engine::Ollama ? ollama::llamaCppRelease(release) : release;
}

} // namespace memplan::llamacpp
