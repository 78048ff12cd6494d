#include "transformersmodel.h"

#include "runtimes/pytorch/pytorchspeed.h"

#include "files/jsonutil.h"
#include "questions/launchcommand.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <sstream>

namespace memplan::runtimes {

namespace ju = jsonutil;

namespace {
constexpr std::array<const char *, 3> kTransformersKeys = {"cache_implementation", "low_cpu_mem_usage",
                                                           "use_safetensors"};
} // namespace

std::span<const char *const> TransformersModel::settingKeys() const
{
    return kTransformersKeys;
}

void TransformersModel::applySettings(ResolvedScenario &r, const nlohmann::json &s) const
{
    RuntimeSettings &st = r.settings;
    st.cacheImplementation = ju::string(s, "cache_implementation", "runtime", "dynamic");
    if (st.cacheImplementation == "static")
        r.runtime.kvAllocation = KvAllocation::ReserveFull; // StaticCache preallocates max_cache_len
    else if (st.cacheImplementation != "dynamic")
        throw InputError("runtime.cache_implementation", "must be dynamic or static");
    st.lowCpuMemUsage = ju::boolean(s, "low_cpu_mem_usage", "runtime", r.runtime.loading != LoadingMode::FullCopy);
    r.runtime.loading = st.lowCpuMemUsage ? LoadingMode::Streaming : LoadingMode::FullCopy;
    st.useSafetensors = ju::boolean(s, "use_safetensors", "runtime", true);
}

Bytes TransformersModel::loadingTransient(const ResolvedScenario &r, Bytes weightsBytes) const
{
    Bytes transient = RuntimeModel::loadingTransient(r, weightsBytes);
    // torch.load reads a pickled .bin shard whole into RAM, safetensors only maps it. Streaming
    // already counts one shard; a full copy adds that shard beside the materialized model.
    if (!r.settings.useSafetensors && r.runtime.loading == LoadingMode::FullCopy)
        transient =
            checkedAdd(transient, std::min<Bytes>(r.runtime.streamingShardBytes, weightsBytes), "memory estimate");
    return transient;
}

void TransformersModel::checkStartup(const ResolvedScenario &r, std::vector<Notice> &refusals) const
{
    // from_pretrained(gguf_file=...) dequantizes every GGUF tensor to torch_dtype: the model never
    // runs in its GGUF size, so a plan for q4_k_m weights in Transformers cannot be run.
    for (const QuantFormat *f : {r.weightFormat, r.expertFormat})
        if (f->family == FormatFamily::Gguf || f->family == FormatFamily::GgufRecipe) {
            refusals.push_back(makeNotice("refuse.gguf_weights", {textArg("format", std::string(f->id))}));
            return;
        }
}

std::string TransformersModel::launchCommand(const ResolvedScenario &r) const
{
    const RuntimeSettings &s = r.settings;
    std::ostringstream o;
    o << "AutoModelForCausalLM.from_pretrained(\"" << launch::checkpointRepo(r)
      << "\", torch_dtype=\"auto\", low_cpu_mem_usage=" << (s.lowCpuMemUsage ? "True" : "False")
      << ", use_safetensors=" << (s.useSafetensors ? "True" : "False") << ")";
    if (s.cacheImplementation == "static")
        o << "; model.generate(..., cache_implementation=\"static\")";
    return o.str();
}

const SpeedRules &TransformersModel::speedRules() const
{
    return eagerPytorchSpeedRules();
}

} // namespace memplan::runtimes
