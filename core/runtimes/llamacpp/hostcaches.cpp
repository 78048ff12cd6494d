#include "hostcaches.h"

namespace memplan::llamacpp {

HostCaches hostCaches(const HostCacheInput &in)
{
    HostCaches c;
    if (in.program != Program::Server)
        return c;
    if (in.cacheRamMib > 0)
        c.promptCacheLimit = Bytes(in.cacheRamMib) * MiB;
    else if (in.cacheRamMib < 0)
        c.promptCacheLimit = in.kvBytes; // no limit: at least one full cache's worth, said in a warning
    // Checkpoints exist only where the state cannot be rewound: sliding-window or recurrent layers.
    c.checkpoints = checkedMul(checkedMul(Bytes(in.slotCount), in.ctxCheckpoints, "checkpoint bytes"),
                               in.checkpointStateBytes, "checkpoint bytes");
    return c;
}

} // namespace memplan::llamacpp
