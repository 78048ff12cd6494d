#pragma once
// Which speed a plan may be shown with (issue 34 item 5). A plan that does not fit would not
// run, so its tokens/s are no promise: say so, or give the speed of the nearest plan that
// does run — the same scenario with as many decoder layers on the GPU as fit and the rest in
// host RAM (what llama.cpp's --n-gpu-layers does). The window, the report and the CLI all ask
// here, so none of them shows a speed for a plan that cannot start.

#include "estimate.h"
#include "scenario/resolve.h"

#include <cstdint>

namespace memplan {

struct PlanSpeed {
    enum class Kind {
        Runs,      ///< the plan fits: its own speed (the estimate's)
        Offloaded, ///< it does not fit, but gpuLayers of layers on the GPU does: that plan's speed
        None       ///< it does not fit (or will not start) and no offloaded plan fits either
    };
    Kind kind = Kind::Runs;
    SpeedEstimate speed; ///< Runs: the estimate's; Offloaded: the offloaded plan's; None: unavailable
    std::uint32_t gpuLayers = 0;
    std::uint32_t layers = 0;
};

/// The speed to show for r's estimate e (e must be estimate(r)).
PlanSpeed planSpeed(const ResolvedScenario &r, const Estimate &e);

} // namespace memplan
