#pragma once
// The sizing engine: one resolved scenario in, one Estimate out.
//
// Modelling assumptions (the seeds' inference peak: weights + KV + activation and
// workspace + runtime reserve and fragmentation + loading copies):
//  * Weights = parameters x bits per weight / 8, per part (decoder layers, routed
//    experts, embeddings, output head) so parts can sit in different pools. A file
//    import replaces this with the bytes its header states (evidence: measured).
//  * Decoder layers are uniform: a fraction f of them (rounded to whole layers) runs
//    on the GPU, the rest from host RAM. Several GPUs split the GPU share evenly;
//    with tensor parallelism KV heads are divided across GPUs and replicated when
//    there are fewer KV heads than GPUs.
//  * KV = layers x 2 x KV heads x head dim x bytes x tokens (kvcache.h), with the
//    runtime's allocation rule; a runtime that preallocates a KV pool (vLLM,
//    SGLang) gives it everything left in its budget and the workload fits when its
//    tokens fit in that pool.
//  * Activation, workspace, allocator slack, system share and the loading peak
//    follow the runtime profile's constants (presets/runtimes); they are estimates
//    and carry a low-high range. The `theory` profile sets them all to zero.
//  * Unified memory is one pool: the GPU-side guests must stay within the GPU's
//    working-set limit and everything, the OS included, within the capacity.
// Formula sources are listed in docs/formulas.md.

#include "estimate.h"
#include "scenario/resolve.h"

namespace memplan {

struct EstimateOptions {
    bool items = true; ///< build the explained items (solvers skip them for speed)
    /// Run the speed engine (core/speed). Solver steps and the memory sweep read only the
    /// pools, so they skip it; the estimate's `speed` then stays unavailable.
    bool speed = true;
    /// Copy the resolve-time warnings into the estimate (solver steps and sweeps skip them:
    /// the scenario's own estimate carries them once).
    bool notices = true;
    /// Spell the runtime's launch command (only the scenario's own estimate shows it; the
    /// points of a speed series and the advice's candidates skip the string work).
    bool launchCommand = true;
};

Estimate estimate(const ResolvedScenario &scenario, const EstimateOptions &options = {});

/// Convenience: resolve and estimate in one call.
Estimate estimate(const Scenario &scenario, const PresetCatalog &catalog);

} // namespace memplan
