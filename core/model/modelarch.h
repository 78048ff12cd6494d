#pragma once
// A decoder-only transformer described by the Hugging Face config.json keys the
// sizing engine needs. Member names follow the config keys (camelCase here,
// snake_case in JSON); see modelconfig.h for the JSON mapping.

#include "layers/layerkind.h"
#include "layers/recurrentstate.h"
#include "model/ropeshape.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

enum class NormStyle {
    Rms,               ///< one weight vector per norm (Llama, Mistral, Qwen, ...)
    LayerNormWithBias, ///< weight and bias (Falcon)
};

/// What a latent-attention (MLA) layer keeps per token. Latent: the compressed K (r_kv + d_rope)
/// alone (vLLM, SGLang, llama.cpp from b7832). LatentWithV: that beside a latent V of r_kv
/// (llama.cpp b5137 to b7831). PerHead: every head's decompressed K (d_nope + d_rope) and V (d_v),
/// as llama.cpp kept it before b5137 and still does for GGUF files converted before then.
enum class MlaCache : std::uint8_t { Latent, LatentWithV, PerHead };

struct ModelArchitecture {
    std::string modelType = "llama";
    std::uint32_t numHiddenLayers = 0;
    std::uint32_t hiddenSize = 0;
    std::uint32_t intermediateSize = 0;
    std::uint32_t numAttentionHeads = 0;
    std::uint32_t numKeyValueHeads = 0; ///< 0 = same as numAttentionHeads (MHA)
    std::uint32_t headDim = 0;          ///< 0 = hiddenSize / numAttentionHeads
    std::uint32_t vocabSize = 0;
    bool tieWordEmbeddings = false;
    double attnLogitSoftcapping = 0; ///< Gemma 2: scores pass c × tanh(s / c) before the softmax (0 = none)
    std::uint64_t maxPositionEmbeddings = 0;
    RopeShape rope; ///< rope_scaling and friends: vLLM's and SGLang's cos/sin tables depend on them

    // Shape details that change the parameter count.
    bool qkvBias = false;        ///< biases on q, k, v projections (Qwen2, GLM-4)
    bool outputProjBias = false; ///< bias on the attention output projection (gpt-oss)
    bool mlpBias = false;
    bool lmHeadBias = false;         ///< bias on the output head (Phi-1/1.5/2)
    bool gatedMlp = true;            ///< gate+up+down (SwiGLU/GeGLU) vs up+down (Falcon)
    std::uint32_t normsPerLayer = 2; ///< Gemma 2/3 have four
    bool parallelResidual = false;   ///< attention and MLP both read the layer input (GPT-NeoX, Falcon, Phi)
    bool qkNorm = false;             ///< per-head q/k RMSNorm (Qwen3, Gemma 3)
    NormStyle normStyle = NormStyle::Rms;
    bool attentionSinks = false; ///< one learned scalar per head and layer (gpt-oss)

    // Mixture of experts. numExperts == 0 means a dense model.
    std::uint32_t numExperts = 0;                   ///< routed experts per MoE layer
    std::uint32_t numExpertsPerTok = 0;             ///< routed experts active per token
    std::uint32_t moeIntermediateSize = 0;          ///< per-expert FFN width (0 = intermediateSize)
    std::uint32_t nSharedExperts = 0;               ///< always-on experts of width moeIntermediateSize (DeepSeek)
    std::uint32_t sharedExpertIntermediateSize = 0; ///< one always-on expert of this width (Qwen-MoE, Llama 4)
    bool sharedExpertGate = false;                  ///< Qwen2-MoE gates its shared expert with a 1-wide projection
    std::uint32_t firstKDenseReplace = 0;           ///< the first k layers are dense (DeepSeek)
    std::uint32_t moeLayerStep = 1;                 ///< every n-th layer is MoE (Llama 4 Maverick: 2)
    std::uint32_t intermediateSizeMlp = 0;          ///< width of dense layers in a MoE model (0 = intermediateSize)
    bool routerBias = false;
    bool expertBias = false;

    // Multi-head latent attention (DeepSeek V2/V3, Kimi K2). kvLoraRank > 0 enables it.
    std::uint32_t kvLoraRank = 0;
    std::uint32_t qLoraRank = 0; ///< 0 = queries are not compressed
    std::uint32_t qkRopeHeadDim = 0;
    std::uint32_t qkNopeHeadDim = 0;
    std::uint32_t vHeadDim = 0;
    /// How the runtime caches a latent-attention layer (set by the runtime, default the latent alone).
    MlaCache mlaCache = MlaCache::Latent;

    // Local attention: numWindowedLayers layers only ever attend to (and cache) the
    // last slidingWindow tokens. Chunked attention (Llama 4) is counted the same way.
    std::uint64_t slidingWindow = 0;
    std::uint32_t numWindowedLayers = 0;

    // Hybrid and state-space models (core/layers/). Empty layerKinds means a plain
    // transformer: every layer attends, numWindowedLayers of them through a window.
    std::vector<LayerKind> layerKinds; ///< sequence mixer of each layer, in order
    std::vector<FfnKind> ffnKinds;     ///< FFN of each layer (same length as layerKinds)
    LayerKindCounts kindCounts;        ///< layerKinds counted once (setLayers keeps them in step)
    RecurrentShape recurrent;          ///< shape of the recurrent layers' mixer and state
    bool parallelAttention = false;    ///< Falcon-H1: every recurrent layer also runs full attention
    /// Llama 3.2 Vision: the image tokens each cross-attention layer keeps K and V of, per
    /// sequence (max_num_tiles x ((image_size / patch_size)^2 + 1)).
    std::uint64_t crossAttentionTokens = 0;
    bool attentionOutputGate = false; ///< Qwen3-Next, Qwen3.5: q_proj also yields an output gate
    /// The model type is not one the planner knows; the shapes were read as a Llama-style
    /// decoder from the standard keys and every estimate says so.
    bool assumedArchitecture = false;

    bool operator==(const ModelArchitecture &) const = default;

    /// Sets the per-layer kinds and recounts them (numWindowedLayers included).
    void setLayers(std::vector<LayerKind> mixers, std::vector<FfnKind> ffns);
    bool hasLayerKinds() const { return !layerKinds.empty(); }
    std::uint32_t numRecurrentLayers() const { return kindCounts.recurrent(); }
    /// Layers that attend to the image tokens only (their cache does not grow with the context).
    std::uint32_t numCrossLayers() const { return kindCounts.of(LayerKind::CrossAttention); }
    /// The kind of the recurrent layers (a model has one), or None.
    LayerKind recurrentKind() const;
    /// Layers that keep a KV cache (full, windowed, MLA; Falcon-H1's parallel attention).
    std::uint32_t numKvLayers() const;

    std::uint32_t kvHeads() const { return numKeyValueHeads ? numKeyValueHeads : numAttentionHeads; }
    std::uint32_t effectiveHeadDim() const
    {
        return headDim ? headDim : (numAttentionHeads ? hiddenSize / numAttentionHeads : 0);
    }
    bool isMoe() const { return numExperts > 0; }
    bool isMla() const { return kvLoraRank > 0; }
    /// Layers that cache every token (KV layers without a window).
    std::uint32_t numFullLayers() const { return numKvLayers() - numWindowedLayers; }
    /// Number of layers whose FFN is a mixture of experts.
    std::uint32_t numMoeLayers() const;
    /// Whether layer i's FFN is a mixture of experts (ffn_kinds, else DeepSeek's dense lead and
    /// Llama 4's interleave step), as llama.cpp creates the layer's *_exps tensors.
    bool isMoeLayer(std::uint32_t i) const;
    /// Elements cached per token and per layer for K and V together, before the dtype:
    /// 2 x kv_heads x head_dim, or for MLA the K and V rows of its layout (below).
    std::uint64_t kvElementsPerTokenPerLayer() const;
    /// MLA (isMla()): the elements one token keeps per layer in K and in V, by mla_cache: the
    /// latent (kv_lora_rank + rope) in K and nothing in V, the latent again in V, or every head's
    /// own K (nope + rope) and V.
    std::uint64_t mlaKeyElements() const;
    std::uint64_t mlaValueElements() const;
};

/// Parameter counts split the way placement needs them.
struct ParameterCounts {
    std::uint64_t embedding = 0;     ///< token embedding table
    std::uint64_t outputHead = 0;    ///< LM head; 0 when tied to the embedding
    std::uint64_t layers = 0;        ///< all decoder layers without their routed experts
    std::uint64_t routedExperts = 0; ///< routed experts of every MoE layer
    std::uint64_t finalNorm = 0;
    std::uint64_t active = 0; ///< used per token: everything but the unselected experts

    std::uint64_t total() const { return embedding + outputHead + layers + routedExperts + finalNorm; }
    bool operator==(const ParameterCounts &) const = default;
};

/// Computes the parameter count from the shapes (throws InputError on an inconsistent
/// architecture, OverflowError past 2^64).
ParameterCounts countParameters(const ModelArchitecture &arch);

/// Checks the architecture for values the engine cannot use; throws InputError naming
/// the config key (prefixed by keyPrefix, e.g. "model.").
void validateArchitecture(const ModelArchitecture &arch, const std::string &keyPrefix = std::string());

/// A runtime's architecture name and a config's model_type in one spelling: letters and digits
/// only, lower case, without a "text" suffix ("gpt-oss", "gptoss" and "gpt_oss"; "gemma3" and
/// "gemma3_text").
std::string architectureKey(std::string_view name);

} // namespace memplan
