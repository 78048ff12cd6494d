#pragma once
// The estimate document's "speed" object (added in memplan.estimate/1; docs/scenario-format.md).

#include "estimate.h"

#include <nlohmann/json_fwd.hpp>

namespace memplan {

nlohmann::json speedToJson(const SpeedEstimate &s, const std::vector<Pool> &pools);
/// Reads it back; pools resolve the pool ids. Strings are interned so the views stay valid.
SpeedEstimate speedFromJson(const nlohmann::json &doc, const std::vector<Pool> &pools);

} // namespace memplan
