#include "llamacppmodel.h"

#include "runtimes/llamacpp/formatsupport.h"
#include "runtimes/ollama/ownengine.h"

#include "questions/launchcommand.h"
#include "runtimes/llamacpp/cpufeatures.h"
#include "runtimes/llamacpp/hostcaches.h"
#include "runtimes/llamacpp/mlalayout.h"
#include "runtimes/llamacpp/outputrows.h"
#include "runtimes/llamacpp/releaserules.h"
#include "runtimes/llamacpp/repack.h"
#include "runtimes/llamacpp/settingvalues.h"
#include "runtimes/llamacpp/tensoroverrides.h"
#include "runtimes/settingsupport.h"

#include "files/jsonutil.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>

namespace memplan::runtimes {

using estimation::kWhat;
using estimation::Plan;
using estimation::PoolBuilder;
using estimation::scaled;
using estimation::toBytes;
namespace ju = jsonutil;

namespace {

/// llama.cpp's own: Ollama's and the program, output rows, CPU features, host caches and graph rules.
constexpr std::array<const char *, 27> kLlamaCppKeys = {
    "ctx_size",        "batch_size",     "ubatch_size",  "parallel",        "flash_attn",
    "cache_type_k",    "cache_type_v",   "n_gpu_layers", "n_cpu_moe",       "tensor_split",
    "override_tensor", "kv_unified",     "mmap",         "swa_full",        "program",
    "n_outputs_max",   "cpu_features",   "cache_ram",    "ctx_checkpoints", "graph_rules",
    "threads",         "no_kv_offload",  "mla_cache",    "split_mode",      "output_layer_first",
    "swa_memory",      "pipeline_copies"};

/// A sliding window the runtime does not implement is no window at all.
void dropUnsupportedWindow(ResolvedScenario &r)
{
    const auto &swaTypes = r.runtime.slidingWindowModelTypes;
    ModelArchitecture &arch = r.model.arch;
    if (arch.numWindowedLayers > 0 && !swaTypes.empty() &&
        std::find(swaTypes.begin(), swaTypes.end(), arch.modelType) == swaTypes.end()) {
        r.warn(makeNotice("warn.window_unsupported",
                          {textArg("runtime", r.runtime.name), textArg("model_type", arch.modelType)}));
        arch.numWindowedLayers = 0;
    }
}

/// --ctx-size, --parallel and the micro-batch against the generic workload.
void applyContextAndBatch(ResolvedScenario &r, const nlohmann::json &s)
{
    RuntimeSettings &st = r.settings;
    Workload &w = r.workload;
    st.parallel = static_cast<std::uint32_t>(settingCount(s, "parallel", 1, kMaxConcurrency, w.concurrency));
    if (const nlohmann::json *ctx = ju::optional(s, "ctx_size")) {
        // -c 0: the model's trained context.
        st.ctxSize = llamacpp::resolveContextSize(ju::toCount(*ctx, "runtime.ctx_size", 0, kMaxContext * 64),
                                                  std::max<std::uint64_t>(1, r.model.arch.maxPositionEmbeddings));
        w.concurrency = st.parallel;
        w.contextTokens = std::max<std::uint64_t>(1, st.ctxSize / st.parallel);
    } else {
        w.concurrency = st.parallel;
        st.ctxSize = checkedMul(w.contextTokens, w.concurrency, "context size");
    }
    st.batchSize = static_cast<std::uint32_t>(settingCount(s, "batch_size", 1, 1 << 20, 2048));
    const std::uint64_t ub = w.batchTokens ? w.batchTokens : r.runtime.defaultBatchTokens;
    st.ubatchSize = static_cast<std::uint32_t>(
        settingCount(s, "ubatch_size", 1, 1 << 20, std::min<std::uint64_t>(ub, st.batchSize)));
    w.batchTokens = st.ubatchSize;
}

/// --n-gpu-layers and --n-cpu-moe against the generic placement.
void applyOffload(ResolvedScenario &r, const nlohmann::json &s, const llamacpp::ReleaseRules &rules)
{
    RuntimeSettings &st = r.settings;
    const std::uint32_t layers = r.model.arch.numHiddenLayers;
    // src/llama-model.cpp (load_tensors): i_gpu_start = n_layer + 1 - N since PR #18148, so a count
    // N up to the layers holds the output layer and N - 1 repeating ones; before it n_layer - N.
    // A log that prints no build shows the rule by the order of its offload lines (output_layer_first).
    st.outputLayerFirst =
        ju::boolean(s, "output_layer_first", "runtime", rules.outputLayerFirst) && r.runtime.outputCountsAsLayer;
    if (const nlohmann::json *n = ju::optional(s, "n_gpu_layers")) {
        // A count, auto (-1: the placement the scenario states) or all (-2, or any count >= the layers).
        const llamacpp::GpuLayers g = llamacpp::parseGpuLayers(*n, "runtime.n_gpu_layers");
        const auto placed = static_cast<std::uint32_t>(std::lround(r.placement.gpuLayerFraction * layers));
        std::uint32_t onGpu = llamacpp::gpuLayersFor(g, layers, placed);
        const bool count = g.kind == llamacpp::GpuLayers::Kind::Count;
        // (-ngl 1 then holds the output layer alone, which the plan, with no GPU layer, keeps on the host.)
        if (count && st.outputLayerFirst && g.count >= 1 && g.count <= layers)
            onGpu = g.count - 1;
        st.nGpuLayers = count ? int(g.count) : llamacpp::ngLayersFor(onGpu, layers, st.outputLayerFirst);
        r.placement.gpuLayerFraction = double(onGpu) / layers;
    } else {
        const auto gpuLayers = static_cast<std::uint32_t>(std::lround(r.placement.gpuLayerFraction * layers));
        st.nGpuLayers = llamacpp::ngLayersFor(gpuLayers, layers, st.outputLayerFirst);
    }
    st.nCpuMoe = static_cast<std::uint32_t>(std::min<std::uint64_t>(
        layers, settingCount(s, "n_cpu_moe", 0, 100000, r.placement.expertsOnHost ? layers : 0)));
    r.placement.expertsOnHost = r.model.arch.isMoe() && st.nCpuMoe >= layers;
    // -sm: "none" keeps everything on the main GPU, so the other cards hold nothing of this model.
    st.splitMode = ju::string(s, "split_mode", "runtime", st.splitMode);
    if (st.splitMode != "layer" && st.splitMode != "row" && st.splitMode != "none")
        throw InputError("runtime.split_mode", "must be layer, row or none");
    if (st.splitMode == "none")
        r.gpuCount = 1;
    // -ts and -ot (core/runtimes/llamacpp/tensoroverrides.h); -ot's entries come before
    // --n-cpu-moe's, which llama.cpp appends to the same first-match list.
    if (const nlohmann::json *ts = ju::optional(s, "tensor_split"))
        st.tensorSplit = llamacpp::parseTensorSplit(*ts, "runtime.tensor_split");
    if (const nlohmann::json *ot = ju::optional(s, "override_tensor")) {
        st.overrideTensor = llamacpp::parseOverrideTensor(*ot, "runtime.override_tensor");
        std::vector<Notice> notes; // a dense model's entries move nothing the planner places: named here
        st.expertDevice = llamacpp::resolveExpertOverrides(st.overrideTensor, r.model.arch, r.gpuCount, notes);
        if (!r.model.arch.isMoe())
            st.expertDevice.clear();
        for (Notice &n : notes)
            r.warn(std::move(n));
    }
}

/// The settings Ollama does not expose (core/runtimes/llamacpp/*.h say what each decides);
/// their defaults follow the release (releaserules.h).
void applyLlamaCppOnlySettings(ResolvedScenario &r, const nlohmann::json &s, const llamacpp::ReleaseRules &rules)
{
    RuntimeSettings &st = r.settings;
    // --no-kv-offload (-nkvo): the whole KV cache in host RAM, the generic placement's kv_on_gpu.
    if (ju::optional(s, "no_kv_offload"))
        r.placement.kvOnGpu = !ju::boolean(s, "no_kv_offload", "runtime", false);
    st.cacheRamMib = rules.promptCache ? llamacpp::kDefaultCacheRamMib : 0;
    st.ctxCheckpoints = rules.ctxCheckpoints ? llamacpp::kDefaultCtxCheckpoints : 0;
    st.graphRules = rules.currentGraph ? "current" : "legacy";
    st.program = ju::string(s, "program", "runtime", st.program);
    if (!llamacpp::parseProgram(st.program))
        throw InputError("runtime.program", "must be llama-server, llama-cli, llama-completion or library");
    if (const nlohmann::json *n = ju::optional(s, "n_outputs_max"))
        st.nOutputsMax = static_cast<std::uint32_t>(ju::toCount(*n, "runtime.n_outputs_max", 0, 1 << 20));
    st.cpuFeatures = ju::string(s, "cpu_features", "runtime", st.cpuFeatures);
    if (st.cpuFeatures != "auto" && !llamacpp::parseCpuFeatures(st.cpuFeatures))
        throw InputError("runtime.cpu_features",
                         "must be auto, avx2, avx512, neon_dotprod, neon_i8mm, neon_sve or none");
    if (const nlohmann::json *c = ju::optional(s, "cache_ram")) { // MiB; -1 no limit, 0 off
        if (!c->is_number_integer() || c->get<std::int64_t>() < -1 || c->get<std::int64_t>() > (std::int64_t(1) << 30))
            throw InputError("runtime.cache_ram", "must be a whole number of MiB, -1 (no limit) or 0 (off)");
        st.cacheRamMib = c->get<std::int64_t>();
    }
    st.ctxCheckpoints = static_cast<std::uint32_t>(settingCount(s, "ctx_checkpoints", 0, 4096, st.ctxCheckpoints));
    st.graphRules = ju::string(s, "graph_rules", "runtime", st.graphRules);
    if (st.graphRules != "current" && st.graphRules != "legacy")
        throw InputError("runtime.graph_rules", "must be current or legacy");
    st.currentGraph = st.graphRules == "current";
    st.serverProgram = llamacpp::parseProgram(st.program) == llamacpp::Program::Server;
}

/// Whether a GPU run's host layers were repacked: builds 4282 to 4935 put the CPU layers' weights
/// in CPU_REPACK beside a GPU too (releaserules.h, kOnlineRepackSince and kNoRepackBesideGpuSince).
bool hostLayersRepack(const Plan &pl)
{
    // Asked twice per estimate: a scenario that names no release models the newest, so the build
    // is compared only when one is named (each comparison parses the boundary's tag).
    const RuntimeRelease &release = pl.r.release;
    return pl.discrete && pl.hostLayers() > 0 && pl.r.runtime.engine == Engine::LlamaCpp && !release.defaulted &&
           releaseAtLeast(release, Engine::LlamaCpp, llamacpp::kOnlineRepackSince) &&
           !releaseAtLeast(release, Engine::LlamaCpp, llamacpp::kNoRepackBesideGpuSince);
}

/// ggml's CPU backend copies weight matrices of some types into an interleaved layout
/// (CPU_REPACK) while the mapped file stays resident (core/runtimes/llamacpp/repack.h): every
/// layer of a CPU-only run, the host layers (and a host output head) of an older GPU run.
/// Experts placed on the host by -ot or --n-cpu-moe are not among them: an override named the
/// plain CPU buffer type until PR #14990, long after such builds.
void addRepackItem(PoolBuilder &b, const Plan &pl)
{
    const ResolvedScenario &r = pl.r;
    const ModelArchitecture &a = pl.arch;
    const llamacpp::CpuFeatures cpu = r.settings.cpuFeatures == "auto"
                                          ? llamacpp::defaultCpuFeatures(r.hardware.id, r.hardware.vendor)
                                          : *llamacpp::parseCpuFeatures(r.settings.cpuFeatures);
    const llamacpp::RepackLayouts layouts = llamacpp::releaseRules(r.release).repack;
    auto repacks = [&](const QuantFormat &f, std::uint64_t rows) {
        return f.exact && !llamacpp::repackLayout(f.ggmlType, rows, cpu, layouts).empty();
    };
    // The host's share of the decoder layers (all of them on a CPU-only run).
    const double layerShare = pl.cpuOnly || pl.layers == 0 ? 1.0 : double(pl.hostLayers()) / pl.layers;
    const bool headHere = pl.cpuOnly || pl.outputOnHost;
    llamacpp::RepackInput in;
    in.storedBytes = scaled(pl.w.layers + pl.w.experts, layerShare) + pl.w.embedding + (headHere ? pl.w.outputHead : 0);
    if (r.weightMix) {
        // A K-quant mix: each group of matrices repacks when its own type and rows have a layout
        // (on x86 the Q4_K ones, not the Q6_K ones; core/model/ggufmix.h).
        for (std::uint32_t k = 0; k < r.weightMix->groupCount; ++k) {
            const ggufmix::MatrixGroup &g = r.weightMix->groups[k];
            if (repacks(*g.format, g.rows))
                in.matrixBytes += scaled(g.bytes, layerShare);
        }
        in.matricesRepack = in.matrixBytes > 0;
        // The mapped span of a GPU run's host tensors is not modelled (the host weights item says so).
        for (std::uint32_t k = 0; pl.cpuOnly && k < r.weightMix->fileTailCount; ++k) {
            const ggufmix::MatrixGroup &g = r.weightMix->fileTail[k];
            if (repacks(*g.format, g.rows))
                in.unmappedTailBytes += g.bytes;
        }
    } else {
        // One type throughout: every matrix of a layer must take the layout (rows: heads, KV
        // heads, hidden, FFN width).
        const std::uint64_t ffn = a.isMoe() && a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
        bool layers = true;
        for (std::uint64_t rows : {std::uint64_t(a.numAttentionHeads) * a.effectiveHeadDim(),
                                   std::uint64_t(a.kvHeads()) * a.effectiveHeadDim(), std::uint64_t(a.hiddenSize), ffn})
            layers = layers && repacks(*r.weightFormat, rows);
        in.matricesRepack = layers && (pl.w.experts == 0 || repacks(*r.expertFormat, ffn));
        in.matrixBytes = scaled(pl.w.layers + pl.w.experts, layerShare);
    }
    in.outputHeadTied = a.tieWordEmbeddings;
    in.outputHeadBytes = !headHere ? 0 : a.tieWordEmbeddings ? pl.w.embedding : pl.w.outputHead;
    in.outputHeadRepacks = headHere && repacks(*r.outputFormat, a.vocabSize);
    in.mmap = r.settings.mmap;
    const llamacpp::RepackedWeights w = llamacpp::repackedWeights(in);
    const Bytes extra = w.total() > in.storedBytes ? w.total() - in.storedBytes : 0;
    if (Item *it = b.item(itemid::kWeightsRepacked, Guest::Weights, Evidence::Calculated,
                          "repacked weights (CPU_REPACK)", "mmap × (R − T) + (1 − mmap) × R_head", extra)) {
        it->add("R", double(w.repackBytes), Origin::Derived, "matrices the CPU backend repacks");
        it->add("mmap", in.mmap ? 1 : 0, Origin::Scenario, "1: the mapped file stays resident beside them");
        const Bytes tail = in.mmap ? w.repackBytes - extra : 0;
        it->add("T", double(tail), Origin::Derived, "repacked tensors at the file's end, outside the mapped span");
        it->add("R_head", in.mmap ? 0.0 : double(extra), Origin::Derived,
                "without mmap: the tied output head's extra copy");
        it->add("F_reclaim", double(w.reclaimableBytes), Origin::Derived,
                "of the mapped file: the repacked tensors' originals, page cache the kernel may drop");
    }
    // Counted (they are resident after loading, as the process's size shows) but not required.
    Pool &pool = b.e.pools[b.pool];
    pool.reclaimableBytes = checkedAdd(pool.reclaimableBytes, std::min(w.reclaimableBytes, extra), "reclaimable");
}

/// llama-server's host-RAM prompt cache and context checkpoints (core/runtimes/llamacpp/hostcaches.h).
void addServerHostCaches(PoolBuilder &b, const Plan &pl)
{
    const RuntimeSettings &st = pl.r.settings;
    llamacpp::HostCacheInput in;
    in.program = st.serverProgram ? llamacpp::Program::Server : llamacpp::Program::Cli;
    in.cacheRamMib = st.cacheRamMib;
    in.ctxCheckpoints = st.ctxCheckpoints;
    in.slotCount = std::max<std::uint32_t>(1, st.parallel);
    const Bytes kvFull = checkedMul(checkedMul(pl.tokens.fullLayerTokens, pl.kvPerTokenLayerFull, kWhat),
                                    pl.arch.numFullLayers(), kWhat);
    const Bytes kvWindow = checkedMul(checkedMul(pl.tokens.windowedLayerTokens, pl.kvPerTokenLayerFull, kWhat),
                                      pl.arch.numWindowedLayers, kWhat);
    in.kvBytes = kvFull + kvWindow;
    in.checkpointStateBytes = kvWindow / in.slotCount; // one slot's sliding-window cache
    const llamacpp::HostCaches c = llamacpp::hostCaches(in);
    // The prompt cache fills as prompts come and go: from nothing up to its limit; the point
    // figure is one full cache's worth of saved prompts (or the limit, if smaller).
    const Bytes prompt = std::min(c.promptCacheLimit, in.kvBytes);
    const Range promptRange{0.0, prompt ? double(c.promptCacheLimit) / double(prompt) : 1.0};
    if (Item *it = b.item(itemid::kWorkspacePromptCache, Guest::Workspace, Evidence::Estimated,
                          "prompt cache (llama-server --cache-ram)", "min(cache_ram, KV)", prompt, promptRange)) {
        it->add("cache_ram", double(c.promptCacheLimit), Origin::Runtime, "limit in bytes (--cache-ram MiB)");
        it->add("KV", double(in.kvBytes), Origin::Derived, "KV cache on this pool");
    }
    if (Item *it = b.item(itemid::kWorkspaceCheckpoints, Guest::Workspace, Evidence::Estimated,
                          "context checkpoints (sliding-window state)", "n_slots × n_ckpt × S_seq", c.checkpoints,
                          Range{0.0, 1.0})) {
        it->add("n_ckpt", in.ctxCheckpoints, Origin::Runtime, "checkpoints per slot (--ctx-checkpoints)");
        it->add("n_slots", in.slotCount, Origin::Runtime, "slots");
        it->add("S_seq", double(in.checkpointStateBytes), Origin::Derived,
                "one sequence's sliding-window and recurrent state");
    }
}

} // namespace

std::span<const char *const> LlamaCppModel::settingKeys() const
{
    return kLlamaCppKeys;
}

void LlamaCppModel::applySettings(ResolvedScenario &r, const nlohmann::json &s) const
{
    RuntimeSettings &st = r.settings;
    // Ollama numbers its own releases: the rules are those of the llama.cpp tree it vendors.
    const llamacpp::ReleaseRules rules = llamacpp::releaseRules(llamacpp::buildRelease(engine(), r.release));
    dropUnsupportedWindow(r);
    // DeepSeek-style layers: the cache layout of that build, unless the file is older than the
    // latent cache (the GGUF import marks it per head: every build keeps such a file's heads).
    if (engine() == Engine::LlamaCpp && r.model.arch.mlaCache != MlaCache::PerHead)
        r.model.arch.mlaCache = rules.mlaCache;
    // ... unless the run states its own: a file converted before PR #12801 keeps every head's K
    // and V in any build (and in Ollama's runner), which a log's printed K and V sizes show.
    if (const nlohmann::json *mla = ju::optional(s, "mla_cache"))
        r.model.arch.mlaCache = llamacpp::parseMlaCache(*mla, "runtime.mla_cache");
    applyContextAndBatch(r, s);
    // Copies of the scheduler's inputs under pipeline parallelism, as a log shows them (1: off).
    r.runtime.pipelineCopies =
        static_cast<std::uint32_t>(settingCount(s, "pipeline_copies", 1, 64, r.runtime.pipelineCopies));
    if (const nlohmann::json *fa = ju::optional(s, "flash_attn")) // on | off | auto, or true / false
        st.flashAttn = llamacpp::resolveFlashAttn(llamacpp::parseFlashAttn(*fa, "runtime.flash_attn"));
    else // before --flash-attn auto, flash attention was off unless asked for
        st.flashAttn = rules.flashAttnAuto && r.runtime.flashAttention;
    r.runtime.flashAttention = st.flashAttn;
    if (engine() == Engine::LlamaCpp) // Ollama pins its own llama.cpp: its profile keeps its padding
        r.runtime.contextPadding = st.flashAttn ? rules.kvPadWithFlashAttn : rules.kvPadWithoutFlashAttn;
    st.cacheTypeK = ju::string(s, "cache_type_k", "runtime", std::string(r.kvFormatK->id));
    st.cacheTypeV = ju::string(s, "cache_type_v", "runtime", std::string(r.kvFormatV->id));
    r.kvFormatK = &requireKvFormat(st.cacheTypeK, "runtime.cache_type_k");
    r.kvFormatV = &requireKvFormat(st.cacheTypeV, "runtime.cache_type_v");
    for (const char *key : {"cache_type_k", "cache_type_v"})
        if (ju::optional(s, key))
            st.kvFormatSetting += (st.kvFormatSetting.empty() ? "" : ", ") + std::string(key);
    const bool vQuantized = r.kvFormatV->blockWeights > 1;
    if (vQuantized && !st.flashAttn)
        throw InputError("runtime.cache_type_v",
                         "a quantized V cache needs flash attention in llama.cpp (set flash_attn to true)");
    applyOffload(r, s, rules);
    // -t: the big physical cores unless set (common/common.cpp, cpu_get_num_math).
    st.threads = static_cast<std::uint32_t>(settingCount(s, "threads", 1, 1024, r.host.cpu.defaultThreads()));
    st.threadsStated = ju::optional(s, "threads") != nullptr;
    // Before per-sequence streams every sequence shared one cache, whatever the setting says.
    st.kvUnified = ju::boolean(s, "kv_unified", "runtime", true) || !rules.kvStreams;
    st.mmap = ju::boolean(s, "mmap", "runtime", true);
    st.swaFull = ju::boolean(s, "swa_full", "runtime", false);
    // Ollama's own engine keeps more than the window for some models (ollama/ownengine.h): a log
    // of it states so, and the Ollama runtime defaults to it.
    st.swaMemory = settingCount(s, "swa_memory", 0, kMaxContext, st.swaMemory);
    if (!st.mmap)
        r.runtime.loading = LoadingMode::Streaming;
    if (engine() == Engine::LlamaCpp)
        applyLlamaCppOnlySettings(r, s, rules);
}

Bytes LlamaCppModel::deviceActivation(const Plan &pl, std::uint32_t i, PoolBuilder &b) const
{
    if (pl.r.runtime.activationGraph != ActivationGraph::Ggml)
        return RuntimeModel::deviceActivation(pl, i, b);
    const bool opOffload = ggmlOpOffload(pl);
    if (pl.gpuLayers == 0 && !(opOffload && i == 0))
        return 0;
    GgmlBackendRole role;
    role.first = i == 0;
    // The logits are computed where the output layer is (the last GPU); when it stays
    // on the host, op offload computes them on GPU 0 with a copy of the output head.
    role.hasOutput = pl.outputOnHost ? i == 0 : i + 1 == pl.gpus;
    role.copies = ggmlPipelineCopies(pl);
    // -nkvo: the attention over the host cache runs on the CPU (hostActivation).
    role.attention = pl.r.placement.kvOnGpu || !pl.discrete;
    if (opOffload && i == 0) {
        role.outputWeightCopy = pl.outputOnHost ? double(pl.w.outputHead ? pl.w.outputHead : pl.w.embedding) : 0;
        // A host layer's gate and up projections (dense FFN). Expert tensors in host RAM add no
        // copy since PR #15346 (b6220), which copies only the experts a micro-batch uses: a
        // build-6699 log with --n-cpu-moe 99 (tests/data/runtime-logs) shows none. Before it the
        // scheduler copied a mixture layer's whole gate and up expert tensors, the inputs of one
        // split: a build-5331 log of DeepSeek-V3 with -ot exps=CPU shows 2.5 GiB more on GPU 0.
        const ModelArchitecture &a = pl.arch;
        if (pl.gpuLayers < pl.layers && !a.isMoe())
            role.ffnWeightCopy =
                2.0 * a.hiddenSize * double(a.intermediateSize) * pl.r.weightFormat->bitsPerWeight() / 8;
        else if (a.isMoe() && (pl.experts.host > 0) &&
                 !releaseAtLeast(llamacpp::buildRelease(engine(), pl.r.release), Engine::LlamaCpp,
                                 llamacpp::kUsedExpertsCopySince)) {
            const QuantFormat &f = pl.r.expertFormat ? *pl.r.expertFormat : *pl.r.weightFormat;
            const double width = a.moeIntermediateSize ? a.moeIntermediateSize : a.intermediateSize;
            role.ffnWeightCopy = 2.0 * a.hiddenSize * width * a.numExperts * f.bitsPerWeight() / 8;
        }
    }
    const Bytes gpu = ggmlActivationBytes(pl, role, b);
    // One memory for both: the scheduler gives every graph input to the CPU backend
    // (ggml-backend.cpp), whose buffer Metal logs print beside the GPU's as "CPU compute buffer"
    // (the f32 KQ mask and the gathered embedding rows; build 8185, gpt-oss-20b at 131,072
    // cells: 268.77 MiB beside 420.08 MiB).
    if (pl.unified && i == 0 && pl.gpuLayers > 0)
        return checkedAdd(gpu, graphInputBuffer(pl, b), kWhat);
    return gpu;
}

Bytes LlamaCppModel::hostActivation(const Plan &pl, PoolBuilder &b) const
{
    if (pl.r.runtime.activationGraph != ActivationGraph::Ggml)
        return RuntimeModel::hostActivation(pl, b);
    const bool hostComputes = pl.hostLayers() > 0 && !ggmlOpOffload(pl);
    if (hostComputes || (pl.discrete && !pl.r.placement.kvOnGpu)) {
        // Layers the CPU computes, or (-nkvo) the attention of every layer over the host cache:
        // its scores are the host's largest tensor (llama.cpp's CUDA_Host or Vulkan_Host buffer).
        GgmlBackendRole role;
        role.hasLayers = hostComputes;
        role.hasOutput = hostComputes && pl.outputOnHost;
        return ggmlActivationBytes(pl, role, b);
    }
    if (!pl.discrete)
        return 0;
    return graphInputBuffer(pl, b);
}

Bytes LlamaCppModel::graphInputBuffer(const Plan &pl, PoolBuilder &b)
{
    // The GPUs do the heavy work: the host keeps the graph inputs in pinned memory.
    const GgmlGraphShape shape = ggmlShape(pl);
    const std::uint32_t copies = ggmlPipelineCopies(pl);
    // The token embeddings stay with the CPU backend on one memory too, so their rows are
    // gathered there: half of a Metal log's 8.01 MiB CPU compute buffer (Pythia 1.4B, b4897).
    const bool rows = pl.embedOnHost || (pl.unified && pl.r.runtime.embeddingsOnHost);
    // Ollama's own engine makes its inputs (mask, positions) as tensors of their own, each in a buffer
    // allocated for the batch (ml/backend/ggml, Context.Input), not in the scheduler's buffer: what
    // its "compute graph" line shows for the CPU is the embedding rows alone (gpt-oss-120b on a Strix
    // Halo, 512 x 2880 x 4 B = 5.6 MiB; Gemma 3 27B, 512 x 5376 x 4 B = 10.5 MiB).
    const bool ownEngine = pl.r.runtime.engine == Engine::Ollama && ollama::runsOnOwnEngine(pl.arch.modelType);
    double bytes = ownEngine ? (rows ? shape.tokens * shape.hidden * 4 : 0)
                             : ggmlHostInputBuffer(shape, ggmlConstants(pl.r.runtime), copies, rows);
    // Repacked host layers (builds 4282-4935) keep their products on the CPU, one split each
    // between the GPU's bias adds and norms: a product's f32 input and output, the widest being
    // the FFN's (b x (H + F) x 4), in the slot the embedding rows free after the first layer. A
    // ggml-org/ci log of Pythia 2.8B Q4_0 at -ngl 10 (build 4629): 9.01 MiB of inputs at full
    // offload, 29.01 MiB with 22 repacked host layers (512 x 10240 x 4 B = 20 MiB more).
    const bool cpuProducts = hostLayersRepack(pl);
    const double products = cpuProducts ? shape.tokens * 4 * (shape.hidden + shape.ffn) : 0;
    const double freed = cpuProducts && rows ? shape.tokens * 4 * shape.hidden : 0;
    bytes += std::max(0.0, products - freed);
    const Bytes in = toBytes(bytes, "the compute buffer estimate is too large");
    const char *formula = ownEngine ? "[embeddings here] b × H × 4"
                          : cpuProducts
                              ? "n_copies × (b_pad × (T + T_win) × 4 + b × 4) + [embeddings here] b × H × 4 + "
                                "[repacked host layers] b × (H + F) × 4 − [embeddings here] b × H × 4"
                              : "n_copies × (b_pad × (T + T_win) × 4 + b × 4) + [embeddings here] b × H × 4";
    if (Item *it = b.item(itemid::kActGgmlHostInputs, Guest::Activation, Evidence::Calculated,
                          "graph inputs (host buffer)", formula, in)) {
        if (!ownEngine)
            it->add("n_copies", copies, Origin::Runtime, "copies kept by pipeline parallelism");
        it->add("b", shape.tokens, Origin::Runtime, "tokens per forward step (micro-batch)");
        if (!ownEngine)
            it->add("T", shape.fullSpan, Origin::Runtime, "KV cells in the mask");
        it->add("H", pl.arch.hiddenSize, Origin::Config, "hidden size");
        if (!ownEngine) {
            it->add("b_pad", shape.maskRows, Origin::Runtime, "mask rows (micro-batch padded)");
            it->add("T_win", shape.windowSpan, Origin::Runtime, "token slots per windowed layer");
        }
        if (cpuProducts)
            it->add("F", shape.ffn, Origin::Config, "FFN width in use: the widest product the CPU computes");
    }
    return in;
}

void LlamaCppModel::addHostBuffers(const Plan &pl, PoolBuilder &b) const
{
    // llama.cpp keeps one row of fp32 logits per sequence in a host buffer
    // ("output buffer size = 0.49 MiB" = 128256 x 4 bytes for one sequence).
    const std::uint32_t seqs = std::max<std::uint32_t>(1, pl.r.settings.parallel);
    const Bytes out = checkedMul(checkedMul(pl.arch.vocabSize, 4, kWhat), seqs, kWhat);
    if (Item *it = b.item(itemid::kActLogitsBuffer, Guest::Activation, Evidence::Calculated, "output (logits) buffer",
                          "V × 4 × n_seq", out)) {
        it->add("V", pl.arch.vocabSize, Origin::Config, "vocabulary");
        it->add("n_seq", seqs, Origin::Runtime, "parallel sequences");
    }
    if (engine() != Engine::LlamaCpp)
        return;
    if (pl.cpuOnly || hostLayersRepack(pl))
        addRepackItem(b, pl);
    addServerHostCaches(b, pl);
}

void LlamaCppModel::splitLayers(const Plan &pl, std::uint32_t devices, std::uint32_t *start) const
{
    splitByShares(pl, devices, pl.r.settings.tensorSplit, start);
}

void LlamaCppModel::splitByShares(const Plan &pl, std::uint32_t devices, const std::vector<double> &ts,
                                  std::uint32_t *start)
{
    // src/llama-model.cpp (load_tensors): the offloaded slots are the last decoder layers plus,
    // when it is offloaded, the output layer as one more slot; slot s goes to the first device
    // whose cumulative share of tensor_split (as floats) exceeds s / slots. Without -ts llama.cpp
    // splits by each device's free memory, which for equal, idle cards is even. The host keeps
    // the first layers.
    std::array<float, estimation::kMaxDevices> upTo{};
    float sum = 0;
    for (std::uint32_t d = 0; d < devices; ++d) {
        sum += ts.empty() ? 1.0f : (d < ts.size() ? float(ts[d]) : 0.0f);
        upTo[d] = sum;
    }
    for (std::uint32_t d = 0; d < devices; ++d)
        upTo[d] = sum > 0 ? upTo[d] / sum : float(d + 1) / float(devices);
    const std::uint32_t slots = pl.gpuLayers + (pl.outputOnHost ? 0 : 1);
    for (std::uint32_t d = 0; d <= devices; ++d)
        start[d] = 0;
    for (std::uint32_t s = 0; s < pl.gpuLayers; ++s) {
        const float at = float(s) / float(slots);
        const auto device = std::uint32_t(std::upper_bound(upTo.begin(), upTo.begin() + devices, at) - upTo.begin());
        ++start[std::min(device, devices - 1) + 1];
    }
    for (std::uint32_t d = 1; d <= devices; ++d)
        start[d] += start[d - 1];
}

void LlamaCppModel::checkStartup(const ResolvedScenario &r, std::vector<Notice> &refusals) const
{
    refuseCrossAttention(r, refusals);
    llamacpp::checkFormats(r, refusals);
}

namespace {

/// Appends one argument as a POSIX shell keeps it: a -ot pattern (backslashes, brackets, stars)
/// is single-quoted, so the line can be pasted as it is.
void appendShellWord(std::string &line, const std::string &a)
{
    line += ' ';
    const bool plain = !a.empty() && std::all_of(a.begin(), a.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' || c == '=' ||
               c == ',' || c == '/' || c == ':' || c == '+';
    });
    if (plain) {
        line += a;
        return;
    }
    line += '\'';
    for (char c : a)
        line += c == '\'' ? std::string_view("'\\''") : std::string_view(&c, 1);
    line += '\'';
}

/// A -ts share as typed: whole numbers without a decimal point.
std::string formatShare(double x)
{
    if (x == std::floor(x) && x < 1e15)
        return std::to_string(std::int64_t(x));
    std::string t = std::to_string(x);
    while (!t.empty() && t.back() == '0')
        t.pop_back();
    return t;
}

/// llama-server's (or llama-cli's) flags for the scenario after the model's: context, slots,
/// batches, offload, attention and cache settings, and flags the build has.
std::vector<std::string> contextArgs(const ResolvedScenario &r, bool cli)
{
    const RuntimeSettings &s = r.settings;
    std::vector<std::string> a = {
        "--ctx-size",     std::to_string(s.ctxSize),
        "--parallel",     std::to_string(s.parallel),
        "--batch-size",   std::to_string(s.batchSize),
        "--ubatch-size",  std::to_string(s.ubatchSize),
        "--n-gpu-layers", std::to_string(r.hardware.kind == HardwareKind::Cpu ? 0 : s.nGpuLayers),
        "--flash-attn",   s.flashAttn ? "on" : "off",
        "--cache-type-k", s.cacheTypeK,
        "--cache-type-v", s.cacheTypeV};
    if (!s.tensorSplit.empty()) {
        std::string split;
        for (double x : s.tensorSplit)
            split += (split.empty() ? "" : ",") + formatShare(x);
        a.push_back("--tensor-split");
        a.push_back(split);
    }
    if (s.splitMode != "layer") {
        a.push_back("--split-mode");
        a.push_back(s.splitMode);
    }
    for (const std::string &o : s.overrideTensor) {
        a.push_back("--override-tensor");
        a.push_back(o);
    }
    if (s.nCpuMoe) {
        a.push_back("--n-cpu-moe");
        a.push_back(std::to_string(s.nCpuMoe));
    }
    if (s.threadsStated) {
        a.push_back("--threads");
        a.push_back(std::to_string(s.threads));
    }
    if (!r.placement.kvOnGpu && r.hardware.kind == HardwareKind::DiscreteGpu)
        a.push_back("--no-kv-offload");
    if (!s.kvUnified)
        a.push_back("--no-kv-unified");
    if (!s.mmap)
        a.push_back("--no-mmap");
    if (s.swaFull)
        a.push_back("--swa-full");
    const llamacpp::ReleaseRules rules = llamacpp::releaseRules(r.release); // flags the build does not have stay out
    if (!cli && rules.promptCache && s.cacheRamMib != llamacpp::kDefaultCacheRamMib) {
        a.push_back("--cache-ram");
        a.push_back(std::to_string(s.cacheRamMib));
    }
    if (!cli && rules.ctxCheckpoints && s.ctxCheckpoints != llamacpp::kDefaultCtxCheckpoints) {
        a.push_back("--ctx-checkpoints");
        a.push_back(std::to_string(s.ctxCheckpoints));
    }
    return a;
}

} // namespace

std::string LlamaCppModel::launchCommand(const ResolvedScenario &r) const
{
    const RuntimeSettings &s = r.settings;
    // llama-cli and llama-completion take the same model, context and cache flags.
    const bool cli = s.program == "llama-cli" || s.program == "llama-completion";
    std::string line = (cli ? s.program : std::string("llama-server")) + " " + launch::ggufModelArgs(r);
    for (const std::string &a : contextArgs(r, cli))
        appendShellWord(line, a);
    return line;
}

std::optional<LoadOnlyLaunch> LlamaCppModel::loadOnlyLaunch(const ResolvedScenario &r, const LoadOnlyOptions &o) const
{
    LoadOnlyLaunch l;
    l.program = "llama-server";
    if (r.settings.program != "llama-server") {
        // llama-cli would wait for a prompt, and sizes its logits for a micro-batch, not a slot.
        l.blocker = "launch.server_only";
        return l;
    }
    if (r.model.id != "file") {
        l.blocker = "launch.not_local_file";
        return l;
    }
    std::error_code ec;
    if (!std::filesystem::is_regular_file(r.model.source, ec)) {
        l.blocker = "launch.file_missing";
        l.blockerArg = r.model.source;
        return l;
    }
    l.args = {"--model", r.model.source};
    const std::vector<std::string> rest = contextArgs(r, false);
    l.args.insert(l.args.end(), rest.begin(), rest.end());
    const std::vector<std::string> local = localServerArgs(o);
    l.args.insert(l.args.end(), local.begin(), local.end());
    // llama-server prints "main: model loaded" once every buffer is allocated, then starts its
    // loop ("server is listening on … - starting the main loop"); the first HTTP line comes
    // before loading and is no sign of it.
    l.readyLines = {"main: model loaded", "starting the main loop"};
    return l;
}

} // namespace memplan::runtimes
