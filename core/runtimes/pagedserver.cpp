#include "pagedserver.h"

#include "jsonutil.h"
#include "settingsupport.h"

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
    } else {
        st.kvCacheDtype = std::string(r.kvFormatK->id);
    }
}

} // namespace memplan::runtimes
