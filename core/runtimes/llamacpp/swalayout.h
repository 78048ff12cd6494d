#pragma once
// Whether a llama.cpp log cached its sliding-window layers at the full context. Before PR #13194
// (May 2025: llama_kv_cache_unified_iswa) every layer kept every cell, windowed or not; since then
// the windowed layers keep about a window each unless --swa-full asks for the old size. A log
// prints the K total, which tells the two layouts apart as it does DeepSeek's (mlalayout.h).

#include "logs/measuredrun.h"
#include "model/modelarch.h"

#include <optional>

namespace memplan::llamacpp {

/// True when the first load's K total is every layer at the full context (swa_full, or a build
/// before the windowed cache); false when it is the windowed layout's or smaller; nullopt for a
/// model without windowed layers, a log without the K total or the cell count, or a window that
/// spans the whole context (the layouts are then alike).
std::optional<bool> swaFullFromLog(const MeasuredRun &run, const ModelArchitecture &model);

} // namespace memplan::llamacpp
