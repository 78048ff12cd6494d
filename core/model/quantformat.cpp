#include "model/quantformat.h"

#include "text.h"
#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace memplan {

namespace {

using F = FormatFamily;

// Block layouts: ggml's ggml-common.h block structs (QK4_0 = 32, QK_K = 256),
// the GPTQ/AWQ group-128 layout (4-bit codes + fp16 scale + 4-bit zero per group),
// bitsandbytes NF4 (64-weight blocks with an fp32 absmax; "-dq" double-quantizes the
// absmax to 8 bits with one fp32 per 256 blocks, the QLoRA paper's 0.127 extra bits),
// OCP MX (32 fp4 values + one E8M0 byte) and NVFP4 (16 fp4 values + one FP8 E4M3 byte).
// Recipe averages: llama.cpp tools/quantize/README.md, "Llama 2 7B" bits-per-weight table.
// Recipes are stored per 800 weights so that B = bits-per-weight x 100 exactly.
constexpr std::array kFormats = {
    QuantFormat{"f32", "FP32", 1, 4, F::Float, true, true, 0, "4 bytes per weight"},
    QuantFormat{"f16", "FP16", 1, 2, F::Float, true, true, 1, "2 bytes per weight"},
    QuantFormat{"bf16", "BF16", 1, 2, F::Float, true, true, 30, "2 bytes per weight"},
    QuantFormat{"q8_0", "GGUF Q8_0", 32, 34, F::Gguf, true, true, 8, "32 x int8 + fp16 scale = 34 bytes"},
    QuantFormat{"fp8", "FP8 (E4M3)", 1, 1, F::Float, true, true, -1, "1 byte per weight; per-tensor scale ignored"},
    QuantFormat{"int8", "INT8", 1, 1, F::Integer, true, false, -1, "1 byte per weight; per-channel scales ignored"},
    QuantFormat{"q6_k", "GGUF Q6_K", 256, 210, F::Gguf, true, false, 14,
                "256 x 6 bit + 16 int8 scales + fp16 = 210 bytes"},
    QuantFormat{"q5_1", "GGUF Q5_1", 32, 24, F::Gguf, true, true, 7, "32 x 5 bit + fp16 scale + fp16 min = 24 bytes"},
    QuantFormat{"q5_k_m", "GGUF Q5_K_M (mix)", 800, 568, F::GgufRecipe, false, false, -1,
                "average 5.68 bits per weight"},
    QuantFormat{"q5_k_s", "GGUF Q5_K_S (mix)", 800, 552, F::GgufRecipe, false, false, -1,
                "average 5.52 bits per weight"},
    QuantFormat{"q5_k", "GGUF Q5_K", 256, 176, F::Gguf, true, false, 13,
                "256 x 5 bit + 6-bit scales + 2 x fp16 = 176 bytes"},
    QuantFormat{"q5_0", "GGUF Q5_0", 32, 22, F::Gguf, true, true, 6, "32 x 5 bit + fp16 scale = 22 bytes"},
    QuantFormat{"q4_1", "GGUF Q4_1", 32, 20, F::Gguf, true, true, 3, "32 x 4 bit + fp16 scale + fp16 min = 20 bytes"},
    QuantFormat{"q4_k_m", "GGUF Q4_K_M (mix)", 800, 484, F::GgufRecipe, false, false, -1,
                "average 4.84 bits per weight"},
    QuantFormat{"q4_k_s", "GGUF Q4_K_S (mix)", 800, 458, F::GgufRecipe, false, false, -1,
                "average 4.58 bits per weight"},
    QuantFormat{"q4_k", "GGUF Q4_K", 256, 144, F::Gguf, true, false, 12,
                "256 x 4 bit + 6-bit scales + 2 x fp16 = 144 bytes"},
    QuantFormat{"q4_0", "GGUF Q4_0", 32, 18, F::Gguf, true, true, 2, "32 x 4 bit + fp16 scale = 18 bytes"},
    QuantFormat{"iq4_nl", "GGUF IQ4_NL", 32, 18, F::Gguf, true, true, 20,
                "32 x 4-bit non-linear codes + fp16 scale = 18 bytes"},
    QuantFormat{"nf4", "NF4 (bitsandbytes)", 64, 36, F::GroupwiseInt, true, false, -1,
                "64 x 4 bit + fp32 absmax = 36 bytes"},
    QuantFormat{"nvfp4", "NVFP4", 16, 9, F::Microscaling, true, false, 40, "16 x fp4 + FP8 E4M3 scale = 9 bytes"},
    QuantFormat{"q3_k_l", "GGUF Q3_K_L (mix)", 800, 427, F::GgufRecipe, false, false, -1,
                "average 4.27 bits per weight"},
    QuantFormat{"mxfp4", "MXFP4", 32, 17, F::Microscaling, true, false, 39, "32 x fp4 + E8M0 scale = 17 bytes"},
    QuantFormat{"iq4_xs", "GGUF IQ4_XS", 256, 136, F::Gguf, true, false, 23,
                "256 x 4 bit + 6-bit scales + fp16 = 136 bytes"},
    QuantFormat{"gptq-int4", "GPTQ int4 (g128)", 256, 133, F::GroupwiseInt, true, false, -1,
                "per 128 weights: 64 bytes of codes + fp16 scale + 4-bit zero = 66.5 bytes"},
    QuantFormat{"awq-int4", "AWQ int4 (g128)", 256, 133, F::GroupwiseInt, true, false, -1,
                "per 128 weights: 64 bytes of codes + fp16 scale + 4-bit zero = 66.5 bytes"},
    QuantFormat{"nf4-dq", "NF4 + double quant", 16384, 8452, F::GroupwiseInt, true, false, -1,
                "per 16384 weights: 8192 bytes of codes + 256 int8 absmax + one fp32 = 8452 bytes"},
    QuantFormat{"int4", "INT4 (raw 4 bit)", 2, 1, F::Integer, true, false, -1,
                "4 bits per weight, no scales: a lower bound"},
    QuantFormat{"q3_k_m", "GGUF Q3_K_M (mix)", 800, 391, F::GgufRecipe, false, false, -1,
                "average 3.91 bits per weight"},
    QuantFormat{"iq3_m", "GGUF IQ3_M (mix)", 800, 366, F::GgufRecipe, false, false, -1,
                "average 3.66 bits per weight (llama.cpp's file type name)"},
    QuantFormat{"q3_k_s", "GGUF Q3_K_S (mix)", 800, 350, F::GgufRecipe, false, false, -1,
                "average 3.50 bits per weight"},
    QuantFormat{"q3_k", "GGUF Q3_K", 256, 110, F::Gguf, true, false, 11,
                "256 x 3 bit + 6-bit scales + fp16 = 110 bytes"},
    QuantFormat{"iq3_s", "GGUF IQ3_S", 256, 110, F::Gguf, true, false, 21, "256 weights in 110 bytes"},
    QuantFormat{"q2_k_mix", "GGUF Q2_K file (mix)", 800, 335, F::GgufRecipe, false, false, -1,
                "average 3.35 bits per weight"},
    QuantFormat{"iq3_xs", "GGUF IQ3_XS (mix)", 800, 330, F::GgufRecipe, false, false, -1,
                "average 3.30 bits per weight (llama.cpp's file type name)"},
    QuantFormat{"iq3_xxs", "GGUF IQ3_XXS", 256, 98, F::Gguf, true, false, 18, "256 weights in 98 bytes"},
    QuantFormat{"q2_k_s", "GGUF Q2_K_S (mix)", 800, 295, F::GgufRecipe, false, false, -1,
                "average 2.95 bits per weight (llama-quantize: 2.96 GB for Llama 3 8B)"},
    QuantFormat{"iq2_m", "GGUF IQ2_M (mix)", 800, 270, F::GgufRecipe, false, false, -1,
                "average 2.70 bits per weight (llama.cpp's file type name)"},
    QuantFormat{"q2_k", "GGUF Q2_K", 256, 84, F::Gguf, true, false, 10,
                "256 x 2 bit + 4-bit scales + 2 x fp16 = 84 bytes"},
    QuantFormat{"iq2_s", "GGUF IQ2_S", 256, 82, F::Gguf, true, false, 22, "256 weights in 82 bytes"},
    QuantFormat{"iq2_xs", "GGUF IQ2_XS", 256, 74, F::Gguf, true, false, 17, "256 weights in 74 bytes"},
    QuantFormat{"iq2_xxs", "GGUF IQ2_XXS", 256, 66, F::Gguf, true, false, 16, "256 weights in 66 bytes"},
    QuantFormat{"iq1_m", "GGUF IQ1_M", 256, 56, F::Gguf, true, false, 29, "256 weights in 56 bytes"},
    QuantFormat{"iq1_s", "GGUF IQ1_S", 256, 50, F::Gguf, true, false, 19, "256 weights in 50 bytes"},
};

// Order check: the table must go from most to fewest bits per weight, which the
// weight-format slider relies on.
constexpr bool sortedByBits()
{
    for (std::size_t i = 1; i < kFormats.size(); ++i)
        if (kFormats[i - 1].blockBytes * kFormats[i].blockWeights <
            kFormats[i].blockBytes * kFormats[i - 1].blockWeights)
            return false;
    return true;
}
static_assert(sortedByBits(), "kFormats must be ordered by bits per weight, descending");
static_assert(kFormats[0].bitsPerWeight() == 32.0);

// ggml types that are not in the table above but may appear in GGUF files.
constexpr std::array kExtraGgml = {
    QuantFormat{"f64", "F64", 1, 8, F::Float, true, false, 28, "8 bytes"},
    QuantFormat{"i8", "I8", 1, 1, F::Integer, true, false, 24, "1 byte"},
    QuantFormat{"i16", "I16", 1, 2, F::Integer, true, false, 25, "2 bytes"},
    QuantFormat{"i32", "I32", 1, 4, F::Integer, true, false, 26, "4 bytes"},
    QuantFormat{"i64", "I64", 1, 8, F::Integer, true, false, 27, "8 bytes"},
    QuantFormat{"q8_1", "GGUF Q8_1", 32, 36, F::Gguf, true, false, 9, "32 x int8 + 2 x fp16 = 36 bytes"},
    QuantFormat{"q8_k", "GGUF Q8_K", 256, 292, F::Gguf, true, false, 15, "256 x int8 + fp32 + 16 x int16 = 292 bytes"},
    QuantFormat{"tq1_0", "GGUF TQ1_0", 256, 54, F::Gguf, true, false, 34, "ternary, 256 weights in 54 bytes"},
    QuantFormat{"tq2_0", "GGUF TQ2_0", 256, 66, F::Gguf, true, false, 35, "ternary, 256 weights in 66 bytes"},
};

} // namespace

std::span<const QuantFormat> allQuantFormats()
{
    return kFormats;
}

const QuantFormat *findQuantFormat(std::string_view id)
{
    std::string key = text::lowerAscii(id);
    if (key == "fp16" || key == "float16" || key == "half")
        key = "f16";
    else if (key == "bfloat16")
        key = "bf16";
    else if (key == "fp32" || key == "float32" || key == "float")
        key = "f32";
    else if (key == "fp8_e4m3" || key == "fp8_e5m2" || key == "float8" || key == "fp8-e4m3")
        key = "fp8";
    for (const QuantFormat &f : kFormats)
        if (f.id == key)
            return &f;
    for (const QuantFormat &f : kExtraGgml)
        if (f.id == key)
            return &f;
    return nullptr;
}

const QuantFormat *findGgmlType(int ggmlType)
{
    if (ggmlType < 0)
        return nullptr;
    for (const QuantFormat &f : kFormats)
        if (f.ggmlType == ggmlType)
            return &f;
    for (const QuantFormat &f : kExtraGgml)
        if (f.ggmlType == ggmlType)
            return &f;
    return nullptr;
}

const QuantFormat *formatForTorchDtype(std::string_view torchDtype)
{
    const std::string key = text::lowerAscii(torchDtype);
    if (key == "float32" || key == "f32")
        return findQuantFormat("f32");
    if (key == "float16" || key == "f16")
        return findQuantFormat("f16");
    if (key == "bfloat16" || key == "bf16")
        return findQuantFormat("bf16");
    return nullptr;
}

} // namespace memplan
