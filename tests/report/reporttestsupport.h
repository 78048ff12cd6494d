#pragma once
// Shared by the chart and report suites: the shipped presets and a scenario
// that overflows both the GPU and host RAM.

#include "../core/testsupport.h"

namespace memplan::test {

inline const PresetCatalog &catalog()
{
    return shippedCatalog();
}

/// Llama 3.1 70B in f16 with half its layers on one RTX 4090: over capacity on the GPU and in RAM.
inline Scenario overCapacityOffload()
{
    Scenario s = defaultScenario();
    s.name = "Llama 3.1 70B f16, half offloaded";
    s.model.preset = "llama-3.1-70b";
    s.weights.format = "f16";
    s.placement.gpuLayerFraction = 0.5;
    return s;
}

} // namespace memplan::test
