#pragma once
// How close each runtime and backend comes to the speed bound: measured speed ÷
// bound, as a low-middle-high range per phase. Each runtime module states its
// own rows (RuntimeModel::speedRules, core/runtimes/<engine>/); runtimes built on
// one mechanism share them (the ggml rows for llama.cpp and Ollama). The figures
// come from the published measurements listed in tests/data/speed/ (sources in
// each case) and are summarised in docs/accuracy.md; they are per backend, never
// per case. This file keeps the rows no runtime owns (the host link, the fallback).

#include "estimate.h"

#include <span>
#include <string_view>

namespace memplan {

struct BackendEfficiency {
    std::string_view family;  ///< the rows' owner: a runtime or the mechanism it runs on
    std::string_view backend; ///< "cuda", "rocm", "metal", "vulkan", "cpu", "link", "any"
    Efficiency decode;
    Efficiency prefill;
    std::string_view basis; ///< which measurements the range rests on
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
};

/// The rule of the engine's runtime module.
const SpeedRules &speedRulesOf(Engine engine);

/// The family whose rows apply to an engine (always a string literal).
std::string_view engineFamily(Engine engine);

/// The backend that computes on a pool: "cuda" / "rocm" / "metal" / "sycl" for a GPU by
/// vendor, the runtime's own (SpeedRules::deviceBackend), "cpu" for host RAM computed by the
/// CPU, "link" for weights streamed over the host link.
std::string_view poolBackend(const SpeedRules &rules, std::string_view vendor, bool hostPool, bool streamed);

/// The efficiency range for a family and backend (a documented fallback when none was measured).
const BackendEfficiency &backendEfficiency(std::string_view family, std::string_view backend);

} // namespace memplan
