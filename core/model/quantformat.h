#pragma once
// Storage formats for weights and for the KV cache, each described the way it
// is laid out on disk and in memory: a block of N weights takes B bytes,
// scales and zero points included. Bits per weight are therefore exact
// (8 * B / N), not the nominal number in the format's name.
//
// Mixed GGUF recipes (q4_k_m, q5_k_m, ...) quantize different tensors with
// different types; their figure is the average llama.cpp reports for a
// reference model, so they are marked inexact and their bytes are estimated.

#include "bytes.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace memplan {

enum class FormatFamily { Float, Integer, GroupwiseInt, Microscaling, Gguf, GgufRecipe };

struct QuantFormat {
    std::string_view id;        ///< stable id used in scenario files ("q4_k_m")
    std::string_view label;     ///< short display label ("GGUF Q4_K_M")
    std::uint32_t blockWeights; ///< weights per storage block
    std::uint32_t blockBytes;   ///< bytes per storage block, scales included
    FormatFamily family;
    bool exact;              ///< false for averaged mixed recipes
    bool kvCapable;          ///< usable as a KV cache type by some runtime
    int ggmlType;            ///< ggml_type enum value, -1 when it is not a ggml tensor type
    std::string_view layout; ///< how a block is made up, for show-the-math

    constexpr double bitsPerWeight() const { return 8.0 * blockBytes / blockWeights; }
    /// Bytes that n weights occupy, rounded up to whole bytes.
    constexpr Bytes bytesFor(std::uint64_t n) const { return mulDivCeil(n, blockBytes, blockWeights, "weight size"); }
};

/// Every known format, ordered by bits per weight from largest to smallest.
std::span<const QuantFormat> allQuantFormats();
/// nullptr when the id is unknown. Accepts upper case and a few aliases ("fp16", "float16", "bfloat16").
const QuantFormat *findQuantFormat(std::string_view id);
/// The format with that ggml_type number, or nullptr.
const QuantFormat *findGgmlType(int ggmlType);
/// The format a HF torch_dtype names ("bfloat16" -> bf16), or nullptr.
const QuantFormat *formatForTorchDtype(std::string_view torchDtype);

} // namespace memplan
