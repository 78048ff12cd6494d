#pragma once
// How llama.cpp caches a DeepSeek-style (latent attention) layer, as a scenario names it
// (runtime.settings.mla_cache) and as a log shows it. For files converted since PR #12801 the
// build decides (releaserules.h); a GGUF converted before it keeps every head's K and V in any
// build, which only its header or the printed K and V totals reveal.

#include "logs/measuredrun.h"
#include "model/modelarch.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace memplan::llamacpp {

/// "latent", "latent_with_v", "per_head".
std::string_view mlaCacheId(MlaCache c);
/// runtime.settings.mla_cache; throws InputError naming `key` for any other value.
MlaCache parseMlaCache(const nlohmann::json &v, const std::string &key);

/// The layout whose K-to-V ratio the log's printed totals ("K (f16): … MiB, V (f16): … MiB")
/// show for this model, in elements (each half divided by its own type's size). None for a
/// model without latent attention, a log without the line, a ratio no layout gives within 1 %,
/// or two layouts that would print the same ratio.
std::optional<MlaCache> mlaCacheFromLog(const MeasuredRun &run, const ModelArchitecture &model);

} // namespace memplan::llamacpp
