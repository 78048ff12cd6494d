#pragma once
// What a runtime's log says it really did: the model it printed, the settings
// it ran with, the devices it saw and every buffer it reported, each figure
// tagged with the pool (device) and guest it belongs to. Everything here has
// evidence `measured`; a figure the log does not print is simply absent.

#include "bytes.h"
#include "evidence.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memplan {

inline constexpr const char *kMeasuredRunSchema = "memplan.measured/1";

/// Model facts the runtime printed (0 / empty = not printed).
struct MeasuredModel {
    std::string name;         ///< general.name, the served model path or repository
    std::string architecture; ///< "llama", "qwen2", or a Transformers class
    std::string fileType;     ///< llama.cpp's "Q4_K - Medium"
    std::string fileName;     ///< the model file the command names (-m), without its folder
    std::uint32_t layers = 0;
    std::uint32_t embedding = 0;
    std::uint32_t kvEmbedding = 0; ///< n_embd_k_gqa
    std::uint32_t vocab = 0;
    std::uint32_t experts = 0;
    std::uint32_t heads = 0;       ///< n_head
    std::uint32_t kvHeads = 0;     ///< n_head_kv
    std::uint32_t headDim = 0;     ///< n_embd_head_k
    std::uint32_t ffn = 0;         ///< n_ff
    std::uint32_t ffnExpert = 0;   ///< n_ff_exp
    std::uint32_t expertsUsed = 0; ///< n_expert_used
    std::uint64_t trainedContext = 0;
    double parametersBillions = 0;
    Bytes fileBytes = 0;
    bool operator==(const MeasuredModel &) const = default;
};

/// A device the runtime named, with the memory it reported (0 = not printed).
struct MeasuredDevice {
    std::string id;   ///< "CUDA0", "Metal", "gpu0"
    std::string name; ///< "NVIDIA GeForce RTX 3070"
    Bytes totalBytes = 0;
    Bytes freeBytes = 0;
    /// Free when the model began to load (llama.cpp's "using device … MiB free"), which its
    /// default layer split follows; 0 when not printed.
    Bytes freeAtLoadBytes = 0;
    bool operator==(const MeasuredDevice &) const = default;
};

/// One printed figure.
struct MeasuredFigure {
    std::string kind;           ///< "model_buffer", "kv_buffer", "rs_buffer", "compute_buffer", "output_buffer",
                                ///< "weights", "kv_cache", "activation_peak", "non_torch", "cuda_graph", "peak_memory",
                                ///< "kv_total" (llama.cpp's all-device KV size line, no device)
    std::string device;         ///< the runtime's buffer or device name ("CUDA0", "CPU_Mapped", "gpu")
    int gpu = -1;               ///< GPU index the device maps to; -1 = host memory
    std::optional<Guest> guest; ///< none: printed but not one guest (e.g. a total)
    Bytes bytes = 0;
    Bytes precision = 0;    ///< half a unit of the last printed digit: the rounding in the log
    std::size_t line = 0;   ///< 1-based line of the log
    std::uint32_t load = 0; ///< which model load of the log (llama-bench and servers load several)
    bool operator==(const MeasuredFigure &) const = default;
};

/// One row of llama.cpp's "memory breakdown [MiB]" table (values in MiB as bytes).
struct MeasuredBreakdown {
    std::string device; ///< "CUDA0", "Host", "CPU_REPACK"
    std::string name;
    Bytes total = 0, free = 0, self = 0, model = 0, context = 0, compute = 0;
    bool operator==(const MeasuredBreakdown &) const = default;
};

/// Why a runtime did not start, as its log says (core/logs/startupfailure.cpp).
struct StartupFailure {
    /// "kv_cache_too_small", "no_kv_cache_memory", "cuda_out_of_memory", "device_allocation_failed",
    /// "host_memory_insufficient", "metal_out_of_memory", "context_failed"
    std::string kind;
    std::string runtime;        ///< the log id of the runtime whose message it is ("vllm", "pytorch", ...)
    std::string device;         ///< the buffer or device the message names ("CUDA0", "ROCm0"), empty when none
    int gpu = -1;               ///< GPU index; -1 = host memory or not named
    std::optional<Guest> guest; ///< what was being allocated, when the message tells
    Bytes wanted = 0;           ///< what the runtime tried to allocate or said it needs (0 = not printed)
    Bytes free = 0;             ///< what it said was free or available
    Bytes total = 0;            ///< the device's capacity
    /// What the failing process itself held (PyTorch: "this process has X memory in use", before 2.1
    /// "X already allocated"), so the rest of the used memory is other processes'; 0 = not printed.
    Bytes ownUse = 0;
    Bytes precision = 0;                    ///< the print's rounding of `wanted`
    std::uint64_t maxModelLen = 0;          ///< vLLM: the context it was asked for
    std::uint64_t suggestedMaxModelLen = 0; ///< vLLM: the longest context that fits, as it estimated
    std::size_t line = 0;
    std::string message; ///< the line, cut to 300 bytes
    bool operator==(const StartupFailure &) const = default;
};

struct MeasuredRun {
    std::string runtime; ///< the log id of the runtime that wrote it (RuntimeModel::logId); empty = not recognised
    std::string version; ///< the printed build or release, empty when not printed
    /// With no build printed, the first release that no longer words a line the way this log does
    /// (llama.cpp: "b4463" for the llm_load_* names PR #11110 retired); empty when nothing dates it.
    std::string wordedBefore;
    /// Which of a runtime's engines ran: vLLM "v0" or "v1"; Ollama "ollama" for its own Go engine
    /// (else its llama.cpp runner). Empty when the lines do not tell.
    std::string engineGeneration;
    MeasuredModel model;
    /// Settings the log printed, named as the scenario's runtime settings (ctx_size, n_gpu_layers,
    /// gpu_memory_utilization, ...): what the runtime echoed wins over its command line.
    nlohmann::json settings = nlohmann::json::object();
    std::vector<MeasuredDevice> devices;
    std::vector<MeasuredFigure> figures;
    std::vector<MeasuredBreakdown> breakdown;
    std::uint64_t kvCapacityTokens = 0; ///< vLLM "GPU KV cache size", SGLang "#tokens"
    double maxConcurrency = 0;
    /// A runtime's own pre-load estimate (Ollama's "offload to ..." line): reported, never measured.
    nlohmann::json runtimeEstimate = nlohmann::json::object();
    std::uint32_t pipelineCopies = 0;      ///< llama.cpp "pipeline parallelism enabled (n_copies=N)"
    std::uint32_t offloadableLayers = 0;   ///< llama.cpp "offloaded X/Y layers": Y
    std::uint32_t loads = 0;               ///< model loads seen
    std::size_t lines = 0;                 ///< lines read
    std::size_t recognisedLines = 0;       ///< lines a parser took something from
    std::vector<std::string> notes;        ///< what the parser skipped or doubted
    std::optional<StartupFailure> failure; ///< set when the log says the runtime did not start

    /// Several runs in one file (a server restarted, several containers): which one this is.
    std::size_t runNumber = 1; ///< 1-based
    std::size_t runCount = 1;  ///< runs the file holds
    std::string stream;        ///< the container or program[pid] its lines came from, when named
    std::size_t firstLine = 0; ///< the run's first and last recognised lines
    std::size_t lastLine = 0;

    /// True when no parser recognised anything.
    bool empty() const { return recognisedLines == 0; }
    MeasuredDevice &device(const std::string &id);
    const MeasuredDevice *findDevice(const std::string &id) const;
};

nlohmann::json measuredRunToJson(const MeasuredRun &run);

/// Sum of the figures of one kind (and device, when given) of the first model load,
/// with the sum of their print roundings.
struct FigureSum {
    Bytes bytes = 0;
    Bytes precision = 0;
    std::size_t count = 0;
};
FigureSum sumFigures(const MeasuredRun &run, std::string_view kind, std::string_view device = {});

} // namespace memplan
