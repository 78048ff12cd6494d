#pragma once
// How close each runtime and backend comes to the speed bound: measured speed ÷
// bound, as a low-middle-high range per phase. Each runtime module states its
// own rows (RuntimeModel::speedRules, core/runtimes/<engine>/); runtimes built on
// one mechanism share them (the ggml rows for llama.cpp and Ollama). The figures
// come from the published measurements listed in tests/data/speed/ (sources in
// each case) and are summarised in docs/accuracy.md; they are per backend, never
// per case. This file keeps the rows no runtime owns (the host link, the fallback).

#include "estimate.h"
#include "hardware/hardware.h"
#include "model/quantformat.h"

#include <span>
#include <string_view>

namespace memplan {

/// A microsecond in seconds, the unit the fixed costs below are written in.
inline constexpr double kUs = 1e-6;

struct BackendEfficiency {
    std::string_view family;  ///< the rows' owner: a runtime or the mechanism it runs on
    std::string_view backend; ///< "cuda", "rocm", "metal", "vulkan", "cpu", "link", "any"
    Efficiency decode;        ///< of the bytes-and-FLOPs part of a step, after the fixed costs below
    Efficiency prefill;
    std::string_view basis;      ///< which measurements the range rests on
    FixedCost decodeLayer;       ///< per layer and decode step: kernel launches and synchronisation
    FixedCost decodeStep;        ///< per decode step: the runtime's host work (scheduler, sampling)
    std::string_view fixedBasis; ///< where the fixed costs come from
    /// The device memory the row is for: "hbm" (HardwareSpec::hasHbm) or "any". A row for HBM
    /// comes before the backend's general row.
    std::string_view memory = "any";
    /// One hand-over between this device and the host CPU within a step, when a runtime computes
    /// some of a layer's work on the host (layers, the KV cache or a mixture's experts in RAM).
    FixedCost hostSwitch;
    /// Of the compute term, when it differs from the bytes' efficiency above (all zero: the
    /// same). A CPU's kernels reach a small share of its vector units' ceiling.
    Efficiency decodeCompute;
    Efficiency prefillCompute;
    std::string_view computeBasis;
    /// The GPU vendor the row is for (poolVendor(): "nvidia", "amd", "intel", "apple") or "any". A
    /// backend's shaders may be tuned per vendor (ggml-vulkan is); a vendor's row comes first.
    std::string_view vendor = "any";
};

/// A weight type's CPU kernel rate relative to the type the CPU rows were measured on (1 = as
/// fast): it scales the CPU's compute efficiency, never the ceiling.
struct CpuKernelRate {
    double decode = 1;  ///< matrix-vector products (one token per step)
    double prefill = 1; ///< matrix-matrix products (a micro-batch of tokens)
};

/// What the speed model asks of a runtime (RuntimeModel::speedRules).
struct SpeedRules {
    /// Names its rows; runtimes sharing rows share the family (always a string literal:
    /// backendEfficiency() caches by the view's address).
    std::string_view family = "other";
    std::span<const BackendEfficiency> rows; ///< first match wins; a row for "any" backend matches every one
    /// Offloaded weights stay in host RAM and are copied to the GPU for every forward pass
    /// (rather than the host computing its own layers).
    bool streamsHostWeights = false;
    /// The ggml scheduler: micro-batches of ubatch_size, and host weights' products run on the
    /// GPU from op_offload_min_batch tokens (op offload).
    bool ggmlScheduler = false;
    /// The backend name of its device pools when it is not the vendor's; empty: by vendor.
    std::string_view deviceBackend;
    /// Its CPU kernels' rate per weight format on a `simd` class; null: every format alike.
    CpuKernelRate (*cpuKernelRate)(const QuantFormat &format, std::string_view simd) = nullptr;
};

/// The rule of the engine's runtime module.
const SpeedRules &speedRulesOf(Engine engine);

/// The family whose rows apply to an engine (always a string literal).
std::string_view engineFamily(Engine engine);

/// The backend that computes on a pool: the runtime's own (SpeedRules::deviceBackend), else the
/// machine's stated one (HardwareSpec::backend), else "cuda" / "rocm" / "metal" / "sycl" by
/// vendor, else by kind (a discrete GPU: "cuda"; unified memory: "metal"); "cpu" for host RAM
/// computed by the CPU, "link" for weights streamed over the host link. Always a literal.
std::string_view poolBackend(const SpeedRules &rules, const HardwareSpec &h, bool hostPool, bool streamed);

/// The efficiency range for a family and backend (a documented fallback when none was measured),
/// on device memory of `memory` ("hbm" or "any") from `vendor` (views of literals, like the other two).
const BackendEfficiency &backendEfficiency(std::string_view family, std::string_view backend,
                                           std::string_view memory = "any", std::string_view vendor = "any");

/// The memory key of a pool for backendEfficiency(): "hbm" for a GPU pool on HBM, else "any".
std::string_view poolMemory(const HardwareSpec &h, bool hostPool);

/// The vendor key of a pool for backendEfficiency(): the GPU's vendor in lower case for a device
/// pool of a known vendor, else "any" (a machine typed in states none). Always a literal.
std::string_view poolVendor(const HardwareSpec &h, bool hostPool);

} // namespace memplan
