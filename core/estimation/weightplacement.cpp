// Phase: where the weights sit (phases.h). Decoder layers are uniform, so the
// GPU side takes g of L layers' bytes, split evenly over its devices; host RAM
// takes the remainder.
#include "phases.h"

#include <algorithm>

namespace memplan::estimation {

namespace {

/// The token embedding and the output head (V x H each; a tied model has one table).
void addTableItems(PoolBuilder &b, const Plan &pl, bool embeddingHere, bool outputHere, std::uint32_t devices,
                   std::uint32_t device)
{
    const ResolvedScenario &r = pl.r;
    auto add = [&](std::string_view label, Bytes total, const QuantFormat &f) {
        const Evidence ev = r.model.measured ? Evidence::Measured : f.exact ? Evidence::Calculated : Evidence::Estimated;
        if (Item *it = b.item(Guest::Weights, ev, label, "V × H × bpw / 8 / N", share(total, devices, device))) {
            it->add("V", pl.arch.vocabSize, Origin::Config, "vocabulary");
            it->add("H", pl.arch.hiddenSize, Origin::Config, "hidden size");
            it->add("bpw", f.bitsPerWeight(), Origin::Scenario, "bits per weight");
            it->add("N", devices, Origin::Scenario, "devices sharing it");
        }
    };
    if (embeddingHere)
        add("token embedding", pl.w.embedding, *r.embeddingFormat);
    if (outputHere)
        add("output head", pl.w.outputHead, *r.outputFormat);
}

} // namespace

void placeDeviceWeights(PoolBuilder &b, const Plan &pl, std::uint32_t i)
{
    const ResolvedScenario &r = pl.r;
    const Evidence ev = b.e.model.weightsEvidence;
    const Bytes layerBytes = share(mulDiv(pl.w.layers, pl.gpuLayers, pl.layers, kWhat), pl.gpus, i);
    if (Item *it = b.item(Guest::Weights, ev, "decoder layers", "P_layers × g / L × bpw / 8 / N", layerBytes)) {
        it->add("P_layers", double(pl.pLayers), Origin::Config, "parameters in decoder layers");
        it->add("g", pl.gpuLayers, Origin::Scenario, "layers on the GPU side");
        it->add("L", pl.layers, Origin::Config, "layers");
        it->add("bpw", r.weightFormat->bitsPerWeight(), Origin::Scenario, "bits per weight");
        it->add("N", pl.gpus, Origin::Scenario, "devices sharing them");
    }
    const std::uint32_t expertGpuLayers = pl.layers - std::min(pl.layers, pl.expertHostLayers);
    const Bytes expertBytes = share(mulDiv(pl.w.experts, expertGpuLayers, pl.layers, kWhat), pl.gpus, i);
    if (Item *it = b.item(Guest::Weights, ev, "routed experts", "P_experts × g_e / L × bpw_e / 8 / N", expertBytes)) {
        it->add("P_experts", double(pl.pExperts), Origin::Config, "parameters in routed experts");
        it->add("g_e", expertGpuLayers, Origin::Scenario, "layers whose experts are on the GPU side");
        it->add("L", pl.layers, Origin::Config, "layers");
        it->add("bpw_e", r.expertFormat->bitsPerWeight(), Origin::Scenario, "bits per expert weight");
        it->add("N", pl.gpus, Origin::Scenario, "devices sharing them");
    }
    addTableItems(b, pl, !pl.embedOnHost, !pl.outputOnHost, pl.gpus, i);
}

void placeHostWeights(PoolBuilder &b, const Plan &pl)
{
    const ResolvedScenario &r = pl.r;
    const Evidence ev = b.e.model.weightsEvidence;
    const Bytes layerBytes = pl.w.layers - mulDiv(pl.w.layers, pl.gpuLayers, pl.layers, kWhat);
    if (Item *it = b.item(Guest::Weights, ev, "decoder layers", "P_layers × (L − g) / L × bpw / 8", layerBytes)) {
        it->add("P_layers", double(pl.pLayers), Origin::Config, "parameters in decoder layers");
        it->add("L", pl.layers, Origin::Config, "layers");
        it->add("g", pl.gpuLayers, Origin::Scenario, "layers on the GPU side");
        it->add("bpw", r.weightFormat->bitsPerWeight(), Origin::Scenario, "bits per weight");
    }
    const std::uint32_t expertHost = std::min(pl.layers, pl.expertHostLayers);
    const Bytes expertBytes = pl.w.experts - mulDiv(pl.w.experts, pl.layers - expertHost, pl.layers, kWhat);
    if (Item *it = b.item(Guest::Weights, ev, "routed experts", "P_experts × h_e / L × bpw_e / 8", expertBytes)) {
        it->add("P_experts", double(pl.pExperts), Origin::Config, "parameters in routed experts");
        it->add("h_e", expertHost, Origin::Scenario, "layers whose experts stay in RAM");
        it->add("L", pl.layers, Origin::Config, "layers");
        it->add("bpw_e", r.expertFormat->bitsPerWeight(), Origin::Scenario, "bits per expert weight");
    }
    addTableItems(b, pl, pl.embedOnHost, pl.outputOnHost, 1, 0);
}

} // namespace memplan::estimation
