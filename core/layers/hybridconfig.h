#pragma once
// Reads the per-layer kinds and the recurrent mixer's shape of hybrid and state-space
// checkpoints from the config.json keys they really use:
//   layer_types            Qwen3-Next / Qwen3.5, Granite 4.0-H, Bamba, LFM2, Gemma ("linear_attention", "mamba",
//   "conv", ...) layers_block_type      Nemotron-H (newer), Jamba ("mamba", "attention", "mlp", "moe")
//   hybrid_override_pattern Nemotron-H ("M" Mamba-2, "*" attention, "-" MLP, "E" MoE)
//   attn_layer_period/offset, expert_layer_period/offset   Jamba
//   full_attention_interval Qwen3-Next / Qwen3.5 when layer_types is absent
//   attn_layer_indices     Bamba;  full_attn_idxs  LFM2 (first release)
// and the mamba_* / ssm_* / linear_* / conv_* dimensions. Falcon-H1 runs attention and
// Mamba-2 side by side in every layer; Mamba / Mamba-2 / Codestral Mamba have no attention.

#include "model/modelarch.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace memplan {

/// True for model types whose layers this file reads (the recurrent ones).
bool isRecurrentModelType(const std::string &modelType);

/// Fills a.layerKinds / ffnKinds / recurrent / parallelAttention from the config. A model
/// type without recurrent layers whose config lists only attention kinds is left alone.
/// Throws InputError naming the key for an unknown layer kind, for keys of a recurrent
/// mixer the planner does not know, and for recurrent keys on a model type it cannot model.
void readLayerKinds(const nlohmann::json &config, ModelArchitecture &a, const std::string &keyPrefix);

/// Keys read by readLayerKinds (accepted in a scenario's inline model config).
bool isLayerConfigKey(const std::string &key);

/// Writes the keys readLayerKinds needs to rebuild a.layerKinds and a.recurrent.
void writeLayerKinds(const ModelArchitecture &a, nlohmann::json &config);

} // namespace memplan
