#pragma once
// Helpers the runtime modules share when they read their own settings
// (RuntimeModel::applySettings): bounded counts and KV cache types, with errors
// naming the `runtime.` key.

#include "model/quantformat.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>

namespace memplan::runtimes {

inline constexpr std::uint64_t kMaxContext = 10'000'000;
inline constexpr std::uint64_t kMaxConcurrency = 100'000;

/// A whole number under runtime.KEY within [min, max]; fallback when absent.
std::uint64_t settingCount(const nlohmann::json &s, const char *key, std::uint64_t min, std::uint64_t max,
                           std::uint64_t fallback);
/// A format that can hold the KV cache; InputError naming key otherwise.
const QuantFormat &requireKvFormat(const std::string &id, const std::string &key);

} // namespace memplan::runtimes
