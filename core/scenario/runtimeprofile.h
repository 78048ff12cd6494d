#pragma once
// How a runtime spends memory beyond weights and KV: when it allocates the KV
// cache, how large its transient buffers are, what it reserves per device, and
// how it loads a checkpoint. Profiles are data (presets/runtimes/*.json); each
// constant there names the log line or document it came from.

#include "bytes.h"
#include "runtimes/engine.h"
#include "training/trainingprofile.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

enum class KvAllocation {
    Exact,       ///< exactly the tokens held (the seeds' formula; a dynamic cache)
    ReserveFull, ///< the whole context is allocated up front for every slot (llama.cpp, static caches)
    Paged        ///< fixed-size blocks; the runtime preallocates a pool of them (vLLM, SGLang)
};

/// How the activation guest is modelled.
enum class ActivationGraph {
    Generic, ///< b x (a_h x H + a_f x F) + max(logits, scores): PyTorch runtimes and MLX
    Ggml     ///< llama.cpp's graph allocator, stage by stage, with pipeline-parallel copies
};

enum class LoadingMode {
    Mmap,      ///< weights are mapped from the file; page cache, no second copy
    Streaming, ///< one shard at a time passes through host RAM
    FullCopy   ///< the whole checkpoint sits in host RAM while it is converted and copied
};

std::string_view kvAllocationId(KvAllocation a);
std::optional<KvAllocation> kvAllocationFromId(std::string_view id);
std::string_view activationGraphId(ActivationGraph g);
std::optional<ActivationGraph> activationGraphFromId(std::string_view id);
std::string_view loadingModeId(LoadingMode m);
std::optional<LoadingMode> loadingModeFromId(std::string_view id);

/// Multiplicative spread around an estimate, from what real logs showed.
struct Range {
    double low = 1.0;
    double high = 1.0;
    bool operator==(const Range &) const = default;
};

struct RuntimeProfile {
    std::string id; ///< the profile's id; a shipped profile is named like its engine
    std::string name;
    Engine engine; ///< which runtime module's rules apply (core/runtimes/); "engine" in the JSON
    std::string description;
    /// The newest release whose behaviour the profile models (the default of `runtime.version`)
    /// and the oldest it knows; empty when the profile follows no particular release.
    std::string newestRelease;
    std::string oldestRelease;

    // KV cache
    KvAllocation kvAllocation = KvAllocation::Exact;
    std::uint32_t kvBlockTokens = 1;  ///< paged block size, tokens
    std::uint32_t contextPadding = 1; ///< reserve-full contexts are rounded up to a multiple of this
    bool kvFillsPool = false;         ///< the KV pool takes all memory left in the device budget

    // Device budget
    double deviceMemoryFraction = 1.0; ///< share of each device the runtime may use

    // Activation (transient, peaks in prefill)
    std::uint32_t defaultBatchTokens = 512; ///< tokens processed per forward step in prefill
    double activationBytesPerHidden = 0;    ///< bytes per token per hidden unit live at the peak
    double activationBytesPerFfn = 0;       ///< bytes per token per FFN unit live at the peak
    double logitsBytesPerElement = 0;       ///< 4 for fp32 logits
    double samplerSortBytesPerLogit = 0;    ///< vLLM's profiling sampler when it sorts the logits (no FlashInfer)
    bool logitsForWholeBatch = false;       ///< logits for every token of the batch, not only the last
    bool flashAttention = true;             ///< false: the attention score matrix is materialized
    double attentionScoreBytes = 4;         ///< bytes per score element when materialized
    ActivationGraph activationGraph = ActivationGraph::Generic;
    // Ggml graph only (bytes_per_hidden is then the output stage's hidden state):
    double attentionStageBytesPerHidden = 0; ///< hidden-size tensors live beside the attention scores
    double ffnStageBytesPerHidden = 0;       ///< hidden-size tensors live beside the FFN projections
    double maskBytesPerElement = 4;          ///< the KQ mask input (f32)
    std::uint32_t maskPadding = 1;           ///< mask rows are padded to this many tokens
    std::uint32_t pipelineCopies = 1;        ///< copies of cross-device inputs with pipeline parallelism
    std::uint32_t opOffloadMinBatch = 0; ///< from this micro-batch on, host-weight products run on the GPU (0 = never)

    // Workspace (fixed per device)
    Bytes workspacePerDevice = 0;   ///< CUDA/Metal context, library handles, scratch
    Bytes workspacePerTpDevice = 0; ///< extra per device when tensor parallel (NCCL buffers)
    Bytes cudaGraphBytes = 0;       ///< captured CUDA graphs (vLLM without enforce_eager)
    Bytes workspaceCpu = 0;         ///< scratch when computing on the CPU

    // Allocator slack and headroom
    double allocatorSlackFraction = 0; ///< reserved-but-unused share of dynamic allocations
    Bytes deviceMarginBytes = 0;       ///< headroom the runtime keeps free per device

    // System share
    Bytes hostReservedBytes = 0;    ///< OS and other programs in host RAM
    Bytes unifiedReservedBytes = 0; ///< OS and other programs on a unified pool
    Bytes displayReservedBytes = 0; ///< desktop compositor on the first discrete GPU

    // Loading
    LoadingMode loading = LoadingMode::Mmap;
    Bytes streamingShardBytes = 5'000'000'000ULL; ///< largest shard passing through RAM when streaming
    bool embeddingsOnHost = false;                ///< the token embedding table stays in host RAM (llama.cpp)
    bool outputCountsAsLayer = false;             ///< the output head is offloaded as one extra layer (llama.cpp)
    bool tensorParallelSplit = true;              ///< multi-GPU splits every layer (TP) rather than whole layers
    /// Model types whose sliding-window (or chunked) attention the runtime implements; empty =
    /// all. Others keep the full context in every layer (llama.cpp runs Mistral v0.1 that way).
    std::vector<std::string> slidingWindowModelTypes;

    Range activationRange;
    Range samplerRange;     ///< the profiling run's sampler (vLLM), apart from the forward pass
    Range samplerSortRange; ///< the same on PyTorch's sorting top-k/top-p path
    Range workspaceRange;
    Range allocatorRange;
    Range systemRange;

    TrainingProfile training; ///< training frameworks only (core/training)

    std::map<std::string, std::string> sources; ///< constant name -> where it came from
    /// Non-empty when a calibration replaced the workspace and system figures with the ones a log
    /// measured on this machine (core/logs/calibration.h): the log's file name.
    std::string calibratedFrom;
    /// The *.calibration file that set calibratedFrom (shown wherever the calibration applies).
    std::string calibrationFile;

    bool operator==(const RuntimeProfile &) const = default;
};

} // namespace memplan
