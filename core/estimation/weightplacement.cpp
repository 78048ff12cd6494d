// Phase: where the weights sit (phases.h). The GPU side holds the last g of L
// decoder layers, host RAM the first ones; a run of layers weighs what the
// file type's mix stores in those layers (core/model/ggufmix.h: the _M mixes
// raise the first and last eighths), else an even share. Routed experts go by
// mixture layer, wherever the plan put each layer's experts (expertlayers.h).
#include "phases.h"

#include "itemids.h"
#include "runtimes/pytorch/ropetables.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace memplan::estimation {

namespace {

/// The factor a stated file size (weights.file_bytes) put on the parts (estimation/plan.cpp
/// scaleToFileSize): a per-model recipe's parts other than the routed experts, or every part of a
/// stock format's file quantized by other rules; none when it was not applied.
void addFileScale(Item &it, const Plan &pl)
{
    if (pl.fileScale == 1.0)
        return;
    if (pl.r.recipeRange)
        it.add("k_file", pl.fileScale, Origin::Scenario,
               "the file's stated size over the recipe's bytes, on every part but the routed experts");
    else
        it.add("k_file", pl.fileScale, Origin::Scenario,
               "the file's stated size over the summed tensors, on every part (quantized by other rules)");
}

/// The bits per weight behind a layers or experts item: the format's, or for a K-quant mix its
/// average over the part's real tensors (core/model/ggufmix.h), which is what the bytes are.
void addBitsPerWeight(Item &it, const Plan &pl, bool experts)
{
    const ResolvedScenario &r = pl.r;
    const char *symbol = experts ? "bpw_e" : "bpw";
    const std::uint64_t params = experts ? pl.pExperts : pl.pLayers;
    if (r.weightMix && params > 0)
        it.add(symbol, 8.0 * double(experts ? pl.w.experts : pl.w.layers) / double(params), Origin::Derived,
               experts ? "bits per expert weight, summed tensor by tensor over the mix"
                       : "bits per weight, summed tensor by tensor over the mix");
    else
        it.add(symbol, (experts ? r.expertFormat : r.weightFormat)->bitsPerWeight(), Origin::Scenario,
               experts ? "bits per expert weight" : "bits per weight");
    if (!experts || !r.recipeRange)
        addFileScale(it, pl);
}

/// The token embedding and the output head (V x H each; a tied model has one table). Shared by
/// `devices` evenly, or under the row split by each device's rows.
void addTableItems(PoolBuilder &b, const Plan &pl, bool embeddingHere, bool outputHere, std::uint32_t devices,
                   std::uint32_t device)
{
    const ResolvedScenario &r = pl.r;
    const bool byRows = pl.rowSplit && devices > 1;
    auto add = [&](std::string_view id, std::string_view label, Bytes total, const QuantFormat &f) {
        const Evidence ev = r.model.measured            ? Evidence::Measured
                            : f.exact && !r.recipeRange ? Evidence::Calculated
                                                        : Evidence::Estimated;
        const Bytes here = byRows ? pl.rowShare(total, device) : share(total, devices, device);
        if (Item *it =
                b.item(id, Guest::Weights, ev, label, byRows ? "V × H × bpw / 8 × s_d" : "V × H × bpw / 8 / N", here)) {
            it->add("V", pl.arch.vocabSize, Origin::Config, "vocabulary");
            it->add("H", pl.arch.hiddenSize, Origin::Config, "hidden size");
            it->add("bpw", f.bitsPerWeight(), Origin::Scenario, "bits per weight");
            addFileScale(*it, pl);
            if (byRows)
                it->add("s_d", pl.rowStart[device + 1] - pl.rowStart[device], Origin::Runtime,
                        "this GPU's share of each matrix's rows (-sm row)");
            else
                it->add("N", devices, Origin::Scenario, "devices sharing it");
        }
    };
    if (embeddingHere)
        add(itemid::kWeightsEmbedding, "token embedding", pl.w.embedding, *r.embeddingFormat);
    if (outputHere)
        add(itemid::kWeightsOutputHead, "output head", pl.w.outputHead, *r.outputFormat);
}

/// The routed experts of `layers` mixture layers (every mixture layer holds the same share).
Bytes expertShare(const Plan &pl, std::uint32_t layers)
{
    return pl.experts.moe ? mulDiv(pl.w.experts, layers, pl.experts.moe, kWhat) : 0;
}

/// The bytes before each layer for one part (the file's blocks, or the mix's types), if known.
const std::vector<Bytes> *profileOf(const Plan &pl, bool experts)
{
    return pl.r.layerProfile(experts, pl.layers);
}

/// `total` between two entries of a profile.
Bytes between(Bytes total, const std::vector<Bytes> &p, std::uint32_t from, std::uint32_t to)
{
    return from < to ? mulDiv(total, p[to], p.back(), kWhat) - mulDiv(total, p[from], p.back(), kWhat) : 0;
}

/// The GPU side's first decoder layer (llama.cpp offloads the last ones).
std::uint32_t firstGpuLayer(const Plan &pl)
{
    return pl.layers - pl.gpuLayers;
}

/// Decoder-layer bytes of the GPU side, all devices together.
Bytes gpuLayerBytes(const Plan &pl)
{
    if (const std::vector<Bytes> *p = profileOf(pl, false))
        return between(pl.w.layers, *p, firstGpuLayer(pl), pl.layers);
    return mulDiv(pl.w.layers, pl.gpuLayers, pl.layers, kWhat);
}

/// Device d's decoder-layer bytes under a layer split: its run of layers.
Bytes deviceLayerBytes(const Plan &pl, std::uint32_t d)
{
    if (const std::vector<Bytes> *p = profileOf(pl, false))
        return between(pl.w.layers, *p, firstGpuLayer(pl) + pl.layerStart[d], firstGpuLayer(pl) + pl.layerStart[d + 1]);
    return pl.layerSplitShare(mulDiv(pl.w.layers, pl.gpuLayers, pl.layers, kWhat), d);
}

/// The routed experts of GPU-side layers [from, to) by the mix's per-layer bytes, when they stay
/// with their layers (those below --n-cpu-moe in host RAM, no tensor override) and so number
/// `matrices`, the plan's count; nullopt otherwise.
std::optional<Bytes> profiledExperts(const Plan &pl, std::uint32_t from, std::uint32_t to, std::uint32_t matrices)
{
    const std::vector<Bytes> *p = profileOf(pl, true);
    if (!p || !pl.r.settings.overrideTensor.empty())
        return std::nullopt;
    const std::uint32_t first = std::max(from, std::min(pl.r.settings.nCpuMoe, to));
    std::uint32_t moe = 0;
    for (std::uint32_t i = first; i < to; ++i)
        moe += pl.arch.isMoeLayer(i);
    if (moe * kExpertMatrices != matrices)
        return std::nullopt;
    return between(pl.w.experts, *p, first, to);
}

/// Device d's routed experts under a layer split; `before` counts the matrices of the GPUs before it.
Bytes deviceExperts(const Plan &pl, std::uint32_t d, std::uint32_t before)
{
    const std::uint32_t first = firstGpuLayer(pl);
    if (const auto b = profiledExperts(pl, first + pl.layerStart[d], first + pl.layerStart[d + 1], pl.experts.on[d]))
        return *b;
    return expertShare(pl, before + pl.experts.on[d]) - expertShare(pl, before);
}

/// Routed-expert bytes on the GPU side, all devices together.
Bytes gpuExpertBytes(const Plan &pl)
{
    if (!pl.layerSplit)
        return profiledExperts(pl, firstGpuLayer(pl), pl.layers, pl.experts.gpu)
            .value_or(expertShare(pl, pl.experts.gpu));
    Bytes sum = 0;
    std::uint32_t before = 0;
    for (std::uint32_t d = 0; d < pl.gpus && d < kMaxDevices; ++d) {
        sum += deviceExperts(pl, d, before);
        before += pl.experts.on[d];
    }
    return sum;
}

} // namespace

namespace {

/// A layer split: whole layers per device, the embedding with the first and the output head
/// with the last (llama.cpp keeps the embedding on the host, embeddingsOnHost).
void placeLayerSplitWeights(PoolBuilder &b, const Plan &pl, std::uint32_t i)
{
    const Evidence ev = b.e.model.weightsEvidence;
    if (pl.rowSplit) {
        // -sm row: the split buffer takes every weight a matrix product reads (attention, dense and
        // shared FFN, router), each GPU its rows of all the GPU-side layers. The norms and biases
        // would stay with the layer's GPU; at a few KiB per layer they are counted with the rows.
        if (Item *it = b.item(itemid::kWeightsLayers, Guest::Weights, ev, "decoder layers",
                              "P_layers × g / L × bpw / 8 × s_d", pl.rowShare(gpuLayerBytes(pl), i))) {
            it->add("P_layers", double(pl.pLayers), Origin::Config, "parameters in decoder layers");
            it->add("g", pl.gpuLayers, Origin::Scenario, "layers on the GPU side");
            it->add("L", pl.layers, Origin::Config, "layers");
            addBitsPerWeight(*it, pl, false);
            it->add("s_d", pl.rowStart[i + 1] - pl.rowStart[i], Origin::Runtime,
                    "this GPU's share of each matrix's rows (-sm row)");
        }
    } else if (Item *it = b.item(itemid::kWeightsLayers, Guest::Weights, ev, "decoder layers",
                                 "P_layers × g_d / L × bpw / 8", deviceLayerBytes(pl, i))) {
        it->add("P_layers", double(pl.pLayers), Origin::Config, "parameters in decoder layers");
        it->add("g_d", pl.layersOn(i), Origin::Runtime, "layers on this device");
        it->add("L", pl.layers, Origin::Config, "layers");
        addBitsPerWeight(*it, pl, false);
    }
    // Each GPU's experts by the layers whose experts it holds (its own, or an override's); the
    // parts and the host's remainder add up to the whole exactly.
    std::uint32_t before = 0;
    for (std::uint32_t d = 0; d < i; ++d)
        before += pl.experts.on[d];
    const Bytes expertBytes = deviceExperts(pl, i, before);
    if (Item *it = b.item(itemid::kWeightsExperts, Guest::Weights, ev, "routed experts",
                          "P_experts × e_d / M × bpw_e / 8", expertBytes)) {
        it->add("P_experts", double(pl.pExperts), Origin::Config, "parameters in routed experts");
        it->add("e_d", pl.experts.on[i], Origin::Runtime, "expert matrices this device holds (3 per mixture layer)");
        it->add("M", pl.experts.moe, Origin::Config, "expert matrices (gate, up, down of each mixture layer)");
        addBitsPerWeight(*it, pl, true);
    }
    // The output head goes with the last device, into its split buffer under the row split.
    if (pl.rowSplit) {
        addTableItems(b, pl, !pl.embedOnHost && i == 0, false, 1, 0);
        addTableItems(b, pl, false, !pl.outputOnHost, pl.gpus, i);
    } else {
        addTableItems(b, pl, !pl.embedOnHost && i == 0, !pl.outputOnHost && i + 1 == pl.gpus, 1, 0);
    }
}

/// The vision tower and projector (core/model/visiontower.h): on the first GPU (shared under tensor
/// parallelism) when layers run there, else in host RAM; BF16 unless an mmproj file was measured.
void addVisionItem(PoolBuilder &b, const Plan &pl, std::uint32_t devices, std::uint32_t device)
{
    if (pl.visionBytes == 0 || (devices == 1 && device != 0))
        return;
    const VisionTower &v = pl.r.model.vision;
    const Evidence ev = v.fileBytes ? Evidence::Measured : Evidence::Calculated;
    if (Item *it =
            b.item(itemid::kWeightsVision, Guest::Weights, ev, "vision tower and projector",
                   v.fileBytes ? "mmproj file / N" : "P_vision × 2 / N", share(pl.visionBytes, devices, device))) {
        it->add("P_vision", double(v.parameters), v.fileBytes ? Origin::File : Origin::Preset,
                "tower and projector parameters");
        it->add("N", devices, Origin::Scenario, "devices sharing it");
    }
}

/// The RoPE cos/sin tables (core/runtimes/pytorch/ropetables.h): whole on every GPU that runs
/// attention layers, since tensor parallelism splits heads, not positions.
void addRopeTablesItem(PoolBuilder &b, const Plan &pl)
{
    if (pl.ropeTableBytes == 0)
        return;
    const runtimes::RopeTables t = runtimes::ropeTables(pl.arch);
    if (Item *it = b.item(itemid::kWeightsRopeTables, Guest::Weights, Evidence::Calculated, "RoPE cos/sin tables",
                          "P_rope × d_rot × b", pl.ropeTableBytes)) {
        it->add("P_rope", double(t.positions), Origin::Config,
                "positions the tables cover (max_position_embeddings, scaled; every distinct setup)");
        it->add("d_rot", t.rotaryDims, Origin::Config, "rotary dimensions per head");
        it->add("b", pl.ropeTableElementBytes, Origin::Runtime, "bytes per table entry");
    }
}

} // namespace

void placeDeviceWeights(PoolBuilder &b, const Plan &pl, std::uint32_t i)
{
    if (pl.layerSplit) {
        placeLayerSplitWeights(b, pl, i);
        if (pl.layersOn(i) > 0)
            addRopeTablesItem(b, pl);
        return;
    }
    const Evidence ev = b.e.model.weightsEvidence;
    const Bytes layerBytes = share(gpuLayerBytes(pl), pl.gpus, i);
    if (Item *it = b.item(itemid::kWeightsLayers, Guest::Weights, ev, "decoder layers",
                          "P_layers × g / L × bpw / 8 / N", layerBytes)) {
        it->add("P_layers", double(pl.pLayers), Origin::Config, "parameters in decoder layers");
        it->add("g", pl.gpuLayers, Origin::Scenario, "layers on the GPU side");
        it->add("L", pl.layers, Origin::Config, "layers");
        addBitsPerWeight(*it, pl, false);
        it->add("N", pl.gpus, Origin::Scenario, "devices sharing them");
    }
    const Bytes expertBytes = share(gpuExpertBytes(pl), pl.gpus, i);
    if (Item *it = b.item(itemid::kWeightsExperts, Guest::Weights, ev, "routed experts",
                          "P_experts × g_e / M × bpw_e / 8 / N", expertBytes)) {
        it->add("P_experts", double(pl.pExperts), Origin::Config, "parameters in routed experts");
        it->add("g_e", pl.experts.gpu, Origin::Runtime, "expert matrices on the GPU side");
        it->add("M", pl.experts.moe, Origin::Config, "expert matrices (gate, up, down of each mixture layer)");
        addBitsPerWeight(*it, pl, true);
        it->add("N", pl.gpus, Origin::Scenario, "devices sharing them");
    }
    addTableItems(b, pl, !pl.embedOnHost, !pl.outputOnHost, pl.gpus, i);
    if (pl.gpuLayers > 0) {
        addVisionItem(b, pl, pl.r.tensorParallel ? pl.gpus : 1, i);
        addRopeTablesItem(b, pl);
    }
}

void placeHostWeights(PoolBuilder &b, const Plan &pl)
{
    const Evidence ev = b.e.model.weightsEvidence;
    const Bytes layerBytes = pl.w.layers - gpuLayerBytes(pl);
    if (Item *it = b.item(itemid::kWeightsLayers, Guest::Weights, ev, "decoder layers",
                          "P_layers × (L − g) / L × bpw / 8", layerBytes)) {
        it->add("P_layers", double(pl.pLayers), Origin::Config, "parameters in decoder layers");
        it->add("L", pl.layers, Origin::Config, "layers");
        it->add("g", pl.gpuLayers, Origin::Scenario, "layers on the GPU side");
        addBitsPerWeight(*it, pl, false);
    }
    const Bytes expertBytes = pl.w.experts - gpuExpertBytes(pl);
    if (Item *it = b.item(itemid::kWeightsExperts, Guest::Weights, ev, "routed experts",
                          "P_experts × h_e / M × bpw_e / 8", expertBytes)) {
        it->add("P_experts", double(pl.pExperts), Origin::Config, "parameters in routed experts");
        it->add("h_e", pl.experts.host, Origin::Runtime, "expert matrices in RAM");
        it->add("M", pl.experts.moe, Origin::Config, "expert matrices (gate, up, down of each mixture layer)");
        addBitsPerWeight(*it, pl, true);
    }
    addTableItems(b, pl, pl.embedOnHost, pl.outputOnHost, 1, 0);
    if (pl.gpuLayers == 0)
        addVisionItem(b, pl, 1, 0);
}

} // namespace memplan::estimation
