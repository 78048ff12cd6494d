// Phases: the model summary and the pools an estimate fills (phases.h).
#include "phases.h"

namespace memplan::estimation {

void summarizeModel(Estimate &e, const Plan &pl, bool withNotices)
{
    const ResolvedScenario &r = pl.r;
    e.model.id = r.model.id;
    e.model.name = r.model.name;
    e.model.computedParameters = r.model.params.total();
    e.model.declaredParameters = r.model.declaredParameters.value_or(0);
    e.model.parameters = r.model.declaredParameters.value_or(e.model.computedParameters);
    e.model.activeParameters = r.model.params.active;
    e.model.weightsBytes = pl.w.layers + pl.w.experts + pl.w.embedding + pl.w.outputHead;
    // Only layers that keep a KV cache count; recurrent layers keep a fixed state instead.
    e.model.kvBytesPerToken = checkedMul(pl.kvPerTokenLayerFull, pl.arch.numKvLayers(), kWhat);
    e.model.recurrentStateBytesPerSequence = recurrentStatePerSequence(pl.arch, pl.state, pl.arch.numRecurrentLayers());
    e.model.assumedArchitecture = pl.arch.assumedArchitecture;
    // A mixed GGUF recipe's size is an average over models, so its bytes are an estimate
    // (the Llama-3-8B Q4_K_M file is 4.89 bits per weight against the table's 4.84).
    // Summed tensor by tensor (core/model/ggufmix.h), a mix is calculated.
    const bool averaged = r.recipeRange || (!r.weightMix && (!r.weightFormat->exact || !r.expertFormat->exact)) ||
                          !r.embeddingFormat->exact || !r.outputFormat->exact;
    e.model.weightsEvidence = r.model.measured ? Evidence::Measured
                              : averaged       ? Evidence::Estimated
                                               : Evidence::Calculated;
    e.model.hypothetical = r.model.hypothetical;
    e.requestedKvTokens = pl.tokens.requestedTokens;
    e.windowedKvTokens = pl.tokens.windowedLayerTokens;
    e.contextTokens = r.workload.contextTokens;
    if (withNotices) {
        e.warnings = r.warnings;
        e.notices = r.notices;
    }
    e.refusals = r.refusals; // the verdict needs them
}

void setUpPools(Estimate &e, const Plan &pl)
{
    const ResolvedScenario &r = pl.r;
    const std::uint32_t devicePools = pl.devicePools();
    e.pools.resize(devicePools + (pl.unified ? 0 : 1));
    for (std::uint32_t i = 0; i < devicePools; ++i) {
        Pool &p = e.pools[i];
        if (pl.unified) {
            p.id = "unified";
            p.name = r.hardware.name;
            p.kind = PoolKind::Unified;
            p.capacityBytes = r.hardware.capacityBytes;
            const Bytes gpuLimit = r.hardware.gpuUsableBytes ? r.hardware.gpuUsableBytes : r.hardware.capacityBytes;
            p.usableBytes = fractionOf(gpuLimit, r.runtime.deviceMemoryFraction);
        } else {
            // Built in place: this runs for every solver step and sweep point, and temporaries cost.
            const std::string index = std::to_string(i);
            p.id.assign("gpu").append(index);
            p.name.reserve(8 + index.size() + r.hardware.name.size());
            p.name.assign("GPU ").append(index).append(" (").append(r.hardware.name).append(")");
            p.kind = PoolKind::Vram;
            p.capacityBytes = r.hardware.capacityBytes;
            // The runtime's fraction is of what the driver reports, and nothing allocates past it.
            p.usableBytes = fractionOf(r.hardware.reportedTotalBytes(), r.runtime.deviceMemoryFraction);
        }
    }
    if (!pl.unified) {
        Pool &h = e.pools[devicePools];
        h.id = "host";
        h.name = pl.cpuOnly ? "Host RAM (CPU only)" : "Host RAM";
        h.kind = PoolKind::Ram;
        h.capacityBytes = r.host.ramBytes;
        h.usableBytes = r.host.ramBytes;
    }
}

void finishPool(Pool &p)
{
    Bytes total = 0;
    for (Bytes g : p.guests)
        total = checkedAdd(total, g, kWhat);
    p.totalBytes = total;
    if (p.loadingPeakBytes < total)
        p.loadingPeakBytes = total;
}

} // namespace memplan::estimation
