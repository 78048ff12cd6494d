#include "pagedserver.h"
#include "runtimes/kvrefusal.h"

#include "files/jsonutil.h"
#include "runtimes/settingsupport.h"

#include <nlohmann/json.hpp>

namespace memplan::runtimes {

void applyPagedServerSettings(ResolvedScenario &r, const nlohmann::json &s)
{
    RuntimeSettings &st = r.settings;
    Workload &w = r.workload;
    w.contextTokens = st.maxModelLen;
    w.batchTokens = st.maxNumBatchedTokens;
    r.runtime.kvBlockTokens = st.blockSize;
    r.gpuCount = st.tensorParallelSize;
    st.kvCacheDtype = jsonutil::string(s, "kv_cache_dtype", "runtime", "auto");
    if (st.kvCacheDtype != "auto") {
        const std::string id = st.kvCacheDtype.rfind("fp8", 0) == 0 ? std::string("fp8") : st.kvCacheDtype;
        r.kvFormatK = r.kvFormatV = &requireKvFormat(id, "runtime.kv_cache_dtype");
        st.kvFormatSetting = "kv_cache_dtype";
    } else {
        st.kvCacheDtype = std::string(r.kvFormatK->id);
    }
}

void checkPagedServerStartup(const ResolvedScenario &r, std::vector<Notice> &refusals)
{
    using Kind = NoticeArg::Kind;
    const std::string_view kv = r.kvFormatK->id;
    if (kv != "f16" && kv != "bf16" && kv != "fp8")
        refusals.push_back(kvCacheRefusal(r, kv, "auto or an FP8 type"));
    const std::uint32_t tp = r.settings.tensorParallelSize;
    const ModelArchitecture &a = r.model.arch;
    if (tp > 1 && !a.isMla() && a.numAttentionHeads % tp != 0)
        refusals.push_back(makeNotice("refuse.tp_heads", {numberArg("heads", Kind::Count, a.numAttentionHeads),
                                                          numberArg("tp", Kind::Count, tp)}));
    // A refusal rests on the model's stated limit; an assumed one only warns (resolve.cpp).
    if (r.settings.maxModelLen > r.model.maxContext && !r.model.maxContextAssumed)
        refusals.push_back(
            makeNotice("refuse.context_above_max",
                       {textArg("runtime", r.runtime.name), numberArg("context", Kind::Tokens, r.settings.maxModelLen),
                        numberArg("max", Kind::Tokens, r.model.maxContext)}));
}

} // namespace memplan::runtimes
