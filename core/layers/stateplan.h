#pragma once
// How the recurrent state of a model's recurrent layers is sized, and how layers of
// each kind fall on the devices. Pure arithmetic on the resolved model; the
// estimator (or a runtime module) only places the result. The rule itself is the
// runtime's (RuntimeModel::stateRule): the generic one keeps both parts in the
// model dtype, one state per sequence, sharded by tensor parallelism; the ggml
// runtimes and vLLM's hybrid pages differ (their modules in core/runtimes/ say how).

#include "model/modelarch.h"
#include "recurrentstate.h"
#include "runtimes/engine.h"

#include <cstdint>
#include <string>

namespace memplan {

/// Layers of each kind in [first, last) of the model's layer order. A plain transformer
/// (no per-layer list) splits its full and windowed layers in proportion.
LayerKindCounts countLayerKinds(const ModelArchitecture &arch, std::uint32_t first, std::uint32_t last);

struct StateRule {
    std::uint32_t convBytes = 2;            ///< bytes per conv-state element
    std::uint32_t ssmBytes = 2;             ///< bytes per SSM-state element
    std::uint64_t cells = 1;                ///< state copies kept (sequences the runtime reserves for)
    std::uint32_t tp = 1;                   ///< tensor-parallel shards of each state
    Bytes pagePerLayer = 0;                 ///< vLLM: padded page one layer's state occupies; 0 = the state itself
    std::uint64_t attentionBlockTokens = 0; ///< vLLM: attention block size after the hybrid adjustment
};

/// The runtime's rule for this model. modelDtypeBytes the checkpoint's dtype width (2 for bf16);
/// attnBytesPerTokenLayer one attention layer's KV bytes per token on one device (vLLM's
/// page arithmetic), blockTokens the KV block size (vLLM 16).
StateRule stateRuleFor(Engine engine, const ModelArchitecture &arch, std::uint64_t sequences, std::uint32_t tp,
                       std::uint32_t modelDtypeBytes, Bytes attnBytesPerTokenLayer, std::uint64_t blockTokens);

/// Bytes the state of `layers` recurrent layers takes on one device under the rule.
Bytes recurrentStateBytes(const ModelArchitecture &arch, const StateRule &rule, std::uint32_t layers);

/// One sequence's state over all recurrent layers on one device (what one more sequence costs).
Bytes recurrentStatePerSequence(const ModelArchitecture &arch, const StateRule &rule, std::uint32_t layers);

} // namespace memplan
