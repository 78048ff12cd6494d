#pragma once
// What vLLM and SGLang share when their settings are read: the context, batch,
// page size and tensor-parallel degree become the generic workload and GPU
// count, and kv_cache_dtype picks the KV format ("auto" keeps the model's).

#include "scenario/resolve.h"

#include <nlohmann/json_fwd.hpp>

namespace memplan::runtimes {

/// Call after the engine-specific keys were read into r.settings.
void applyPagedServerSettings(ResolvedScenario &r, const nlohmann::json &s);

/// What both refuse at start-up: a KV cache dtype they do not have (only auto and FP8
/// variants), tensor parallelism that does not divide the attention heads, and a context above
/// the model's maximum (vLLM's "User-specified max_model_len is greater than the derived
/// max_model_len"; SGLang checks the same against the config's context length).
void checkPagedServerStartup(const ResolvedScenario &r, std::vector<Notice> &refusals);

} // namespace memplan::runtimes
