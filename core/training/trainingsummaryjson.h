#pragma once
// The "training" object of memplan.estimate/1 (added key; absent for inference).

#include "trainingsummary.h"

#include <nlohmann/json.hpp>

namespace memplan {

nlohmann::json trainingSummaryToJson(const TrainingSummary &s);
TrainingSummary trainingSummaryFromJson(const nlohmann::json &doc); ///< doc = the estimate document

} // namespace memplan
