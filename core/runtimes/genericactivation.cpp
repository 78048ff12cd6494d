#include "genericactivation.h"

#include <algorithm>

namespace memplan::runtimes {

using estimation::kWhat;
using estimation::toBytes;

namespace {

/// FFN width in use: for MoE the routed experts' width times the experts each token visits.
double ffnInUse(const ModelArchitecture &a)
{
    return a.isMoe() ? double(a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize) *
                           std::max<std::uint32_t>(1, a.numExpertsPerTok)
                     : double(a.intermediateSize);
}

/// The profiling run's forward pass and sampler as two items (vLLM, SGLang).
Bytes profiledItems(const estimation::Plan &pl, estimation::PoolBuilder &b, double bt, double forwardBytes,
                    double logits, double logitRows)
{
    const RuntimeProfile &rt = pl.r.runtime;
    const ModelArchitecture &a = pl.arch;
    // The sampler is its own item: its size depends on the sampling path (a sort-based
    // top-k/top-p keeps about ten logit-sized tensors), hence its own range.
    const Bytes forward = toBytes(forwardBytes, "the activation estimate is too large");
    const Bytes sampler = toBytes(logits, "the activation estimate is too large");
    if (Item *it = b.item(itemid::kActProfileForward, Guest::Activation, Evidence::Estimated,
                          "forward pass (profiling run)", "b × (a_h × H + a_f × F)", forward, rt.activationRange)) {
        it->add("b", bt, Origin::Runtime, "tokens per forward step (micro-batch)");
        it->add("a_h", rt.activationBytesPerHidden, Origin::Runtime, "bytes per token per hidden unit");
        it->add("H", a.hiddenSize, Origin::Config, "hidden size");
        it->add("a_f", rt.activationBytesPerFfn, Origin::Runtime, "bytes per token per FFN unit");
        it->add("F", ffnInUse(a), Origin::Config, "FFN width in use");
    }
    if (Item *it = b.item(itemid::kActProfileSampler, Guest::Activation, Evidence::Estimated, "sampler (profiling run)",
                          "r × V × b_logit", sampler, rt.samplerRange)) {
        it->add("r", logitRows, Origin::Runtime, "logit rows");
        it->add("V", a.vocabSize, Origin::Config, "vocabulary");
        it->add("b_logit", rt.logitsBytesPerElement, Origin::Runtime, "bytes per logit");
    }
    return checkedAdd(forward, sampler, kWhat);
}

} // namespace

Bytes genericActivation(const estimation::Plan &pl, std::uint32_t devices, bool profiledStep,
                        estimation::PoolBuilder &b)
{
    const RuntimeProfile &rt = pl.r.runtime;
    const ModelArchitecture &a = pl.arch;
    const std::uint64_t n = pl.r.workload.concurrency;
    const std::uint64_t c = pl.r.workload.contextTokens;
    // Runtimes without a profiling run never process more tokens at once than the sequences hold.
    const std::uint64_t bt = profiledStep ? pl.batch : std::min<std::uint64_t>(pl.batch, checkedMul(n, c, kWhat));
    const double h = a.hiddenSize;
    const double ffn = ffnInUse(a);
    const double hiddenPart = double(bt) * rt.activationBytesPerHidden * h;
    const double ffnPart = double(bt) * rt.activationBytesPerFfn * ffn / devices;
    const double logitRows = profiledStep             ? double(pl.r.settings.maxNumSeqs)
                             : rt.logitsForWholeBatch ? double(bt)
                                                      : double(std::min<std::uint64_t>(n, bt));
    // vLLM gathers the full logits on every tensor-parallel rank and samples there.
    const double logits = logitRows * a.vocabSize * rt.logitsBytesPerElement / (profiledStep ? 1 : devices);
    const double span = rt.kvAllocation == KvAllocation::ReserveFull ? double(pl.tokens.fullLayerTokens) : double(c);
    const double scores =
        rt.flashAttention ? 0.0 : double(a.numAttentionHeads) / devices * double(bt) * span * rt.attentionScoreBytes;
    if (profiledStep && logits > 0)
        return profiledItems(pl, b, double(bt), hiddenPart + ffnPart + scores, logits, logitRows);
    // The logits and the attention scores are never live at the same time (PyTorch's
    // caching allocator reuses the space), so the peak takes the larger of the two on top
    // of the hidden-state tensors.
    const double total = hiddenPart + ffnPart + std::max(logits, scores);
    const Bytes bytes = toBytes(total, "the activation estimate is too large");
    if (Item *it = b.item(itemid::kActGeneric, Guest::Activation, Evidence::Estimated, "activation and compute buffer",
                          "b × (a_h × H + a_f × F) + max(r × V × b_logit, [no FA] n_h × b × T × 4)", bytes,
                          rt.activationRange)) {
        it->add("b", double(bt), Origin::Runtime, "tokens per forward step (micro-batch)");
        it->add("a_h", rt.activationBytesPerHidden, Origin::Runtime, "bytes per token per hidden unit");
        it->add("H", h, Origin::Config, "hidden size");
        it->add("a_f", rt.activationBytesPerFfn, Origin::Runtime, "bytes per token per FFN unit");
        it->add("F", ffn, Origin::Config, "FFN width in use");
        it->add("r", logitRows, Origin::Runtime, "logit rows");
        it->add("V", a.vocabSize, Origin::Config, "vocabulary");
        if (!rt.flashAttention)
            it->add("T", span, Origin::Runtime, "attention span (no flash attention)");
        it->add("b_logit", rt.logitsBytesPerElement, Origin::Runtime, "bytes per logit");
        it->add("n_h", double(a.numAttentionHeads) / devices, Origin::Config, "attention heads");
        if (rt.flashAttention)
            it->add("T", span, Origin::Runtime, "attention span (no flash attention)");
    }
    return bytes;
}

} // namespace memplan::runtimes
