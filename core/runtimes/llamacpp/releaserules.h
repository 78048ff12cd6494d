#pragma once
// What changed in llama.cpp between the releases the planner models, keyed on the
// build (runtime.version). Each boundary is the first build the planner treats as
// having the change; docs/formulas.md ("Runtime releases") lists the pull request,
// its merge date and how the build number was placed. A setting the scenario names
// explicitly (graph_rules, flash_attn, cache_ram, ctx_checkpoints) always wins.

#include "model/modelarch.h"
#include "runtimes/llamacpp/repack.h"
#include "runtimes/release.h"

#include <cstdint>
#include <string_view>

namespace memplan::llamacpp {

/// Build boundaries (llama.cpp release tags). A tag is the commit count of the tree it was
/// built from (daa42288, PR #12801's merge, is the 5,137th commit and tag b5137), so a pull
/// request's boundary is the commit count at its merge, read from llama.cpp's history.
/// Wording that dates a log printing no build: PR #11110 (12 January 2025) renamed the
/// llm_load_print_meta / llm_load_tensors / llama_new_context_with_model lines, PR #15467
/// (21 August 2025) the llama_kv_cache_unified ones (the commit counts at their merges).
inline constexpr std::string_view kLlmLoadWordingUntil = "b4463";
inline constexpr std::string_view kUnifiedKvWordingUntil = "b6233";
/// The llama_context refactor (PR #12181, March 2025) retired the llama_init_from_model and
/// llama_kv_cache_init lines for "llama_context:" and llama_kv_cache_unified ones. Its build is
/// bracketed by the logs in tests/data/runtime-logs: b4701 still prints the old words, b4897 the
/// new, so a log with the old words is older than b4897 (the bound, not the merge).
inline constexpr std::string_view kInitFromModelWordingUntil = "b4897";
/// PR #6017 (13 March 2024, tag b2413): pipeline parallelism over several GPUs (the scheduler keeps
/// n_copies of its inputs). Before it llama_new_context_with_model printed a separate "input buffer
/// size" line and "graph splits (measure)", which date a log that prints no build.
inline constexpr std::string_view kPipelineParallelSince = "b2413";
/// PR #7606 (3 June 2024): OpenMP becomes ggml's CPU thread pool, so the workers persist between
/// graphs; before it every CPU graph created and joined its threads (read by the speed engine).
inline constexpr std::string_view kCpuThreadPoolSince = "b3077";
/// PR #6206 (21 March 2024): the CUDA backend stops page-locking an mmap-ed model
/// (cudaHostRegister); host layers are copied from pageable memory since (read by the speed engine).
inline constexpr std::string_view kMappedModelPageableSince = "b2489";
inline constexpr std::string_view kMlaLatentSince =
    "b5137"; ///< PR #12801: DeepSeek's latent KV cache (K and V latents)
inline constexpr std::string_view kKvStreamsSince = "b5913";      ///< PR #14363: per-sequence KV streams (kv_unified)
inline constexpr std::string_view kCtxCheckpointsSince = "b6160"; ///< PR #15293: llama-server's SWA context checkpoints
inline constexpr std::string_view kFlashAttnAutoSince = "b6325";  ///< PR #15434: --flash-attn defaults to auto
/// ggml-cpu's online repack (core/runtimes/llamacpp/repack.h), read off ggml-org/ci's logs of each
/// merge commit: PR #10446 (7 December 2024, build 4282 = 19d8762a) made the CPU_REPACK (then
/// CPU_AARCH64) buffer type for x86 and Arm; PR #12332 (build 4929 = 3d82dbcb, issue #12481's
/// first bad commit) added Q4_K's x86 layout; PR #12498 (21 March 2025, build 4936 = af04481e)
/// stopped repacking when a GPU is present. Between the first and the last, the host layers of a
/// partial offload were repacked, and the scheduler never hands a repacked weight's product to
/// the GPU (ggml_backend_buft_is_host is false for that buffer type).
inline constexpr std::string_view kArmQ40RepackSince = "b4081"; ///< PR #9921 (1607a5e5, 15 November 2024)
inline constexpr std::string_view kOnlineRepackSince = "b4282";
inline constexpr std::string_view kX86Q4KRepackSince = "b4929";
inline constexpr std::string_view kNoRepackBesideGpuSince = "b4936";
/// PR #15346 (20 August 2025): op offload copies only the experts a micro-batch routes to, not
/// the whole expert tensor (read by the speed engine alone).
inline constexpr std::string_view kUsedExpertsCopySince = "b6220";
inline constexpr std::string_view kPromptCacheSince = "b6723"; ///< PR #16391: host-memory prompt cache (--cache-ram)
/// How many cells n_ctx (and each KV stream) is padded to: 256 with flash attention and 32 without
/// (PR #7257, May 2024), no padding at all (PR #16812, merged 28 October 2025), then 256 again
/// whatever the attention kernel (PR #17046, merged 6 November 2025).
inline constexpr std::string_view kKvPadRemovedSince = "b6868";
inline constexpr std::string_view kKvPad256Since = "b6975";
/// PR #18148 (opened 17 December 2025): -ngl N offloads the output layer first, then N - 1 repeating
/// layers (i_gpu_start = n_layer + 1 - N). Ollama's pin of 16 December 2025 has the older rule, a
/// log of b7972 the newer ("offloading output layer to GPU", then 20 repeating layers for -ngl 21);
/// the build is placed by date between them.
inline constexpr std::string_view kOutputLayerFirstSince = "b7480";
inline constexpr std::string_view kCurrentGraphSince =
    "b9450"; ///< PR #23861: n_outputs_max (with the GLU and f16-mask graph)
/// ggml-cpu's Arm repack layouts for K-quants and Q8_0, placed from the build each pull
/// request's own measurements name (docs/formulas.md, "Runtime releases").
inline constexpr std::string_view kArmQ4KI8mmSince = "b7070";    ///< PR #16739: q4_K_8x8 with i8mm
inline constexpr std::string_view kArmQ4KDotprodSince = "b7200"; ///< PR #17494: q4_K_8x4, dot product only
inline constexpr std::string_view kArmQ80Since = "b7440";        ///< PR #18096: q8_0_4x8 / 4x4
inline constexpr std::string_view kArmQ56I8mmSince = "b7750";    ///< PRs #18860, #18888: q5_K/q6_K_8x8
inline constexpr std::string_view kMlaVLessSince = "b7832";      ///< PR #19067: the latent K alone (no V cache)
inline constexpr std::string_view kArmQ56DotprodSince = "b7950"; ///< PRs #19356, #19360: q5_K/q6_K_8x4
/// PR #19012 (merged 22 January 2026, release b7833): ggml-cpu computes a prompt's flash attention
/// in tiles; before it, every query row ran the one-row (vector) kernel.
inline constexpr std::string_view kTiledCpuFlashAttnSince = "b7833";

struct ReleaseRules {
    bool currentGraph = true; ///< n_outputs_max, GLU out of place, f16 mask with flash attention (graph_rules current)
    bool kvStreams = true;    ///< kv_unified exists; false: every sequence shares one cache
    bool outputLayerFirst = true;         ///< -ngl counts the output layer first (kOutputLayerFirstSince)
    bool flashAttnAuto = true;            ///< --flash-attn defaults to auto (on where the backend runs it); false: off
    bool ctxCheckpoints = true;           ///< llama-server keeps context checkpoints of SWA/recurrent state
    bool promptCache = true;              ///< llama-server keeps a host-RAM prompt cache (--cache-ram 8192 MiB)
    MlaCache mlaCache = MlaCache::Latent; ///< DeepSeek-style layers' cache (new-style GGUF files)
    RepackLayouts repack;                 ///< which CPU layouts the build repacks into
    std::uint32_t kvPadWithFlashAttn = 256;    ///< cells n_ctx is padded to with flash attention
    std::uint32_t kvPadWithoutFlashAttn = 256; ///< and without
};

/// The rules of a release (the newest when it is unnamed).
ReleaseRules releaseRules(const RuntimeRelease &release);

/// The llama.cpp build an engine's release runs: llama.cpp's own, or the tree an Ollama
/// release vendors (core/runtimes/ollama/vendoredllamacpp.h). Compare builds only with this.
RuntimeRelease buildRelease(Engine engine, const RuntimeRelease &release);

} // namespace memplan::llamacpp
