#pragma once
// The storage types of a model's two vocabulary tables (token embedding, output
// head), which quantizers treat apart from the decoder layers. With big
// vocabularies these tables are a large share of the model (1 GiB of the 4.6 GiB
// Llama-3-8B Q4_K_M), so giving them the layers' format misplaces memory.
//
// GGUF (llama.cpp's quantizer, src/llama-quant.cpp llama_tensor_get_type): the
// token embedding keeps the base type of the mix, the output head is raised to
// Q6_K (Q8_0 in a Q8_0 file, or when its rows do not split into K blocks), and the
// IQ1/IQ2/IQ3 mixes get their own choices; a tied table follows the output rule.
//
// Checkpoint quantizers (FP8, GPTQ, AWQ, bitsandbytes NF4, NVFP4, MXFP4) quantize
// linear layers only: embed_tokens and lm_head stay in the model's native dtype
// (Qwen3-*-FP8 and compressed-tensors recipes ignore lm_head; AutoAWQ and GPTQ
// skip it; vLLM loads both as unquantized vocabulary-parallel layers).

#include "model/quantformat.h"

#include <cstdint>
#include <optional>

namespace memplan {

struct TableFormats {
    const QuantFormat *embedding = nullptr;
    const QuantFormat *output = nullptr;
};

/// The tensor type a GGUF mix starts from before its per-tensor adjustments (q4_k for
/// q4_k_m); any other format itself.
const QuantFormat &baseType(const QuantFormat &format);
/// llama.cpp's fallback when a row of rowWidth weights does not divide into the type's blocks.
const QuantFormat &fitRow(const QuantFormat &format, std::uint64_t rowWidth);

/// nullopt when the tables simply share `format` (float formats, and the plain int8 /
/// int4 of the seed texts' arithmetic).
std::optional<TableFormats> vocabularyTableFormats(const QuantFormat &format, const QuantFormat &native,
                                                   std::uint64_t rowWidth, bool tied);

} // namespace memplan
