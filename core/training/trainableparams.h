#pragma once
// Parameter arithmetic of a training run: how many parameters train, how many
// stay frozen and in what storage, and the matrix shapes LoRA and Adafactor
// depend on. Exact integer arithmetic from the architecture (modelarch.h).

#include "model/modelarch.h"
#include "trainingchoice.h"

#include <cstdint>

namespace memplan {

/// One decoder layer's projection matrices (input width, output width).
struct ProjectionShape {
    std::uint64_t in = 0;
    std::uint64_t out = 0;
    std::uint64_t copies = 1; ///< routed experts: one matrix per expert (and shared experts)
};

/// The shape of a target module in one layer (for MoE MLP targets: every expert's copy).
ProjectionShape projectionShape(const ModelArchitecture &a, LoraTarget t, bool moeLayer);

/// LoRA adds A (r x in) and B (out x r) beside each targeted matrix:
/// r x (in + out) per matrix, summed over targets and layers.
std::uint64_t loraTrainableParameters(const ModelArchitecture &a, std::uint32_t rank,
                                      const std::vector<LoraTarget> &targets);

/// LLaMA-Adapter as LitGPT builds it (adapter.py, adapter_v2.py): in every layer from
/// `startLayer` up, a prompt of `promptLength` learned H-wide vectors and one gate per head; v2
/// adds a bias and a scale per output of every linear layer (the output head included) and trains
/// every norm. Throws InputError when the start layer is past the last layer.
std::uint64_t adapterTrainableParameters(const ModelArchitecture &a, const ParameterCounts &pc, bool v2,
                                         std::uint32_t promptLength, std::uint32_t startLayer);

/// Outputs per token of one decoder layer's linear layers (fused q/k/v, o, the MLP's, every
/// routed expert's copy), the widths LLaMA-Adapter v2 gives a bias and a scale.
std::uint64_t layerLinearOutputs(const ModelArchitecture &a, bool moeLayer);

/// Parameters inside the decoder layers' projection matrices (what bitsandbytes quantizes
/// for QLoRA): the layers without their norms.
std::uint64_t linearLayerParameters(const ModelArchitecture &a, const ParameterCounts &pc);

/// Elements Adafactor keeps for a set of matrices: rows + columns each (factored second moment).
std::uint64_t adafactorStateElements(const ModelArchitecture &a, const ParameterCounts &pc, const TrainingChoice &c,
                                     std::uint32_t trainedLayers);

/// The widest projection of a layer, in elements (QLoRA dequantizes one at a time).
std::uint64_t largestProjection(const ModelArchitecture &a);

/// The largest single trainable tensor, in elements: what an optimizer applied inside backward
/// (one parameter at a time) keeps as gradient at most.
std::uint64_t largestTrainableTensor(const ModelArchitecture &a, const TrainingChoice &c);

} // namespace memplan
