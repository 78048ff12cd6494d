#include "autogradsaves.h"

#include <algorithm>
#include <initializer_list>

namespace memplan {

namespace {

/// A Python float multiplied into a tensor (LoRA's scaling, eager's 1/sqrt(d)) becomes a
/// wrapped float64 scalar tensor that the op keeps.
constexpr double kWrappedScalar = 8;

bool targeted(const AutogradSavesSetup &s, LoraTarget t)
{
    return s.loraRank > 0 && std::find(s.loraTargets.begin(), s.loraTargets.end(), t) != s.loraTargets.end();
}

/// One RMSNorm over `tokens`, without its output (the consumers keep that).
double normSaves(const AutogradSavesSetup &s, double tokens)
{
    double perToken = 4 * s.hidden + 4; // fp32 input (pow's and the product's) and the rsqrt result
    if (s.meanKeepsInput)
        perToken += 4 * s.hidden; // the squared input
    if (s.baseTrains)
        perToken += s.bytes * s.hidden; // the weight's gradient needs the normalized input
    return tokens * perToken;
}

/// LoRA beside one projection of input width `in`: what A and B keep, and whether A keeps the
/// projection's own input (no dropout: A reads the shared input itself).
double adapterSaves(const AutogradSavesSetup &s, double tokens, double in)
{
    double bytes = tokens * s.loraRank * s.bytes + kWrappedScalar; // B's input x·A, the scaling
    if (s.loraDropout > 0)
        bytes += tokens * in * (s.dropoutMaskBytes + s.bytes); // mask and the dropped copy A keeps
    return bytes;
}

/// Whether some consumer keeps a shared projection input: a trained base weight, or an adapter
/// reading it undropped.
bool inputKept(const AutogradSavesSetup &s, std::initializer_list<LoraTarget> consumers)
{
    if (s.baseTrains)
        return true;
    if (s.loraDropout > 0)
        return false;
    for (LoraTarget t : consumers)
        if (targeted(s, t))
            return true;
    return false;
}

/// The attention core between the projections: q/k/v after RoPE, scores or log-sum-exp, the
/// output. `scores` is false under selective recomputation (the s x s tensors are rebuilt).
double attentionSaves(const AutogradSavesSetup &s, double tokens, bool scores)
{
    const double q = s.heads * s.headDim;
    const double qkv = tokens * (q + 2 * keptKvWidth(s.attention, s.heads, s.kvHeads, s.headDim, s.batch)) * s.bytes;
    const double scoreElements = s.batch * s.heads * s.sequence * s.sequence;
    const double lse = tokens * s.heads * 4;
    // eager and SDPA hand o_proj a contiguous copy of the (b, h, s, d) output; flash's output
    // already has o_proj's layout and is the same tensor.
    const double outputCopy = inputKept(s, {LoraTarget::O}) ? tokens * q * s.bytes : 0;
    switch (s.attention) {
    case AttentionKernel::Eager: {
        double bytes = qkv + kWrappedScalar; // q, K, V and the 1/sqrt(d) divisor
        if (scores) {
            bytes += scoreElements * 4; // fp32 softmax output
            if (s.bytes != 4 || s.attentionDropout > 0)
                bytes += scoreElements * s.bytes; // the probabilities the PV matmul reads
            if (s.attentionDropout > 0)
                bytes += scoreElements * s.dropoutMaskBytes;
        }
        return bytes + outputCopy;
    }
    case AttentionKernel::Sdpa:
        return qkv + tokens * q * s.bytes + lse + outputCopy;
    case AttentionKernel::Flash:
        return qkv + tokens * q * s.bytes + lse;
    }
    return 0;
}

double layerSaves(const AutogradSavesSetup &s, double tokens, bool scores)
{
    const double h = s.hidden;
    const double q = s.heads * s.headDim;
    double bytes = 2 * normSaves(s, tokens);
    if (inputKept(s, {LoraTarget::Q, LoraTarget::K, LoraTarget::V}))
        bytes += tokens * h * s.bytes;
    if (inputKept(s, {LoraTarget::Gate, LoraTarget::Up}))
        bytes += tokens * h * s.bytes;
    bytes += attentionSaves(s, tokens, scores);
    bytes += tokens * 3 * s.ffn * s.bytes; // gate output, SiLU output, up output
    if (inputKept(s, {LoraTarget::Down}))
        bytes += tokens * s.ffn * s.bytes;
    const struct {
        LoraTarget t;
        double in;
    } adapters[] = {{LoraTarget::Q, h},    {LoraTarget::K, h},  {LoraTarget::V, h},       {LoraTarget::O, q},
                    {LoraTarget::Gate, h}, {LoraTarget::Up, h}, {LoraTarget::Down, s.ffn}};
    for (const auto &a : adapters)
        if (targeted(s, a.t))
            bytes += adapterSaves(s, tokens, a.in);
    return bytes;
}

} // namespace

double keptKvWidth(AttentionKernel kernel, double heads, double kvHeads, double headDim, double batch)
{
    if (kernel == AttentionKernel::Flash || kvHeads == heads)
        return kvHeads * headDim;
    if (kvHeads == 1 && (kernel == AttentionKernel::Sdpa || batch == 1))
        return headDim;
    return heads * headDim;
}

AutogradSaves autogradSaves(const AutogradSavesSetup &s)
{
    AutogradSaves out;
    const double tokens = s.batch * s.sequence;
    const double layers = s.layers;
    const double rope = 2 * s.sequence * s.headDim * s.bytes; // cos and sin, shared by every layer
    out.layer = layerSaves(s, tokens, true);
    switch (s.checkpointing) {
    case Checkpointing::None:
        out.stored = layers * out.layer;
        out.perStep = s.layers ? rope : 0;
        break;
    case Checkpointing::Selective:
        out.stored = layers * layerSaves(s, tokens, false);
        out.perStep = s.layers ? rope : 0;
        out.recompute = s.layers ? out.layer - layerSaves(s, tokens, false) : 0;
        break;
    case Checkpointing::Full: {
        // The reentrant checkpoint keeps every tensor argument: the layer input, cos/sin and
        // the eager path's additive mask (batch x 1 x s x s in the activation dtype).
        out.stored = layers * tokens * s.hidden * s.bytes;
        const double mask = s.attention == AttentionKernel::Eager ? s.batch * s.sequence * s.sequence * s.bytes : 0;
        out.perStep = s.layers ? rope + mask : 0;
        out.recompute = s.layers ? out.layer : 0;
        break;
    }
    }
    // The labels are shifted by padding one column and slicing it off: with one sequence the
    // slice is a view of the padded (s + 1) storage, with more reshape copies it to b x s.
    const double labels = 8 * (s.batch == 1 ? s.sequence + 1 : tokens);
    out.head = normSaves(s, tokens) + (s.baseTrains ? tokens * s.hidden * s.bytes : 0) + tokens * s.vocab * 4 + labels +
               4; // fp32 log-softmax, labels, the loss's total weight
    out.embedding = s.baseTrains ? tokens * 8 : 0;
    return out;
}

} // namespace memplan
