#pragma once
// "What would make it fit?" answered once, for the window's banner, the CLI's
// `advise` command and the reports alike. Each piece of advice is a changed
// copy of the scenario that the estimator has checked, with a stable id, its
// typed arguments and what the change costs, so that every front end can word
// it in its own language and apply it with one click.
//
// Ranking is by what the change costs the user, not by how much it frees:
// a wider context or more users come first when the scenario fits; when it does
// not, a smaller KV format (little quality cost), then weights down to ~4 bits,
// more GPUs (money), a higher GPU memory limit on a unified machine (a system
// setting), MoE experts or fewer layers on the GPU (speed), a shorter context (a
// different workload) and, last, weights below 3.5 bits (a visible quality cost).

#include "scenario/catalog.h"
#include "scenario/scenario.h"

#include <cstdint>
#include <string>
#include <vector>

namespace memplan {

struct ResolvedScenario;
struct Estimate;

enum class AdviceKind {
    GrowContext,        ///< fits: the context can grow to `value` tokens
    MoreSequences,      ///< the most concurrent sequences at this context is `value`
    ShorterContext,     ///< does not fit: shorten the context to `value` tokens
    KvFormat,           ///< store the KV cache as `format`
    WeightFormat,       ///< quantize the weights to `format` (>= 3.5 bits per weight)
    LowBitWeights,      ///< quantize the weights to `format` (< 3.5 bits per weight: quality risk)
    MoreGpus,           ///< use `value` GPUs
    GpuLayers,          ///< keep `value` of `total` layers on the GPU, the rest in host RAM
    GpuLayersNotEnough, ///< at most `value` of `total` layers fit on the GPU, and that alone is not enough
    ExpertsOnHost,      ///< keep the routed experts of all `value` layers in host RAM (with `command`)
    RaiseGpuLimit,      ///< unified memory: raise the GPU's limit to `value` bytes with `command`
    OllamaLayers        ///< Ollama's own estimate puts `value` of `total` layers (output included) on the GPU
};

/// Stable id of a kind ("advice.kv_format"), for translations and JSON.
std::string_view adviceId(AdviceKind kind);

struct Advice {
    AdviceKind kind = AdviceKind::GrowContext;
    Scenario scenario;        ///< the scenario with the change applied
    bool fits = false;        ///< the changed scenario fits
    std::uint64_t value = 0;  ///< tokens, sequences, GPUs or layers (see AdviceKind)
    std::uint64_t total = 0;  ///< layers in the model, for the layer kinds
    std::string format;       ///< format id for the format kinds
    std::string formatLabel;  ///< its display label ("GGUF Q4_K_M")
    double bitsPerWeight = 0; ///< of `format`
    std::string command;      ///< the setting that makes the change, ready to type: the system's (RaiseGpuLimit), the
                              ///< runtime's (ExpertsOnHost)
    bool operator==(const Advice &) const = default;
};

/// English sentence for the CLI and the reports' English edition.
std::string adviceText(const Advice &advice);
/// What the change costs, in one English phrase ("speed: host-RAM layers run at RAM bandwidth").
std::string adviceCost(const Advice &advice);

struct AdviceOptions {
    std::uint64_t concurrencyLimit = 1024; ///< search bound for MoreSequences
    double lowBitThreshold = 3.5;          ///< weights below this many bits per weight rank last
};

/// Ranked advice for one scenario (see the header comment for the order). Never throws for
/// an estimable scenario; a change the engine rejects is simply not offered.
std::vector<Advice> advise(const Scenario &scenario, const ResolvedScenario &resolved, const Estimate &estimate,
                           const PresetCatalog &catalog, const AdviceOptions &options = {});
/// Convenience: resolves and estimates first (throws InputError when the scenario is bad).
std::vector<Advice> advise(const Scenario &scenario, const PresetCatalog &catalog, const AdviceOptions &options = {});

} // namespace memplan
