#pragma once
// Where each mixture layer's routed experts sit: with their layer, in host RAM (the layer is
// there, --n-cpu-moe, or a tensor override says CPU) or on the GPU an override names. Counted
// once per estimate, so the weights, the compute buffers and the speed engine agree.

#include "scenario/resolve.h"

#include <array>
#include <cstdint>

namespace memplan::estimation {

inline constexpr std::uint32_t kMaxDevices = 64; ///< hardware.count's upper bound (resolve.cpp)

/// Counted in expert matrices, three per mixture layer (gate, up and down: a tensor override
/// may move one of them alone), each a third of the layer's routed-expert bytes.
inline constexpr std::uint32_t kExpertMatrices = 3;

struct ExpertLayers {
    std::uint32_t moe = 0;             ///< expert matrices: 3 × layers with routed experts
    std::uint32_t host = 0;            ///< of them, in host RAM
    std::uint32_t gpu = 0;             ///< on the GPU side, all GPUs together
    std::uint32_t hostOfGpuLayers = 0; ///< layers the GPU side computes with experts in host RAM
    /// Per GPU under a layer split (filled when the layer starts are given), else zero.
    std::array<std::uint32_t, kMaxDevices> on{};
};

/// Counts for a discrete-GPU placement with gpuLayers decoder layers offloaded (the last ones).
/// layerStart, when given, holds `gpus + 1` starts of each GPU's run of GPU-side layers
/// (Plan::layerStart); without it the GPU-side experts are counted in `gpu` only.
ExpertLayers countExpertLayers(const ResolvedScenario &r, std::uint32_t gpuLayers, std::uint32_t gpus,
                               const std::uint32_t *layerStart);

} // namespace memplan::estimation
