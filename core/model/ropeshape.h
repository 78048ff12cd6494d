#pragma once
// How a model rotates positions (RoPE), as config.json states it: rope_scaling (or
// transformers 5's rope_parameters), partial_rotary_factor and Gemma 3's separate base for its
// sliding layers. Llama.cpp computes the rotation on the fly, so none of this changes its
// memory; vLLM and SGLang precompute a cos/sin table per distinct setup, whose length the
// scaling decides (core/runtimes/pytorch/ropetables.h).

#include <cstdint>
#include <optional>
#include <string_view>

namespace memplan {

/// The rope_type values the runtimes' get_rope tell apart by table length.
enum class RopeScaling : std::uint8_t {
    Default,      ///< "default", also "mrope" (vLLM maps it to the default table with sections)
    Linear,       ///< position interpolation: the table spans max_position × factor
    Dynamic,      ///< dynamic NTK: max_position × factor
    Yarn,         ///< original_max_position × factor
    DeepseekYarn, ///< "deepseek_yarn": original_max_position × factor
    Llama3,       ///< max_position
    LongRope,     ///< Phi-3: a short table (original) and a long one (max_position)
};

struct RopeShape {
    RopeScaling scaling = RopeScaling::Default;
    double factor = 1.0;
    std::uint64_t originalMaxPosition = 0; ///< 0 = max_position_embeddings
    double partialRotary = 1.0;            ///< share of each head's dimensions that rotate
    double theta = 0;                      ///< rope_theta (0 = not stated)
    /// Gemma 3: rope_local_base_freq, the base of the sliding layers, which rotate without the
    /// global layers' scaling (0 = every layer shares one setup).
    double localTheta = 0;
    bool operator==(const RopeShape &) const = default;
};

/// The scaling a rope_type (or the older "type") names; nullopt for one the runtimes reject.
std::optional<RopeScaling> parseRopeScaling(std::string_view name);
/// The name config.json uses for it.
const char *ropeScalingName(RopeScaling s);

} // namespace memplan
