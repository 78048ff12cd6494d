#pragma once
// The names GGUF files are published under. A name such as Q4_K_L or UD-Q4_K_XL is a
// recipe, not a storage type: which tensors get which ggml type. The planner sizes a
// recipe from the parts it already models: a stock llama-quantize mix for the decoder
// layers (core/model/ggufmix.h, llama.cpp src/llama-quant.cpp llama_tensor_get_type), the
// vocabulary tables' types (core/formats/tableformats.h) and the routed experts' type.
//
// Sources of the rules (also in docs/formulas.md, "GGUF recipes people publish"):
// - bartowski's _L / _XL files (model cards of bartowski/*-GGUF): the stock mix with the
//   token embedding and the output head at Q8_0 (llama-quantize --token-embedding-type
//   q8_0 --output-tensor-type q8_0). Q6_K_L: Q6_K; Q5_K_L: Q5_K_M; Q4_K_L: Q4_K_M;
//   Q3_K_XL: Q3_K_L; Q2_K_L: Q2_K.
// - llama.cpp's MXFP4_MOE file type (llama_tensor_get_type): three-dimensional expert
//   tensors MXFP4, every other quantized tensor Q8_0, the output head Q8_0.
// - llama.cpp's IQ3_M, IQ3_XS, IQ2_M and Q2_K_S file types are stock mixes like Q4_K_M, so
//   they are weight formats of their own (core/model/quantformat.h), summed tensor by tensor.
// - Unsloth's dynamic files (UD-…): Unsloth chooses types layer by layer per model and does
//   not publish the rule, so they are sized as the stock recipe of the same name
//   (UD-Q4_K_XL as Q4_K_M) with a widened range.
// - mradermacher's imatrix files ("i1-Q4_K_M"): the stock file type after the prefix, exact.
// An unknown name with a recognisable bit count ("Q4_K_XXL", "IQ3_KS") is sized as the
// closest stock recipe with the same bits, with the same widened range; a warning names
// the recipe assumed. Only a name with no bit count at all is refused.

#include "scenario/runtimeprofile.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace memplan {

/// A published recipe, as a combination of formats the planner models.
struct GgufRecipe {
    std::string_view name;    ///< as publishers write it ("Q4_K_L", "UD-Q4_K_XL")
    std::string_view layers;  ///< format id of the decoder layers (a stock mix or a type: "q4_k_m")
    std::string_view tables;  ///< token embedding and output head ("q8_0"); empty: the layers' rule
    std::string_view experts; ///< routed experts ("mxfp4"); empty: as the layers
    bool approximate;         ///< per-tensor choices not modelled: sized with a widened range
    std::string_view source;  ///< where the rule is stated
};

/// Every recipe the planner knows by name, for `memplan-cli formats`.
std::span<const GgufRecipe> allGgufRecipes();

/// How a weight format name is sized when it is not one of allQuantFormats().
struct RecipeChoice {
    GgufRecipe recipe;      ///< the recipe used (for an unknown name: the closest one, approximate)
    bool known = false;     ///< the name is a listed recipe or an Unsloth name of a stock one
    Range range{1.0, 1.0};  ///< of the weight figure, when recipe.approximate
    std::string normalized; ///< the name in lower case with '_' separators ("ud_q4_k_xl")
    std::string given;      ///< the name as written (recipe.name may name the listed form)
};

/// The lower-case, '_'-separated form of a quant name ("UD-Q4_K_XL" -> "ud_q4_k_xl").
std::string normalizeQuantName(std::string_view name);

/// A recipe by name (case and '-'/'_' ignored, "UD-" prefix kept apart), or the closest
/// stock recipe for a quant-looking name; nullopt for text that names no bit count.
std::optional<RecipeChoice> findGgufRecipe(std::string_view name);

/// The quant name a GGUF file or repository name carries ("Qwen3-30B-A3B-UD-Q4_K_XL.gguf" ->
/// "UD-Q4_K_XL", "Llama-3.2-3B-Instruct-Q6_K_L.gguf" -> "Q6_K_L"): the last run of words
/// that names a format or a recipe. Empty when there is none.
std::string quantNameInFileName(std::string_view fileName);

/// The format a quant name in a file name stands for: llama-quantize accepts "Q3_K", "Q4_K" and
/// "Q5_K" as aliases of its _M mixes (tools/quantize QUANT_OPTIONS, "alias for Q4_K_M"), so a file
/// named with one holds the mix, not the uniform block type a scenario's "q4_k" means. Other
/// names come back unchanged (normalized).
std::string fileNameQuantFormat(std::string_view quant);

/// The range of an approximated recipe whose layers are stored mostly as `baseBits` bits per
/// weight: half a step of the type ladder either way (docs/formulas.md), never narrower
/// than a stock mix's range.
Range widenedRecipeRange(double baseBits);

} // namespace memplan
