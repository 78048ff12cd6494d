#include "sglangmodel.h"

#include "estimation/plan.h"
#include "files/jsonutil.h"
#include "questions/launchcommand.h"
#include "runtimes/pytorch/pagedserver.h"
#include "runtimes/pytorch/ropetables.h"
#include "runtimes/settingsupport.h"

#include <nlohmann/json.hpp>

#include <array>

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
    r.model.arch.mlaCache = MlaCache::Latent; // its MLA backends cache the latent, whatever a GGUF's layout
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

void SglangModel::adjustWeights(estimation::Plan &pl) const
{
    // SGLang's RotaryEmbedding keeps its cos/sin tables in float32 on CUDA ("needs to be in FP32
    // for numerical stability") and casts them to the model's dtype elsewhere (ROCm, CPU).
    pl.ropeTableElementBytes = pl.r.hardware.vendor == "NVIDIA" ? 4 : 2;
    pl.ropeTableBytes = ropeTableBytes(pl.arch, pl.ropeTableElementBytes);
}

namespace {

/// launch_server's flags after the model path.
std::vector<std::string> serverFlags(const ResolvedScenario &r)
{
    const RuntimeSettings &s = r.settings;
    return {"--context-length",
            std::to_string(s.maxModelLen),
            "--mem-fraction-static",
            launch::fixed(s.memFractionStatic, 2),
            "--tp-size",
            std::to_string(s.tensorParallelSize),
            "--chunked-prefill-size",
            std::to_string(s.maxNumBatchedTokens)};
}

} // namespace

std::string SglangModel::launchCommand(const ResolvedScenario &r) const
{
    std::string line = "python -m sglang.launch_server --model-path " + launch::checkpointRepo(r);
    for (const std::string &f : serverFlags(r))
        line += " " + f;
    return line;
}

std::optional<LoadOnlyLaunch> SglangModel::loadOnlyLaunch(const ResolvedScenario &r, const LoadOnlyOptions &o) const
{
    LoadOnlyLaunch l;
    l.program = "python3";
    const std::string model = offlineCheckpoint(r, l);
    if (!l.blocker.empty())
        return l;
    l.args = {"-m", "sglang.launch_server", "--model-path", model};
    const std::vector<std::string> flags = serverFlags(r), local = localServerArgs(o);
    l.args.insert(l.args.end(), flags.begin(), flags.end());
    l.args.insert(l.args.end(), local.begin(), local.end());
    // Printed once the memory pool is allocated, the CUDA graphs captured and the warm-up done.
    l.readyLines = {"The server is fired up and ready to roll"};
    return l;
}

} // namespace memplan::runtimes
