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

/// Parameters inside the decoder layers' projection matrices (what bitsandbytes quantizes
/// for QLoRA): the layers without their norms.
std::uint64_t linearLayerParameters(const ModelArchitecture &a, const ParameterCounts &pc);

/// Elements Adafactor keeps for a set of matrices: rows + columns each (factored second moment).
std::uint64_t adafactorStateElements(const ModelArchitecture &a, const ParameterCounts &pc, TrainingMethod method,
                                     std::uint32_t rank, const std::vector<LoraTarget> &targets,
                                     std::uint32_t trainedLayers);

/// The widest projection of a layer, in elements (QLoRA dequantizes one at a time).
std::uint64_t largestProjection(const ModelArchitecture &a);

/// The largest single trainable tensor, in elements: what an optimizer applied inside backward
/// (one parameter at a time) keeps as gradient at most.
std::uint64_t largestTrainableTensor(const ModelArchitecture &a, TrainingMethod method, std::uint32_t rank,
                                     const std::vector<LoraTarget> &targets);

} // namespace memplan
