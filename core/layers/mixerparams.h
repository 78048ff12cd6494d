#pragma once
// Parameters of the sequence mixers that are not attention, from the module shapes
// of the reference implementations (Hugging Face modeling_mamba / mamba2 / jamba /
// granitemoehybrid / nemotron_h / falcon_h1 / qwen3_next / lfm2):
//
//   Mamba-1   in_proj h x 2 d_inner, conv1d d_inner x d_conv (+bias), x_proj d_inner x (dt_rank + 2 d_state),
//             dt_proj dt_rank x d_inner + d_inner, A_log d_inner x d_state, D d_inner, out_proj d_inner x h
//             (+ Jamba's dt/B/C norms: dt_rank + 2 d_state)
//   Mamba-2   in_proj h x (2 d_inner + 2 n_groups d_state + n_heads), conv1d conv_dim x d_conv (+bias),
//             dt_bias, A_log, D: n_heads each, gated norm d_inner, out_proj d_inner x h
//   gated delta net  in_proj_qkvz h x (2 n_k d_k + 2 n_v d_v), in_proj_ba h x 2 n_v, conv1d conv_dim x k,
//             dt_bias, A_log: n_v each, norm d_v, out_proj n_v d_v x h
//   short conv  in_proj h x 3h, conv h x L_cache, out_proj h x h (biases when conv_bias)
//   RWKV      receptance, key, value, gate, output h x h each plus the channel mix's h x h receptance
//             (the low-rank time-mix adapters are left out: < 1 % of a layer)

#include "layerkind.h"
#include "recurrentstate.h"

#include <cstdint>

namespace memplan {

/// Parameters of one recurrent mixer (no norms around it, no FFN). 0 for attention kinds and None.
std::uint64_t recurrentMixerParams(LayerKind kind, const RecurrentShape &s, std::uint32_t hiddenSize);

} // namespace memplan
