#include "trainingactivations.h"

#include "autogradsaves.h"
#include "trainableparams.h"

namespace memplan {

ActivationShape activationShape(const ModelArchitecture &a, const ActivationOptions &o)
{
    ActivationShape s;
    const double b = o.bytesPerElement;
    const double h = a.hiddenSize;
    const double q = double(a.numAttentionHeads) * a.effectiveHeadDim();
    double ffn = a.intermediateSize;
    if (a.isMoe()) {
        // Each token's activations go through its top-k experts (and any shared expert).
        const double expert = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
        ffn = expert * a.numExpertsPerTok +
              (a.sharedExpertIntermediateSize ? a.sharedExpertIntermediateSize : expert * a.nSharedExperts);
    }
    // Every norm of the layer keeps its input (Gemma's post-norms too; one norm feeds both blocks
    // of a parallel-residual layer such as Phi's). The blocks' inputs are the pre-norms' outputs.
    const double norms = a.normsPerLayer ? a.normsPerLayer : 2;
    const double blockInputs = norms == 1 ? 1 : 2;
    const bool layerNorm = a.normStyle == NormStyle::LayerNormWithBias;
    // A parallel-residual layer's two pre-norms read the same layer input: one kept tensor.
    const double normInputs = a.parallelResidual ? 1 : norms;
    if (o.fusedPointwise) {
        // Compiled: each norm keeps its 16-bit input and an fp32 rstd per token; the normalized
        // output the projections read is recomputed from them.
        s.replicatedBytes = normInputs * h * b + norms * 4;
    } else if (layerNorm) {
        // torch.nn.LayerNorm (native_layer_norm) keeps its 16-bit input and an fp32 mean and rstd
        // per token; it does not upcast its input the way eager RMSNorm code does.
        s.replicatedBytes = normInputs * b * h + norms * ((o.normsTrain ? b : 0) * h + 8) + blockInputs * h * b;
    } else {
        s.replicatedBytes = norms * (o.normBytesPerHidden + (o.normsTrain ? b : 0)) * h + blockInputs * h * b;
    }
    // Q, K, V (K/V expanded to the query heads where the kernel needs it), the attention
    // output (SDPA: and its contiguous copy), and the MLP's intermediates.
    const double keptKv =
        keptKvWidth(o.attention, a.numAttentionHeads, a.kvHeads(), a.effectiveHeadDim(), o.microBatch);
    const double outputs = o.attention == AttentionKernel::Sdpa ? 2 * q : q;
    const double mlp = a.gatedMlp ? (o.fusedPointwise ? 2 : 4) : 2;
    s.splitBytes = (q + 2 * keptKv + outputs + mlp * ffn) * b;
    if (o.loraTargets) {
        bool qkvDropped = false;
        for (LoraTarget t : *o.loraTargets) {
            const ProjectionShape p = projectionShape(a, t, false);
            s.splitBytes += o.loraRank * b; // x·A, the input of B
            const bool qkv = t == LoraTarget::Q || t == LoraTarget::K || t == LoraTarget::V;
            if (o.loraDropout > 0 && !(o.fusedQkvLora && qkv && qkvDropped))
                s.splitBytes += double(p.in) * (b + 1); // dropout output and its 1-byte mask
            qkvDropped = qkvDropped || qkv;
        }
    }
    if (o.frozenInputsKept) {
        // bitsandbytes' MatMul4Bit keeps its input whether or not its weight trains: the
        // normalized input of attention and of the MLP (one tensor when one norm feeds both), the
        // attention output o_proj reads and the MLP product down_proj reads. An adapter without
        // dropout keeps its projection's input already.
        const auto targeted = [&](std::initializer_list<LoraTarget> ts) {
            if (!o.loraTargets || o.loraDropout > 0)
                return false;
            for (LoraTarget t : *o.loraTargets)
                for (LoraTarget u : ts)
                    if (t == u)
                        return true;
            return false;
        };
        const double attnIn = targeted({LoraTarget::Q, LoraTarget::K, LoraTarget::V}) ? 0 : h;
        const double mlpIn = norms == 1 || targeted({LoraTarget::Gate, LoraTarget::Up}) ? 0 : h;
        const double oIn = targeted({LoraTarget::O}) ? 0 : q;
        const double downIn = targeted({LoraTarget::Down}) ? 0 : ffn;
        s.replicatedBytes += (attnIn + mlpIn) * b;
        s.splitBytes += (oIn + downIn) * b;
    }
    if (o.adapterPromptShare > 0) {
        // LitGPT runs the prompt attention through SDPA with a T x prompt boolean mask (the
        // memory-efficient kernel: output + fp32 log-sum-exp per head); gate x output keeps the
        // output again (the same tensor). The eager path keeps the T x prompt probabilities.
        const double scores =
            o.attention == AttentionKernel::Eager
                ? a.numAttentionHeads * double(o.adapterPromptLength) * (o.softmaxBytes > 0 ? o.softmaxBytes : b)
                : 4.0 * a.numAttentionHeads;
        s.splitBytes += o.adapterPromptShare * (q * b + scores);
    }
    if (o.linearOutputsKept) {
        // AdapterV2Linear returns scale x (W x + bias): the product keeps W x + bias for the
        // scale's gradient, one tensor per linear layer (fused q/k/v, o, the MLP's).
        const double kv = double(a.kvHeads()) * a.effectiveHeadDim();
        s.splitBytes += (q + 2 * kv + h + (a.gatedMlp ? 2 : 1) * ffn + h) * b;
    }
    if (o.attention != AttentionKernel::Eager)
        s.lseBytes = 4.0 * a.numAttentionHeads;
    else
        s.scoreBytesPerToken = a.numAttentionHeads * (o.softmaxBytes > 0 ? o.softmaxBytes : b);
    return s;
}

SavedActivations savedActivations(const ActivationShape &shape, double hidden, double bytesPerElement,
                                  std::uint64_t sequence, std::uint64_t microBatch, std::uint32_t layers,
                                  Checkpointing checkpointing, std::uint32_t tp, bool sequenceParallel)
{
    SavedActivations out;
    const double t = tp ? tp : 1;
    const double tokens = double(sequence) * double(microBatch);
    const double replicated = shape.replicatedBytes / (sequenceParallel ? t : 1);
    const double scores = shape.scoreBytesPerToken * double(sequence);
    const double fullLayer = replicated + (shape.splitBytes + scores + shape.lseBytes) / t;
    out.perTokenLayerBytes = checkpointing == Checkpointing::None ? fullLayer : fullLayer - scores / t;
    if (checkpointing == Checkpointing::Full) {
        // Each layer's input survives; in backward one layer at a time is rebuilt in full.
        out.storedBytes = tokens * layers * hidden / (sequenceParallel ? t : 1) * bytesPerElement;
        out.recomputeBytes = layers ? tokens * fullLayer : 0;
    } else {
        out.storedBytes = tokens * layers * out.perTokenLayerBytes;
    }
    return out;
}

} // namespace memplan
