#pragma once
// The report's speed section (issue 13): decode per sequence and in total, prefill
// and the time to first token, each as a bound and an expected range, what limits
// it, the formula with its inputs, the evidence behind the efficiency, and the
// offload cliff when layers sit in host RAM. Text only; the figures are the
// engine's (Estimate::speed, core/speed/speedseries).

#include "estimate.h"
#include "reportbuilder.h"
#include "scenario/resolve.h"

namespace memplan::ui {

/// The "speed" section; a short note when the estimate has no speed figures.
ReportSection speedSection(const memplan::Estimate &estimate, const memplan::ResolvedScenario &resolved);

/// The speed chart: decode speed per user against the layers on the GPU when some sit in host RAM
/// (the offload cliff), else against concurrency. Fills *series and *againstGpuLayers; a section
/// without a chart when there is nothing to draw.
ReportSection speedChartSection(const memplan::Estimate &estimate, const memplan::ResolvedScenario &resolved,
                                memplan::SpeedSeries *series, bool *againstGpuLayers);

} // namespace memplan::ui
