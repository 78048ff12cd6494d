#include "vllmmodel.h"

#include "jsonutil.h"
#include "launchcommand.h"
#include "runtimes/pagedserver.h"
#include "runtimes/settingsupport.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>

namespace memplan::runtimes {

namespace ju = jsonutil;

namespace {

constexpr std::array<const char *, 10> kKeys = {
    "gpu_memory_utilization", "max_model_len",        "max_num_seqs",  "max_num_batched_tokens",
    "block_size",             "kv_cache_dtype",       "tensor_parallel_size", "enforce_eager",
    "memory_profiler_estimate_cudagraphs", "use_flashinfer_sampler"};

/// `vllm serve` picks its batch defaults by device (EngineArgs.get_batch_defaults): 8192
/// tokens and 1024 sequences on cards of 70 GiB or more other than the A100, else 2048 and 256.
bool bigCard(const HardwareSpec &hw)
{
    std::string name = hw.name;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return hw.reportedTotalBytes() >= 70 * GiB && name.find("a100") == std::string::npos;
}

} // namespace

std::span<const char *const> VllmModel::settingKeys() const { return kKeys; }

void VllmModel::applySettings(ResolvedScenario &r, const nlohmann::json &s) const
{
    RuntimeSettings &st = r.settings;
    const Workload &w = r.workload;
    st.gpuMemoryUtilization = ju::number(s, "gpu_memory_utilization", "runtime", 0.05, 1.0, r.runtime.deviceMemoryFraction);
    r.runtime.deviceMemoryFraction = st.gpuMemoryUtilization;
    st.maxModelLen = settingCount(s, "max_model_len", 1, kMaxContext, w.contextTokens);
    const bool big = bigCard(r.hardware);
    st.maxNumSeqs = static_cast<std::uint32_t>(settingCount(s, "max_num_seqs", 1, kMaxConcurrency, big ? 1024 : 256));
    st.maxNumBatchedTokens =
        settingCount(s, "max_num_batched_tokens", 1, 1 << 24, w.batchTokens ? w.batchTokens : big ? 8192 : 2048);
    st.blockSize = static_cast<std::uint32_t>(settingCount(s, "block_size", 1, 65536, r.runtime.kvBlockTokens));
    st.tensorParallelSize = static_cast<std::uint32_t>(settingCount(s, "tensor_parallel_size", 1, 64, r.gpuCount));
    st.enforceEager = ju::boolean(s, "enforce_eager", "runtime", false);
    if (st.enforceEager)
        r.runtime.cudaGraphBytes = 0;
    st.profileCudaGraphs = ju::boolean(s, "memory_profiler_estimate_cudagraphs", "runtime", true);
    st.flashinferSampler = ju::boolean(s, "use_flashinfer_sampler", "runtime", true);
    if (!st.flashinferSampler) {
        r.runtime.logitsBytesPerElement = r.runtime.samplerSortBytesPerLogit;
        r.runtime.samplerRange = r.runtime.samplerSortRange;
    }
    applyPagedServerSettings(r, s);
}

Bytes VllmModel::outsideKvBudget(const ResolvedScenario &r) const
{
    // Graphs captured after the pool is sized sit outside the budget (vLLM before 0.21,
    // or VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0).
    return r.settings.profileCudaGraphs ? 0 : r.runtime.cudaGraphBytes;
}

std::string VllmModel::launchCommand(const ResolvedScenario &r) const
{
    const RuntimeSettings &s = r.settings;
    std::ostringstream o;
    if (!s.profileCudaGraphs)
        o << "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0 ";
    if (!s.flashinferSampler)
        o << "VLLM_USE_FLASHINFER_SAMPLER=0 ";
    o << "vllm serve " << r.model.source << " --max-model-len " << s.maxModelLen << " --gpu-memory-utilization "
      << launch::fixed(s.gpuMemoryUtilization, 2) << " --max-num-seqs " << s.maxNumSeqs << " --max-num-batched-tokens "
      << s.maxNumBatchedTokens << " --block-size " << s.blockSize << " --kv-cache-dtype "
      << (s.kvCacheDtype == "f16" || s.kvCacheDtype == "bf16" ? std::string("auto") : s.kvCacheDtype)
      << " --tensor-parallel-size " << s.tensorParallelSize;
    if (s.enforceEager)
        o << " --enforce-eager";
    return o.str();
}

} // namespace memplan::runtimes
