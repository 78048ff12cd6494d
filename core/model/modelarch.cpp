#include "model/modelarch.h"

#include "bytes.h"
#include "error.h"
#include "layers/mixerparams.h"
#include "model/paramarith.h"

#include <algorithm>
#include <cctype>

namespace memplan {

namespace {

using params::add;
using params::kWhat;
using params::mul;

std::uint64_t ffnParams(const ModelArchitecture &a, std::uint64_t width)
{
    const std::uint64_t h = a.hiddenSize;
    std::uint64_t p = mul(a.gatedMlp ? 3 : 2, mul(h, width));
    if (a.mlpBias)
        p = add(p, (a.gatedMlp ? 2 * width : width) + h);
    return p;
}

std::uint64_t expertParams(const ModelArchitecture &a)
{
    const std::uint64_t width = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
    std::uint64_t p = mul(a.gatedMlp ? 3 : 2, mul(a.hiddenSize, width));
    if (a.expertBias)
        p = add(p, (a.gatedMlp ? 2 * width : width) + a.hiddenSize);
    return p;
}

std::uint64_t attentionParams(const ModelArchitecture &a)
{
    const std::uint64_t h = a.hiddenSize;
    const std::uint64_t heads = a.numAttentionHeads;
    std::uint64_t p = 0;
    if (a.isMla()) {
        const std::uint64_t qkHead = std::uint64_t(a.qkNopeHeadDim) + a.qkRopeHeadDim;
        if (a.qLoraRank)
            p = add(add(mul(h, a.qLoraRank), a.qLoraRank), mul(a.qLoraRank, mul(heads, qkHead)));
        else
            p = mul(h, mul(heads, qkHead));
        p = add(p, mul(h, std::uint64_t(a.kvLoraRank) + a.qkRopeHeadDim));                      // kv_a_proj_with_mqa
        p = add(p, a.kvLoraRank);                                                               // kv_a_layernorm
        p = add(p, mul(a.kvLoraRank, mul(heads, std::uint64_t(a.qkNopeHeadDim) + a.vHeadDim))); // kv_b_proj
        p = add(p, mul(mul(heads, a.vHeadDim), h));                                             // o_proj
        return p;
    }
    const std::uint64_t hd = a.effectiveHeadDim();
    const std::uint64_t qDim = mul(heads, hd);
    const std::uint64_t kvDim = mul(a.kvHeads(), hd);
    p = add(mul(h, qDim), mul(2, mul(h, kvDim))); // q, k, v
    if (a.attentionOutputGate)
        p = add(p, mul(h, qDim)); // q_proj is twice as wide: queries and the sigmoid gate
    p = add(p, mul(qDim, h));     // o
    if (a.qkvBias)
        p = add(p, qDim + 2 * kvDim);
    if (a.outputProjBias)
        p = add(p, h);
    if (a.qkNorm)
        p = add(p, 2 * hd);
    if (a.attentionSinks)
        p = add(p, heads);
    return p;
}

/// Parameters of one MoE FFN block: always-on part (router, shared expert) and one routed expert.
struct MoeBlock {
    std::uint64_t alwaysOn = 0;
    std::uint64_t expert = 0;
};

MoeBlock moeBlock(const ModelArchitecture &a)
{
    const std::uint64_t h = a.hiddenSize;
    MoeBlock m;
    m.expert = expertParams(a);
    const std::uint64_t sharedWidth = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
    m.alwaysOn = mul(h, a.numExperts) + (a.routerBias ? a.numExperts : 0); // router
    // A config names its shared expert either by count (DeepSeek) or by width (Qwen-MoE,
    // Llama 4, which also carries n_shared_experts = 1): count it once.
    if (!a.sharedExpertIntermediateSize)
        m.alwaysOn = add(m.alwaysOn, mul(a.nSharedExperts, ffnParams(a, sharedWidth)));
    else
        m.alwaysOn = add(m.alwaysOn, ffnParams(a, a.sharedExpertIntermediateSize));
    if (a.sharedExpertGate)
        m.alwaysOn = add(m.alwaysOn, h);
    return m;
}

/// Layer by layer for models that list their layer kinds (hybrid and state-space):
/// one norm per sub-block (mixer, FFN), the mixer of the layer's kind, its FFN.
void countListedLayers(const ModelArchitecture &a, ParameterCounts &c, std::uint64_t &activeLayers)
{
    const std::uint64_t h = a.hiddenSize;
    const std::uint64_t normWidth = a.normStyle == NormStyle::LayerNormWithBias ? 2 * h : h;
    const std::uint64_t attention = attentionParams(a);
    const std::uint64_t recurrentMixer = recurrentMixerParams(a.recurrentKind(), a.recurrent, a.hiddenSize);
    const std::uint64_t dense = ffnParams(a, a.intermediateSize);
    const MoeBlock moe = a.isMoe() ? moeBlock(a) : MoeBlock{};
    for (std::size_t i = 0; i < a.layerKinds.size(); ++i) {
        const LayerKind k = a.layerKinds[i];
        const FfnKind f = i < a.ffnKinds.size() ? a.ffnKinds[i] : FfnKind::Dense;
        std::uint64_t layer = 0;
        if (keepsKvCache(k))
            layer = attention;
        else if (keepsCrossCache(k)) // MllamaCrossAttentionDecoderLayer: q/k norms and two tanh gates
            layer = add(attention, 2 * std::uint64_t(a.effectiveHeadDim()) + 2);
        else if (keepsRecurrentState(k))
            layer = add(recurrentMixer, a.parallelAttention ? attention : 0);
        std::uint64_t norms = (k != LayerKind::None ? 1 : 0) + (f != FfnKind::None ? 1 : 0);
        layer = add(layer, mul(norms, normWidth));
        std::uint64_t active = layer;
        if (f == FfnKind::Dense) {
            layer = add(layer, dense);
            active = layer;
        } else if (f == FfnKind::Moe) {
            layer = add(layer, moe.alwaysOn);
            active = add(layer, mul(a.numExpertsPerTok, moe.expert));
            c.routedExperts = add(c.routedExperts, mul(a.numExperts, moe.expert));
        }
        c.layers = add(c.layers, layer);
        activeLayers = add(activeLayers, active);
    }
}

} // namespace

void ModelArchitecture::setLayers(std::vector<LayerKind> mixers, std::vector<FfnKind> ffns)
{
    layerKinds = std::move(mixers);
    ffnKinds = std::move(ffns);
    ffnKinds.resize(layerKinds.size(), FfnKind::Dense);
    kindCounts = LayerKindCounts{};
    for (LayerKind k : layerKinds)
        ++kindCounts.n[static_cast<std::size_t>(k)];
    if (!layerKinds.empty())
        numWindowedLayers = kindCounts.of(LayerKind::SlidingWindow) + kindCounts.of(LayerKind::ChunkedAttention);
}

LayerKind ModelArchitecture::recurrentKind() const
{
    for (LayerKind k :
         {LayerKind::LinearAttention, LayerKind::Mamba, LayerKind::Mamba2, LayerKind::Rwkv, LayerKind::ShortConv})
        if (kindCounts.of(k) > 0)
            return k;
    return LayerKind::None;
}

std::uint32_t ModelArchitecture::numKvLayers() const
{
    if (layerKinds.empty())
        return numHiddenLayers;
    const std::uint32_t attending = kindCounts.of(LayerKind::FullAttention) + kindCounts.of(LayerKind::Mla) +
                                    kindCounts.of(LayerKind::SlidingWindow) +
                                    kindCounts.of(LayerKind::ChunkedAttention) +
                                    (parallelAttention ? numRecurrentLayers() : 0);
    // numWindowedLayers may have been cleared by a runtime that ignores the window; those
    // layers then cache every token and stay KV layers.
    return std::max(attending, numWindowedLayers);
}

std::uint32_t ModelArchitecture::numMoeLayers() const
{
    if (!ffnKinds.empty()) {
        std::uint32_t n = 0;
        for (FfnKind f : ffnKinds)
            n += f == FfnKind::Moe;
        return n;
    }
    if (!isMoe() || numHiddenLayers <= firstKDenseReplace)
        return 0;
    const std::uint32_t step = moeLayerStep ? moeLayerStep : 1;
    return (numHiddenLayers - firstKDenseReplace) / step;
}

bool ModelArchitecture::isMoeLayer(std::uint32_t i) const
{
    if (!ffnKinds.empty())
        return i < ffnKinds.size() && ffnKinds[i] == FfnKind::Moe;
    if (!isMoe() || i < firstKDenseReplace || i >= numHiddenLayers)
        return false;
    const std::uint32_t step = moeLayerStep ? moeLayerStep : 1;
    return (i - firstKDenseReplace + 1) % step == 0;
}

std::uint64_t ModelArchitecture::mlaKeyElements() const
{
    if (mlaCache == MlaCache::PerHead)
        return std::uint64_t(numAttentionHeads) * (qkNopeHeadDim + qkRopeHeadDim);
    return std::uint64_t(kvLoraRank) + qkRopeHeadDim;
}

std::uint64_t ModelArchitecture::mlaValueElements() const
{
    switch (mlaCache) {
    case MlaCache::Latent:
        return 0;
    case MlaCache::LatentWithV:
        return kvLoraRank;
    case MlaCache::PerHead:
        return std::uint64_t(numAttentionHeads) * vHeadDim;
    }
    return 0;
}

std::uint64_t ModelArchitecture::kvElementsPerTokenPerLayer() const
{
    if (isMla())
        return mlaKeyElements() + mlaValueElements();
    return 2ULL * kvHeads() * effectiveHeadDim();
}

void validateArchitecture(const ModelArchitecture &a, const std::string &p)
{
    auto require = [&](bool ok, const char *key, const std::string &reason) {
        if (!ok)
            throw InputError(p + key, reason);
    };
    require(a.numHiddenLayers > 0 && a.numHiddenLayers <= 100000, "num_hidden_layers", "must be between 1 and 100000");
    require(a.hiddenSize > 0 && a.hiddenSize <= 1u << 20, "hidden_size", "must be between 1 and 1048576");
    require(a.numAttentionHeads > 0 && a.numAttentionHeads <= 65536, "num_attention_heads",
            "must be between 1 and 65536");
    require(a.vocabSize > 0, "vocab_size", "must be positive");
    bool denseFfn = a.ffnKinds.empty();
    for (FfnKind f : a.ffnKinds)
        denseFfn = denseFfn || f == FfnKind::Dense;
    require(a.intermediateSize > 0 || a.isMoe() || !denseFfn, "intermediate_size", "must be positive");
    require(a.layerKinds.empty() || a.layerKinds.size() == a.numHiddenLayers, "layer_types",
            "must list one kind per layer (" + std::to_string(a.numHiddenLayers) + ")");
    if (a.numRecurrentLayers() > 0) {
        const RecurrentShape &s = a.recurrent;
        const LayerKind k = a.recurrentKind();
        if (k == LayerKind::ShortConv)
            require(s.dConv > 0, "conv_L_cache", "must be positive for short-convolution layers");
        else if (k == LayerKind::Rwkv)
            require(s.wkvHeadSize > 0, "head_size", "must be positive for RWKV layers");
        else
            require(s.dInner > 0 && s.dState > 0 && s.dConv > 0, "mamba_d_state",
                    "recurrent layers need their state size, inner width and convolution width");
    }
    if (!a.isMla()) {
        require(a.kvHeads() <= a.numAttentionHeads, "num_key_value_heads",
                "cannot exceed num_attention_heads (" + std::to_string(a.numAttentionHeads) + ")");
        require(a.numAttentionHeads % a.kvHeads() == 0, "num_key_value_heads",
                "must divide num_attention_heads (" + std::to_string(a.numAttentionHeads) + ") evenly");
        require(a.effectiveHeadDim() > 0, "head_dim", "must be positive (or hidden_size >= num_attention_heads)");
        if (a.headDim == 0)
            require(a.hiddenSize % a.numAttentionHeads == 0, "head_dim",
                    "is not given and hidden_size is not a multiple of num_attention_heads");
    } else {
        require(a.qkRopeHeadDim > 0 && a.vHeadDim > 0, "qk_rope_head_dim", "MLA needs qk_rope_head_dim and v_head_dim");
    }
    require(a.numWindowedLayers <= a.numHiddenLayers, "layer_types", "more sliding-window layers than layers");
    require(a.numWindowedLayers == 0 || a.slidingWindow > 0, "sliding_window",
            "windowed layers need a positive sliding_window");
    if (a.isMoe()) {
        require(a.numExpertsPerTok > 0 && a.numExpertsPerTok <= a.numExperts, "num_experts_per_tok",
                "must be between 1 and the number of experts");
        require(a.moeIntermediateSize > 0 || a.intermediateSize > 0, "moe_intermediate_size", "must be positive");
    }
}

ParameterCounts countParameters(const ModelArchitecture &a)
{
    validateArchitecture(a);
    ParameterCounts c;
    const std::uint64_t h = a.hiddenSize;
    const std::uint64_t normWidth = a.normStyle == NormStyle::LayerNormWithBias ? 2 * h : h;
    c.embedding = mul(a.vocabSize, h);
    c.outputHead = add(a.tieWordEmbeddings ? 0 : c.embedding, a.lmHeadBias ? a.vocabSize : 0);
    c.finalNorm = normWidth;

    if (a.hasLayerKinds()) {
        std::uint64_t activeListed = 0;
        countListedLayers(a, c, activeListed);
        c.active = add(add(add(c.embedding, c.outputHead), activeListed), c.finalNorm);
        add(add(add(c.embedding, c.outputHead), add(c.layers, c.routedExperts)), c.finalNorm);
        return c;
    }
    const std::uint64_t attention = attentionParams(a);
    const std::uint64_t norms = mul(a.normsPerLayer, normWidth);
    const std::uint64_t denseWidth = a.isMoe() && a.intermediateSizeMlp ? a.intermediateSizeMlp : a.intermediateSize;
    const std::uint64_t denseLayer = add(add(attention, norms), ffnParams(a, denseWidth));

    const std::uint64_t moeLayers = a.numMoeLayers();
    const std::uint64_t denseLayers = a.numHiddenLayers - moeLayers;
    c.layers = mul(denseLayers, denseLayer);
    std::uint64_t activeLayers = c.layers;

    if (moeLayers > 0) {
        const std::uint64_t expert = expertParams(a);
        const std::uint64_t sharedWidth = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
        std::uint64_t alwaysOn = add(attention, norms);
        alwaysOn = add(alwaysOn, mul(h, a.numExperts) + (a.routerBias ? a.numExperts : 0)); // router
        // A config names its shared expert either by count (DeepSeek) or by width (Qwen-MoE,
        // Llama 4, which also carries n_shared_experts = 1): count it once.
        if (!a.sharedExpertIntermediateSize)
            alwaysOn = add(alwaysOn, mul(a.nSharedExperts, ffnParams(a, sharedWidth)));
        else
            alwaysOn = add(alwaysOn, ffnParams(a, a.sharedExpertIntermediateSize));
        if (a.sharedExpertGate)
            alwaysOn = add(alwaysOn, h);
        c.layers = add(c.layers, mul(moeLayers, alwaysOn));
        c.routedExperts = mul(moeLayers, mul(a.numExperts, expert));
        activeLayers = add(activeLayers, mul(moeLayers, add(alwaysOn, mul(a.numExpertsPerTok, expert))));
    }
    c.active = add(add(add(c.embedding, c.outputHead), activeLayers), c.finalNorm);
    // The parts were checked one by one; check their sum once so total() cannot wrap.
    add(add(add(c.embedding, c.outputHead), add(c.layers, c.routedExperts)), c.finalNorm);
    return c;
}

std::string architectureKey(std::string_view name)
{
    std::string k;
    for (const char c : name)
        if (std::isalnum(static_cast<unsigned char>(c)))
            k.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (k.size() > 4 && k.ends_with("text"))
        k.resize(k.size() - 4);
    return k;
}

} // namespace memplan
