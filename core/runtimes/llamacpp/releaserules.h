#pragma once
// What changed in llama.cpp between the releases the planner models, keyed on the
// build (runtime.version). Each boundary is the first build the planner treats as
// having the change; docs/formulas.md ("Runtime releases") lists the pull request,
// its merge date and how the build number was placed. A setting the scenario names
// explicitly (graph_rules, flash_attn, cache_ram, ctx_checkpoints) always wins.

#include "runtimes/release.h"

#include <string_view>

namespace memplan::llamacpp {

/// Build boundaries (llama.cpp release tags).
inline constexpr std::string_view kKvStreamsSince = "b5920";      ///< PR #14363: per-sequence KV streams (kv_unified)
inline constexpr std::string_view kCtxCheckpointsSince = "b6170"; ///< PR #15293: llama-server's SWA context checkpoints
inline constexpr std::string_view kFlashAttnAutoSince = "b6325";  ///< PR #15434: --flash-attn defaults to auto
inline constexpr std::string_view kPromptCacheSince = "b6710";    ///< PR #16391: host-memory prompt cache (--cache-ram)
inline constexpr std::string_view kCurrentGraphSince =
    "b9450"; ///< PR #23861: n_outputs_max (with the GLU and f16-mask graph)

struct ReleaseRules {
    bool currentGraph = true;  ///< n_outputs_max, GLU out of place, f16 mask with flash attention (graph_rules current)
    bool kvStreams = true;     ///< kv_unified exists; false: every sequence shares one cache
    bool flashAttnAuto = true; ///< --flash-attn defaults to auto (on where the backend runs it); false: off
    bool ctxCheckpoints = true; ///< llama-server keeps context checkpoints of SWA/recurrent state
    bool promptCache = true;    ///< llama-server keeps a host-RAM prompt cache (--cache-ram 8192 MiB)
};

/// The rules of a release (the newest when it is unnamed).
ReleaseRules releaseRules(const RuntimeRelease &release);

} // namespace memplan::llamacpp
