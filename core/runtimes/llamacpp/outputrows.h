#pragma once
// How many rows of logits llama.cpp reserves in the compute graph. The worst-case
// graph is built for min(n_ctx, n_ubatch) tokens and min(those tokens, n_outputs_max)
// output rows (src/llama-context.cpp, sched_reserve). n_outputs_max 0 means n_batch:
// llama-cli, llama-completion and programs built on the library that leave it unset
// (node-llama-cpp among them) reserve logits for a whole micro-batch. llama-server sets
// it to its number of slots (tools/server/server-context.cpp, server_output_limits, one
// output per sequence without speculative decoding), so its compute buffer holds one
// logit row per sequence. With a 128k vocabulary that is the 2–4× difference in the
// compute buffer between the two programs.

#include <cstdint>
#include <optional>
#include <string_view>

namespace memplan::llamacpp {

enum class Program { Server, Cli };

/// "llama-server" | "llama-cli" | "llama-completion" | "library" (library and
/// llama-completion behave as llama-cli); nullopt otherwise.
std::optional<Program> parseProgram(std::string_view name);

struct OutputLimits {
    std::uint32_t graphRows = 0;  ///< logit rows in the reserved graph
    std::uint32_t bufferRows = 0; ///< rows of the host output buffer at start-up (one per sequence)
};

/// nOutputsMax: llama.cpp's own n_outputs_max when a scenario sets it (0 = n_batch);
/// unset, the program decides.
OutputLimits outputLimits(Program program, std::uint32_t nSeq, std::uint32_t nBatch, std::uint32_t reserveTokens,
                          std::optional<std::uint32_t> nOutputsMax = std::nullopt);

} // namespace memplan::llamacpp
