#include "stateplan.h"

#include "runtimes/runtimemodel.h"

#include <algorithm>

namespace memplan {

namespace {
constexpr const char *kStatePlanWhat = "recurrent state";
}

LayerKindCounts countLayerKinds(const ModelArchitecture &a, std::uint32_t first, std::uint32_t last)
{
    LayerKindCounts c;
    last = std::min(last, a.numHiddenLayers);
    if (first >= last)
        return c;
    if (a.hasLayerKinds()) {
        for (std::uint32_t i = first; i < last; ++i)
            ++c.n[static_cast<std::size_t>(a.layerKinds[i])];
        return c;
    }
    const std::uint32_t n = last - first;
    const std::uint32_t windowed =
        static_cast<std::uint32_t>(std::uint64_t(a.numWindowedLayers) * n / std::max(1u, a.numHiddenLayers));
    c.n[static_cast<std::size_t>(a.isMla() ? LayerKind::Mla : LayerKind::FullAttention)] = n - windowed;
    c.n[static_cast<std::size_t>(LayerKind::SlidingWindow)] = windowed;
    return c;
}

StateRule stateRuleFor(Engine engine, const ModelArchitecture &a, std::uint64_t sequences, std::uint32_t tp,
                       std::uint32_t modelDtypeBytes, Bytes attnPerToken, std::uint64_t blockTokens)
{
    return runtimeModel(engine).stateRule(a, sequences, tp, modelDtypeBytes, attnPerToken, blockTokens);
}

Bytes recurrentStatePerSequence(const ModelArchitecture &a, const StateRule &r, std::uint32_t layers)
{
    if (layers == 0 || a.numRecurrentLayers() == 0)
        return 0;
    Bytes perLayer = r.pagePerLayer;
    if (perLayer == 0)
        perLayer = stateBytesPerLayer(stateElementsPerDevice(a.recurrentKind(), a.recurrent, a.hiddenSize, r.tp),
                                      r.convBytes, r.ssmBytes);
    return checkedMul(perLayer, layers, kStatePlanWhat);
}

Bytes recurrentStateBytes(const ModelArchitecture &a, const StateRule &r, std::uint32_t layers)
{
    return checkedMul(recurrentStatePerSequence(a, r, layers), r.cells, kStatePlanWhat);
}

} // namespace memplan
