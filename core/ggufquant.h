#pragma once
// Which tensor types llama.cpp's quantizer gives the two vocabulary tables of a
// GGUF file (src/llama-quant.cpp, llama_tensor_get_type): the token embedding
// keeps the base type of the mix, the output head is raised to Q6_K (Q8_0 in a
// Q8_0 file, or when its rows do not split into K blocks), and the IQ1/IQ2/IQ3
// mixes get their own choices. A tied table follows the output rule. With big
// vocabularies these two tables are a large share of the file (1 GiB of the
// 4.6 GiB Llama-3-8B Q4_K_M), so the averaged recipe figure alone misplaces it.

#include "quantformat.h"

#include <cstdint>
#include <optional>

namespace memplan {

struct GgufTableFormats {
    const QuantFormat *embedding = nullptr;
    const QuantFormat *output = nullptr;
};

/// nullopt when `format` is not a GGUF type or mix.
std::optional<GgufTableFormats> ggufTableFormats(const QuantFormat &format, std::uint64_t rowWidth, bool tied);

} // namespace memplan
