#include "runtimemodel.h"

#include "estimation/phases.h"
#include "genericactivation.h"
#include "logs/logparser.h"
#include "model/quantformat.h"

#include <algorithm>

namespace memplan {

Bytes RuntimeModel::deviceActivation(const estimation::Plan &pl, std::uint32_t, estimation::PoolBuilder &b) const
{
    if (pl.gpuLayers == 0)
        return 0;
    return runtimes::genericActivation(pl, pl.r.tensorParallel ? pl.gpus : 1, profilesActivation(), b);
}

Bytes RuntimeModel::hostActivation(const estimation::Plan &pl, estimation::PoolBuilder &b) const
{
    if (pl.hostLayers() == 0)
        return 0;
    return runtimes::genericActivation(pl, 1, profilesActivation(), b);
}

estimation::KvPoolSplit RuntimeModel::splitKvPool(const estimation::Plan &pl, const estimation::KvOnPool &kv,
                                                  Bytes poolBytes) const
{
    return estimation::genericKvPoolSplit(pl, kv, poolBytes);
}

Bytes RuntimeModel::loadingTransient(const ResolvedScenario &r, Bytes weightsBytes) const
{
    switch (r.runtime.loading) {
    case LoadingMode::Mmap:
        return 0;
    case LoadingMode::Streaming:
        return std::min<Bytes>(r.runtime.streamingShardBytes, weightsBytes);
    case LoadingMode::FullCopy:
        return weightsBytes;
    }
    return 0;
}

void RuntimeModel::splitLayers(const estimation::Plan &pl, std::uint32_t devices, std::uint32_t *start) const
{
    for (std::uint32_t d = 0; d <= devices; ++d)
        start[d] = static_cast<std::uint32_t>(std::uint64_t(pl.gpuLayers) * d / devices);
}

bool RuntimeModel::runsFormat(const QuantFormat &f) const
{
    return f.family != FormatFamily::Gguf && f.family != FormatFamily::GgufRecipe;
}

std::optional<ReleaseKey> RuntimeModel::parseReleaseName(std::string_view text) const
{
    return parseDottedRelease(text);
}

StateRule RuntimeModel::stateRule(const ModelArchitecture &arch, std::uint64_t sequences, std::uint32_t tp,
                                  std::uint32_t modelDtypeBytes, Bytes, std::uint64_t) const
{
    return genericStateRule(arch, sequences, tp, modelDtypeBytes);
}

StateRule genericStateRule(const ModelArchitecture &a, std::uint64_t sequences, std::uint32_t tp,
                           std::uint32_t modelDtypeBytes)
{
    StateRule r;
    r.cells = std::max<std::uint64_t>(1, sequences);
    r.tp = std::max<std::uint32_t>(1, tp);
    r.convBytes = r.ssmBytes = std::max<std::uint32_t>(1, modelDtypeBytes);
    if (a.recurrent.ssmDtypeBytes)
        r.ssmBytes = a.recurrent.ssmDtypeBytes;
    return r;
}

const SpeedRules &RuntimeModel::speedRules() const
{
    static const SpeedRules none;
    return none;
}

std::vector<std::uint32_t> RuntimeModel::stageLayers(std::uint32_t layers, std::uint32_t stages) const
{
    std::vector<std::uint32_t> out(stages, 0);
    if (stages == 0)
        return out;
    std::fill(out.begin(), out.end(), layers / stages);
    const std::uint32_t remaining = layers % stages;
    for (std::uint32_t i = 2; i < remaining + 2; ++i)
        out[stages - i] += 1;
    return out;
}

std::unique_ptr<RuntimeLogParser> RuntimeModel::makeLogParser() const
{
    return nullptr;
}

void refuseCrossAttention(const ResolvedScenario &r, std::vector<Notice> &refusals)
{
    if (r.model.arch.numCrossLayers() > 0)
        refusals.push_back(makeNotice("refuse.cross_attention", {textArg("runtime", r.runtime.name),
                                                                 textArg("model_type", r.model.arch.modelType)}));
}

} // namespace memplan
