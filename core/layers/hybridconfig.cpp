#include "hybridconfig.h"

#include "../error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>

namespace memplan {

namespace {

using json = nlohmann::json;

struct Keys {
    const json &c;
    const std::string &prefix;

    const json *find(std::string_view name) const
    {
        auto it = c.find(std::string(name));
        return it != c.end() && !it->is_null() ? &*it : nullptr;
    }
    std::optional<std::uint32_t> u32(std::string_view name) const
    {
        const json *v = find(name);
        if (!v)
            return std::nullopt;
        if (v->is_number_unsigned() || (v->is_number_integer() && v->get<std::int64_t>() >= 0)) {
            const auto n = v->get<std::uint64_t>();
            if (n <= 0xffffffffULL)
                return static_cast<std::uint32_t>(n);
            throw InputError(prefix + std::string(name), "is too large");
        }
        if (v->is_number_float()) {
            const double d = v->get<double>();
            if (d >= 0 && d <= 4294967295.0 && d == double(std::uint32_t(d)))
                return static_cast<std::uint32_t>(d);
        }
        throw InputError(prefix + std::string(name), "must be a non-negative whole number");
    }
    std::uint32_t u32(std::initializer_list<std::string_view> names, std::uint32_t fallback) const
    {
        for (auto n : names)
            if (auto v = u32(n))
                return *v;
        return fallback;
    }
    bool flag(std::string_view name, bool fallback) const
    {
        const json *v = find(name);
        if (!v)
            return fallback;
        if (!v->is_boolean())
            throw InputError(prefix + std::string(name), "must be true or false");
        return v->get<bool>();
    }
    const json &list(std::string_view name) const
    {
        const json *v = find(name);
        if (!v->is_array())
            throw InputError(prefix + std::string(name), "must be a list");
        return *v;
    }
};

bool typeIsOneOf(const std::string &t, std::initializer_list<std::string_view> types)
{
    return std::find(types.begin(), types.end(), t) != types.end();
}

bool isQwenDelta(const std::string &t)
{
    return typeIsOneOf(t, {"qwen3_next", "qwen3_5", "qwen3_5_text", "qwen3_5_moe", "qwen3_5_moe_text"});
}

/// What a bare "mamba" in a layer list means for this family.
LayerKind recurrentDefault(const std::string &t)
{
    if (t == "jamba" || t == "mamba" || t == "falcon_mamba")
        return LayerKind::Mamba;
    if (t == "lfm2" || t == "lfm2_moe")
        return LayerKind::ShortConv;
    if (isQwenDelta(t))
        return LayerKind::LinearAttention;
    if (t == "rwkv6" || t == "rwkv7")
        return LayerKind::Rwkv;
    return LayerKind::Mamba2;
}

// Keys of recurrent mixers that size nothing (initialisation, kernels, multipliers):
// accepted and ignored. docs/scenario-format.md lists them.
constexpr std::array kIgnoredRecurrentKeys = {"mamba_chunk_size",       "mamba_dt_min",
                                              "mamba_dt_max",           "mamba_dt_init",
                                              "mamba_dt_scale",         "mamba_dt_init_floor",
                                              "mamba_dt_limit",         "mamba_hidden_act",
                                              "mamba_norm_before_gate", "mamba_use_mlp",
                                              "ssm_in_multiplier",      "ssm_out_multiplier",
                                              "ssm_multipliers",        "ssm_cfg",
                                              "conv_use_xavier_init",   "mamba_ssm_cache_dtype",
                                              "mamba_ssm_dtype",        "linear_attn_config",
                                              "mamba_residual_in_fp32", "mamba_time_step_limit"};

// Keys this file reads.
constexpr std::array kReadKeys = {
    "layer_types", "layers_block_type", "hybrid_override_pattern", "attn_layer_period", "attn_layer_offset",
    "expert_layer_period", "expert_layer_offset", "full_attention_interval", "attn_layer_indices", "full_attn_idxs",
    "mlp_layer_types", "mlp_only_layers", "num_dense_layers", "attn_output_gate", "mamba_d_state", "mamba_d_conv",
    "mamba_expand", "mamba_dt_rank", "mamba_conv_bias", "mamba_proj_bias", "mamba_inner_layernorms", "mamba_n_heads",
    "mamba_d_head", "mamba_n_groups", "mamba_d_ssm", "mamba_rms_norm", "mamba_num_heads", "mamba_head_dim",
    "ssm_state_size", "conv_kernel", "n_groups", "use_conv_bias", "use_bias", "state_size", "expand", "time_step_rank",
    "num_heads", "linear_conv_kernel_dim", "linear_key_head_dim", "linear_value_head_dim", "linear_num_key_heads",
    "linear_num_value_heads", "conv_L_cache", "conv_bias", "block_ff_dim", "block_auto_adjust_ff_dim",
    "block_ffn_dim_multiplier", "block_multiple_of", "moe_shared_expert_intermediate_size", "shared_intermediate_size",
    "head_size", "attention_hidden_size",
    // Canonical spellings the planner writes back (llama.cpp's GGUF ssm.* names).
    "ssm_d_inner", "ssm_d_state", "ssm_d_conv", "ssm_n_group", "ssm_n_heads", "ssm_dt_rank", "ssm_conv_bias",
    "ssm_proj_bias", "ssm_inner_norms", "ssm_gated_norm", "ssm_state_dtype_bytes", "wkv_head_size", "token_shift_count",
    "parallel_attention", "cross_attention_layers", "cross_attention_tokens"};

bool isRecurrentPrefixed(std::string_view k)
{
    for (std::string_view p : {"mamba_", "ssm_", "linear_", "conv_", "wkv", "rwkv_", "time_mix"})
        if (k.substr(0, p.size()) == p)
            return true;
    return false;
}

bool inList(const std::string &key, const auto &list)
{
    for (const char *k : list)
        if (key == k)
            return true;
    return false;
}

void checkRecurrentKeys(const json &c, const std::string &prefix, bool recurrentType, const std::string &t)
{
    for (auto it = c.begin(); it != c.end(); ++it) {
        const std::string &k = it.key();
        if (!isRecurrentPrefixed(k) || inList(k, kIgnoredRecurrentKeys))
            continue;
        if (!inList(k, kReadKeys))
            throw InputError(prefix + k, "is a recurrent-layer key the planner does not know, so it cannot size "
                                         "this model's state (known keys: docs/scenario-format.md)");
        if (!recurrentType)
            throw InputError(prefix + k, "describes recurrent layers, but model_type '" + t +
                                             "' is not a hybrid or state-space family the planner models");
    }
}

struct Pattern {
    std::vector<LayerKind> mixers;
    std::vector<std::optional<FfnKind>> ffns;
};

Pattern fromList(const Keys &k, std::string_view key, LayerKind def, std::uint32_t layers)
{
    const json &l = k.list(key);
    const std::string name = k.prefix + std::string(key);
    if (l.size() != layers)
        throw InputError(name,
                         "has " + std::to_string(l.size()) + " entries for " + std::to_string(layers) + " layers");
    Pattern p;
    for (std::size_t i = 0; i < l.size(); ++i) {
        if (!l[i].is_string())
            throw InputError(name, "entries must be strings");
        const std::string s = l[i].get<std::string>();
        auto e =
            s == "none" ? std::optional<LayerEntry>(LayerEntry{LayerKind::None, {}}) : layerEntryFromConfig(s, def);
        if (!e)
            throw InputError(name, "entry " + std::to_string(i) + " '" + s +
                                       "' is not a layer kind the planner knows (full_attention, sliding_attention, "
                                       "chunked_attention, linear_attention, mamba, mamba2, conv, rwkv, attention, "
                                       "mlp, moe)");
        p.mixers.push_back(e->mixer);
        p.ffns.push_back(e->ffn);
    }
    return p;
}

Pattern fromNemotronPattern(const Keys &k, std::uint32_t layers)
{
    const json *v = k.find("hybrid_override_pattern");
    const std::string name = k.prefix + "hybrid_override_pattern";
    if (!v->is_string())
        throw InputError(name, "must be a string such as \"M-M*-\"");
    const std::string s = v->get<std::string>();
    if (s.size() != layers)
        throw InputError(name,
                         "has " + std::to_string(s.size()) + " letters for " + std::to_string(layers) + " layers");
    Pattern p;
    for (std::size_t i = 0; i < s.size(); ++i) {
        switch (s[i]) {
        case 'M':
            p.mixers.push_back(LayerKind::Mamba2);
            p.ffns.push_back(FfnKind::None);
            break;
        case '*':
            p.mixers.push_back(LayerKind::FullAttention);
            p.ffns.push_back(FfnKind::None);
            break;
        case '-':
            p.mixers.push_back(LayerKind::None);
            p.ffns.push_back(FfnKind::Dense);
            break;
        case 'E':
            p.mixers.push_back(LayerKind::None);
            p.ffns.push_back(FfnKind::Moe);
            break;
        default:
            throw InputError(name, std::string("letter ") + std::to_string(i) + " '" + s[i] +
                                       "' is not a block the planner knows (M Mamba-2, * attention, - MLP, E MoE)");
        }
    }
    return p;
}

Pattern uniform(LayerKind k, std::uint32_t layers)
{
    return Pattern{std::vector<LayerKind>(layers, k), std::vector<std::optional<FfnKind>>(layers)};
}

Pattern fromIndices(const Keys &k, std::string_view key, LayerKind rest, std::uint32_t layers,
                    LayerKind listed = LayerKind::FullAttention)
{
    Pattern p = uniform(rest, layers);
    for (const json &e : k.list(key)) {
        if (!e.is_number_unsigned() && !(e.is_number_integer() && e.get<std::int64_t>() >= 0))
            throw InputError(k.prefix + std::string(key), "entries must be layer numbers");
        const auto i = e.get<std::uint64_t>();
        if (i >= layers)
            throw InputError(k.prefix + std::string(key),
                             "names layer " + std::to_string(i) + " of " + std::to_string(layers));
        p.mixers[i] = listed;
    }
    return p;
}

Pattern readPattern(const Keys &k, const std::string &t, std::uint32_t layers, bool recurrentType)
{
    const LayerKind def = recurrentDefault(t);
    if (k.find("layer_types"))
        return fromList(k, "layer_types", def, layers);
    if (t == "mllama" && k.find("cross_attention_layers")) // Llama 3.2 Vision's text model
        return fromIndices(k, "cross_attention_layers", LayerKind::FullAttention, layers, LayerKind::CrossAttention);
    if (!recurrentType)
        return {};
    if (k.find("layers_block_type"))
        return fromList(k, "layers_block_type", def, layers);
    if (k.find("hybrid_override_pattern"))
        return fromNemotronPattern(k, layers);
    if (t == "jamba") {
        const std::uint32_t period = std::max<std::uint32_t>(1, k.u32({"attn_layer_period"}, 8));
        const std::uint32_t offset = k.u32({"attn_layer_offset"}, 4);
        Pattern p = uniform(LayerKind::Mamba, layers);
        for (std::uint32_t i = 0; i < layers; ++i)
            if (i % period == offset)
                p.mixers[i] = LayerKind::FullAttention;
        return p;
    }
    if (isQwenDelta(t)) {
        const std::uint32_t interval = std::max<std::uint32_t>(1, k.u32({"full_attention_interval"}, 4));
        Pattern p = uniform(LayerKind::LinearAttention, layers);
        for (std::uint32_t i = 0; i < layers; ++i)
            if ((i + 1) % interval == 0)
                p.mixers[i] = LayerKind::FullAttention;
        return p;
    }
    if (k.find("attn_layer_indices"))
        return fromIndices(k, "attn_layer_indices", def, layers);
    if (k.find("full_attn_idxs"))
        return fromIndices(k, "full_attn_idxs", def, layers);
    if (t == "granitemoehybrid" || t == "bamba" || t == "nemotron_h" || t == "lfm2" || t == "lfm2_moe")
        throw InputError(k.prefix + "layer_types", "is missing: a " + t + " config must say which layers attend");
    return uniform(def, layers); // Mamba, Mamba-2, RWKV, Falcon-H1: every layer recurrent
}

void readShape(const Keys &k, const std::string &t, ModelArchitecture &a)
{
    RecurrentShape &s = a.recurrent;
    const std::uint32_t h = a.hiddenSize;
    if (isQwenDelta(t)) {
        const std::uint32_t nk = k.u32({"linear_num_key_heads"}, 16), nv = k.u32({"linear_num_value_heads"}, 32);
        const std::uint32_t dk = k.u32({"linear_key_head_dim"}, 128), dv = k.u32({"linear_value_head_dim"}, 128);
        s.dInner = nv * dv;
        s.dState = dk;
        s.nGroups = nk;
        s.nHeads = nv;
        s.dConv = k.u32({"linear_conv_kernel_dim"}, 4);
        s.convBias = false;
    } else if (t == "jamba" || t == "mamba" || t == "falcon_mamba") {
        const std::uint32_t expand = k.u32({"mamba_expand", "expand"}, 2);
        s.dInner = k.u32({"intermediate_size"}, expand * h);
        if (t == "jamba")
            s.dInner = expand * h; // Jamba's intermediate_size is the FFN width
        s.dState = k.u32({"mamba_d_state", "state_size"}, 16);
        s.dConv = k.u32({"mamba_d_conv", "conv_kernel"}, 4);
        s.dtRank = k.u32({"mamba_dt_rank", "time_step_rank"}, (h + 15) / 16); // "auto" = ceil(hidden / 16)
        s.convBias = k.flag(t == "jamba" ? "mamba_conv_bias" : "use_conv_bias", true);
        s.projBias = k.flag(t == "jamba" ? "mamba_proj_bias" : "use_bias", false);
        s.innerNorms = t == "jamba";
    } else if (t == "lfm2" || t == "lfm2_moe") {
        s.dConv = k.u32({"conv_L_cache"}, 3);
        s.convBias = k.flag("conv_bias", false);
    } else if (t == "rwkv6" || t == "rwkv7") {
        s.wkvHeadSize = k.u32({"head_size"}, 64);
        s.tokenShiftCount = 2;
    } else { // Mamba-2 families: granitemoehybrid, bamba, nemotron_h, falcon_h1, mamba2
        // A pure Mamba-2 config names its SSM heads num_heads / head_dim; hybrids keep
        // those names for attention and prefix the SSM ones.
        const bool pure = t == "mamba2";
        const std::uint32_t heads = k.u32({"mamba_n_heads", "mamba_num_heads"}, pure ? k.u32({"num_heads"}, 128) : 128);
        const std::uint32_t headDim = k.u32({"mamba_d_head", "mamba_head_dim"}, pure ? k.u32({"head_dim"}, 64) : 64);
        const std::uint32_t expand = k.u32({"mamba_expand", "expand"}, 2);
        s.nHeads = heads;
        s.dInner = k.u32({"mamba_d_ssm"},
                         t == "mamba2" || t == "falcon_h1" || k.find("mamba_n_heads") || k.find("mamba_num_heads")
                             ? heads * headDim
                             : expand * h);
        s.dState = k.u32({"mamba_d_state", "ssm_state_size", "state_size"}, 128);
        s.nGroups = k.u32({"mamba_n_groups", "n_groups"}, 1);
        s.dConv = k.u32({"mamba_d_conv", "conv_kernel"}, 4);
        const bool nemotronOrMamba2 = t == "nemotron_h" || t == "mamba2";
        s.convBias = k.flag(nemotronOrMamba2 ? "use_conv_bias" : "mamba_conv_bias", true);
        s.projBias = k.flag(nemotronOrMamba2 ? "use_bias" : "mamba_proj_bias", false);
        s.gatedNorm = t == "falcon_h1" ? k.flag("mamba_rms_norm", false) : true;
    }
    // vLLM's NemotronH and Qwen3.5 configs ask for an f32 SSM state.
    for (const char *key : {"mamba_ssm_cache_dtype", "mamba_ssm_dtype"})
        if (const json *v = k.find(key); v && v->is_string() && v->get<std::string>() == "float32")
            s.ssmDtypeBytes = 4;
    // The planner's own spellings (written by configFromArchitecture) override.
    s.dInner = k.u32({"ssm_d_inner"}, s.dInner);
    s.dState = k.u32({"ssm_d_state"}, s.dState);
    s.dConv = k.u32({"ssm_d_conv"}, s.dConv);
    s.nGroups = k.u32({"ssm_n_group"}, s.nGroups);
    s.nHeads = k.u32({"ssm_n_heads"}, s.nHeads);
    s.dtRank = k.u32({"ssm_dt_rank"}, s.dtRank);
    s.wkvHeadSize = k.u32({"wkv_head_size"}, s.wkvHeadSize);
    s.tokenShiftCount = k.u32({"token_shift_count"}, s.tokenShiftCount);
    s.ssmDtypeBytes = static_cast<std::uint8_t>(k.u32({"ssm_state_dtype_bytes"}, s.ssmDtypeBytes));
    s.convBias = k.flag("ssm_conv_bias", s.convBias);
    s.projBias = k.flag("ssm_proj_bias", s.projBias);
    s.innerNorms = k.flag("ssm_inner_norms", s.innerNorms);
    s.gatedNorm = k.flag("ssm_gated_norm", s.gatedNorm);
}

std::vector<FfnKind> readFfns(const Keys &k, const std::string &t, const ModelArchitecture &a, const Pattern &p)
{
    const std::uint32_t layers = a.numHiddenLayers;
    std::vector<FfnKind> f(layers, a.isMoe() ? FfnKind::Moe : FfnKind::Dense);
    if (t == "mamba" || t == "mamba2" || t == "falcon_mamba")
        std::fill(f.begin(), f.end(), FfnKind::None);
    if (t == "jamba") {
        const std::uint32_t period = std::max<std::uint32_t>(1, k.u32({"expert_layer_period"}, 2));
        const std::uint32_t offset = k.u32({"expert_layer_offset"}, 1);
        for (std::uint32_t i = 0; i < layers; ++i)
            f[i] = a.numExperts > 1 && i % period == offset ? FfnKind::Moe : FfnKind::Dense;
    }
    if (t == "lfm2_moe") {
        const std::uint32_t dense = k.u32({"num_dense_layers"}, 0);
        for (std::uint32_t i = 0; i < layers && i < dense; ++i)
            f[i] = FfnKind::Dense;
    }
    if (a.isMoe() && k.find("mlp_only_layers"))
        for (const json &e : k.list("mlp_only_layers"))
            if (e.is_number_unsigned() && e.get<std::uint64_t>() < layers)
                f[e.get<std::uint64_t>()] = FfnKind::Dense;
    for (std::uint32_t i = 0; i < layers && i < p.ffns.size(); ++i)
        if (p.ffns[i])
            f[i] = *p.ffns[i];
    if (k.find("mlp_layer_types")) {
        const json &l = k.list("mlp_layer_types");
        if (l.size() != layers)
            throw InputError(k.prefix + "mlp_layer_types", "must list one entry per layer");
        for (std::uint32_t i = 0; i < layers; ++i) {
            const std::string s = l[i].is_string() ? l[i].get<std::string>() : std::string();
            if (s == "dense")
                f[i] = FfnKind::Dense;
            else if (s == "sparse" || s == "moe")
                f[i] = FfnKind::Moe;
            else if (s == "none")
                f[i] = FfnKind::None;
            else
                throw InputError(k.prefix + "mlp_layer_types",
                                 "entry " + std::to_string(i) + " must be dense, sparse or none");
        }
    }
    return f;
}

} // namespace

/// Llama 3.2 Vision: what one image leaves in every cross-attention layer. The vision encoder
/// turns each of up to max_num_tiles tiles into (image_size / patch_size)^2 patches plus a
/// class token (MllamaVisionModel), and the cross-attention layers keep K and V of all of them.
void readCrossAttention(const Keys &k, ModelArchitecture &a)
{
    if (const std::uint32_t canonical = k.u32({"cross_attention_tokens"}, 0)) {
        a.crossAttentionTokens = canonical;
        return;
    }
    const json *vision = k.find("vision_config");
    const json empty = json::object();
    const std::string prefix = k.prefix + "vision_config.";
    const Keys v{vision && vision->is_object() ? *vision : empty, prefix};
    const std::uint32_t image = v.u32({"image_size"}, 560);
    const std::uint32_t patch = v.u32({"patch_size"}, 14);
    const std::uint32_t tiles = v.u32({"max_num_tiles"}, 4);
    if (patch == 0 || image < patch)
        throw InputError(prefix + "patch_size", "must be between 1 and image_size");
    const std::uint64_t side = image / patch;
    a.crossAttentionTokens = std::uint64_t(tiles) * (side * side + 1);
}

bool isRecurrentModelType(const std::string &t)
{
    return isQwenDelta(t) || typeIsOneOf(t, {"granitemoehybrid", "bamba", "nemotron_h", "jamba", "falcon_h1", "lfm2",
                                             "lfm2_moe", "mamba", "mamba2", "falcon_mamba", "rwkv6", "rwkv7"});
}

bool isLayerConfigKey(const std::string &key)
{
    return inList(key, kReadKeys) || inList(key, kIgnoredRecurrentKeys);
}

void readLayerKinds(const json &c, ModelArchitecture &a, const std::string &prefix)
{
    const std::string &t = a.modelType;
    const Keys k{c, prefix};
    const bool recurrentType = isRecurrentModelType(t);
    checkRecurrentKeys(c, prefix, recurrentType, t);
    Pattern p = readPattern(k, t, a.numHiddenLayers, recurrentType);
    if (p.mixers.empty())
        return;
    const bool anyRecurrent = std::any_of(p.mixers.begin(), p.mixers.end(), keepsRecurrentState) ||
                              std::count(p.mixers.begin(), p.mixers.end(), LayerKind::None) > 0;
    if (!recurrentType && std::count(p.mixers.begin(), p.mixers.end(), LayerKind::CrossAttention) > 0 &&
        !anyRecurrent) {
        readCrossAttention(k, a);
        a.setLayers(std::move(p.mixers), std::vector<FfnKind>(a.numHiddenLayers, FfnKind::Dense));
        return;
    }
    if (!recurrentType) {
        if (anyRecurrent) {
            const auto it =
                std::find_if(p.mixers.begin(), p.mixers.end(), [](LayerKind m) { return !keepsKvCache(m); });
            throw InputError(prefix + "layer_types",
                             "lists '" + std::string(layerKindId(*it)) + "' layers, but model_type '" + t +
                                 "' is not a family whose recurrent layers the planner can size");
        }
        return; // attention-only list: the windowed count (modelconfig.cpp) covers it
    }
    // Family details that change the parameter count.
    if (isQwenDelta(t)) {
        a.attentionOutputGate = k.flag("attn_output_gate", true);
        a.qkNorm = true;
        a.sharedExpertGate = a.isMoe() && a.sharedExpertIntermediateSize > 0;
    }
    if (t == "lfm2" || t == "lfm2_moe") {
        a.qkNorm = true;
        if (k.flag("block_auto_adjust_ff_dim", false)) {
            // Lfm2MLP: two thirds of block_ff_dim, times the multiplier, rounded up to block_multiple_of.
            std::uint64_t ff = 2ULL * k.u32({"block_ff_dim", "intermediate_size"}, a.intermediateSize) / 3;
            if (const json *m = k.find("block_ffn_dim_multiplier"); m && m->is_number())
                ff = static_cast<std::uint64_t>(m->get<double>() * double(ff));
            const std::uint64_t multiple = std::max<std::uint32_t>(1, k.u32({"block_multiple_of"}, 256));
            a.intermediateSize = static_cast<std::uint32_t>((ff + multiple - 1) / multiple * multiple);
        }
    }
    if (t == "nemotron_h") {
        a.gatedMlp = false; // squared-ReLU MLP: up and down only
        a.sharedExpertIntermediateSize = k.u32({"moe_shared_expert_intermediate_size"}, a.sharedExpertIntermediateSize);
    }
    if (t == "granitemoehybrid") {
        const std::uint32_t shared = k.u32({"shared_intermediate_size"}, 0);
        if (a.isMoe())
            a.sharedExpertIntermediateSize = shared ? shared : a.sharedExpertIntermediateSize;
        else if (shared)
            a.intermediateSize = shared;
    }
    if (t == "rwkv6" || t == "rwkv7")
        a.gatedMlp = false;
    a.parallelAttention = t == "falcon_h1" || k.flag("parallel_attention", false);
    if (a.parallelAttention)
        std::replace(p.mixers.begin(), p.mixers.end(), LayerKind::FullAttention, LayerKind::Mamba2);
    readShape(k, t, a);
    std::vector<FfnKind> ffns = readFfns(k, t, a, p);
    a.setLayers(std::move(p.mixers), std::move(ffns));
}

void writeLayerKinds(const ModelArchitecture &a, json &c)
{
    if (!a.hasLayerKinds())
        return;
    json mixers = json::array(), ffns = json::array();
    for (std::size_t i = 0; i < a.layerKinds.size(); ++i) {
        mixers.push_back(std::string(layerKindId(a.layerKinds[i])));
        const FfnKind f = a.ffnKinds[i];
        ffns.push_back(f == FfnKind::Dense ? "dense" : f == FfnKind::Moe ? "sparse" : "none");
    }
    c["layer_types"] = std::move(mixers);
    c["mlp_layer_types"] = std::move(ffns);
    if (a.numCrossLayers() > 0) {
        c["cross_attention_tokens"] = a.crossAttentionTokens;
        if (a.numRecurrentLayers() == 0)
            return; // no recurrent shape to write
    }
    const RecurrentShape &s = a.recurrent;
    c["ssm_d_inner"] = s.dInner;
    c["ssm_d_state"] = s.dState;
    c["ssm_d_conv"] = s.dConv;
    c["ssm_n_group"] = s.nGroups;
    c["ssm_n_heads"] = s.nHeads;
    c["ssm_dt_rank"] = s.dtRank;
    c["wkv_head_size"] = s.wkvHeadSize;
    c["token_shift_count"] = s.tokenShiftCount;
    c["ssm_state_dtype_bytes"] = s.ssmDtypeBytes;
    c["ssm_conv_bias"] = s.convBias;
    c["ssm_proj_bias"] = s.projBias;
    c["ssm_inner_norms"] = s.innerNorms;
    c["ssm_gated_norm"] = s.gatedNorm;
    c["parallel_attention"] = a.parallelAttention;
    c["attn_output_gate"] = a.attentionOutputGate;
}

} // namespace memplan
