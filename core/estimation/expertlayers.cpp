#include "expertlayers.h"

#include <algorithm>

namespace memplan::estimation {

ExpertLayers countExpertLayers(const ResolvedScenario &r, std::uint32_t gpuLayers, std::uint32_t gpus,
                               const std::uint32_t *layerStart)
{
    const ModelArchitecture &a = r.model.arch;
    const RuntimeSettings &st = r.settings;
    const std::uint32_t layers = a.numHiddenLayers;
    const std::uint32_t firstGpuLayer = layers - std::min(layers, gpuLayers);
    gpus = std::clamp<std::uint32_t>(gpus, 1, kMaxDevices);
    ExpertLayers n;
    std::uint32_t device = 0; // the GPU holding layer il under the split, walked forward
    for (std::uint32_t il = 0; il < layers; ++il) {
        if (!a.isMoeLayer(il))
            continue;
        const bool layerOnHost = il < firstGpuLayer;
        // With its layer: --n-cpu-moe N keeps blocks 0 … N−1 on the host; experts_on_host all.
        std::int16_t withLayer = kExpertsOnHost;
        if (!layerOnHost && !r.placement.expertsOnHost && il >= st.nCpuMoe) {
            if (layerStart)
                while (device + 1 < gpus && layerStart[device + 1] <= il - firstGpuLayer)
                    ++device;
            withLayer = std::int16_t(device);
        }
        bool anyOnHost = false;
        for (std::uint32_t m = 0; m < kExpertMatrices; ++m) {
            const std::size_t k = std::size_t(il) * kExpertMatrices + m;
            std::int16_t to = k < st.expertDevice.size() ? st.expertDevice[k] : kExpertsWithLayer;
            to = to == kExpertsWithLayer ? withLayer : to;
            ++n.moe;
            if (to == kExpertsOnHost) {
                ++n.host;
                anyOnHost = true;
                continue;
            }
            ++n.gpu;
            if (layerStart)
                ++n.on[std::min<std::uint32_t>(std::uint32_t(to), gpus - 1)];
        }
        n.hostOfGpuLayers += anyOnHost && !layerOnHost ? 1 : 0;
    }
    return n;
}

} // namespace memplan::estimation
