#include "trainableparams.h"

#include "../bytes.h"
#include "../error.h"

#include <algorithm>
#include <string>

namespace memplan {

ProjectionShape projectionShape(const ModelArchitecture &a, LoraTarget t, bool moeLayer)
{
    const std::uint64_t h = a.hiddenSize;
    const std::uint64_t q = std::uint64_t(a.numAttentionHeads) * a.effectiveHeadDim();
    const std::uint64_t kv = std::uint64_t(a.kvHeads()) * a.effectiveHeadDim();
    std::uint64_t ffn = a.isMoe() && a.intermediateSizeMlp ? a.intermediateSizeMlp : a.intermediateSize;
    std::uint64_t copies = 1;
    if (moeLayer) {
        ffn = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
        copies = a.numExperts + (a.sharedExpertIntermediateSize ? 0 : a.nSharedExperts);
    }
    switch (t) {
    case LoraTarget::Q:
        return {h, q, 1};
    case LoraTarget::K:
        return {h, kv, 1};
    case LoraTarget::V:
        return {h, kv, 1};
    case LoraTarget::O:
        return {q, h, 1};
    case LoraTarget::Gate:
    case LoraTarget::Up:
        return {h, ffn, a.gatedMlp || t == LoraTarget::Up ? copies : 0};
    case LoraTarget::Down:
        return {ffn, h, copies};
    }
    return {};
}

std::uint64_t loraTrainableParameters(const ModelArchitecture &a, std::uint32_t rank,
                                      const std::vector<LoraTarget> &targets)
{
    if (a.isMla())
        throw InputError("training.lora.target_modules",
                         "LoRA shapes of multi-head latent attention (" + a.modelType + ") are not modelled");
    const std::uint64_t moeLayers = a.isMoe() ? a.numMoeLayers() : 0;
    const std::uint64_t denseLayers = a.numHiddenLayers - moeLayers;
    std::uint64_t total = 0;
    for (LoraTarget t : targets) {
        for (bool moe : {false, true}) {
            const std::uint64_t layers = moe ? moeLayers : denseLayers;
            if (layers == 0)
                continue;
            const ProjectionShape s = projectionShape(a, t, moe);
            std::uint64_t perLayer = checkedMul(checkedMul(rank, s.in + s.out), s.copies);
            // A width-named shared expert (Qwen-MoE, Llama 4) is one more targeted MLP.
            if (moe && t >= LoraTarget::Gate && a.sharedExpertIntermediateSize && (a.gatedMlp || t != LoraTarget::Gate))
                perLayer += std::uint64_t(rank) * (a.hiddenSize + a.sharedExpertIntermediateSize);
            total = checkedAdd(total, checkedMul(perLayer, layers));
        }
    }
    return total;
}

std::uint64_t layerLinearOutputs(const ModelArchitecture &a, bool moeLayer)
{
    std::uint64_t n = 0;
    for (LoraTarget t : kAllLoraTargets) {
        const ProjectionShape s = projectionShape(a, t, moeLayer);
        n += s.out * s.copies;
    }
    // A width-named shared expert (Qwen-MoE, Llama 4) is one more MLP.
    if (moeLayer && a.sharedExpertIntermediateSize)
        n += (a.gatedMlp ? 2 : 1) * std::uint64_t(a.sharedExpertIntermediateSize) + a.hiddenSize;
    return n;
}

std::uint64_t adapterTrainableParameters(const ModelArchitecture &a, const ParameterCounts &pc, bool v2,
                                         std::uint32_t promptLength, std::uint32_t startLayer)
{
    if (startLayer >= a.numHiddenLayers)
        throw InputError("training.adapter.start_layer",
                         "must be below the model's " + std::to_string(a.numHiddenLayers) + " layers");
    if (a.isMla())
        throw InputError("training.method", "LLaMA-Adapter's prompt attention over multi-head latent attention (" +
                                                a.modelType + ") is not modelled");
    const std::uint64_t adapted = a.numHiddenLayers - startLayer;
    // adapter_wte (prompt x H) and gating_factor (one per head).
    std::uint64_t total = checkedMul(adapted, std::uint64_t(promptLength) * a.hiddenSize + a.numAttentionHeads);
    if (!v2)
        return total;
    const std::uint64_t moeLayers = a.isMoe() ? a.numMoeLayers() : 0;
    const std::uint64_t dense = a.numHiddenLayers - moeLayers;
    // adapter_bias and adapter_scale: two per output unit of every linear layer.
    std::uint64_t outputs = checkedMul(layerLinearOutputs(a, false), dense);
    if (moeLayers)
        outputs = checkedAdd(outputs, checkedMul(layerLinearOutputs(a, true), moeLayers));
    outputs = checkedAdd(outputs, a.vocabSize); // the output head is an AdapterV2Linear too
    total = checkedAdd(total, checkedMul(outputs, 2));
    // Every norm trains (weight, and bias for LayerNorm).
    const std::uint64_t normWidth = a.normStyle == NormStyle::LayerNormWithBias ? 2ULL * a.hiddenSize : a.hiddenSize;
    total = checkedAdd(total, checkedMul(std::uint64_t(a.numHiddenLayers) * a.normsPerLayer, normWidth));
    return checkedAdd(total, pc.finalNorm);
}

std::uint64_t linearLayerParameters(const ModelArchitecture &a, const ParameterCounts &pc)
{
    const std::uint64_t normWidth = a.normStyle == NormStyle::LayerNormWithBias ? 2ULL * a.hiddenSize : a.hiddenSize;
    const std::uint64_t norms = std::uint64_t(a.numHiddenLayers) * a.normsPerLayer * normWidth;
    return saturatingSub(pc.layers + pc.routedExperts, norms);
}

std::uint64_t adafactorStateElements(const ModelArchitecture &a, const ParameterCounts &pc, const TrainingChoice &c,
                                     std::uint32_t trainedLayers)
{
    const TrainingMethod method = c.method;
    const std::uint32_t rank = c.loraRank;
    const std::vector<LoraTarget> &targets = c.loraTargets;
    if (isAdapterMethod(method)) {
        // The prompt tables are factored (prompt + H per layer); every other adapter tensor is a vector.
        const std::uint64_t adapted = a.numHiddenLayers - std::min(c.adapterStartLayer, a.numHiddenLayers);
        const std::uint64_t all = adapterTrainableParameters(a, pc, method == TrainingMethod::AdapterV2,
                                                             c.adapterPromptLength, c.adapterStartLayer);
        return all - adapted * c.adapterPromptLength * a.hiddenSize + adapted * (c.adapterPromptLength + a.hiddenSize);
    }
    const std::uint64_t moeLayers = a.isMoe() ? a.numMoeLayers() : 0;
    auto perLayer = [&](bool moe, const std::vector<LoraTarget> &ts, bool lora) {
        std::uint64_t n = 0;
        for (LoraTarget t : ts) {
            const ProjectionShape s = projectionShape(a, t, moe);
            // LoRA: A is r x in (r + in), B is out x r (out + r).
            n += s.copies * (lora ? s.in + s.out + 2ULL * rank : s.in + s.out);
        }
        return n;
    };
    const bool lora = method == TrainingMethod::Lora || method == TrainingMethod::Qlora;
    const std::vector<LoraTarget> all(std::begin(kAllLoraTargets), std::end(kAllLoraTargets));
    const std::vector<LoraTarget> &ts = lora ? targets : all;
    const std::uint64_t layers = lora ? a.numHiddenLayers : trainedLayers;
    const std::uint64_t moeShare = a.numHiddenLayers ? mulDiv(layers, moeLayers, a.numHiddenLayers) : 0;
    std::uint64_t n =
        checkedMul(perLayer(false, ts, lora), layers - moeShare) + checkedMul(perLayer(true, ts, lora), moeShare);
    if (!lora) {
        // Norm vectors are not factored: one element per parameter.
        n += std::uint64_t(layers) * a.normsPerLayer * a.hiddenSize + pc.finalNorm;
        // The output head (and the embedding when full fine-tuning trains it) are V x H matrices.
        const std::uint64_t tables = (pc.outputHead ? 1 : 0) + (method == TrainingMethod::Full ? 1 : 0);
        n += tables * (std::uint64_t(a.vocabSize) + a.hiddenSize);
    }
    return n;
}

std::uint64_t largestProjection(const ModelArchitecture &a)
{
    std::uint64_t best = 0;
    for (LoraTarget t : kAllLoraTargets) {
        const ProjectionShape s = projectionShape(a, t, false);
        best = std::max(best, s.in * s.out);
    }
    return best;
}

std::uint64_t largestTrainableTensor(const ModelArchitecture &a, const TrainingChoice &c)
{
    const TrainingMethod method = c.method;
    if (isAdapterMethod(method)) {
        // A prompt table, or v2's bias or scale over the head's outputs.
        const std::uint64_t prompt = std::uint64_t(c.adapterPromptLength) * a.hiddenSize;
        return method == TrainingMethod::AdapterV2 ? std::max<std::uint64_t>(prompt, a.vocabSize) : prompt;
    }
    const std::uint32_t rank = c.loraRank;
    const std::vector<LoraTarget> &targets = c.loraTargets;
    if (method == TrainingMethod::Lora || method == TrainingMethod::Qlora) {
        std::uint64_t best = 0;
        for (LoraTarget t : targets) {
            const ProjectionShape s = projectionShape(a, t, false);
            best = std::max(best, std::uint64_t(rank) * std::max(s.in, s.out)); // A is r x in, B is out x r
        }
        return best;
    }
    return std::max(largestProjection(a), std::uint64_t(a.vocabSize) * a.hiddenSize); // the embedding or head
}

} // namespace memplan
