#pragma once
// Planned against measured: the scenario a log describes (model from its printed
// metadata or a preset name match, settings, hardware from the printed device),
// the planner's estimate for it, and per pool and guest the measured figure,
// the difference and whether it lies inside the planned range, with the most
// likely cause when it does not. The JSON form is `memplan.reconcile/1`
// (docs/reconcile-format.md).

#include "estimate.h"
#include "logs/measuredrun.h"
#include "scenario/catalog.h"
#include "scenario/scenario.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace memplan {

inline constexpr const char *kReconcileSchema = "memplan.reconcile/1";

/// The scenario a log describes. modelIdentified is false when neither the printed
/// metadata nor a name matched a preset; the scenario then cannot be estimated.
struct LogScenario {
    Scenario scenario;
    bool modelIdentified = false;
    std::vector<std::string> notes; ///< what was assumed and why
};
LogScenario scenarioFromLog(const MeasuredRun &run, const PresetCatalog &catalog);

/// A catalog model whose name, id or repository the text names (the longest match wins).
const ModelPreset *matchModelPreset(const std::string &text, const PresetCatalog &catalog);

struct Comparison {
    std::uint16_t pool = 0;
    std::string poolId;         ///< "gpu0", "host"
    std::string guest;          ///< guest id, "total" (all engine guests) or "kv_tokens"
    std::string unit = "bytes"; ///< "bytes" or "tokens"
    double planned = 0, plannedLow = 0, plannedHigh = 0;
    double measured = 0;
    double precision = 0;  ///< rounding of the printed figures
    double difference = 0; ///< measured - planned
    double relative = 0;   ///< difference / planned
    bool compared = true;  ///< false: shown for information (a partial figure, a mapped span)
    bool inRange = true;
    std::string sources; ///< the printed figures summed ("CUDA0 compute_buffer + CUDA_Host output_buffer")
    std::string cause;   ///< the most likely cause when outside, or why not compared (English)
    /// The same cause as a stable id ("cause.setting_missing", ...) and its arguments in
    /// placeholder order, so a translated UI never shows the English sentence (ui/reconcile).
    std::string causeId;
    std::vector<std::string> causeArgs;
};

struct Reconciliation {
    MeasuredRun run;
    /// False when the scenario could not be built from the log (no --scenario, model not
    /// identified): comparisons then hold the measured figures alone, and missingInput names
    /// the one input the plan still needs.
    bool planned = true;
    std::string missingInput; ///< "model" when !planned
    /// Beside the log's start-up failure: why the planner's verdict differs (English), its id and
    /// arguments; empty when they agree or nothing failed.
    std::string verdictCause;
    std::string verdictCauseId;
    std::vector<std::string> verdictCauseArgs;
    Scenario scenario;
    bool scenarioFromLog = true;
    Estimate estimate;
    std::vector<Comparison> comparisons;
    std::vector<std::string> notes;

    /// Every compared figure lies inside its planned range (and at least one was compared).
    bool allInRange() const;
    /// The runtime did not start (the log holds a start-up failure).
    bool didNotStart() const { return run.failure.has_value(); }
};

/// Compares a parsed log with the estimate of `scenario`. userScenario: the scenario came
/// from the user (--scenario), so settings the log shows but it lacks are likely causes.
Reconciliation reconcile(const MeasuredRun &run, const Scenario &scenario, const PresetCatalog &catalog,
                         bool userScenario, std::vector<std::string> notes = {});

/// No plan: the log's figures alone, per pool ("gpu0", "host") and guest, evidence measured.
/// missingInput names what the plan needs ("model"); notes say why it could not be built.
Reconciliation measuredOnly(const MeasuredRun &run, std::string missingInput, std::vector<std::string> notes = {});

/// A log reconciled with the plan it states itself, as the command line and the window do
/// without a scenario of the user's: the preset or printed shape it names, else (no model,
/// or a plan that cannot be built) its measured figures alone. A log never fails for want
/// of a plan.
Reconciliation reconcileWithLogPlan(const MeasuredRun &run, const PresetCatalog &catalog);

nlohmann::json reconciliationToJson(const Reconciliation &r);

} // namespace memplan
