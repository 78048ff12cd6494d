#include "model/ggufrecipe.h"

#include "formats/tableformats.h"
#include "import/ggufsplitname.h"
#include "model/quantformat.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

namespace memplan {

namespace {

// Short citations (shown in `memplan-cli formats` and in warnings); the rules are spelled out
// in ggufrecipe.h and docs/formulas.md.
constexpr std::string_view kBartowski = "bartowski's model cards";
constexpr std::string_view kLlamaCpp = "llama.cpp llama_tensor_get_type";
constexpr std::string_view kUnsloth = "Unsloth Dynamic 2.0";
constexpr std::string_view kImatrixPrefix = "mradermacher's i1- files (stock llama-quantize with an importance matrix)";

// Names as publishers write them. Unsloth's "UD-" names not listed here still resolve: the
// prefix is taken off and the rest sized as its stock recipe (findGgufRecipe).
constexpr std::array kRecipes = {
    GgufRecipe{"Q6_K_L", "q6_k", "q8_0", "", false, kBartowski},
    GgufRecipe{"Q5_K_L", "q5_k_m", "q8_0", "", false, kBartowski},
    GgufRecipe{"Q4_K_L", "q4_k_m", "q8_0", "", false, kBartowski},
    GgufRecipe{"Q3_K_XL", "q3_k_l", "q8_0", "", false, kBartowski},
    GgufRecipe{"Q2_K_L", "q2_k_mix", "q8_0", "", false, kBartowski},
    GgufRecipe{"MXFP4_MOE", "q8_0", "q8_0", "mxfp4", false, kLlamaCpp},
    GgufRecipe{"UD-Q8_K_XL", "q8_0", "", "", true, kUnsloth},
    GgufRecipe{"UD-Q6_K_XL", "q6_k", "", "", true, kUnsloth},
    GgufRecipe{"UD-Q5_K_XL", "q5_k_m", "", "", true, kUnsloth},
    GgufRecipe{"UD-Q4_K_XL", "q4_k_m", "", "", true, kUnsloth},
    GgufRecipe{"UD-Q3_K_XL", "q3_k_m", "", "", true, kUnsloth},
    GgufRecipe{"UD-Q2_K_XL", "q2_k_mix", "", "", true, kUnsloth},
    GgufRecipe{"UD-IQ3_XXS", "iq3_xxs", "", "", true, kUnsloth},
    GgufRecipe{"UD-IQ2_M", "iq2_m", "", "", true, kUnsloth},
    GgufRecipe{"UD-IQ2_XXS", "iq2_xxs", "", "", true, kUnsloth},
    GgufRecipe{"UD-IQ1_M", "iq1_m", "", "", true, kUnsloth},
    GgufRecipe{"UD-IQ1_S", "iq1_s", "", "", true, kUnsloth},
    GgufRecipe{"UD-TQ1_0", "tq1_0", "", "", true, kUnsloth},
};

constexpr std::string_view kClosest = "closest stock recipe";

/// The stock recipe of each bit count a name may carry: the K-quant _M mix where there is
/// one, Q6_K and Q8_0 above it; for IQ names the IQ type of that bit count.
const char *closestFor(bool iq, int bits)
{
    static constexpr std::array<const char *, 9> kQ = {nullptr,  "iq1_s", "q2_k_mix", "q3_k_m", "q4_k_m",
                                                       "q5_k_m", "q6_k",  nullptr,    "q8_0"};
    static constexpr std::array<const char *, 9> kIq = {nullptr,  "iq1_s", "iq2_xs", "iq3_s", "iq4_xs",
                                                        "q5_k_m", "q6_k",  nullptr,  "q8_0"};
    if (bits < 0 || bits >= int(kQ.size()))
        return nullptr;
    return iq ? kIq[std::size_t(bits)] : kQ[std::size_t(bits)];
}

/// The bit count of "q4_k_xxl", "iq3_ks", "tq1_0" (its first word), or -1.
int bitsInName(std::string_view n, bool &iq)
{
    iq = n.rfind("iq", 0) == 0;
    const std::size_t at = iq ? 2 : (n.rfind("q", 0) == 0 || n.rfind("tq", 0) == 0) ? (n[0] == 't' ? 2 : 1) : 0;
    if (at == 0 || at >= n.size() || !std::isdigit(static_cast<unsigned char>(n[at])))
        return -1;
    if (at + 1 < n.size() && n[at + 1] != '_')
        return -1; // "q45", "qwen3": not a quant name
    return n[at] - '0';
}

const GgufRecipe *listedRecipe(std::string_view normalized)
{
    for (const GgufRecipe &r : kRecipes)
        if (normalizeQuantName(r.name) == normalized)
            return &r;
    return nullptr;
}

double baseBits(std::string_view layers)
{
    const QuantFormat *f = findQuantFormat(layers);
    return f ? baseType(*f).bitsPerWeight() : 16.0;
}

RecipeChoice approximated(GgufRecipe recipe, bool known, std::string normalized, std::string_view given)
{
    recipe.approximate = true;
    return RecipeChoice{recipe, known, widenedRecipeRange(baseBits(recipe.layers)), std::move(normalized),
                        std::string(given)};
}

/// A listed recipe as chosen for `name`: exact, or approximated with its widened range.
RecipeChoice listedChoice(const GgufRecipe &r, std::string normalized, std::string_view name)
{
    return r.approximate ? approximated(r, true, std::move(normalized), name)
                         : RecipeChoice{r, true, Range{}, std::move(normalized), std::string(name)};
}

} // namespace

std::span<const GgufRecipe> allGgufRecipes()
{
    return kRecipes;
}

std::string normalizeQuantName(std::string_view name)
{
    std::string out;
    out.reserve(name.size());
    for (char c : name)
        out += c == '-' ? '_' : char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

Range widenedRecipeRange(double bits)
{
    // The type ladder a recipe moves tensors along (bits per weight of IQ1_S, Q2_K, Q3_K,
    // Q4_K, Q5_K, Q6_K, Q8_0, F16). A recipe that raises some tensors and lowers others
    // averages, at most, half a step from its base type either way.
    static constexpr std::array kLadder = {1.5625, 2.625, 3.4375, 4.5, 5.5, 6.5625, 8.5, 16.0};
    double below = kLadder.front(), above = kLadder.back();
    for (double r : kLadder) {
        if (r < bits)
            below = r;
        if (r > bits && above == kLadder.back())
            above = r;
    }
    if (bits <= kLadder.front())
        below = bits / 2;
    if (bits >= kLadder.back())
        above = bits * 2;
    const Range stock{0.97, 1.06}; // a stock mix's spread (core/estimation/plan.h PoolBuilder)
    return Range{std::min(stock.low, 1.0 - (bits - below) / (2 * bits)),
                 std::max(stock.high, 1.0 + (above - bits) / (2 * bits))};
}

std::optional<RecipeChoice> findGgufRecipe(std::string_view name)
{
    const std::string n = normalizeQuantName(name);
    if (const GgufRecipe *r = listedRecipe(n))
        return listedChoice(*r, n, name);
    // "i1-Q4_K_M" (mradermacher's "Model.i1-Q4_K_M.gguf"): a stock file type made with an
    // importance matrix. The matrix changes the quantized values, not which tensor gets which
    // type (the IQ mixes are already sized as made with one), so the stock mix is exact.
    if (n.rfind("i1_", 0) == 0) {
        const std::string stock = n.substr(3);
        if (const QuantFormat *f = findQuantFormat(stock))
            return RecipeChoice{GgufRecipe{"", f->id, "", "", false, kImatrixPrefix}, true, Range{}, n,
                                std::string(name)};
        if (const GgufRecipe *r = listedRecipe(stock))
            return listedChoice(*r, n, name);
    }
    const bool unsloth = n.rfind("ud_", 0) == 0;
    const std::string rest = unsloth ? n.substr(3) : n;
    // Unsloth's prefix on any other name: the stock recipe or type it names, approximated.
    if (unsloth) {
        if (const QuantFormat *f = findQuantFormat(rest))
            return approximated(GgufRecipe{"", f->id, "", "", true, kUnsloth}, true, n, name);
        if (const GgufRecipe *r = listedRecipe(rest)) {
            GgufRecipe u = *r;
            u.name = "";
            u.source = kUnsloth;
            return approximated(u, true, n, name);
        }
    }
    bool iq = false;
    const int bits = bitsInName(rest, iq); // sets iq: read it only after (argument order is unspecified)
    const char *closest = closestFor(iq, bits);
    if (!closest)
        return std::nullopt;
    return approximated(GgufRecipe{"", closest, "", "", true, kClosest}, false, n, name);
}

std::string quantNameInFileName(std::string_view file)
{
    if (const std::size_t slash = file.find_last_of("/\\"); slash != std::string_view::npos)
        file = file.substr(slash + 1);
    if (const auto split = parseGgufSplitName(file))
        file = file.substr(0, split->prefix.size());
    if (file.size() >= 5 && normalizeQuantName(file.substr(file.size() - 5)) == ".gguf")
        file.remove_suffix(5);
    // Words between '-' and '.' (a quant name keeps its '_'), read from the end: the quant
    // is written last ("…-UD-Q4_K_XL", "unsloth.Q4_K_M", "…-Q8_0-00001-of-00002").
    std::vector<std::string_view> words;
    for (std::size_t start = 0; start <= file.size();) {
        const std::size_t end = std::min(file.find_first_of("-.", start), file.size());
        words.push_back(file.substr(start, end - start));
        start = end + 1;
    }
    for (std::size_t i = words.size(); i-- > 0;) {
        const std::string w = normalizeQuantName(words[i]);
        const bool format = findQuantFormat(w) && w != "f32" && w.size() > 2;
        bool iq = false;
        if (!format && !listedRecipe(w) && bitsInName(w, iq) < 0)
            continue;
        if (i > 0 && normalizeQuantName(words[i - 1]) == "ud")
            return "UD-" + std::string(words[i]);
        return std::string(words[i]);
    }
    return std::string();
}

std::string fileNameQuantFormat(std::string_view quant)
{
    const std::string n = normalizeQuantName(quant);
    return n == "q3_k" || n == "q4_k" || n == "q5_k" ? n + "_m" : n;
}

} // namespace memplan
