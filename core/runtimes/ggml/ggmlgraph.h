#pragma once
// llama.cpp's compute buffer on one backend. ggml's graph allocator sizes it for
// the worst-case micro-batch by replaying the graph and reusing freed tensors,
// so the buffer is the largest set of tensors alive at one moment:
//   input copies + max(KQ mask + the larger of the attention and FFN stages,
//                      the output stage)
// With several GPUs and everything offloaded, llama.cpp turns on pipeline
// parallelism: every tensor that crosses into a backend is kept in n_copies
// copies for the whole graph, which is what inflates multi-GPU buffers.
// Constants and the logs that fixed them: presets/runtimes/llama.cpp.json and
// docs/formulas.md ("llama.cpp compute buffer").

#include <cstdint>

namespace memplan {

/// The model shapes and settings the graph is reserved with.
struct GgmlGraphShape {
    double tokens = 0;     ///< b: tokens of the reserve micro-batch, min(n_ctx, n_ubatch)
    double maskRows = 0;   ///< b padded to the KQ mask padding
    double hidden = 0;     ///< H
    double ffn = 0;        ///< F in use (routed experts x experts per token for MoE)
    double vocab = 0;      ///< V
    double heads = 0;      ///< attention (query) heads
    double queryDim = 0;   ///< q: heads x head size (0 = unknown, as for latent attention)
    double kvDim = 0;      ///< kv: one token's K and V together, every KV head
    double fullSpan = 0;   ///< T: KV cells a full-attention layer attends over
    double windowSpan = 0; ///< T_swa: cells of a sliding-window layer; 0 without such layers
    double outputRows = 0; ///< r: logit rows reserved (llama-server: one per slot); 0 = every token
    /// Latent attention with the latent cache (DeepSeek's absorbed MLA): bytes per token of the
    /// f32 tensors only that graph has beside the hidden-sized ones, every head's query in the
    /// latent space (kv_lora + rope) and, with flash attention, its output in that space (kv_lora).
    double latentBytesPerToken = 0;
    bool flashAttention = true;

    /// Without flash attention, on a graph whose attention shapes are known: the f32 scores sit on
    /// top of what the layer allocated before them (ggmlComputeBuffer).
    bool scoresAboveLayer() const { return !flashAttention && queryDim > 0; }
};

/// Per-runtime constants (bytes per token per unit at each stage).
struct GgmlGraphConstants {
    double outputStageBytesPerHidden = 4;     ///< hidden state next to the logits
    double attentionStageBytesPerHidden = 16; ///< Q, attention output, residual, normed input
    double ffnStageBytesPerHidden = 12;       ///< residual, normed input, FFN output
    double bytesPerFfn = 8;                   ///< gate and up projections, f32
    double logitsBytes = 4;                   ///< f32 logits
    double scoreBytes = 4;                    ///< f32 KQ scores without flash attention
    double maskBytes = 4;                     ///< the KQ mask input is f32 ...
    double castMaskBytes = 2;                 ///< ... cast to f16 for flash attention
};

/// Where a backend sits in the graph.
struct GgmlBackendRole {
    bool hasLayers = true; ///< multiplies the weights of its layers
    /// Runs the attention core (scores, softmax, weighted sum of V) of its layers. The ggml
    /// scheduler runs it where the KV cache is: with the cache in host RAM (-nkvo) the CPU does
    /// it for every layer, the GPUs keep only the projections around it.
    bool attention = true;
    bool hasOutput = true;    ///< computes the logits (the output layer, or op offload)
    bool first = true;        ///< receives the f32 mask from the host and casts it
    std::uint32_t copies = 1; ///< pipeline-parallel copies of its inputs (1 = off)
    /// With layers left on the host, ggml offloads their big matrix products to the GPU for a
    /// whole micro-batch and copies the weight in: the output head at the output stage, a
    /// host layer's gate and up projections at the FFN stage.
    double outputWeightCopy = 0;
    double ffnWeightCopy = 0;
};

struct GgmlComputeBuffer {
    double inputCopies = 0; ///< n_copies x tensors crossing in (hidden state, mask, positions)
    double mask = 0;        ///< mask tensors alive across all layers outside the copies
    /// With flash attention: the hidden-sized tensors around it. Without: the f32 scores
    /// n_h x b x T x 4 on top of b x 4 x (3H + 2q + kv), what the layer allocated before them.
    double attentionStage = 0;
    double ffnStage = 0;
    double outputStage = 0; ///< b x V x 4 logits + a hidden state
    double total() const;
};

GgmlComputeBuffer ggmlComputeBuffer(const GgmlGraphShape &s, const GgmlGraphConstants &c, const GgmlBackendRole &role);

/// The host-side (pinned) buffer of a run whose layers are all on GPUs: the graph
/// inputs (in n_copies copies) and the embedding rows gathered on the CPU.
double ggmlHostInputBuffer(const GgmlGraphShape &s, const GgmlGraphConstants &c, std::uint32_t copies,
                           bool embeddingsOnHost);

} // namespace memplan
