#include "model/modelconfig.h"

#include "error.h"
#include "layers/hybridconfig.h"

#include <nlohmann/json.hpp>

#include <array>
#include <initializer_list>
#include <string_view>

namespace memplan {

namespace {

using json = nlohmann::json;

const json *findKey(const json &c, std::initializer_list<const char *> names)
{
    for (const char *n : names) {
        auto it = c.find(n);
        if (it != c.end() && !it->is_null())
            return &*it;
    }
    return nullptr;
}

std::uint64_t readCount(const json &v, const std::string &key, std::uint64_t max)
{
    if (v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0)) {
        const auto n = v.get<std::uint64_t>();
        if (n > max)
            throw InputError(key, "is too large (at most " + std::to_string(max) + ")");
        return n;
    }
    if (v.is_number_float()) {
        const double d = v.get<double>();
        // Range first: converting a double past 2^64 to an integer is undefined behaviour.
        if (d >= 0 && d <= double(max) && d == static_cast<double>(static_cast<std::uint64_t>(d)))
            return static_cast<std::uint64_t>(d);
    }
    throw InputError(key, "must be a non-negative whole number");
}

struct Reader {
    const json &c;
    const std::string &prefix;

    std::uint32_t u32(std::initializer_list<const char *> names, bool required, std::uint32_t fallback = 0) const
    {
        if (const json *v = findKey(c, names))
            return static_cast<std::uint32_t>(readCount(*v, prefix + *names.begin(), 0xffffffffu));
        if (required)
            throw InputError(prefix + *names.begin(), "is missing");
        return fallback;
    }
    std::uint64_t u64(std::initializer_list<const char *> names, std::uint64_t fallback = 0) const
    {
        if (const json *v = findKey(c, names))
            return readCount(*v, prefix + *names.begin(), 1ULL << 62);
        return fallback;
    }
    double real(std::initializer_list<const char *> names, double fallback = 0) const
    {
        if (const json *v = findKey(c, names)) {
            if (!v->is_number() || v->get<double>() < 0)
                throw InputError(prefix + *names.begin(), "must be a non-negative number");
            return v->get<double>();
        }
        return fallback;
    }
    bool flag(std::initializer_list<const char *> names, bool fallback) const
    {
        if (const json *v = findKey(c, names)) {
            if (!v->is_boolean())
                throw InputError(prefix + *names.begin(), "must be true or false");
            return v->get<bool>();
        }
        return fallback;
    }
};

bool typeStartsWith(std::string_view s, std::string_view p)
{
    return s.substr(0, p.size()) == p;
}

constexpr std::array kKnownTypes = {"llama", "llama4", "llama4_text", "mistral", "mixtral", "qwen2", "qwen2_moe",
                                    "qwen3", "qwen3_moe", "gemma", "gemma2", "gemma3", "gemma3_text", "phi3",
                                    "deepseek_v2", "deepseek_v3", "kimi_k2", "gpt_oss", "falcon", "cohere", "cohere2",
                                    "glm", "glm4", "chatglm", "phi", "starcoder2", "granite", "olmo2",
                                    // IBM Granite 3.x MoE (transformers' modeling_granitemoe.py): Llama-style
                                    // attention, gated experts, a router; the shared variant adds one gated MLP.
                                    "granitemoe", "granitemoeshared",
                                    // Llama 3.2 Vision's text model: a Llama decoder with cross-attention
                                    // layers at text_config.cross_attention_layers (core/layers/hybridconfig.cpp).
                                    "mllama",
                                    // GPT-NeoX (Pythia): LayerNorm with bias, fused QKV with bias, a plain GELU MLP.
                                    "gpt_neox"};

constexpr std::array kArchitectureKeys = {"model_type",
                                          "num_hidden_layers",
                                          "n_layer",
                                          "num_layers",
                                          "hidden_size",
                                          "n_embd",
                                          "intermediate_size",
                                          "ffn_hidden_size",
                                          "num_attention_heads",
                                          "n_head",
                                          "num_key_value_heads",
                                          "num_kv_heads",
                                          "n_head_kv",
                                          "multi_query_group_num",
                                          "multi_query_attention",
                                          "multi_query",
                                          "head_dim",
                                          "kv_channels",
                                          "vocab_size",
                                          "padded_vocab_size",
                                          "tie_word_embeddings",
                                          "attn_logit_softcapping",
                                          "max_position_embeddings",
                                          "seq_length",
                                          "attention_bias",
                                          "add_qkv_bias",
                                          "bias",
                                          "mlp_bias",
                                          "new_decoder_architecture",
                                          "num_local_experts",
                                          "num_experts",
                                          "n_routed_experts",
                                          "num_experts_per_tok",
                                          "experts_per_token",
                                          "moe_intermediate_size",
                                          "shared_expert_intermediate_size",
                                          "shared_intermediate_size",
                                          "n_shared_experts",
                                          "first_k_dense_replace",
                                          "interleave_moe_layer_step",
                                          "decoder_sparse_step",
                                          "moe_layer_freq",
                                          "intermediate_size_mlp",
                                          "kv_lora_rank",
                                          "q_lora_rank",
                                          "qk_rope_head_dim",
                                          "qk_nope_head_dim",
                                          "v_head_dim",
                                          "sliding_window",
                                          "layer_types",
                                          "sliding_window_pattern",
                                          "use_sliding_window",
                                          "max_window_layers",
                                          "attention_chunk_size",
                                          "use_qk_norm",
                                          "text_config",
                                          "torch_dtype",
                                          "rope_theta",
                                          "rope_scaling",
                                          "rope_parameters",
                                          "partial_rotary_factor",
                                          "rope_local_base_freq",
                                          "parallel_attn"};

std::uint32_t countWindowed(const json &c, const ModelArchitecture &a, const std::string &prefix)
{
    const std::string &t = a.modelType;
    if (const json *lt = findKey(c, {"layer_types"})) {
        if (!lt->is_array())
            throw InputError(prefix + "layer_types", "must be a list of layer kinds");
        if (lt->size() != a.numHiddenLayers)
            throw InputError(prefix + "layer_types", "has " + std::to_string(lt->size()) + " entries for " +
                                                         std::to_string(a.numHiddenLayers) + " layers");
        std::uint32_t n = 0;
        for (const json &e : *lt) {
            if (!e.is_string())
                throw InputError(prefix + "layer_types", "entries must be strings");
            const auto s = e.get<std::string>();
            if (s == "sliding_attention" || s == "chunked_attention" || s == "local")
                ++n;
        }
        return n;
    }
    if (a.slidingWindow == 0)
        return 0;
    const std::uint32_t layers = a.numHiddenLayers;
    if (t == "gemma2")
        return (layers + 1) / 2; // alternating, starting with a local layer
    if (t == "gemma3" || t == "gemma3_text" || t == "cohere2") {
        const std::uint32_t pattern = Reader{c, prefix}.u32({"sliding_window_pattern"}, false, t == "cohere2" ? 4 : 6);
        return pattern ? layers - layers / pattern : 0;
    }
    if (t == "gpt_oss")
        return layers / 2;
    if (typeStartsWith(t, "llama4"))
        return layers - layers / 4;
    if (t == "mistral" || t == "mixtral")
        return Reader{c, prefix}.flag({"use_sliding_window"}, true) ? layers : 0;
    if (t == "qwen2" || t == "qwen2_moe" || t == "qwen3" || t == "qwen3_moe") {
        if (!Reader{c, prefix}.flag({"use_sliding_window"}, false))
            return 0;
        const std::uint32_t from = Reader{c, prefix}.u32({"max_window_layers"}, false, 0);
        return from < layers ? layers - from : 0;
    }
    return 0; // Phi-3 and others carry a sliding_window they never use at their context length
}

/// Mixture-of-experts keys, each family's spelling (Mixtral, Qwen-MoE, DeepSeek, Llama 4).
void readMixtureOfExperts(const Reader &r, ModelArchitecture &a)
{
    const std::string &t = a.modelType;
    a.numExperts = r.u32({"num_local_experts", "num_experts", "n_routed_experts"}, false);
    if (a.numExperts > kMaxExperts)
        throw InputError(r.prefix + "num_local_experts",
                         "is " + std::to_string(a.numExperts) + "; at most " + std::to_string(kMaxExperts) +
                             " experts are accepted (the largest released models route among a few hundred)");
    if (a.numExperts > 0) {
        a.numExpertsPerTok = r.u32({"num_experts_per_tok", "experts_per_token", "moe_topk"}, true);
        a.moeIntermediateSize = r.u32({"moe_intermediate_size"}, false);
        a.nSharedExperts = r.u32({"n_shared_experts"}, false);
        // granitemoeshared names its always-on MLP's width shared_intermediate_size.
        a.sharedExpertIntermediateSize = r.u32({"shared_expert_intermediate_size", "shared_intermediate_size"}, false);
        a.firstKDenseReplace = r.u32({"first_k_dense_replace"}, false);
        a.moeLayerStep = r.u32({"interleave_moe_layer_step", "decoder_sparse_step", "moe_layer_freq"}, false, 1);
        a.intermediateSizeMlp = r.u32({"intermediate_size_mlp"}, false);
        if (t == "qwen2_moe")
            a.sharedExpertGate = a.sharedExpertIntermediateSize > 0;
        if (typeStartsWith(t, "llama4") && a.sharedExpertIntermediateSize == 0)
            a.sharedExpertIntermediateSize = a.intermediateSize; // one always-on expert as wide as the routed ones
        if (t == "deepseek_v3" || t == "kimi_k2")
            a.routerBias = true; // e_score_correction_bias
    }
}

} // namespace

bool isArchitectureKey(const std::string &key)
{
    for (const char *k : kArchitectureKeys)
        if (key == k)
            return true;
    return isLayerConfigKey(key);
}

// Keys a real config.json carries that change no memory figure: accepted in a
// scenario's inline model config and ignored (docs/scenario-format.md lists them).
constexpr std::array kIgnoredConfigKeys = {"architectures",
                                           "auto_map",
                                           "dtype",
                                           "transformers_version",
                                           "_name_or_path",
                                           "bos_token_id",
                                           "eos_token_id",
                                           "pad_token_id",
                                           "hidden_act",
                                           "hidden_activation",
                                           "activation_function",
                                           "initializer_range",
                                           "rms_norm_eps",
                                           "layer_norm_eps",
                                           "layer_norm_epsilon",
                                           "norm_eps",
                                           "attention_dropout",
                                           "hidden_dropout",
                                           "embd_pdrop",
                                           "resid_pdrop",
                                           "use_cache",
                                           "router_aux_loss_coef",
                                           "output_router_logits",
                                           "norm_topk_prob",
                                           "routed_scaling_factor",
                                           "decoder_sparse_step",
                                           "num_logits_to_keep",
                                           "logits_scaling",
                                           "embedding_multiplier",
                                           "attention_multiplier",
                                           "residual_multiplier",
                                           "position_embedding_type",
                                           "normalization_function",
                                           "time_step_min",
                                           "time_step_max",
                                           "time_step_floor",
                                           "time_step_limit",
                                           "rescale_prenorm_residual",
                                           "residual_in_fp32",
                                           "chunk_size",
                                           "mlp_hidden_act",
                                           "mamba_hidden_act",
                                           "final_logit_softcapping",
                                           "query_pre_attn_scalar",
                                           "tokenizer_class",
                                           "generation_config",
                                           "quantization_config",
                                           "model_name",
                                           "rope_type",
                                           "max_window_layers_ignored",
                                           "initializer_factor",
                                           "bias_in_mlp_ignored",
                                           "num_nextn_predict_layers",
                                           "mtp_num_hidden_layers",
                                           "key_multiplier",
                                           "lm_head_multiplier",
                                           "embedding_multiplier",
                                           "mlp_multipliers",
                                           "attention_in_multiplier",
                                           "attention_out_multiplier",
                                           "projectors_bias",
                                           "n_group",
                                           "topk_group",
                                           "topk_method",
                                           "scoring_func",
                                           "use_mamba_kernels",
                                           "router_jitter_noise",
                                           "z_loss_coef"};

bool isIgnoredConfigKey(const std::string &key)
{
    for (const char *k : kIgnoredConfigKeys)
        if (key == k)
            return true;
    return false;
}

namespace {

/// One rope_scaling (or rope_parameters) object: its type, factor, original length and base.
void readRopeObject(const json &o, const std::string &key, RopeShape &rope)
{
    if (!o.is_object())
        throw InputError(key, "must be an object such as {\"rope_type\": \"linear\", \"factor\": 8.0}");
    const std::string prefix = key + ".";
    const Reader r{o, prefix};
    if (const json *t = findKey(o, {"rope_type", "type"})) {
        if (!t->is_string())
            throw InputError(key + ".rope_type", "must be a string");
        // A type the table rules do not know keeps the default table (one row per position).
        rope.scaling = parseRopeScaling(t->get<std::string>()).value_or(RopeScaling::Default);
    }
    rope.factor = r.real({"factor"}, 1.0);
    rope.originalMaxPosition = r.u64({"original_max_position_embeddings"});
    rope.theta = r.real({"rope_theta"}, rope.theta);
    rope.partialRotary = r.real({"partial_rotary_factor"}, rope.partialRotary);
    if (rope.factor < 1.0 && rope.scaling != RopeScaling::Default)
        rope.factor = 1.0; // some configs state factors below 1 for types whose tables never shrink
}

/// RoPE as config.json states it. transformers 5 moves rope_theta into rope_parameters and, for
/// models whose layer types rotate differently (Gemma 3), keeps one object per layer type.
void readRope(const Reader &r, ModelArchitecture &a)
{
    RopeShape &rope = a.rope;
    rope.theta = r.real({"rope_theta"});
    rope.localTheta = r.real({"rope_local_base_freq"});
    const std::string &t = a.modelType;
    // ChatGLM rotates half of each head and states no factor (vLLM's chatglm.py: head_dim // 2).
    rope.partialRotary = r.real({"partial_rotary_factor"}, t == "chatglm" ? 0.5 : 1.0);
    if (const json *s = findKey(r.c, {"rope_scaling"})) {
        readRopeObject(*s, r.prefix + "rope_scaling", rope);
    } else if (const json *p = findKey(r.c, {"rope_parameters"})) {
        const std::string key = r.prefix + "rope_parameters";
        auto full = p->is_object() ? p->find("full_attention") : p->end();
        if (p->is_object() && full != p->end()) {
            readRopeObject(*full, key + ".full_attention", rope);
            if (auto local = p->find("sliding_attention"); local != p->end()) {
                RopeShape l;
                readRopeObject(*local, key + ".sliding_attention", l);
                if (l.theta > 0)
                    rope.localTheta = l.theta;
            }
        } else {
            readRopeObject(*p, key, rope);
        }
    }
    if (!(rope.partialRotary > 0 && rope.partialRotary <= 1.0))
        throw InputError(r.prefix + "partial_rotary_factor", "must be above 0 and at most 1");
}

/// Biases and norms, which the configs of each family state differently or not at all.
void readBiasesAndNorms(const Reader &r, ModelArchitecture &a)
{
    const std::string &t = a.modelType;
    if (t == "qwen2" || t == "qwen2_moe")
        a.qkvBias = true;
    if (t == "gpt_oss") {
        a.qkvBias = a.outputProjBias = true;
        a.attentionSinks = a.routerBias = a.expertBias = true;
    } else if (t != "falcon" && t != "chatglm" && t != "glm" && t != "glm4" && t != "qwen2" && t != "qwen2_moe") {
        // Llama-style attention_bias covers q, k, v and o; Qwen2 hard-codes q/k/v biases only.
        if (r.flag({"attention_bias"}, false))
            a.qkvBias = a.outputProjBias = true;
    }
    a.mlpBias = a.mlpBias || r.flag({"mlp_bias"}, false);
    if (t == "gemma2" || t == "gemma3" || t == "gemma3_text")
        a.normsPerLayer = 4;
    if (t == "cohere" || t == "cohere2") {
        a.normsPerLayer = 1;
        a.parallelResidual = true;
    }
    if (t == "phi") {
        // transformers' modeling_phi (phi-1, phi-1.5, phi-2): one biased LayerNorm feeds attention
        // and the MLP in parallel; q, k, v, dense, fc1 and fc2 all carry biases; fc1/fc2 with no gate.
        a.normStyle = NormStyle::LayerNormWithBias;
        a.gatedMlp = false;
        a.normsPerLayer = 1;
        a.parallelResidual = true;
        a.qkvBias = a.outputProjBias = a.mlpBias = a.lmHeadBias = true;
    }
    a.qkNorm =
        t == "qwen3" || t == "qwen3_moe" || t == "gemma3" || t == "gemma3_text" || r.flag({"use_qk_norm"}, false);
    if (typeStartsWith(t, "llama4"))
        a.qkNorm = false; // Llama 4's q/k norm is a parameter-free L2 norm
}

} // namespace

ModelArchitecture architectureFromConfig(const json &configIn, std::vector<std::string> *warnings,
                                         const std::string &prefix)
{
    if (!configIn.is_object())
        throw InputError(prefix.empty() ? std::string("config") : prefix.substr(0, prefix.size() - 1),
                         "must be a JSON object");
    // Multimodal wrappers (Gemma 3, Llama 4) keep the language model under text_config.
    json merged;
    const json *cfg = &configIn;
    if (auto tc = configIn.find("text_config"); tc != configIn.end() && tc->is_object()) {
        merged = *tc;
        for (auto it = configIn.begin(); it != configIn.end(); ++it)
            if (it.key() != "text_config" && !merged.contains(it.key()))
                merged[it.key()] = it.value();
        if (tc->contains("model_type"))
            merged["model_type"] = (*tc)["model_type"];
        cfg = &merged;
    }
    const json &c = *cfg;
    const Reader r{c, prefix};

    ModelArchitecture a;
    if (const json *mt = findKey(c, {"model_type"})) {
        if (!mt->is_string())
            throw InputError(prefix + "model_type", "must be a string");
        a.modelType = mt->get<std::string>();
        if (a.modelType == "gptneox") // llama.cpp's name, as a log or a GGUF header prints it
            a.modelType = "gpt_neox";
    }
    const std::string &t = a.modelType;
    bool known = isRecurrentModelType(t);
    for (const char *k : kKnownTypes)
        known = known || t == k;
    a.assumedArchitecture = !known;
    if (!known && warnings)
        warnings->push_back("model_type '" + t +
                            "' is not one the planner knows; assumed a Llama-style decoder (RMSNorm, gated MLP, "
                            "no biases) from the standard keys");

    a.numHiddenLayers = r.u32({"num_hidden_layers", "n_layer", "num_layers"}, true);
    a.hiddenSize = r.u32({"hidden_size", "n_embd", "d_model"}, true);
    // Mamba-1 and RWKV have no attention heads; 1 keeps the (unused) attention shape valid.
    const bool headless = t == "mamba" || t == "falcon_mamba" || t == "rwkv6" || t == "rwkv7";
    a.numAttentionHeads = r.u32({"num_attention_heads", "n_head", "num_heads"}, !headless, 1);
    // A state-space GGUF states 0 attention heads.
    const bool attentionFree = headless || t == "mamba2";
    if (attentionFree && a.numAttentionHeads == 0)
        a.numAttentionHeads = 1;
    a.vocabSize = r.u32({"vocab_size", "padded_vocab_size"}, true);
    a.headDim = r.u32({"head_dim", "kv_channels"}, false);
    a.maxPositionEmbeddings = r.u64({"max_position_embeddings", "seq_length", "n_positions", "max_sequence_length"});

    // KV heads: explicit, or Falcon/GLM multi-query flags, or MHA.
    a.numKeyValueHeads = r.u32({"num_key_value_heads", "num_kv_heads", "n_head_kv"}, false);
    // An explicit 0 is not "multi-head attention" (that is the key left out): it would
    // silently size the KV cache for every attention head.
    if (findKey(c, {"num_key_value_heads", "num_kv_heads", "n_head_kv"}) && a.numKeyValueHeads == 0)
        throw InputError(prefix + "num_key_value_heads",
                         "must be at least 1 (leave the key out for multi-head attention)");
    if (t == "falcon") {
        const bool newArch = r.flag({"new_decoder_architecture"}, false);
        if (!newArch && r.flag({"multi_query"}, true))
            a.numKeyValueHeads = 1;
        a.normStyle = NormStyle::LayerNormWithBias;
        a.gatedMlp = false;
        a.normsPerLayer = newArch ? 2 : 1;
        a.parallelResidual = r.flag({"parallel_attn"}, true);
        const bool bias = r.flag({"bias"}, false);
        a.qkvBias = a.outputProjBias = a.mlpBias = bias;
        a.tieWordEmbeddings = r.flag({"tie_word_embeddings"}, true);
    } else if (t == "gpt_neox") {
        // transformers' modeling_gpt_neox: query_key_value and dense with biases, dense_h_to_4h and
        // dense_4h_to_h with biases and no gate, two biased LayerNorms per layer.
        a.normStyle = NormStyle::LayerNormWithBias;
        a.gatedMlp = false;
        a.qkvBias = a.outputProjBias = a.mlpBias = true;
        a.parallelResidual = r.flag({"use_parallel_residual"}, true);
    } else if (t == "chatglm" || t == "glm" || t == "glm4") {
        if (r.flag({"multi_query_attention"}, false))
            a.numKeyValueHeads = r.u32({"multi_query_group_num"}, false, a.numKeyValueHeads);
        a.qkvBias = r.flag({"add_qkv_bias", "attention_bias"}, true);
    }
    if (a.numKeyValueHeads == 0)
        a.numKeyValueHeads = a.numAttentionHeads;

    const bool gemma = typeStartsWith(t, "gemma");
    if (t != "falcon")
        // Gemma and Cohere configs tie their embeddings by default and usually omit the key.
        a.tieWordEmbeddings = r.flag({"tie_word_embeddings"}, gemma || t == "cohere" || t == "cohere2");

    a.attnLogitSoftcapping = r.real({"attn_logit_softcapping"});
    a.intermediateSize = r.u32({"intermediate_size", "ffn_hidden_size", "n_inner"}, false);
    if (a.intermediateSize == 0 && t == "falcon")
        a.intermediateSize = 4 * a.hiddenSize;

    readBiasesAndNorms(r, a);

    readMixtureOfExperts(r, a);

    // Multi-head latent attention.
    a.kvLoraRank = r.u32({"kv_lora_rank"}, false);
    if (a.kvLoraRank) {
        a.qLoraRank = r.u32({"q_lora_rank"}, false);
        a.qkRopeHeadDim = r.u32({"qk_rope_head_dim"}, true);
        a.qkNopeHeadDim = r.u32({"qk_nope_head_dim"}, true);
        a.vHeadDim = r.u32({"v_head_dim"}, true);
        a.headDim = 0;
    }

    readRope(r, a);

    // Local attention.
    a.slidingWindow = r.u64({"sliding_window", "attention_chunk_size"});
    a.numWindowedLayers = countWindowed(c, a, prefix);

    // Hybrid and state-space layers (core/layers/hybridconfig.cpp).
    readLayerKinds(c, a, prefix);

    validateArchitecture(a, prefix);
    return a;
}

ModelArchitecture applyConfigOverrides(ModelArchitecture base, const json &overrides, const std::string &prefix)
{
    if (!overrides.is_object() || overrides.empty())
        return base;
    json merged = configFromArchitecture(base);
    for (auto it = overrides.begin(); it != overrides.end(); ++it)
        merged[it.key()] = it.value();
    // A changed layer count invalidates the stored layer pattern unless the override brings its own.
    if (overrides.contains("num_hidden_layers") && !overrides.contains("layer_types"))
        merged.erase("layer_types"), merged.erase("mlp_layer_types");
    ModelArchitecture out = architectureFromConfig(merged, nullptr, prefix);
    out.mlaCache = base.mlaCache; // the file's (or a runtime's) cache layout, not a config key
    return out;
}

json configFromArchitecture(const ModelArchitecture &a)
{
    json c;
    c["model_type"] = a.modelType;
    c["num_hidden_layers"] = a.numHiddenLayers;
    c["hidden_size"] = a.hiddenSize;
    c["intermediate_size"] = a.intermediateSize;
    c["num_attention_heads"] = a.numAttentionHeads;
    c["num_key_value_heads"] = a.kvHeads();
    if (a.headDim)
        c["head_dim"] = a.headDim;
    c["vocab_size"] = a.vocabSize;
    c["tie_word_embeddings"] = a.tieWordEmbeddings;
    if (a.attnLogitSoftcapping > 0)
        c["attn_logit_softcapping"] = a.attnLogitSoftcapping;
    if (a.maxPositionEmbeddings)
        c["max_position_embeddings"] = a.maxPositionEmbeddings;
    const RopeShape &rope = a.rope;
    if (rope.theta > 0)
        c["rope_theta"] = rope.theta;
    if (rope.localTheta > 0)
        c["rope_local_base_freq"] = rope.localTheta;
    if (rope.partialRotary != 1.0)
        c["partial_rotary_factor"] = rope.partialRotary;
    if (rope.scaling != RopeScaling::Default || rope.factor != 1.0) {
        json s{{"rope_type", ropeScalingName(rope.scaling)}, {"factor", rope.factor}};
        if (rope.originalMaxPosition)
            s["original_max_position_embeddings"] = rope.originalMaxPosition;
        c["rope_scaling"] = s;
    }
    const std::string &t = a.modelType;
    if (t == "falcon") {
        c["new_decoder_architecture"] = a.normsPerLayer == 2;
        c["multi_query"] = a.kvHeads() == 1;
        c["bias"] = a.qkvBias;
        c["parallel_attn"] = a.parallelResidual;
    } else if (t == "gpt_neox") {
        c["use_parallel_residual"] = a.parallelResidual;
    } else if (t == "chatglm" || t == "glm" || t == "glm4") {
        c["attention_bias"] = a.qkvBias;
    } else if (t != "gpt_oss" && t != "qwen2" && t != "qwen2_moe" && a.qkvBias && a.outputProjBias) {
        c["attention_bias"] = true;
    }
    if (a.mlpBias && t != "falcon")
        c["mlp_bias"] = true;
    if (a.qkNorm && t != "qwen3" && t != "qwen3_moe" && t != "gemma3" && t != "gemma3_text")
        c["use_qk_norm"] = true;
    if (a.isMoe()) {
        c["num_local_experts"] = a.numExperts;
        c["num_experts_per_tok"] = a.numExpertsPerTok;
        if (a.moeIntermediateSize)
            c["moe_intermediate_size"] = a.moeIntermediateSize;
        if (a.nSharedExperts)
            c["n_shared_experts"] = a.nSharedExperts;
        if (a.sharedExpertIntermediateSize)
            c["shared_expert_intermediate_size"] = a.sharedExpertIntermediateSize;
        if (a.firstKDenseReplace)
            c["first_k_dense_replace"] = a.firstKDenseReplace;
        if (a.moeLayerStep != 1)
            c["interleave_moe_layer_step"] = a.moeLayerStep;
        if (a.intermediateSizeMlp)
            c["intermediate_size_mlp"] = a.intermediateSizeMlp;
    }
    if (a.isMla()) {
        c["kv_lora_rank"] = a.kvLoraRank;
        c["q_lora_rank"] = a.qLoraRank ? json(a.qLoraRank) : json(nullptr);
        c["qk_rope_head_dim"] = a.qkRopeHeadDim;
        c["qk_nope_head_dim"] = a.qkNopeHeadDim;
        c["v_head_dim"] = a.vHeadDim;
    }
    if (a.slidingWindow)
        c["sliding_window"] = a.slidingWindow;
    if (a.numWindowedLayers || a.slidingWindow) {
        // Windowed layers first is not how real models interleave them, but the
        // engine only counts them, and the count round-trips exactly.
        json types = json::array();
        for (std::uint32_t i = 0; i < a.numHiddenLayers; ++i)
            types.push_back(i < a.numWindowedLayers ? "sliding_attention" : "full_attention");
        c["layer_types"] = std::move(types);
    }
    writeLayerKinds(a, c);
    return c;
}

} // namespace memplan
