#pragma once
// The scenario file's training keys (`workload.mode` and the `training`
// object), read and written apart from the rest of scenariojson.cpp so the
// inference format stays as it was: a file without them reads as before.

#include "scenario/scenario.h"

#include <nlohmann/json.hpp>

namespace memplan {

/// Reads workload.mode and the optional "training" object into s.workload.
/// Throws InputError naming the key ("training.lora.rank").
void readTrainingKeys(const nlohmann::json &doc, Scenario &s);
/// Adds workload.mode and "training" to a scenario document when the mode is training.
void writeTrainingKeys(const Scenario &s, nlohmann::json &doc);

} // namespace memplan
