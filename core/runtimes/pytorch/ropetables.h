#pragma once
// The cos/sin tables vLLM and SGLang build when a model is created. Their get_rope keeps one
// RotaryEmbedding per distinct setup (head size, rotary dims, max position, base, scaling), and
// each precomputes cos and sin for every position it may see: a [positions, rotary_dim] buffer
// on every GPU that runs attention, allocated with the weights, so the "Model loading took" and
// "Load weight end" figures include it. Its length comes from the scaling (vLLM's
// rotary_embedding/*.py): linear and dynamic NTK multiply max_position_embeddings by the
// factor, YaRN multiplies the original length, Phi-3's longrope keeps a short and a long table.
// The tables are built for the config's length whatever --max-model-len says (vLLM PR #44738,
// which would have trimmed them, was closed unmerged).

#include "bytes.h"
#include "model/modelarch.h"

#include <cstdint>

namespace memplan::runtimes {

struct RopeTables {
    std::uint32_t tables = 0;     ///< distinct setups (Gemma 3: the sliding and the global layers)
    std::uint64_t positions = 0;  ///< rows of all tables together
    std::uint32_t rotaryDims = 0; ///< columns: cos and sin of rotary_dim / 2 frequencies each
    std::uint64_t elements() const { return checkedMul(positions, rotaryDims, "RoPE table"); }
};

/// The tables of a model, or none when no layer rotates (state-space layers only, Jamba's
/// attention, which has no positional encoding) or the config states no maximum position.
RopeTables ropeTables(const ModelArchitecture &a);
/// Their bytes on one GPU at `elementBytes` per entry (the runtime's table dtype).
Bytes ropeTableBytes(const ModelArchitecture &a, std::uint32_t elementBytes);

} // namespace memplan::runtimes
