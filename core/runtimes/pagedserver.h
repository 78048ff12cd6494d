#pragma once
// What vLLM and SGLang share when their settings are read: the context, batch,
// page size and tensor-parallel degree become the generic workload and GPU
// count, and kv_cache_dtype picks the KV format ("auto" keeps the model's).

#include "resolve.h"

#include <nlohmann/json_fwd.hpp>

namespace memplan::runtimes {

/// Call after the engine-specific keys were read into r.settings.
void applyPagedServerSettings(ResolvedScenario &r, const nlohmann::json &s);

} // namespace memplan::runtimes
