#pragma once
// Fixed per-sequence state of recurrent layers (Mamba, Mamba-2, gated delta net,
// RWKV, short convolution). It does not grow with the context: every sequence keeps
// one copy per recurrent layer, in two parts both runtimes name the same way:
//
//   conv ("R") state = the last d_conv - 1 inputs of the causal convolution
//   ssm  ("S") state = the recurrent matrix of the scan
//
// Element counts per layer and sequence, from llama.cpp's llama_hparams::n_embd_r()
// and n_embd_s() (src/llama-hparams.cpp) and vLLM's MambaStateShapeCalculator
// (vllm/model_executor/layers/mamba/mamba_utils.py), which agree:
//   Mamba-1        conv (d_conv-1) x d_inner                      ssm d_inner x d_state
//   Mamba-2        conv (d_conv-1) x (d_inner + 2 n_groups d_state) ssm n_heads x d_head x d_state
//   gated delta    conv (k-1) x (2 n_k d_k + n_v d_v)               ssm n_v x d_k x d_v
//   short conv     conv (L_cache-1) x hidden                        none
//   RWKV           token shift: shifts x hidden                     wkv: hidden x head_size
// (gated delta net is Mamba-2's formula with d_inner = n_v d_v, n_groups = n_k, d_state = d_k.)

#include "../bytes.h"
#include "layerkind.h"

#include <cstdint>

namespace memplan {

/// Shape of the recurrent mixer, read from the config (modelconfig.cpp lists the keys).
struct RecurrentShape {
    std::uint32_t dInner = 0;          ///< scan width: mamba_expand x hidden, heads x head_dim, or n_v x d_v
    std::uint32_t dState = 0;          ///< state size per channel (gated delta net: key head dim d_k)
    std::uint32_t dConv = 0;           ///< convolution kernel width (LFM2: conv_L_cache)
    std::uint32_t nGroups = 0;         ///< B/C groups (Mamba-2 n_groups; gated delta net: key heads n_k); 0 for Mamba-1
    std::uint32_t nHeads = 0;          ///< Mamba-2 heads, gated delta net value heads
    std::uint32_t dtRank = 0;          ///< Mamba-1 dt projection rank
    std::uint32_t wkvHeadSize = 0;     ///< RWKV
    std::uint32_t tokenShiftCount = 0; ///< RWKV: 2 (v6/v7)
    bool convBias = true;
    bool projBias = false;
    bool innerNorms = false; ///< Jamba's dt/B/C RMSNorms inside the Mamba mixer
    bool gatedNorm = true;   ///< Mamba-2's gated RMSNorm over d_inner
    /// Bytes per SSM-state element the checkpoint asks a runtime to keep (4 when its config
    /// says mamba_ssm_cache_dtype "float32", as Nemotron-H does); 0 = the runtime's default.
    std::uint8_t ssmDtypeBytes = 0;
    bool operator==(const RecurrentShape &) const = default;
};

/// Conv (R) state elements of one layer and sequence.
std::uint64_t convStateElements(LayerKind kind, const RecurrentShape &s, std::uint32_t hiddenSize);
/// SSM (S) state elements of one layer and sequence.
std::uint64_t ssmStateElements(LayerKind kind, const RecurrentShape &s, std::uint32_t hiddenSize);

/// Per-device share of one layer's state under tensor parallelism, as vLLM shards it:
/// conv channels and heads divide by tp; Mamba-2 groups that tp does not divide are
/// replicated up to tp (MambaStateShapeCalculator.extra_groups_for_head_shards).
struct StateElements {
    std::uint64_t conv = 0;
    std::uint64_t ssm = 0;
    bool operator==(const StateElements &) const = default;
};
StateElements stateElementsPerDevice(LayerKind kind, const RecurrentShape &s, std::uint32_t hiddenSize,
                                     std::uint32_t tp);

/// Bytes of one layer's state for one sequence, conv and ssm parts in their own dtypes
/// (bytes per element; both runtimes keep whole elements, no block formats).
Bytes stateBytesPerLayer(const StateElements &e, std::uint32_t convBytes, std::uint32_t ssmBytes);

} // namespace memplan
