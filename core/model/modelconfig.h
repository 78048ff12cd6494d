#pragma once
// Hugging Face config.json <-> ModelArchitecture. Reads the standard keys and
// the family-specific aliases (Falcon's n_layer, Mixtral's num_local_experts,
// DeepSeek's n_routed_experts, Gemma 3's nested text_config, ...). Shape
// details a config does not spell out (Qwen2's q/k/v biases, Gemma's four
// norms per layer) come from model_type.

#include "model/modelarch.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace memplan {

/// Most routed experts a config may declare. Released MoE models route among at
/// most a few hundred (DeepSeek-V3 256, Kimi K2 384); 2^31 experts once passed and
/// counted 1.2e19 parameters, past 64 bits (docs/reliability.md).
inline constexpr std::uint32_t kMaxExperts = 4096;

/// Builds an architecture from config.json keys. Keys it does not know are ignored
/// (config files carry many); missing required keys throw InputError naming the key,
/// prefixed by keyPrefix. Assumptions made for unknown model types go to warnings.
ModelArchitecture architectureFromConfig(const nlohmann::json &config, std::vector<std::string> *warnings = nullptr,
                                         const std::string &keyPrefix = std::string());

/// Applies config.json keys on top of an existing architecture (a preset with a
/// what-if override such as "num_key_value_heads": 1).
ModelArchitecture applyConfigOverrides(ModelArchitecture base, const nlohmann::json &overrides,
                                       const std::string &keyPrefix = std::string());

/// The config.json keys describing arch (the inverse of architectureFromConfig for
/// the keys the engine uses).
nlohmann::json configFromArchitecture(const ModelArchitecture &arch);

/// True when a key is one the engine reads from a model config.
bool isArchitectureKey(const std::string &key);

/// True for config.json keys that change no memory figure (architectures, torch_dtype's
/// companions, token ids, dropout, initialisation ...): a pasted config.json keeps them
/// and the planner ignores them.
bool isIgnoredConfigKey(const std::string &key);

} // namespace memplan
