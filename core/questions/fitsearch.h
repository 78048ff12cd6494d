#pragma once
// The buyer's questions, answered with the same estimator as everything else:
// how do these machines compare for one workload, which of all known machines
// fit it, and which of all known models fit one machine. Each answer keeps the
// full estimate of every candidate, so a front end can draw the bars without
// estimating again.
//
// A candidate's badge follows the way people shop for local inference:
// it fits with every layer in device (or unified) memory, it fits only with some
// layers in host RAM (slower), or it does not fit at all.

#include "estimate.h"
#include "scenario/catalog.h"
#include "scenario/scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memplan {

enum class FitBadge { Fits, FitsWithOffload, DoesNotFit };
std::string_view fitBadgeId(FitBadge badge); ///< "fits", "fits_with_offload", "does_not_fit"

/// One machine to compare: a hardware preset and how many of its devices.
struct Candidate {
    std::string hardware;
    std::uint32_t count = 1;
    bool operator==(const Candidate &) const = default;
};

struct CandidateResult {
    Candidate candidate;
    std::string name; ///< "2× GeForce RTX 3090"
    HardwareKind kind = HardwareKind::DiscreteGpu;
    FitBadge badge = FitBadge::DoesNotFit;
    Scenario scenario;             ///< the scenario on this machine (with the offload split when one is needed)
    Estimate estimate;             ///< of `scenario`
    Bytes deviceCapacityBytes = 0; ///< device memory over all devices (the unified pool, or 0 for CPU-only)
    Bytes headroomBytes = 0;       ///< smallest headroom over the pools that fit (0 when it does not fit)
    Bytes overflowBytes = 0;       ///< largest overflow over the pools (0 when it fits)
    std::optional<std::uint64_t> maxContext;     ///< at the scenario's concurrency
    std::optional<std::uint64_t> maxConcurrency; ///< at the scenario's context
    std::uint32_t gpuLayers = 0;                 ///< decoder layers on the GPU side in `scenario`
    std::uint32_t totalLayers = 0;
    std::string error; ///< the engine rejected the scenario on this machine (e.g. a missing preset)
};

/// The scenario on each candidate, in the given order.
std::vector<CandidateResult> compareCandidates(const Scenario &scenario, const std::vector<Candidate> &candidates,
                                               const PresetCatalog &catalog);

/// Every hardware preset (discrete GPUs with the scenario's GPU count), ranked: machines that fit
/// first by headroom (largest first), then those that fit with offload, then the rest by overflow.
std::vector<CandidateResult> fitMachines(const Scenario &scenario, const PresetCatalog &catalog);

struct ModelFit {
    std::string model;
    std::string name;
    FitBadge badge = FitBadge::DoesNotFit;
    std::string format;                      ///< the largest format that fits (or the smallest tried when none does)
    std::optional<std::uint64_t> maxContext; ///< with that format, at the scenario's concurrency
    Bytes weightsBytes = 0;
    Bytes headroomBytes = 0;
};

/// Every model preset on the scenario's machine, runtime and workload: its best format (the most
/// bits per weight among its native dtype and published variants that fits) and largest context.
/// Ranked: fitting models by parameter count (largest first), then with offload, then the rest.
std::vector<ModelFit> fitModels(const Scenario &scenario, const PresetCatalog &catalog);

} // namespace memplan
