#include "planspeed.h"

#include "estimator.h"
#include "questions/solvers.h"
#include "runtimes/runtimemodel.h"

#include <exception>

namespace memplan {

PlanSpeed planSpeed(const ResolvedScenario &r, const Estimate &e)
{
    PlanSpeed p;
    if (e.fits) {
        p.speed = e.speed;
        return p;
    }
    p.kind = PlanSpeed::Kind::None;
    // Layers move to host RAM only where the runtime offloads whole layers (llama.cpp, Ollama,
    // and the theory profile that models the same), on a machine with a separate GPU; a refusal
    // is about a setting, which fewer GPU layers would not change.
    const bool layerOffload = runtimeModel(r.runtime.engine).offloadsLayersToHost();
    if (!e.willStart() || !layerOffload || r.hardware.kind != HardwareKind::DiscreteGpu)
        return p;
    try {
        const std::optional<std::uint32_t> layers = solveMaxGpuLayers(r);
        if (!layers)
            return p;
        const Estimate offloaded = estimate(withGpuLayers(r, *layers));
        if (!offloaded.fits || !offloaded.speed.available)
            return p;
        p.kind = PlanSpeed::Kind::Offloaded;
        p.speed = offloaded.speed;
        p.gpuLayers = *layers;
        p.layers = r.model.arch.numHiddenLayers;
    } catch (const std::exception &) {
        // an offloaded plan past the engine's limits: no speed rather than a wrong one
    }
    return p;
}

} // namespace memplan
