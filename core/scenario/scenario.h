#pragma once
// One what-if question, exactly as a `memplan.scenario/1` file states it: which
// model, stored how, serving how many tokens for how many users, on which
// machine and runtime, placed where. Presets are referenced by id and resolved
// later (resolve.h), so a scenario stays small and comparable with ==.

#include "bytes.h"
#include "hardware/cpucores.h"
#include "import/hubreference.h"
#include "runtimes/engine.h"
#include "training/trainingchoice.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace memplan {

inline constexpr const char *kScenarioSchema = "memplan.scenario/1";

struct ModelChoice {
    std::string preset;                               ///< preset id, or empty for an inline config
    std::string file;                                 ///< a model file or folder to import, or empty
    std::optional<HubReference> hub;                  ///< a Hugging Face repository whose headers to read
    nlohmann::json config = nlohmann::json::object(); ///< config.json keys: the whole model, or overrides of the preset
    std::optional<std::uint64_t> parameters;          ///< stated parameter count (replaces the computed one)
    /// Folder of the scenario file a relative `file` was read from (not saved): the
    /// file is found there, not in the current directory. Empty for stdin/new scenarios.
    std::string baseDirectory;
    std::string mmproj;           ///< llama.cpp's --mmproj file (vision tower and projector GGUF), or empty
    std::optional<bool> textOnly; ///< skip the vision tower; unset = what the runtime does (visiontower.h)
    bool operator==(const ModelChoice &) const = default;
};

struct WeightsChoice {
    std::string format;          ///< quant format id; empty = the model's shipped format or native dtype
    std::string embeddingFormat; ///< embedding and output head; empty = same as format
    std::string expertFormat;    ///< routed experts; empty = same as format (gpt-oss ships MXFP4 experts)
    /// The weights file's size, as a llama.cpp log prints it ("file size = 233.18 GiB"); 0 = not
    /// stated. It fixes the total of a recipe whose per-tensor types are not known (estimation/plan.cpp).
    std::uint64_t fileBytes = 0;
    bool operator==(const WeightsChoice &) const = default;
};

struct Workload {
    std::uint64_t contextTokens = 4096;          ///< tokens each sequence holds (prompt + generated)
    std::uint64_t concurrency = 1;               ///< sequences served at the same time
    std::uint64_t sharedPrefixTokens = 0;        ///< leading tokens every sequence shares (a system prompt)
    std::uint64_t batchTokens = 0;               ///< prefill tokens per forward step; 0 = the runtime's default
    WorkloadMode mode = WorkloadMode::Inference; ///< "training": the scenario's "training" object applies
    TrainingChoice training;                     ///< core/training; ignored in inference mode
    bool operator==(const Workload &) const = default;
};

struct HardwareChoice {
    std::string preset = "rtx-4090"; ///< hardware preset id; "cpu" = no GPU
    std::uint32_t count = 1;         ///< identical devices (tensor parallel)
    std::string kind;                ///< inline machine: "discrete_gpu", "unified" or "cpu"
    Bytes capacityBytes = 0;         ///< inline or override: memory per device
    Bytes gpuUsableBytes = 0;        ///< unified: GPU working-set limit; discrete: driver-reported total (override)
    std::uint64_t bandwidthBytesPerSecond = 0;
    /// The compute back end ("cuda", "rocm", "metal", "vulkan", "sycl", "cpu"); empty: the preset's,
    /// else by vendor, else by kind (core/speed/efficiency.h).
    std::string backend;
    std::optional<Bytes> displayReservedBytes; ///< desktop use of the first GPU
    bool operator==(const HardwareChoice &) const = default;
};

struct HostChoice {
    Bytes ramBytes = 64 * GiB;
    std::string preset;                 ///< CPU platform preset (RAM bandwidth), optional
    std::optional<Bytes> reservedBytes; ///< OS and other programs; default from the runtime profile
    std::optional<CpuCores> cpu;        ///< the host CPU's cores (speed of what it computes); none: assumed
    bool operator==(const HostChoice &) const = default;
};

/// The runtime profile of a scenario that names none: the model-only one (its id is its engine's).
inline constexpr std::string_view kModelOnlyRuntime = Engine{}.id();

struct RuntimeChoice {
    std::string preset{kModelOnlyRuntime}; ///< a runtime profile id
    nlohmann::json settings =
        nlohmann::json::object(); ///< the runtime's own options (ctx_size, gpu_memory_utilization, ...)
    bool operator==(const RuntimeChoice &) const = default;
};

struct Placement {
    double gpuLayerFraction = 1.0; ///< share of decoder layers on the GPU; the rest run from host RAM
    bool kvOnGpu = true;           ///< KV of GPU layers stays on the GPU (false: all KV in host RAM)
    bool expertsOnHost = false;    ///< routed MoE experts live in host RAM
    std::string splitMode;         ///< "tensor" or "layer" across GPUs; empty = the runtime's default
    bool operator==(const Placement &) const = default;
};

struct Scenario {
    std::string name;
    ModelChoice model;
    WeightsChoice weights;
    std::string kvCacheDtype = "f16";
    Workload workload;
    HardwareChoice hardware;
    HostChoice host;
    RuntimeChoice runtime;
    Placement placement;
    bool operator==(const Scenario &) const = default;
};

/// The planner's opening scenario: Llama 3.1 8B in Q4_K_M, 8K context, one user, an RTX 4090, llama.cpp.
Scenario defaultScenario();

} // namespace memplan
