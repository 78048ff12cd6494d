#pragma once
// A runtime's own launch options, under the names its users type, and their
// translation to and from the planner's generic workload and placement. Where
// a scenario sets one of these it wins over the generic value; where it does
// not, the generic value is translated into it so the equivalent launch
// command can be shown.

#include "bytes.h"
#include "runtimes/engine.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

inline constexpr std::int16_t kExpertsWithLayer = -1; ///< RuntimeSettings::expertDevice: no override
inline constexpr std::int16_t kExpertsOnHost = -2;    ///< RuntimeSettings::expertDevice: host RAM

struct RuntimeSettings {
    // llama.cpp (llama-server long flags)
    std::uint64_t ctxSize = 0; ///< total KV cells shared by all slots
    std::uint32_t batchSize = 2048;
    std::uint32_t ubatchSize = 512;
    std::uint32_t parallel = 1;
    bool flashAttn = true;
    std::string cacheTypeK = "f16";
    std::string cacheTypeV = "f16";
    int nGpuLayers = -1; ///< -1 = all
    std::uint32_t nCpuMoe = 0;
    /// -ts / --tensor-split: each GPU's share of the offloaded layers (empty: even, which is what
    /// llama.cpp's default split by free memory gives equal, idle cards).
    std::vector<double> tensorSplit;
    /// -sm / --split-mode over several GPUs: "layer" (whole layers per GPU), "row" (every GPU holds
    /// its rows of each matrix; the rest of a layer stays with the layer's GPU) or "none" (one GPU).
    std::string splitMode = "layer";
    /// -ot / --override-tensor "pattern=buffer" entries in the order given (the first match wins),
    /// and what they decide for each layer's routed experts (empty: nothing overridden):
    /// kExpertsWithLayer, kExpertsOnHost or a GPU index (core/runtimes/llamacpp/tensoroverrides.h).
    std::vector<std::string> overrideTensor;
    std::vector<std::int16_t> expertDevice;
    bool kvUnified = true;
    bool mmap = true;
    bool swaFull = false;
    std::uint64_t swaMemory = 0; ///< swa_memory: tokens a sequence keeps in a sliding-window layer (0: the window)
    /// Which llama.cpp program runs the model: llama-server reserves one logit row per slot,
    /// llama-cli / llama-completion / library users a whole micro-batch (core/runtimes/llamacpp/outputrows.h).
    std::string program = "llama-server";
    std::optional<std::uint32_t> nOutputsMax; ///< llama.cpp's n_outputs_max when set (0 = n_batch)
    std::string cpuFeatures = "auto";         ///< CPU features deciding weight repacking; auto: from the hardware
    /// --threads: threads computing on the CPU (llama.cpp's default: the big physical cores,
    /// common/common.cpp cpu_get_num_math); 0 before the settings are applied.
    std::uint32_t threads = 0;
    bool threadsStated = false;        ///< the scenario set threads (the launch command then shows -t)
    std::int64_t cacheRamMib = 8192;   ///< llama-server --cache-ram (-1 no limit, 0 off)
    std::uint32_t ctxCheckpoints = 32; ///< llama-server --ctx-checkpoints per slot
    /// "legacy": llama.cpp builds from before the GLU op and n_outputs_max (mid-2025 and
    /// earlier): swiglu ran in place, the mask was f32 and cast, every program reserved a
    /// whole micro-batch of logits. "current" (default): v0.5.0 as measured.
    std::string graphRules = "current";
    /// Read once at resolve time so an estimate compares no strings: graph_rules is "current",
    /// and the program reserves one logit row per slot (llama-server) rather than a micro-batch.
    bool currentGraph = true;
    bool serverProgram = true;
    /// -ngl N offloads the output layer first, then N - 1 repeating layers (llama.cpp PR #18148);
    /// false: N repeating layers, the output only when N exceeds them. Set from the release.
    bool outputLayerFirst = false;

    // vLLM engine arguments
    double gpuMemoryUtilization = 0.9;
    std::uint64_t maxModelLen = 0;
    std::uint32_t maxNumSeqs = 256;
    std::uint64_t maxNumBatchedTokens = 0;
    std::uint32_t blockSize = 16;
    /// vLLM raised the block itself for a hybrid model (HybridAttentionMambaModelConfig); the
    /// launch command then leaves --block-size out, since vLLM derives that size from the model.
    bool blockSizeRaised = false;
    std::string kvCacheDtype = "auto";
    std::uint32_t tensorParallelSize = 1;
    bool enforceEager = false;
    /// VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS (on by default since vLLM 0.21): the CUDA graphs
    /// are profiled and taken out of the KV budget. Off, or before 0.21, they are captured after
    /// the KV pool is allocated, outside gpu_memory_utilization.
    bool profileCudaGraphs = true;
    /// VLLM_USE_FLASHINFER_SAMPLER: false puts the profiling run's sampler on PyTorch's path,
    /// which sorts the logits and holds about ten logit-sized tensors.
    bool flashinferSampler = true;
    /// MXFP4 MoE kernel: auto (FlashInfer on Blackwell, Marlin elsewhere), marlin, triton,
    /// flashinfer or flashinfer_cutlass; decides the expert padding (core/runtimes/vllm/mxfp4experts.h).
    std::string mxfp4Backend = "auto";
    /// --enable-prefix-caching (on by default in V1). On a hybrid model it makes each request
    /// keep two state pages per recurrent group instead of one (mamba_cache_mode "align").
    bool prefixCaching = true;
    /// --mamba-cache-mode: auto (align with prefix caching, else none), none, align or all
    /// (core/runtimes/vllm/kvgroups.h).
    std::string mambaCacheMode = "auto";

    // SGLang
    double memFractionStatic = 0;

    // Transformers
    std::string cacheImplementation = "dynamic"; ///< "dynamic" grows with tokens, "static" preallocates
    bool lowCpuMemUsage = true;
    bool useSafetensors = true; ///< false: pickled .bin shards, each read whole into RAM by torch.load

    // MLX
    std::uint64_t wiredLimitMb = 0; ///< iogpu.wired_limit_mb; 0 = the OS default
    std::uint64_t maxKvSize = 0;    ///< rotating KV cache size per sequence; 0 = unbounded

    /// The runtime setting that chose the KV cache's format ("kv_cache_dtype", "cache_type_k",
    /// "cache_type_k, cache_type_v"), empty when the scenario's kv_cache.dtype did. The window's
    /// KV-cache control then shows the runtime's format and is disabled, saying why.
    std::string kvFormatSetting;
    bool operator==(const RuntimeSettings &) const = default;
};

/// Keys a scenario's runtime object may carry for an engine (its module's settingKeys()).
bool isRuntimeSettingKey(Engine engine, std::string_view key);
/// The same for an engine's text id; false for an unknown id.
bool isRuntimeSettingKey(const std::string &engine, const std::string &key);

} // namespace memplan
