#include "ggmlgraph.h"

#include <algorithm>

namespace memplan {

namespace {

double maskElements(const GgmlGraphShape &s)
{
    return s.maskRows * (s.fullSpan + s.windowSpan);
}

/// Positions: one int32 per token.
double positionBytes(const GgmlGraphShape &s)
{
    return s.tokens * 4;
}

} // namespace

double GgmlComputeBuffer::total() const
{
    return inputCopies + std::max(mask + std::max(attentionStage, ffnStage), outputStage);
}

GgmlComputeBuffer ggmlComputeBuffer(const GgmlGraphShape &s, const GgmlGraphConstants &c, const GgmlBackendRole &role)
{
    GgmlComputeBuffer r;
    const double b = s.tokens;
    const double f32Mask = maskElements(s) * c.maskBytes;
    const double castMask = s.flashAttention ? maskElements(s) * c.castMaskBytes : 0;
    // The first backend gets the f32 mask and makes the f16 cast once; later ones receive
    // whichever tensor the attention consumes (the cast with flash attention).
    const double maskIn = role.first || !s.flashAttention ? f32Mask : castMask;
    const double castHere = role.first ? castMask : 0;
    // The mask is an input of the attention core, so it lives where that runs.
    const bool masks = role.attention && (role.hasLayers || !role.hasOutput);
    if (role.hasLayers || role.hasOutput || role.attention) {
        if (role.copies > 1) {
            // Copies are marked as graph outputs, so the allocator never reuses them.
            r.inputCopies = role.copies * (b * s.hidden * 4 + positionBytes(s) + (masks ? maskIn : 0));
            r.mask = masks ? castHere : 0;
        } else {
            r.mask = masks ? maskIn + castHere : 0;
        }
    }
    if (role.hasLayers && !role.attention) {
        // The projections around an attention computed elsewhere: hidden-sized tensors only.
        r.attentionStage = b * s.hidden * c.attentionStageBytesPerHidden;
    } else if (role.attention && (role.hasLayers || !role.hasOutput)) {
        if (!s.scoresAboveLayer()) {
            const double scores = s.flashAttention ? 0 : s.heads * b * s.fullSpan * c.scoreBytes;
            r.attentionStage = scores + b * (s.hidden * c.attentionStageBytesPerHidden + s.latentBytesPerToken);
        } else {
            // The scores are far larger than any tensor freed before them, so ggml-alloc places
            // them above everything the layer allocated first, in use or freed: the residual and
            // the normed input, Q, K and V, and the previous layer's attention output and its
            // projection (3H + 2q + kv, f32). Measured: tools/llamacpp-measure runs without flash
            // attention and one logit row per slot (docs/accuracy.md).
            r.attentionStage =
                s.heads * b * s.fullSpan * c.scoreBytes + b * 4 * (3 * s.hidden + 2 * s.queryDim + s.kvDim);
        }
    }
    if (role.hasLayers)
        r.ffnStage = b * (s.hidden * c.ffnStageBytesPerHidden + s.ffn * c.bytesPerFfn) + role.ffnWeightCopy;
    if (role.hasOutput) {
        const double rows = s.outputRows > 0 ? std::min(s.outputRows, b) : b;
        r.outputStage =
            rows * s.vocab * c.logitsBytes + b * s.hidden * c.outputStageBytesPerHidden + role.outputWeightCopy;
    }
    return r;
}

double ggmlHostInputBuffer(const GgmlGraphShape &s, const GgmlGraphConstants &c, std::uint32_t copies,
                           bool embeddingsOnHost)
{
    const double inputs = maskElements(s) * c.maskBytes + positionBytes(s);
    const double rows = embeddingsOnHost ? s.tokens * s.hidden * 4 : 0;
    return std::max<std::uint32_t>(1, copies) * inputs + rows;
}

} // namespace memplan
