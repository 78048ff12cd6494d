#include "sglangmodel.h"

#include "files/jsonutil.h"
#include "questions/launchcommand.h"
#include "runtimes/pytorch/pagedserver.h"
#include "runtimes/settingsupport.h"

#include <nlohmann/json.hpp>

#include <array>
#include <sstream>

namespace memplan::runtimes {

namespace {
constexpr std::array<const char *, 7> kSglangKeys = {"mem_fraction_static",
                                                     "context_length",
                                                     "max_running_requests",
                                                     "chunked_prefill_size",
                                                     "kv_cache_dtype",
                                                     "tp_size",
                                                     "page_size"};
} // namespace

std::span<const char *const> SglangModel::settingKeys() const
{
    return kSglangKeys;
}

void SglangModel::applySettings(ResolvedScenario &r, const nlohmann::json &s) const
{
    RuntimeSettings &st = r.settings;
    const Workload &w = r.workload;
    st.memFractionStatic =
        jsonutil::number(s, "mem_fraction_static", "runtime", 0.05, 1.0, r.runtime.deviceMemoryFraction);
    r.runtime.deviceMemoryFraction = st.memFractionStatic;
    st.maxModelLen = settingCount(s, "context_length", 1, kMaxContext, w.contextTokens);
    st.maxNumBatchedTokens = settingCount(s, "chunked_prefill_size", 1, 1 << 24,
                                          w.batchTokens ? w.batchTokens : r.runtime.defaultBatchTokens);
    st.tensorParallelSize = static_cast<std::uint32_t>(settingCount(s, "tp_size", 1, 64, r.gpuCount));
    st.blockSize = static_cast<std::uint32_t>(settingCount(s, "page_size", 1, 65536, r.runtime.kvBlockTokens));
    st.maxNumSeqs = static_cast<std::uint32_t>(settingCount(s, "max_running_requests", 1, kMaxConcurrency, 256));
    applyPagedServerSettings(r, s);
}

std::string SglangModel::launchCommand(const ResolvedScenario &r) const
{
    const RuntimeSettings &s = r.settings;
    std::ostringstream o;
    o << "python -m sglang.launch_server --model-path " << launch::checkpointRepo(r) << " --context-length "
      << s.maxModelLen << " --mem-fraction-static " << launch::fixed(s.memFractionStatic, 2) << " --tp-size "
      << s.tensorParallelSize << " --chunked-prefill-size " << s.maxNumBatchedTokens;
    return o.str();
}

} // namespace memplan::runtimes
