#include "model/ggufmix.h"

#include "error.h"
#include "formats/tableformats.h"

#include <string_view>

namespace memplan::ggufmix {

namespace {

constexpr const char *kWeightSizeWhat = "weight size";

enum class Mix { Q2K, Q2KS, Q3KS, Q3KM, Q3KL, Q4KS, Q4KM, Q5KS, Q5KM, IQ2M, IQ3XS, IQ3M };

std::optional<Mix> mixOf(std::string_view id)
{
    if (id == "q2_k_mix")
        return Mix::Q2K;
    if (id == "q3_k_s")
        return Mix::Q3KS;
    if (id == "q3_k_m")
        return Mix::Q3KM;
    if (id == "q3_k_l")
        return Mix::Q3KL;
    if (id == "q4_k_s")
        return Mix::Q4KS;
    if (id == "q4_k_m")
        return Mix::Q4KM;
    if (id == "q5_k_s")
        return Mix::Q5KS;
    if (id == "q5_k_m")
        return Mix::Q5KM;
    if (id == "q2_k_s")
        return Mix::Q2KS;
    if (id == "iq2_m")
        return Mix::IQ2M;
    if (id == "iq3_xs")
        return Mix::IQ3XS;
    if (id == "iq3_m")
        return Mix::IQ3M;
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

struct Rules {
    Mix mix;
    std::uint32_t layers;
    const QuantFormat *base;
    bool eightExperts; ///< Mixtral-like: 8 experts get their own attention types
    bool seventyB;     ///< llama.cpp's LLM_TYPE_70B: attn_v is 8x smaller than attn_q, so it gets Q5_K
    bool groupedBy4;   ///< n_head / n_head_kv >= 4
    bool fourExperts;  ///< n_expert >= 4 (the IQ2 branch's attn_v rule)

    /// attn_v of the i-th attention layer.
    const QuantFormat *value(std::uint32_t i) const
    {
        // llama.cpp's IQ1/IQ2 branch decides attn_v on its own: no 70B or 8-expert raise.
        if (mix == Mix::IQ2M)
            return quantById(groupedBy4 || fourExperts ? "q4_k" : "iq3_s");
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
            t = groupedBy4 ? quantById("q4_k") : base;
            break;
        case Mix::IQ3M:
            t = quantById("q4_k");
            break;
        default:
            break;
        }
        if (seventyB && (t->id == "q3_k" || t->id == "q4_k"))
            t = quantById("q5_k");
        return eightExperts ? quantById("q8_0") : t;
    }

    /// ffn_down (dense, shared or routed experts) of layer i. For IQ2_M, i is the index of the
    /// layer's first ffn_down tensor instead: that branch counts tensors, not layers.
    const QuantFormat *down(std::uint32_t i) const
    {
        switch (mix) {
        case Mix::IQ2M:
            return i < layers / 8 ? quantById("iq3_s") : base;
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
        if (eightExperts)
            return mix == Mix::Q3KL || mix == Mix::Q5KS || mix == Mix::Q5KM || mix == Mix::Q2KS ? base
                                                                                                : quantById("q5_k");
        switch (mix) {
        case Mix::Q2K:
            return quantById("q3_k");
        case Mix::IQ2M:
            return quantById("iq3_s");
        case Mix::IQ3M:
            return quantById("q4_k");
        case Mix::Q3KM:
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
            return quantById(mix == Mix::IQ2M ? "q4_k" : "q8_0");
        return mix == Mix::IQ3XS ? quantById("iq3_xxs") : base;
    }

    const QuantFormat *query() const { return mix == Mix::IQ3XS ? quantById("iq3_xxs") : base; }

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

bool isMoeLayer(const ModelArchitecture &a, std::uint32_t i)
{
    if (!a.isMoe() || i < a.firstKDenseReplace)
        return false;
    const std::uint32_t step = a.moeLayerStep ? a.moeLayerStep : 1;
    return (i - a.firstKDenseReplace + 1) % step == 0;
}

std::uint64_t expertWidthOf(const ModelArchitecture &a)
{
    return a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
}

std::uint64_t sharedWidthOf(const ModelArchitecture &a, std::uint64_t expertWidth)
{
    return a.sharedExpertIntermediateSize ? a.sharedExpertIntermediateSize
                                          : std::uint64_t(a.nSharedExperts) * expertWidth;
}

} // namespace

std::optional<MixedWeights> mixedWeights(const ModelArchitecture &a, const QuantFormat &format,
                                         std::uint64_t layerParams, std::uint64_t expertParams)
{
    const std::optional<Mix> mix = mixOf(format.id);
    if (!mix || a.isMla() || a.hasLayerKinds() || a.modelType == "falcon" || a.numHiddenLayers == 0 ||
        a.numAttentionHeads == 0)
        return std::nullopt;
    const std::uint32_t L = a.numHiddenLayers;
    const std::uint64_t h = a.hiddenSize, hd = a.effectiveHeadDim();
    const std::uint64_t qRows = std::uint64_t(a.numAttentionHeads) * hd, kvRows = std::uint64_t(a.kvHeads()) * hd;
    // llama.cpp's model sizes: LLM_TYPE_70B is an 80-layer Llama or Qwen2 (src/llama-model.cpp).
    const bool seventyB = L == 80 && (a.modelType == "llama" || a.modelType == "qwen2");
    const Rules rules{*mix,
                      L,
                      &baseType(format),
                      a.numExperts == 8,
                      seventyB,
                      a.numAttentionHeads >= 4 * a.kvHeads(),
                      a.numExperts >= 4};

    const std::uint64_t expertWidth = expertWidthOf(a);
    const std::uint64_t denseWidth = a.isMoe() && a.intermediateSizeMlp ? a.intermediateSizeMlp : a.intermediateSize;
    const std::uint64_t sharedWidth = sharedWidthOf(a, expertWidth);
    Tally value, denseDown, moeDown, denseGateUp, moeGateUp;
    std::uint32_t moeLayers = 0;
    std::uint32_t downTensor = 0; // llama-quantize's i_ffn_down: ffn_down tensors seen so far
    for (std::uint32_t i = 0; i < L; ++i) {
        value.add(rules.value(i));
        const bool moe = isMoeLayer(a, i);
        moeLayers += moe;
        // A layer's ffn_down_exps and ffn_down_shexp take the type of the first of them.
        (moe ? moeDown : denseDown).add(rules.down(*mix == Mix::IQ2M ? downTensor : i));
        downTensor += moe && sharedWidthOf(a, expertWidthOf(a)) > 0 ? 2 : 1;
        (moe ? moeGateUp : denseGateUp).add(rules.gateUp(i));
    }
    const std::uint32_t denseLayers = L - moeLayers;
    const std::uint32_t gateUp = a.gatedMlp ? 2 : 1;

    MixBuilder b;
    b.add(Part::Layers, rules.query(), h, qRows, L);
    b.add(Part::Layers, rules.key(), h, kvRows, L);
    b.addTally(Part::Layers, value, h, kvRows, 1);
    b.add(Part::Layers, rules.attentionOutput(), qRows, h, L);
    b.addTally(Part::Layers, denseGateUp, h, denseWidth, gateUp);
    b.addTally(Part::Layers, denseDown, denseWidth, h, 1);
    if (moeLayers > 0) {
        b.addTally(Part::Layers, moeGateUp, h, sharedWidth, gateUp);
        if (sharedWidth > 0)
            b.addTally(Part::Layers, moeDown, sharedWidth, h, 1);
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
    if (isMoeLayer(a, last)) {
        tail(Part::Experts, expertWidth, a.numExperts); // ffn_up_exps sorts before ffn_up_shexp
        tail(Part::Layers, sharedWidth, 1);
    } else {
        tail(Part::Layers, denseWidth, 1);
    }
    // Everything else in a layer is a vector or the router (norms, biases, sinks,
    // ffn_gate_inp), which llama-quantize leaves in the F32 the converter wrote.
    if (b.matrixParams[0] > layerParams || b.matrixParams[1] > expertParams)
        return std::nullopt; // the parameter count does not describe these shapes
    b.w.layers =
        checkedAdd(b.w.layers, checkedMul(layerParams - b.matrixParams[0], 4, kWeightSizeWhat), kWeightSizeWhat);
    b.w.experts =
        checkedAdd(b.w.experts, checkedMul(expertParams - b.matrixParams[1], 4, kWeightSizeWhat), kWeightSizeWhat);
    return b.w;
}

} // namespace memplan::ggufmix
