#include "model/ggufmix.h"

#include "error.h"
#include "formats/tableformats.h"

#include <string_view>

namespace memplan::ggufmix {

namespace {

constexpr const char *kWeightSizeWhat = "weight size";

enum class Mix { Q2K, Q3KS, Q3KM, Q3KL, Q4KS, Q4KM, Q5KS, Q5KM };

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

    /// attn_v of the i-th attention layer.
    const QuantFormat *value(std::uint32_t i) const
    {
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
        case Mix::Q3KS:
        case Mix::Q5KS:
            break;
        }
        if (seventyB && (t->id == "q3_k" || t->id == "q4_k"))
            t = quantById("q5_k");
        return eightExperts ? quantById("q8_0") : t;
    }

    /// ffn_down (dense, shared or routed experts) of layer i.
    const QuantFormat *down(std::uint32_t i) const
    {
        switch (mix) {
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
        case Mix::Q3KS:
        case Mix::Q5KS:
            break;
        }
        return base;
    }

    const QuantFormat *attentionOutput() const
    {
        if (eightExperts)
            return mix == Mix::Q3KL || mix == Mix::Q5KS || mix == Mix::Q5KM ? base : quantById("q5_k");
        switch (mix) {
        case Mix::Q2K:
            return quantById("q3_k");
        case Mix::Q3KM:
            return quantById("q4_k");
        case Mix::Q3KL:
            return quantById("q5_k");
        default:
            return base;
        }
    }

    const QuantFormat *key() const { return eightExperts ? quantById("q8_0") : base; }
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
    const Rules rules{*mix, L, &baseType(format), a.numExperts == 8, seventyB, a.numAttentionHeads >= 4 * a.kvHeads()};

    const std::uint64_t expertWidth = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
    const std::uint64_t denseWidth = a.isMoe() && a.intermediateSizeMlp ? a.intermediateSizeMlp : a.intermediateSize;
    const std::uint64_t sharedWidth =
        a.sharedExpertIntermediateSize ? a.sharedExpertIntermediateSize : std::uint64_t(a.nSharedExperts) * expertWidth;
    Tally value, denseDown, moeDown;
    std::uint32_t moeLayers = 0;
    for (std::uint32_t i = 0; i < L; ++i) {
        value.add(rules.value(i));
        const bool moe = isMoeLayer(a, i);
        moeLayers += moe;
        (moe ? moeDown : denseDown).add(rules.down(i));
    }
    const std::uint32_t denseLayers = L - moeLayers;
    const std::uint32_t gateUp = a.gatedMlp ? 2 : 1;

    MixBuilder b;
    b.add(Part::Layers, rules.base, h, qRows, L); // attn_q
    b.add(Part::Layers, rules.key(), h, kvRows, L);
    b.addTally(Part::Layers, value, h, kvRows, 1);
    b.add(Part::Layers, rules.attentionOutput(), qRows, h, L);
    b.add(Part::Layers, rules.base, h, denseWidth, std::uint64_t(gateUp) * denseLayers);
    b.addTally(Part::Layers, denseDown, denseWidth, h, 1);
    if (moeLayers > 0) {
        b.add(Part::Layers, rules.base, h, sharedWidth, std::uint64_t(gateUp) * moeLayers);
        if (sharedWidth > 0)
            b.addTally(Part::Layers, moeDown, sharedWidth, h, 1);
        b.add(Part::Experts, rules.base, h, expertWidth, std::uint64_t(gateUp) * moeLayers * a.numExperts);
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
