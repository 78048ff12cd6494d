// llama.cpp's compute buffers in an estimate: the ggml graph's shape from the
// plan, the backend roles of each pool, and the items they produce.
#include "llamacppmodel.h"

#include "runtimes/llamacpp/outputrows.h"
#include "runtimes/llamacpp/releaserules.h"
#include "runtimes/ollama/ownengine.h"

#include <algorithm>
#include <cmath>

namespace memplan::runtimes {

using estimation::kWhat;
using estimation::Plan;
using estimation::PoolBuilder;
using estimation::toBytes;

GgmlGraphShape ggmlShape(const Plan &pl)
{
    const RuntimeProfile &rt = pl.r.runtime;
    const ModelArchitecture &a = pl.arch;
    GgmlGraphShape s;
    // llama.cpp reserves the graph for min(n_ctx, n_ubatch) tokens over every KV cell.
    s.tokens = double(std::min<std::uint64_t>(pl.batch, std::max<std::uint64_t>(1, pl.tokens.fullLayerTokens)));
    const double pad = std::max<std::uint32_t>(1, rt.maskPadding);
    s.maskRows = std::ceil(s.tokens / pad) * pad;
    s.hidden = a.hiddenSize;
    s.ffn = a.isMoe() ? double(a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize) *
                            std::max<std::uint32_t>(1, a.numExpertsPerTok)
                      : double(a.intermediateSize);
    s.vocab = a.vocabSize;
    s.heads = a.numAttentionHeads;
    // The stage below the scores as measured on the current graph (v0.5.0, set_rows into the
    // cache); older graphs keep the runtime profile's hidden-sized constant.
    if (!a.isMla() && rt.engine == Engine::LlamaCpp && pl.r.settings.currentGraph) {
        s.queryDim = double(a.numAttentionHeads) * a.effectiveHeadDim();
        s.kvDim = 2.0 * a.kvHeads() * a.effectiveHeadDim();
    }
    s.fullSpan = double(pl.attendCells ? pl.attendCells : pl.tokens.fullLayerTokens);
    s.windowSpan = a.numWindowedLayers > 0
                       ? double(pl.attendWindowCells ? pl.attendWindowCells : pl.tokens.windowedLayerTokens)
                       : 0;
    s.flashAttention = rt.flashAttention;
    if (a.isMla() && a.mlaCache != MlaCache::PerHead) {
        // The absorbed graph (PR #12801; llm_build_deepseek2, src/models/deepseek2.cpp today): every head's q_nope is
        // multiplied into the latent space (kv_lora) and joined to its roped q_pe, so at the join both parts and the
        // joined query (kv_lora + rope) are alive; f32 throughout. Flash attention then holds the joined query and its
        // latent output, no more than the join. Without it the scores are the peak, beside the joined query.
        const double latentQuery = double(a.kvLoraRank) + a.qkRopeHeadDim;
        s.latentBytesPerToken = s.heads * 4 * latentQuery * (s.flashAttention ? 2 : 1);
    }
    if (rt.engine == Engine::LlamaCpp && pl.r.settings.currentGraph) {
        // llama-server reserves one logit row per slot, llama-cli a whole micro-batch.
        const RuntimeSettings &st = pl.r.settings;
        const auto program = st.serverProgram ? llamacpp::Program::Server : llamacpp::Program::Cli;
        s.outputRows =
            llamacpp::outputLimits(program, st.parallel, st.batchSize, std::uint32_t(s.tokens), st.nOutputsMax)
                .graphRows;
    } else if (rt.engine == Engine::Ollama && ollama::runsOnOwnEngine(a.modelType)) {
        s.outputRows = std::max<std::uint32_t>(1, pl.r.settings.parallel);
    }
    return s;
}

GgmlGraphConstants ggmlConstants(const RuntimeProfile &rt)
{
    GgmlGraphConstants c;
    c.outputStageBytesPerHidden = rt.activationBytesPerHidden;
    c.attentionStageBytesPerHidden = rt.attentionStageBytesPerHidden;
    c.ffnStageBytesPerHidden = rt.ffnStageBytesPerHidden;
    c.bytesPerFfn = rt.activationBytesPerFfn;
    c.logitsBytes = rt.logitsBytesPerElement;
    c.scoreBytes = rt.attentionScoreBytes;
    c.maskBytes = rt.maskBytesPerElement;
    return c;
}

Bytes ggmlActivationBytes(const Plan &pl, const GgmlBackendRole &role, PoolBuilder &b)
{
    const RuntimeProfile &rt = pl.r.runtime;
    const GgmlGraphShape s = ggmlShape(pl);
    GgmlGraphConstants consts = ggmlConstants(rt);
    if (rt.engine == Engine::LlamaCpp && pl.r.settings.currentGraph) {
        // Current builds (llama.cpp v0.5.0, tools/llamacpp-measure): swiglu is a GLU op, which
        // ggml-alloc cannot run in place (ggml_op_can_inplace), so gate, up and their product are
        // alive together (3 x 4 bytes per FFN unit) beside four hidden-sized tensors; with flash
        // attention the KQ mask is built in f16 directly, with no f32 copy.
        consts.bytesPerFfn = 12;
        consts.ffnStageBytesPerHidden = 16;
        if (s.flashAttention) {
            consts.maskBytes = 2;
            consts.castMaskBytes = 0;
        }
    }
    const GgmlComputeBuffer cb = ggmlComputeBuffer(s, consts, role);
    const Bytes copies = toBytes(cb.inputCopies, "the compute buffer estimate is too large");
    const Bytes peak = toBytes(cb.total() - cb.inputCopies, "the compute buffer estimate is too large");
    if (Item *it = b.item(itemid::kActGgmlCopies, Guest::Activation, Evidence::Calculated,
                          "pipeline-parallel input copies", "n_copies × (b × H × 4 + b × 4 + mask)", copies)) {
        it->add("n_copies", role.copies, Origin::Runtime, "copies kept by pipeline parallelism");
        it->add("b", s.tokens, Origin::Runtime, "tokens per forward step (micro-batch)");
        it->add("H", s.hidden, Origin::Config, "hidden size");
        it->add("T", s.fullSpan, Origin::Runtime, "KV cells in the mask");
        const double perCopy = role.copies ? cb.inputCopies / role.copies : 0;
        it->add("mask", std::max(0.0, perCopy - s.tokens * s.hidden * 4 - s.tokens * 4), Origin::Derived,
                "mask bytes per copy");
    }
    if (Item *it = b.item(itemid::kActGgmlPeak, Guest::Activation, Evidence::Estimated, "compute buffer (graph peak)",
                          !s.scoresAboveLayer()
                              ? "max(mask + max([no FA] n_h × b × T × 4 + a_att × b × H, b × (a_ffn × H + a_f × F) + "
                                "W_ffn), b × (V × 4 + a_h × H) + W_out)"
                              : "max(mask + max(n_h × b × T × 4 + b × 4 × (3H + 2q + kv), b × (a_ffn × H + a_f × F) + "
                                "W_ffn), b × (V × 4 + a_h × H) + W_out)",
                          peak, rt.activationRange)) {
        it->add("b", s.tokens, Origin::Runtime, "tokens per forward step (micro-batch)");
        it->add("H", s.hidden, Origin::Config, "hidden size");
        it->add("F", s.ffn, Origin::Config, "FFN width in use");
        it->add("V", role.hasOutput ? s.vocab : 0, Origin::Config, "vocabulary (0: the logits are elsewhere)");
        it->add("T", s.fullSpan, Origin::Runtime, "KV cells in the mask");
        if (s.windowSpan > 0)
            it->add("T_win", s.windowSpan, Origin::Runtime, "token slots per windowed layer");
        if (!s.flashAttention)
            it->add("n_h", s.heads, Origin::Config, "attention heads");
        if (s.scoresAboveLayer()) {
            it->add("q", s.queryDim, Origin::Config, "query width (heads × head size)");
            it->add("kv", s.kvDim, Origin::Config, "K and V width of one token");
        }
        it->add("mask", cb.mask, Origin::Derived, "mask bytes alive across the layers");
        if (!s.scoresAboveLayer())
            it->add("a_att", rt.attentionStageBytesPerHidden, Origin::Runtime, "bytes per token per hidden unit");
        it->add("a_ffn", rt.ffnStageBytesPerHidden, Origin::Runtime, "bytes per token per hidden unit");
        it->add("a_f", rt.activationBytesPerFfn, Origin::Runtime, "bytes per token per FFN unit");
        it->add("a_h", rt.activationBytesPerHidden, Origin::Runtime, "bytes per token per hidden unit");
        if (role.ffnWeightCopy > 0) // op offload: products of host weights run here
            it->add("W_ffn", role.ffnWeightCopy, Origin::Derived, "host layer's gate and up weights copied in");
        if (role.outputWeightCopy > 0)
            it->add("W_out", role.outputWeightCopy, Origin::Derived, "host output head copied in");
        // Symbols of conditional parts, listed with their value here (0 when the part is absent).
        if (s.flashAttention)
            it->add("n_h", s.heads, Origin::Config, "attention heads");
        if (!(role.ffnWeightCopy > 0))
            it->add("W_ffn", 0, Origin::Derived, "host layer's gate and up weights copied in");
        if (!(role.outputWeightCopy > 0))
            it->add("W_out", 0, Origin::Derived, "host output head copied in");
    }
    return checkedAdd(copies, peak, kWhat);
}

bool ggmlOpOffload(const Plan &pl)
{
    // With layers, routed experts or the output head left on the host the GPU does the heavy
    // work and the host keeps only the graph inputs.
    const std::uint32_t minBatch = pl.r.runtime.opOffloadMinBatch;
    const bool hostWork = pl.gpuLayers < pl.layers || pl.outputOnHost || pl.experts.host > 0;
    return pl.discrete && hostWork && minBatch > 0 && ggmlShape(pl).tokens >= minBatch;
}

std::uint32_t ggmlPipelineCopies(const Plan &pl)
{
    // llama.cpp turns pipeline parallelism on only with several GPUs holding every layer and
    // the output under the layer split mode, and no tensor overrides (src/llama-context.cpp).
    const RuntimeSettings &st = pl.r.settings;
    const bool overrides = !st.overrideTensor.empty() || st.nCpuMoe > 0 || pl.r.placement.expertsOnHost;
    const bool on = pl.discrete && pl.gpus > 1 && !pl.r.tensorParallel && !pl.rowSplit && st.splitMode == "layer" &&
                    pl.gpuLayers == pl.layers && !pl.outputOnHost && !overrides;
    // ... in a build that has it (PR #6017, b2413), compared only when the scenario names one.
    const bool built = !on || pl.r.release.defaulted ||
                       releaseAtLeast(llamacpp::buildRelease(pl.r.runtime.engine, pl.r.release), Engine::LlamaCpp,
                                      llamacpp::kPipelineParallelSince);
    return on && built ? pl.r.runtime.pipelineCopies : 1;
}

} // namespace memplan::runtimes
