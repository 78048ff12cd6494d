#pragma once
// Builders shared by the training suites: a training scenario with readable
// defaults and lookups of items by label.

#include "../core/testsupport.h"
#include "estimator.h"

#include <string_view>

namespace memplan::test {

inline Scenario trainingScenario(const std::string &model, TrainingMethod method,
                                 const std::string &runtime = "hf-trainer", const std::string &hardware = "h100-sxm",
                                 std::uint32_t gpus = 1)
{
    Scenario s;
    s.model.preset = model;
    s.hardware.preset = hardware;
    s.hardware.count = gpus;
    s.runtime.preset = runtime;
    s.workload.mode = WorkloadMode::Training;
    s.workload.training.method = method;
    return s;
}

/// Bytes of the items with this label in one pool (0 when absent).
inline Bytes itemBytes(const Estimate &e, std::string_view label, std::uint16_t pool = 0)
{
    Bytes sum = 0;
    for (const Item &it : e.items)
        if (it.pool == pool && it.label == label)
            sum += it.bytes;
    return sum;
}

} // namespace memplan::test
