#include "formatsupport.h"

#include "model/quantformat.h"
#include "runtimes/kvrefusal.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace memplan::llamacpp {

namespace {

constexpr std::array<std::string_view, 9> kLlamaCppKv = {"f32",  "f16",  "bf16",   "q8_0", "q4_0",
                                                         "q4_1", "q5_0", "iq4_nl", "q5_1"};
constexpr std::array<std::string_view, 3> kOllamaKv = {"f16", "q8_0", "q4_0"};

template <std::size_t N> bool isListed(const std::array<std::string_view, N> &list, std::string_view id)
{
    return std::find(list.begin(), list.end(), id) != list.end();
}

template <std::size_t N> std::string joinedList(const std::array<std::string_view, N> &list)
{
    std::string s;
    for (std::string_view id : list)
        s += (s.empty() ? "" : ", ") + std::string(id);
    return s;
}

/// A GGUF file holds ggml tensor types (f16, bf16, q4_k, mxfp4, ...) or a llama-quantize mix of them.
bool ggufWeights(const QuantFormat &f)
{
    return f.ggmlType >= 0 || f.family == FormatFamily::GgufRecipe;
}

} // namespace

void checkFormats(const ResolvedScenario &r, std::vector<Notice> &refusals)
{
    const bool ollama = r.runtime.engine == Engine::Ollama;
    for (const QuantFormat *kv : {r.kvFormatK, r.kvFormatV}) {
        if (!kv || (ollama ? isListed(kOllamaKv, kv->id) : isListed(kLlamaCppKv, kv->id)))
            continue;
        refusals.push_back(
            runtimes::kvCacheRefusal(r, kv->id, ollama ? joinedList(kOllamaKv) : joinedList(kLlamaCppKv)));
        break; // one refusal names the cache, whichever of K and V it is
    }
    if (r.model.imported)
        return; // a model file's own tensor types: the importer read what is there
    const bool expertsOwn = r.expertFormat && r.expertFormat != r.weightFormat;
    for (const auto &[format, setting] : {std::pair{r.weightFormat, "weights.format"},
                                          std::pair{expertsOwn ? r.expertFormat : nullptr, "weights.expert_format"}})
        if (format && !ggufWeights(*format))
            refusals.push_back(makeNotice("refuse.gguf_weights",
                                          {textArg("runtime", r.runtime.name),
                                           textArg("format", std::string(format->id)), textArg("setting", setting)}));
}

} // namespace memplan::llamacpp
