#pragma once
// Estimate -> `memplan.estimate/1` JSON (all byte counts are integers), and back,
// so a saved report restores both the scenario and the numbers it showed.

#include "estimate.h"
#include "scenario/scenario.h"

#include <nlohmann/json_fwd.hpp>

namespace memplan {

/// The estimate document; with a scenario it also carries "scenario" so that
/// File > Open and `memplan-cli estimate` accept it back.
nlohmann::json estimateToJson(const Estimate &e, const Scenario *scenario = nullptr);

/// Reads the numeric content of an estimate document back (formula texts and
/// term meanings are matched against the engine's static strings, so only
/// documents written by this version round-trip exactly).
Estimate estimateFromJson(const nlohmann::json &doc);

} // namespace memplan
