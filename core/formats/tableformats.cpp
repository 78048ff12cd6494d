#include "formats/tableformats.h"

#include <initializer_list>
#include <string_view>

namespace memplan {

namespace {

const QuantFormat &tableFormat(std::string_view id)
{
    return *findQuantFormat(id);
}

bool idIsOneOf(std::string_view id, std::initializer_list<std::string_view> ids)
{
    for (std::string_view i : ids)
        if (i == id)
            return true;
    return false;
}

} // namespace

const QuantFormat &baseType(const QuantFormat &f)
{
    const std::string_view id = f.id;
    if (id == "q5_k_m" || id == "q5_k_s")
        return tableFormat("q5_k");
    if (id == "q4_k_m" || id == "q4_k_s")
        return tableFormat("q4_k");
    if (id == "q3_k_l" || id == "q3_k_m" || id == "q3_k_s")
        return tableFormat("q3_k");
    if (id == "q2_k_mix" || id == "q2_k_s")
        return tableFormat("q2_k");
    if (id == "iq3_m" || id == "iq3_xs")
        return tableFormat("iq3_s");
    if (id == "iq2_m")
        return tableFormat("iq2_s");
    return f;
}

const QuantFormat &fitRow(const QuantFormat &f, std::uint64_t rowWidth)
{
    if (rowWidth % f.blockWeights == 0)
        return f;
    const std::string_view id = f.id;
    if (id == "q4_k")
        return tableFormat("q5_0");
    if (id == "q5_k")
        return tableFormat("q5_1");
    if (id == "q6_k")
        return tableFormat("q8_0");
    if (id == "q2_k" || id == "q3_k")
        return tableFormat("q4_0");
    return tableFormat("iq4_nl"); // the 256-block IQ types
}

std::optional<TableFormats> vocabularyTableFormats(const QuantFormat &format, const QuantFormat &native,
                                                   std::uint64_t rowWidth, bool tied)
{
    if (idIsOneOf(format.id, {"fp8", "gptq-int4", "awq-int4", "nf4", "nf4-dq", "nvfp4", "mxfp4"}))
        return TableFormats{&native, &native};
    if (format.family != FormatFamily::Gguf && format.family != FormatFamily::GgufRecipe)
        return std::nullopt;
    const QuantFormat &base = baseType(format);
    const std::string_view id = format.id;

    const QuantFormat *output = nullptr;
    if (rowWidth % base.blockWeights != 0 || id == "q8_0")
        output = &tableFormat("q8_0");
    else if (idIsOneOf(id, {"iq2_xxs", "iq2_xs", "iq3_xxs", "iq1_s", "iq2_s", "iq2_m", "iq1_m"}))
        output = &tableFormat("q5_k");
    else
        output = &fitRow(tableFormat("q6_k"), rowWidth);

    const QuantFormat *embedding = &fitRow(base, rowWidth);
    if (idIsOneOf(id, {"iq2_xxs", "iq2_xs", "iq1_s", "iq1_m"}))
        embedding = &fitRow(tableFormat("q2_k"), rowWidth);
    else if (idIsOneOf(id, {"iq2_s", "iq2_m", "iq3_xxs"}))
        embedding = &fitRow(tableFormat("iq3_s"), rowWidth);
    if (tied)
        embedding = output;
    return TableFormats{embedding, output};
}

} // namespace memplan
