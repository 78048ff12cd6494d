#include "model/ggufmix.h"

#include "error.h"
#include "formats/tableformats.h"

#include <string_view>

namespace memplan::ggufmix {

namespace {

constexpr const char *kWeightSizeWhat = "weight size";

// llama.cpp's file types (llama_ftype) whose tensors the planner sums. Uniform: every matrix in
// the file type's own type (Q4_0, Q4_1, Q5_0, Q5_1, Q6_K, Q8_0 without an importance matrix).
// The IQ file types are taken as made with an importance matrix, as published ones are
// (llama-quantize requires one for IQ1, IQ2 and IQ3_XXS), which changes some choices.
enum class Mix {
    Uniform,
    Q2K,
    Q2KS,
    Q3KS,
    Q3KM,
    Q3KL,
    Q4KS,
    Q4KM,
    Q5KS,
    Q5KM,
    IQ1S,
    IQ1M,
    IQ2XXS,
    IQ2XS,
    IQ2S,
    IQ2M,
    IQ3XXS,
    IQ3XS,
    IQ3S,
    IQ3M,
    IQ4NL,
    IQ4XS
};

std::optional<Mix> mixOf(std::string_view id)
{
    static constexpr std::pair<std::string_view, Mix> kMixes[] = {
        {"q2_k_mix", Mix::Q2K}, {"q2_k_s", Mix::Q2KS},  {"q3_k_s", Mix::Q3KS},  {"q3_k_m", Mix::Q3KM},
        {"q3_k_l", Mix::Q3KL},  {"q4_k_s", Mix::Q4KS},  {"q4_k_m", Mix::Q4KM},  {"q5_k_s", Mix::Q5KS},
        {"q5_k_m", Mix::Q5KM},  {"iq1_s", Mix::IQ1S},   {"iq1_m", Mix::IQ1M},   {"iq2_xxs", Mix::IQ2XXS},
        {"iq2_xs", Mix::IQ2XS}, {"iq2_s", Mix::IQ2S},   {"iq2_m", Mix::IQ2M},   {"iq3_xxs", Mix::IQ3XXS},
        {"iq3_xs", Mix::IQ3XS}, {"iq3_s", Mix::IQ3S},   {"iq3_m", Mix::IQ3M},   {"iq4_nl", Mix::IQ4NL},
        {"iq4_xs", Mix::IQ4XS}, {"q4_0", Mix::Uniform}, {"q4_1", Mix::Uniform}, {"q5_0", Mix::Uniform},
        {"q5_1", Mix::Uniform}, {"q6_k", Mix::Uniform}, {"q8_0", Mix::Uniform}};
    for (const auto &[name, mix] : kMixes)
        if (name == id)
            return mix;
    return std::nullopt;
}

const QuantFormat *quantById(std::string_view id)
{
    return findQuantFormat(id);
}

/// The layers llama-quantize gives more bits in the _M mixes: the first and the last
/// eighth, and every third layer between them.
bool moreBits(std::uint32_t i, std::uint32_t n)
{
    return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
}

/// llama_tensor_get_type's first branch: the 1- and 2-bit IQ file types decide attn_v, attn_k,
/// ffn_down and attn_output on their own (no 70B or 8-expert raise of attn_v).
bool lowBitBranch(Mix m)
{
    return m == Mix::IQ1S || m == Mix::IQ1M || m == Mix::IQ2XXS || m == Mix::IQ2XS || m == Mix::IQ2S || m == Mix::IQ2M;
}

struct Rules {
    Mix mix;
    std::uint32_t layers;
    const QuantFormat *base;
    bool eightExperts; ///< Mixtral-like: 8 experts get their own attention types
    bool seventyB;     ///< llama.cpp's LLM_TYPE_70B: attn_v is 8x smaller than attn_q, so it gets Q5_K
    bool groupedBy4;   ///< n_head / n_head_kv >= 4
    bool fourExperts;  ///< n_expert >= 4 (the low-bit branch's attn_v rule)

    /// IQ2_S and IQ2_M raise to IQ3_S where the other low-bit types raise to Q2_K.
    const QuantFormat *lowBitRaise() const
    {
        return quantById(mix == Mix::IQ2S || mix == Mix::IQ2M ? "iq3_s" : "q2_k");
    }

    /// attn_v of the i-th attention layer.
    const QuantFormat *value(std::uint32_t i) const
    {
        if (lowBitBranch(mix))
            return groupedBy4 || fourExperts ? quantById("q4_k") : lowBitRaise();
        const QuantFormat *t = base;
        switch (mix) {
        case Mix::Q2K:
            t = quantById(groupedBy4 ? "q4_k" : "q3_k");
            break;
        case Mix::Q3KM:
            t = quantById(i < 2 ? "q5_k" : "q4_k");
            break;
        case Mix::Q3KL:
            t = quantById("q5_k");
            break;
        case Mix::Q4KS:
            t = quantById(i < 4 ? "q5_k" : "q4_k");
            break;
        case Mix::Q4KM:
        case Mix::Q5KM:
            t = moreBits(i, layers) ? quantById("q6_k") : base;
            break;
        case Mix::Q2KS:
        case Mix::IQ3XS:
        case Mix::IQ3S:
        case Mix::IQ3XXS: // with an importance matrix IQ3_XXS keeps its own type below 4 groups
            t = groupedBy4 ? quantById("q4_k") : base;
            break;
        case Mix::IQ3M:
            t = quantById("q4_k");
            break;
        case Mix::IQ4NL:
        case Mix::IQ4XS:
            t = groupedBy4 ? quantById("q5_k") : base;
            break;
        default:
            break;
        }
        if (seventyB && (t->id == "q3_k" || t->id == "q4_k"))
            t = quantById("q5_k");
        return eightExperts ? quantById("q8_0") : t;
    }

    /// ffn_down (dense, shared or routed experts) of layer i. For the low-bit branch, i is the
    /// index of the layer's first ffn_down tensor instead: that branch counts tensors, not layers.
    const QuantFormat *down(std::uint32_t i) const
    {
        if (lowBitBranch(mix))
            return i < layers / 8 ? lowBitRaise() : base;
        switch (mix) {
        case Mix::Q2KS:
            return i < layers / 8 ? quantById("q4_k") : base;
        case Mix::IQ3M:
            return i < layers / 8 || (eightExperts && moreBits(i, layers)) ? quantById("q4_k") : base;
        case Mix::Q2K:
            return quantById("q3_k");
        case Mix::Q3KM:
            return quantById(i < layers / 16 ? "q5_k" : "q4_k");
        case Mix::Q3KL:
            return quantById("q5_k");
        case Mix::Q4KS:
            return i < layers / 8 ? quantById("q5_k") : base;
        case Mix::Q4KM:
        case Mix::Q5KM:
            return moreBits(i, layers) ? quantById("q6_k") : base;
        default:
            break;
        }
        return base;
    }

    const QuantFormat *attentionOutput() const
    {
        if (eightExperts) {
            switch (mix) {
            case Mix::Q2K:
            case Mix::Q3KS:
            case Mix::Q3KM:
            case Mix::Q4KS:
            case Mix::Q4KM:
            case Mix::IQ3XXS:
            case Mix::IQ3XS:
            case Mix::IQ3S:
            case Mix::IQ3M:
            case Mix::IQ4NL:
            case Mix::IQ4XS:
                return quantById("q5_k");
            default:
                return lowBitBranch(mix) ? quantById("q5_k") : base;
            }
        }
        switch (mix) {
        case Mix::Q2K:
            return quantById("q3_k");
        case Mix::IQ1S:
        case Mix::IQ1M:
            return quantById("iq2_xxs");
        case Mix::IQ2S:
        case Mix::IQ2M:
        case Mix::IQ3XXS:
            return quantById("iq3_s");
        case Mix::Q3KM:
        case Mix::IQ3M:
            return quantById("q4_k");
        case Mix::Q3KL:
            return quantById("q5_k");
        default:
            return base;
        }
    }

    const QuantFormat *key() const
    {
        if (eightExperts)
            return quantById(lowBitBranch(mix) ? "q4_k" : "q8_0");
        if (mix == Mix::IQ3XS)
            return quantById("iq3_xxs");
        return mix == Mix::IQ3XXS ? quantById("iq2_s") : base;
    }

    const QuantFormat *query() const
    {
        if (mix == Mix::IQ3XS)
            return quantById("iq3_xxs");
        return mix == Mix::IQ3XXS ? quantById("iq2_s") : base;
    }

    /// ffn_gate and ffn_up (dense, shared or routed experts) of layer i.
    const QuantFormat *gateUp(std::uint32_t i) const
    {
        if (mix == Mix::IQ3XS && i >= layers / 8 && i < 7 * layers / 8)
            return quantById("iq3_xxs");
        return base;
    }
};

/// Up to four types a per-layer choice takes, with the number of layers of each.
struct Tally {
    std::array<const QuantFormat *, 4> format{};
    std::array<std::uint32_t, 4> count{};
    void add(const QuantFormat *f)
    {
        for (std::size_t k = 0; k < format.size(); ++k) {
            if (format[k] == f || !format[k]) {
                format[k] = f;
                ++count[k];
                return;
            }
        }
        throw InputError("weights.format", "more tensor types in one mix than the planner models");
    }
};

/// llama.cpp's bytes for one cols x rows matrix of type f (or its fallback for the row).
Bytes matrixBytes(const QuantFormat *f, std::uint64_t cols, std::uint64_t rows)
{
    return fitRow(*f, cols).bytesFor(checkedMul(cols, rows, kWeightSizeWhat));
}

/// What differs from layer to layer: the matrices whose type the mix chooses per layer.
struct LayerVariable {
    std::vector<Bytes> layers;  ///< per layer: attn_v (or the fused qkv), ffn_gate/up/down, shared experts
    std::vector<Bytes> experts; ///< per layer: routed experts (0 for a dense layer)
};

/// Cumulative bytes of layers [0, i): each layer's own variable matrices plus an even share of
/// the rest of the part (the same matrices in every layer, and the F32 vectors), so that the
/// last entry is the part's total. `among` marks the layers the even share is spread over.
std::vector<Bytes> cumulative(const std::vector<Bytes> &variable, Bytes total, const std::vector<bool> &among)
{
    Bytes sum = 0;
    std::uint64_t count = 0;
    for (std::size_t i = 0; i < variable.size(); ++i) {
        sum = checkedAdd(sum, variable[i], kWeightSizeWhat);
        count += among[i];
    }
    const Bytes rest = total > sum ? total - sum : 0;
    std::vector<Bytes> before(variable.size() + 1, 0);
    Bytes own = 0;
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < variable.size(); ++i) {
        own += variable[i];
        seen += among[i];
        before[i + 1] = own + (count ? mulDiv(rest, seen, count, kWeightSizeWhat) : 0);
    }
    return before;
}

class MixBuilder {
public:
    MixedWeights w;
    std::uint64_t matrixParams[2] = {0, 0};

    /// count matrices of cols x rows weights in format f (or llama.cpp's fallback for the row).
    void add(Part part, const QuantFormat *f, std::uint64_t cols, std::uint64_t rows, std::uint64_t count)
    {
        if (count == 0 || cols == 0 || rows == 0)
            return;
        const QuantFormat &t = fitRow(*f, cols);
        const Bytes bytes = checkedMul(t.bytesFor(checkedMul(cols, rows, kWeightSizeWhat)), count, kWeightSizeWhat);
        matrixParams[int(part)] =
            checkedAdd(matrixParams[int(part)],
                       checkedMul(checkedMul(cols, rows, kWeightSizeWhat), count, kWeightSizeWhat), kWeightSizeWhat);
        Bytes &partBytes = part == Part::Layers ? w.layers : w.experts;
        partBytes = checkedAdd(partBytes, bytes, kWeightSizeWhat);
        for (std::uint32_t k = 0; k < w.groupCount; ++k) {
            MatrixGroup &g = w.groups[k];
            if (g.part == part && g.format == &t && g.rows == rows) {
                g.bytes += bytes;
                return;
            }
        }
        if (w.groupCount == w.groups.size())
            throw InputError("weights.format", "more tensor shapes in one mix than the planner models");
        w.groups[w.groupCount++] = MatrixGroup{part, &t, rows, bytes};
    }

    void addTally(Part part, const Tally &t, std::uint64_t cols, std::uint64_t rows, std::uint64_t perLayer)
    {
        for (std::size_t k = 0; k < t.format.size() && t.format[k]; ++k)
            add(part, t.format[k], cols, rows, checkedMul(t.count[k], perLayer, kWeightSizeWhat));
    }
};

std::uint64_t expertWidthOf(const ModelArchitecture &a)
{
    return a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
}

std::uint64_t sharedWidthOf(const ModelArchitecture &a, std::uint64_t expertWidth)
{
    return a.sharedExpertIntermediateSize ? a.sharedExpertIntermediateSize
                                          : std::uint64_t(a.nSharedExperts) * expertWidth;
}

/// Multi-head latent attention as llama.cpp's deepseek2 files store it (src/models/deepseek2.cpp;
/// convert_hf_to_gguf.py splits kv_b_proj into attn_k_b, transposed, and attn_v_b). Only attn_q
/// and attn_output have rules of their own in llama_tensor_get_type; the low-rank projections and
/// the two halves of kv_b are "other" tensors in the file type's base type, and attn_k_b's
/// 128-wide rows (qk_nope_head_dim) take llama.cpp's fallback type. No tensor counts as attn_v.
/// attn_output (heads x v_head_dim wide) is added with the other attention kinds'.
void addLatentAttention(MixBuilder &b, const Rules &rules, const ModelArchitecture &a)
{
    const std::uint64_t L = a.numHiddenLayers, h = a.hiddenSize, heads = a.numAttentionHeads;
    const std::uint64_t rope = a.qkRopeHeadDim, nope = a.qkNopeHeadDim, v = a.vHeadDim, kv = a.kvLoraRank;
    const std::uint64_t qRows = heads * (nope + rope);
    if (a.qLoraRank) {
        b.add(Part::Layers, rules.base, h, a.qLoraRank, L);     // attn_q_a
        b.add(Part::Layers, rules.base, a.qLoraRank, qRows, L); // attn_q_b
    } else {
        b.add(Part::Layers, rules.query(), h, qRows, L);
    }
    b.add(Part::Layers, rules.base, h, kv + rope, L);     // attn_kv_a_mqa
    b.add(Part::Layers, rules.base, nope, kv, L * heads); // attn_k_b, one matrix per head
    b.add(Part::Layers, rules.base, kv, v, L * heads);    // attn_v_b
}

/// Everything else in a layer is a vector, the router or a convolution (norms, biases, sinks,
/// ffn_gate_inp, ssm_conv1d), which llama-quantize leaves in the F32 the converter wrote.
std::optional<MixedWeights> withVectors(const MixBuilder &b, std::uint64_t layerParams, std::uint64_t expertParams)
{
    if (b.matrixParams[0] > layerParams || b.matrixParams[1] > expertParams)
        return std::nullopt; // the parameter count does not describe these shapes
    MixedWeights w = b.w;
    w.layers = checkedAdd(w.layers, checkedMul(layerParams - b.matrixParams[0], 4, kWeightSizeWhat), kWeightSizeWhat);
    w.experts =
        checkedAdd(w.experts, checkedMul(expertParams - b.matrixParams[1], 4, kWeightSizeWhat), kWeightSizeWhat);
    return w;
}

/// The hybrid families whose GGUF layers are summed here: Mamba-2 beside attention (Granite
/// 4.0-H, Nemotron-H) and gated delta nets beside attention (Qwen3-Next, Qwen3.5).
bool modelledHybrid(const ModelArchitecture &a)
{
    static constexpr std::string_view kTypes[] = {"granitemoehybrid", "nemotron_h",  "qwen3_next",      "qwen3_5",
                                                  "qwen3_5_text",     "qwen3_5_moe", "qwen3_5_moe_text"};
    for (std::string_view t : kTypes)
        if (a.modelType == t)
            return !a.parallelAttention;
    return false;
}

/// Counters llama_tensor_get_type keeps while it walks a file's tensors in layer order.
struct HybridWalk {
    const ModelArchitecture &a;
    const Rules &rules;
    Rules valueRules;              ///< attn_v-like tensors counted over their own number
    std::uint32_t valueTensor = 0; ///< i_attention_wv
    std::uint32_t downTensor = 0;  ///< i_ffn_down (the layer index when the model has experts)
    std::uint32_t gateTensor = 0;  ///< i_ffn_gate
    std::uint32_t upTensor = 0;    ///< i_ffn_up
    std::uint32_t index(std::uint32_t counter, std::uint32_t layer) const { return a.numExperts > 1 ? layer : counter; }
};

void addHybridMixer(MixBuilder &b, HybridWalk &w, std::uint32_t i)
{
    const ModelArchitecture &a = w.a;
    const RecurrentShape &s = a.recurrent;
    const std::uint64_t h = a.hiddenSize, hd = a.effectiveHeadDim();
    const std::uint64_t qRows = std::uint64_t(a.numAttentionHeads) * hd, kvRows = std::uint64_t(a.kvHeads()) * hd;
    switch (a.layerKinds[i]) {
    case LayerKind::FullAttention:
        b.add(Part::Layers, w.rules.query(), h, a.attentionOutputGate ? 2 * qRows : qRows, 1);
        b.add(Part::Layers, w.rules.key(), h, kvRows, 1);
        b.add(Part::Layers, w.valueRules.value(w.valueTensor++), h, kvRows, 1);
        b.add(Part::Layers, w.rules.attentionOutput(), qRows, h, 1);
        break;
    case LayerKind::Mamba2: // ssm_in (z, x, B, C, dt) and ssm_out; the conv and per-head vectors stay F32
        b.add(Part::Layers, w.rules.base, h, 2ULL * s.dInner + 2ULL * s.nGroups * s.dState + s.nHeads, 1);
        b.add(Part::Layers, w.rules.base, s.dInner, h, 1);
        break;
    case LayerKind::LinearAttention: {
        // attn_qkv counts as an attn_v tensor; attn_gate, the beta/alpha projections and ssm_out
        // are plain tensors in the base type.
        const std::uint64_t key = std::uint64_t(s.nGroups) * s.dState, value = s.dInner;
        b.add(Part::Layers, w.valueRules.value(w.valueTensor++), h, 2 * key + value, 1);
        b.add(Part::Layers, w.rules.base, h, value, 1);
        b.add(Part::Layers, w.rules.base, h, s.nHeads, 2); // ssm_ba (Qwen3-Next) or ssm_beta + ssm_alpha
        b.add(Part::Layers, w.rules.base, value, h, 1);
        break;
    }
    default:
        break;
    }
}

void addHybridFfn(MixBuilder &b, HybridWalk &w, std::uint32_t i)
{
    const ModelArchitecture &a = w.a;
    const std::uint64_t h = a.hiddenSize;
    const FfnKind ffn = a.ffnKinds[i];
    if (ffn == FfnKind::None)
        return;
    const bool moe = ffn == FfnKind::Moe;
    const std::uint64_t width = moe ? expertWidthOf(a) : a.intermediateSize;
    const std::uint64_t shared = moe ? sharedWidthOf(a, width) : 0;
    const Mix mix = w.rules.mix;
    // The low-bit branch counts ffn_down tensors: a layer's ffn_down_exps and ffn_down_shexp (in
    // that order in the file) are two, and the L/8 boundary can fall between them.
    const QuantFormat *down = w.rules.down(lowBitBranch(mix) ? w.downTensor : w.index(w.downTensor, i));
    const QuantFormat *sharedDown = w.rules.down(lowBitBranch(mix) ? w.downTensor + 1 : w.index(w.downTensor, i));
    const QuantFormat *gate = w.rules.gateUp(w.index(w.gateTensor, i));
    const QuantFormat *up = w.rules.gateUp(w.index(w.upTensor, i));
    if (moe) {
        b.add(Part::Experts, gate, h, width, a.numExperts);
        b.add(Part::Experts, up, h, width, a.numExperts);
        b.add(Part::Experts, down, width, h, a.numExperts);
        b.add(Part::Layers, gate, h, shared, 1);
        b.add(Part::Layers, up, h, shared, 1);
        b.add(Part::Layers, sharedDown, shared, h, 1);
        w.downTensor += shared ? 2 : 1;
        w.gateTensor += shared ? 2 : 1;
        w.upTensor += shared ? 2 : 1;
        return;
    }
    if (a.gatedMlp) {
        b.add(Part::Layers, gate, h, width, 1);
        ++w.gateTensor;
    }
    b.add(Part::Layers, up, h, width, 1);
    b.add(Part::Layers, down, width, h, 1);
    ++w.upTensor;
    ++w.downTensor;
}

/// A hybrid model's layers, walked as llama-quantize walks the file: every attn_v-like tensor
/// (attention's attn_v, a gated delta net's attn_qkv) advances one counter, each FFN tensor its own.
/// llama.cpp reads n_head / n_head_kv of layer 0 for the grouped-query raises; Granite and
/// Nemotron-H store the KV head count per layer, 0 for a recurrent layer, which turns them off.
MixBuilder hybridMix(const ModelArchitecture &a, const Rules &base)
{
    Rules rules = base;
    // Qwen3-Next and Qwen3.5 (gated delta nets) mark recurrence by an interval and keep one KV head count.
    if (a.kindCounts.of(LayerKind::LinearAttention) == 0 && !keepsKvCache(a.layerKinds.front()))
        rules.groupedBy4 = false;
    std::uint32_t valueTensors = 0;
    for (LayerKind k : a.layerKinds)
        valueTensors += k == LayerKind::FullAttention || k == LayerKind::LinearAttention;
    HybridWalk w{a, rules, rules};
    w.valueRules.layers = valueTensors;
    MixBuilder b;
    for (std::uint32_t i = 0; i < a.numHiddenLayers; ++i) {
        addHybridMixer(b, w, i);
        addHybridFfn(b, w, i);
    }
    // No file tail: which tensors of the last layer sort after its last norm is not modelled for
    // these layouts (it matters only to the CPU repack's mapped span).
    return b;
}

/// Architectures whose GGUF keeps q, k and v in one attn_qkv tensor and gate and up in one
/// ffn_up (llama.cpp src/models/phi3.cpp and chatglm.cpp; convert_hf_to_gguf.py writes Phi-3's
/// qkv_proj and gate_up_proj, and GLM-4's query_key_value and dense_h_to_4h, as they are).
/// Phi-4 is model_type phi3 too. GPT-NeoX keeps query_key_value fused as well (src/models/gptneox.cpp); its
/// ffn_up is the plain up projection, since the MLP has no gate.
bool fusesQkvAndGateUp(const ModelArchitecture &a)
{
    return a.modelType == "phi3" || a.modelType == "chatglm" || a.modelType == "gpt_neox";
}

} // namespace

std::optional<MixedWeights> mixedWeights(const ModelArchitecture &a, const QuantFormat &format,
                                         std::uint64_t layerParams, std::uint64_t expertParams)
{
    const std::optional<Mix> mix = mixOf(format.id);
    if (!mix || (a.hasLayerKinds() && !modelledHybrid(a)) || a.modelType == "falcon" || a.numHiddenLayers == 0 ||
        a.numAttentionHeads == 0)
        return std::nullopt;
    const std::uint32_t L = a.numHiddenLayers;
    const std::uint64_t h = a.hiddenSize, hd = a.effectiveHeadDim();
    const std::uint64_t qRows = std::uint64_t(a.numAttentionHeads) * hd, kvRows = std::uint64_t(a.kvHeads()) * hd;
    // llama.cpp's model sizes: LLM_TYPE_70B is an 80-layer Llama or Qwen2 (src/llama-model.cpp).
    const bool seventyB = L == 80 && (a.modelType == "llama" || a.modelType == "qwen2");
    // llama_ftype_get_default_type: the IQ2_S file type stores its plain matrices as IQ2_XS (and
    // IQ2_M's as IQ2_S); every other file type uses the type it is named after.
    const QuantFormat *base = *mix == Mix::IQ2S ? quantById("iq2_xs") : &baseType(format);
    const Rules rules{
        *mix, L, base, a.numExperts == 8, seventyB, a.numAttentionHeads >= 4 * a.kvHeads(), a.numExperts >= 4};
    if (a.hasLayerKinds())
        return withVectors(hybridMix(a, rules), layerParams, expertParams);

    const std::uint64_t expertWidth = expertWidthOf(a);
    const std::uint64_t denseWidth = a.isMoe() && a.intermediateSizeMlp ? a.intermediateSizeMlp : a.intermediateSize;
    const std::uint64_t sharedWidth = sharedWidthOf(a, expertWidth);
    const std::uint32_t gateUp = a.gatedMlp ? 2 : 1;
    const bool fused = fusesQkvAndGateUp(a) && !a.isMoe();
    Tally value, denseDown, moeDown, sharedDown, denseGateUp, moeGateUp;
    LayerVariable per{std::vector<Bytes>(L, 0), std::vector<Bytes>(L, 0)};
    std::vector<bool> isMoe(L, false);
    std::uint32_t moeLayers = 0;
    std::uint32_t downTensor = 0; // llama-quantize's i_ffn_down: ffn_down tensors seen so far
    for (std::uint32_t i = 0; i < L; ++i) {
        value.add(rules.value(i));
        if (!a.isMla())
            per.layers[i] += matrixBytes(rules.value(i), h, fused ? qRows + 2 * kvRows : kvRows);
        const bool moe = a.isMoeLayer(i);
        isMoe[i] = moe;
        moeLayers += moe;
        // The low-bit branch counts ffn_down tensors: ffn_down_exps, then ffn_down_shexp.
        const QuantFormat *down = rules.down(lowBitBranch(*mix) ? downTensor : i);
        (moe ? moeDown : denseDown).add(down);
        const bool sharedExpert = moe && sharedWidth > 0;
        const QuantFormat *shared = rules.down(lowBitBranch(*mix) ? downTensor + 1 : i);
        if (sharedExpert)
            sharedDown.add(shared);
        downTensor += sharedExpert ? 2 : 1;
        const QuantFormat *gu = rules.gateUp(i);
        (moe ? moeGateUp : denseGateUp).add(gu);
        if (moe) {
            per.layers[i] +=
                sharedExpert ? gateUp * matrixBytes(gu, h, sharedWidth) + matrixBytes(shared, sharedWidth, h) : 0;
            per.experts[i] =
                a.numExperts * (gateUp * matrixBytes(gu, h, expertWidth) + matrixBytes(down, expertWidth, h));
        } else {
            per.layers[i] +=
                (fused ? matrixBytes(gu, h, gateUp * denseWidth) : gateUp * matrixBytes(gu, h, denseWidth)) +
                matrixBytes(down, denseWidth, h);
        }
    }

    MixBuilder b;
    if (a.isMla()) {
        addLatentAttention(b, rules, a);
    } else if (fused) {
        // One attn_qkv tensor: llama-quantize gives it the attn_v rule whole.
        b.addTally(Part::Layers, value, h, qRows + 2 * kvRows, 1);
    } else {
        b.add(Part::Layers, rules.query(), h, qRows, L);
        b.add(Part::Layers, rules.key(), h, kvRows, L);
        b.addTally(Part::Layers, value, h, kvRows, 1);
    }
    const std::uint64_t outputCols = a.isMla() ? std::uint64_t(a.numAttentionHeads) * a.vHeadDim : qRows;
    b.add(Part::Layers, rules.attentionOutput(), outputCols, h, L);
    if (fused) // gate and up in one ffn_up tensor of twice the width, typed as ffn_up
        b.addTally(Part::Layers, denseGateUp, h, std::uint64_t(gateUp) * denseWidth, 1);
    else
        b.addTally(Part::Layers, denseGateUp, h, denseWidth, gateUp);
    b.addTally(Part::Layers, denseDown, denseWidth, h, 1);
    if (moeLayers > 0) {
        b.addTally(Part::Layers, moeGateUp, h, sharedWidth, gateUp);
        if (sharedWidth > 0)
            b.addTally(Part::Layers, sharedDown, sharedWidth, h, 1);
        b.addTally(Part::Experts, moeGateUp, h, expertWidth, std::uint64_t(gateUp) * a.numExperts);
        b.addTally(Part::Experts, moeDown, expertWidth, h, a.numExperts);
    }
    const std::uint32_t last = L - 1;
    auto tail = [&](Part part, std::uint64_t rows, std::uint64_t count) {
        const QuantFormat &t = fitRow(*rules.base, h);
        if (rows && count)
            b.w.fileTail[b.w.fileTailCount++] = MatrixGroup{
                part, &t, rows, checkedMul(t.bytesFor(checkedMul(h, rows, kWeightSizeWhat)), count, kWeightSizeWhat)};
    };
    if (a.isMoeLayer(last)) {
        tail(Part::Experts, expertWidth, a.numExperts); // ffn_up_exps sorts before ffn_up_shexp
        tail(Part::Layers, sharedWidth, 1);
    } else {
        tail(Part::Layers, fused ? std::uint64_t(gateUp) * denseWidth : denseWidth, 1);
    }
    std::optional<MixedWeights> w = withVectors(b, layerParams, expertParams);
    if (w) {
        w->layersBefore = cumulative(per.layers, w->layers, std::vector<bool>(L, true));
        w->expertsBefore = cumulative(per.experts, w->experts, isMoe);
    }
    return w;
}

} // namespace memplan::ggufmix
