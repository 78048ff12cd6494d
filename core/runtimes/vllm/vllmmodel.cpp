#include "vllmmodel.h"

#include "runtimes/vllm/kvgroups.h"
#include "runtimes/vllm/mxfp4experts.h"
#include "runtimes/vllm/releaserules.h"
#include "text.h"

#include "estimation/phases.h"
#include "files/jsonutil.h"
#include "layers/stateplan.h"
#include "model/kvcache.h"
#include "questions/launchcommand.h"
#include "runtimes/pytorch/pagedserver.h"
#include "runtimes/settingsupport.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cctype>

namespace memplan::runtimes {

namespace ju = jsonutil;

namespace {

constexpr std::array<const char *, 13> kVllmKeys = {
    "gpu_memory_utilization", "max_model_len", "max_num_seqs",
    "max_num_batched_tokens", "block_size",    "kv_cache_dtype",
    "tensor_parallel_size",   "enforce_eager", "memory_profiler_estimate_cudagraphs",
    "use_flashinfer_sampler", "mxfp4_backend", "enable_prefix_caching",
    "mamba_cache_mode"};

/// `vllm serve` picks its batch defaults by device (EngineArgs.get_batch_defaults): 8192
/// tokens and 1024 sequences on cards of 70 GiB or more other than the A100, else 2048 and 256.
bool bigCard(const HardwareSpec &hw)
{
    return hw.reportedTotalBytes() >= 70 * GiB && text::lowerAscii(hw.name).find("a100") == std::string::npos;
}

} // namespace

std::span<const char *const> VllmModel::settingKeys() const
{
    return kVllmKeys;
}

void VllmModel::applySettings(ResolvedScenario &r, const nlohmann::json &s) const
{
    RuntimeSettings &st = r.settings;
    r.model.arch.mlaCache = MlaCache::Latent; // its MLA backends cache the latent, whatever a GGUF's layout
    const Workload &w = r.workload;
    st.gpuMemoryUtilization =
        ju::number(s, "gpu_memory_utilization", "runtime", 0.05, 1.0, r.runtime.deviceMemoryFraction);
    r.runtime.deviceMemoryFraction = st.gpuMemoryUtilization;
    st.maxModelLen = settingCount(s, "max_model_len", 1, kMaxContext, w.contextTokens);
    const vllm::ReleaseRules rules = vllm::releaseRules(r.release);
    // The device-dependent batch defaults are V1's; V0 took 256 sequences and a whole prompt per step.
    const bool big = bigCard(r.hardware) && rules.v1Engine;
    st.maxNumSeqs = static_cast<std::uint32_t>(settingCount(s, "max_num_seqs", 1, kMaxConcurrency, big ? 1024 : 256));
    const std::uint64_t batchDefault = w.batchTokens     ? w.batchTokens
                                       : !rules.v1Engine ? vllm::v0BatchedTokens(st.maxModelLen)
                                       : big             ? 8192
                                                         : 2048;
    st.maxNumBatchedTokens = settingCount(s, "max_num_batched_tokens", 1, 1 << 24, batchDefault);
    st.blockSize = static_cast<std::uint32_t>(settingCount(s, "block_size", 1, 65536, r.runtime.kvBlockTokens));
    st.tensorParallelSize = static_cast<std::uint32_t>(settingCount(s, "tensor_parallel_size", 1, 64, r.gpuCount));
    st.enforceEager = ju::boolean(s, "enforce_eager", "runtime", false);
    if (st.enforceEager)
        r.runtime.cudaGraphBytes = 0;
    st.profileCudaGraphs = ju::boolean(s, "memory_profiler_estimate_cudagraphs", "runtime", rules.profiledCudaGraphs);
    // V0's profile_run samples with top_p 0.99 and top_k V - 1, and its sampler took FlashInfer's
    // kernel only when VLLM_USE_FLASHINFER_SAMPLER=1 (default 0): it sorted the logits.
    st.flashinferSampler = ju::boolean(s, "use_flashinfer_sampler", "runtime", rules.v1Engine);
    st.mxfp4Backend = ju::string(s, "mxfp4_backend", "runtime", st.mxfp4Backend);
    if (st.mxfp4Backend != "auto" && !vllm::parseMxfp4Backend(st.mxfp4Backend))
        throw InputError("runtime.mxfp4_backend", "must be auto, marlin, triton, flashinfer or flashinfer_cutlass");
    st.prefixCaching = ju::boolean(s, "enable_prefix_caching", "runtime", true);
    st.mambaCacheMode = ju::string(s, "mamba_cache_mode", "runtime", "auto");
    if (vllm::MambaCacheMode m; st.mambaCacheMode != "auto" && !vllm::parseMambaCacheMode(st.mambaCacheMode, m))
        throw InputError("runtime.mamba_cache_mode", "must be auto, none, align or all");
    if (!st.flashinferSampler) {
        r.runtime.logitsBytesPerElement = r.runtime.samplerSortBytesPerLogit;
        r.runtime.samplerRange = r.runtime.samplerSortRange;
    }
    applyPagedServerSettings(r, s);
    // Hybrid models: vLLM grows the attention block until one attention page holds a
    // recurrent layer's whole state (HybridAttentionMambaModelConfig), then pads the state page.
    const ModelArchitecture &a = r.model.arch;
    if (a.numRecurrentLayers() > 0 && a.numKvLayers() > 0) {
        const std::uint32_t tp = std::max<std::uint32_t>(1, st.tensorParallelSize);
        const std::uint32_t heads =
            a.isMla() ? a.kvHeads() : std::max<std::uint32_t>(1, std::uint32_t(ceilDiv(a.kvHeads(), tp)));
        const StateRule rule = stateRuleFor(
            Engine::Vllm, a, 1, tp, 2, kvBytesPerTokenPerLayer(a, *r.kvFormatK, *r.kvFormatV, heads), st.blockSize);
        st.blockSizeRaised = rule.attentionBlockTokens > st.blockSize;
        st.blockSize = r.runtime.kvBlockTokens = static_cast<std::uint32_t>(rule.attentionBlockTokens);
    }
}

namespace {

vllm::MambaCacheMode mambaCacheMode(const RuntimeSettings &st)
{
    vllm::MambaCacheMode m = st.prefixCaching ? vllm::MambaCacheMode::Align : vllm::MambaCacheMode::None;
    if (st.mambaCacheMode != "auto")
        vllm::parseMambaCacheMode(st.mambaCacheMode, m);
    return m;
}

} // namespace

estimation::KvPoolSplit VllmModel::splitKvPool(const estimation::Plan &pl, const estimation::KvOnPool &kv,
                                               Bytes pool) const
{
    const vllm::KvGroups groups = vllm::kvGroups({kv.fullLayers, kv.windowedLayers, kv.recurrentLayers});
    if (groups.groups() == 0)
        return estimation::genericKvPoolSplit(pl, kv, pool);
    const ResolvedScenario &r = pl.r;
    vllm::RequestShape shape;
    shape.maxModelLen = r.workload.contextTokens;
    shape.blockTokens = std::max<std::uint32_t>(1, r.runtime.kvBlockTokens);
    shape.slidingWindow = pl.arch.slidingWindow;
    shape.batchedTokens = pl.batch;
    shape.mambaMode = mambaCacheMode(r.settings);
    // Attention pages and padded state pages are one size (HybridAttentionMambaModelConfig).
    const Bytes statePage = recurrentStatePerSequence(pl.arch, pl.state, 1);
    const Bytes page =
        kv.fullLayers + kv.windowedLayers > 0 ? checkedMul(kv.perTokenLayer, shape.blockTokens, "page") : statePage;
    // Cross-attention caches of the image tokens (Llama 3.2 Vision) are taken off the top, not
    // counted in the groups (vLLM's CrossAttentionSpec pages, cdiv(encoder tokens, B) a request).
    const Bytes cross = std::min(pool, kv.cross);
    const vllm::PoolCapacity c =
        vllm::poolCapacity(pool - cross, page, groups, shape, vllm::releaseRules(r.release).tokensFromConcurrency);
    const std::uint64_t n = std::max<std::uint64_t>(1, r.workload.concurrency);
    estimation::KvPoolSplit s;
    s.state = std::min(pool, cross + vllm::statePagesBytes(groups, shape, page, n));
    s.tokens = Tokens(c.tokens);
    s.concurrency = c.concurrency;
    s.holdsWorkload =
        kv.cross <= pool && c.blocks >= vllm::blocksForWorkload(groups, shape, pl.tokens.fullLayerTokens, n);
    return s;
}

Bytes VllmModel::outsideKvBudget(const ResolvedScenario &r) const
{
    // Graphs captured after the pool is sized sit outside the budget (vLLM before 0.21,
    // or VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0).
    return r.settings.profileCudaGraphs ? 0 : r.runtime.cudaGraphBytes;
}

void VllmModel::checkStartup(const ResolvedScenario &r, std::vector<Notice> &refusals) const
{
    checkPagedServerStartup(r, refusals);
    if (!vllm::releaseRules(r.release).crossAttentionModels)
        refuseCrossAttention(r, refusals);
}

namespace {

/// `vllm serve MODEL` and what follows the model: the environment it needs and its flags.
struct ServeCommand {
    std::vector<std::pair<std::string, std::string>> environment;
    std::vector<std::string> flags;
};

ServeCommand serveCommand(const ResolvedScenario &r)
{
    const RuntimeSettings &s = r.settings;
    ServeCommand c;
    if (!s.profileCudaGraphs &&
        vllm::releaseRules(r.release).profiledCudaGraphs) // older releases have no such variable
        c.environment.emplace_back("VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS", "0");
    if (!s.flashinferSampler)
        c.environment.emplace_back("VLLM_USE_FLASHINFER_SAMPLER", "0");
    c.flags = {"--max-model-len",          std::to_string(s.maxModelLen),
               "--gpu-memory-utilization", launch::fixed(s.gpuMemoryUtilization, 2),
               "--max-num-seqs",           std::to_string(s.maxNumSeqs),
               "--max-num-batched-tokens", std::to_string(s.maxNumBatchedTokens)};
    if (!s.blockSizeRaised)
        c.flags.insert(c.flags.end(), {"--block-size", std::to_string(s.blockSize)});
    c.flags.insert(c.flags.end(),
                   {"--kv-cache-dtype",
                    s.kvCacheDtype == "f16" || s.kvCacheDtype == "bf16" ? std::string("auto") : s.kvCacheDtype,
                    "--tensor-parallel-size", std::to_string(s.tensorParallelSize)});
    if (s.enforceEager)
        c.flags.push_back("--enforce-eager");
    if (!s.prefixCaching)
        c.flags.push_back("--no-enable-prefix-caching");
    if (s.mambaCacheMode != "auto")
        c.flags.insert(c.flags.end(), {"--mamba-cache-mode", s.mambaCacheMode});
    return c;
}

} // namespace

std::string VllmModel::launchCommand(const ResolvedScenario &r) const
{
    const ServeCommand c = serveCommand(r);
    std::string line;
    for (const auto &[name, value] : c.environment)
        line += name + "=" + value + " ";
    line += "vllm serve " + launch::checkpointRepo(r);
    for (const std::string &f : c.flags)
        line += " " + f;
    return line;
}

std::optional<LoadOnlyLaunch> VllmModel::loadOnlyLaunch(const ResolvedScenario &r, const LoadOnlyOptions &o) const
{
    LoadOnlyLaunch l;
    l.program = "vllm";
    const std::string model = offlineCheckpoint(r, l);
    if (!l.blocker.empty())
        return l;
    const ServeCommand c = serveCommand(r);
    l.environment.insert(l.environment.end(), c.environment.begin(), c.environment.end());
    l.args = {"serve", model};
    l.args.insert(l.args.end(), c.flags.begin(), c.flags.end());
    const std::vector<std::string> local = localServerArgs(o);
    l.args.insert(l.args.end(), local.begin(), local.end());
    // The KV cache is sized and the CUDA graphs captured before the API server starts.
    l.readyLines = {"Application startup complete"};
    return l;
}

} // namespace memplan::runtimes
