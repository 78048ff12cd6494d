#include "runtimemodel.h"

#include "estimation/phases.h"
#include "genericactivation.h"
#include "llamacpp/llamacppmodel.h"
#include "mlx/mlxmodel.h"
#include "sglang/sglangmodel.h"
#include "theory/theorymodel.h"
#include "transformers/transformersmodel.h"
#include "vllm/vllmmodel.h"

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

const RuntimeModel &runtimeModel(Engine e)
{
    static const runtimes::TheoryModel theory;
    static const runtimes::LlamaCppModel llamaCpp;
    static const runtimes::OllamaModel ollama;
    static const runtimes::VllmModel vllm;
    static const runtimes::SglangModel sglang;
    static const runtimes::TransformersModel transformers;
    static const runtimes::MlxModel mlx;
    switch (e) {
    case Engine::Theory:
        return theory;
    case Engine::LlamaCpp:
        return llamaCpp;
    case Engine::Ollama:
        return ollama;
    case Engine::Vllm:
        return vllm;
    case Engine::Sglang:
        return sglang;
    case Engine::Transformers:
        return transformers;
    case Engine::Mlx:
        return mlx;
    case Engine::Training:
        return transformers; // a training framework asked for inference runs PyTorch
    }
    return theory;
}

void refuseCrossAttention(const ResolvedScenario &r, std::vector<Notice> &refusals)
{
    if (r.model.arch.numCrossLayers() > 0)
        refusals.push_back(makeNotice("refuse.cross_attention", {textArg("runtime", r.runtime.name),
                                                                 textArg("model_type", r.model.arch.modelType)}));
}

} // namespace memplan
