#pragma once
// Translated names for the speed half of an estimate (core/speed): item labels by
// id, what limits a figure, where the reads run, and the fixed term meanings. The
// engine speaks English; the window, the math dialog and the report speak through here.

#include "estimate.h"
#include "speed/planspeed.h"

#include <QString>

#include <optional>
#include <string_view>

namespace memplan::ui {

/// "decode speed per sequence", translated by the item's id (the English label otherwise).
QString speedItemText(const SpeedItem &item);
/// "memory bandwidth", "compute", "host link", "host RAM bandwidth", "interconnect".
QString speedLimiterText(std::string_view limiter);
/// Where one pool's reads run: "gpu_memory", "unified_memory", "host_ram", "host_link".
QString speedPathText(std::string_view path);
/// "tokens/s" or "s" with the value formatted for reading.
QString speedValueText(double value, std::string_view unit);
/// "1.3–3.1 tokens/s", "52–94 s": a range with its unit once.
QString speedRangeText(double low, double high, std::string_view unit);
/// The speed sentence for a plan that does not fit (core/speed/planspeed.h): that it would not
/// run, and the offloaded plan's speed when one fits. Empty for a plan that runs.
QString notRunningSpeedText(const PlanSpeed &speed);
/// A speed term meaning or efficiency basis, translated; nullopt for any other text.
std::optional<QString> speedEngineText(std::string_view english);

} // namespace memplan::ui
