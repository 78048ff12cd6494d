#pragma once
// llama.cpp's recurrent-state memory (Mamba, RWKV, hybrid layers), apart from the layer
// arithmetic in layers/recurrentstate.h that every runtime shares.

#include "bytes.h"
#include "layers/recurrentstate.h"

#include <cstdint>

namespace memplan {

/// llama.cpp: R and S tensors of n_embd_r / n_embd_s x cells rows per recurrent layer,
/// f32, cells = max(1, n_seq_max) (src/llama-memory-recurrent.cpp, src/llama-model.cpp).
Bytes llamaCppRecurrentBytes(const StateElements &perLayer, std::uint32_t layers, std::uint64_t seqMax);

} // namespace memplan
