#pragma once
// `memplan.scenario/1` files <-> Scenario. The format is a contract other
// programs rely on (docs/scenario-format.md): unknown keys and out-of-range
// values are errors that name the key; new optional keys may be added within
// version 1, anything incompatible bumps the version.

#include "scenario/scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace memplan {

/// Parses a scenario object. Also accepts a `memplan.estimate/1` document (a saved
/// report), whose "scenario" member is read. Throws InputError naming the key.
Scenario scenarioFromJson(const nlohmann::json &doc);
/// Parses text (depth-limited); errors name origin as the file.
Scenario scenarioFromText(const std::string &text, const std::string &origin);

/// Writes every field, so that scenarioFromJson(scenarioToJson(s)) == s.
nlohmann::json scenarioToJson(const Scenario &s);

} // namespace memplan
