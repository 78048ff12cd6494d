#pragma once
// What llama-server keeps in host RAM beside the model and the KV cache
// (tools/server/server-task.cpp, server_prompt_cache; tools/server/server-context.cpp):
//  - the prompt cache (--cache-ram N MiB, default 8192; -1 no limit, 0 off): the KV
//    state of finished prompts, saved so that a later request with the same prefix
//    starts from it. It fills up to the limit as requests come and go;
//  - context checkpoints (--ctx-checkpoints N, default 32 per slot): for models whose
//    cache cannot be rolled back token by token (sliding-window and recurrent layers),
//    copies of a slot's sliding-window / recurrent state taken as the prompt advances.
// llama-cli keeps neither.

#include "bytes.h"
#include "outputrows.h"

#include <cstdint>

namespace memplan::llamacpp {

constexpr std::int64_t kDefaultCacheRamMib = 8192;
constexpr std::uint32_t kDefaultCtxCheckpoints = 32;

struct HostCacheInput {
    Program program = Program::Server;
    std::int64_t cacheRamMib = kDefaultCacheRamMib;
    std::uint32_t ctxCheckpoints = kDefaultCtxCheckpoints;
    std::uint32_t slotCount = 1;    // not "slots": a Qt keyword in the test that includes this
    Bytes kvBytes = 0;              ///< the whole KV cache (bounds an unlimited prompt cache)
    Bytes checkpointStateBytes = 0; ///< one sequence's sliding-window and recurrent state; 0 for none
};

struct HostCaches {
    Bytes promptCacheLimit = 0; ///< most the prompt cache holds once full
    Bytes checkpoints = 0;      ///< every slot's checkpoints when all are taken
};

HostCaches hostCaches(const HostCacheInput &in);

} // namespace memplan::llamacpp
