#pragma once
// A setting a log shows that changes memory but that the plan does not take (a LoRA pool, a
// draft model, data parallelism, a KV connector, ...). Each runtime's log reader names its own;
// the run keeps one note per setting, so reconcile says so instead of dropping it silently.

#include "logs/measuredrun.h"

#include <string_view>

namespace memplan {

/// The note's wording, "the log sets SETTING, which the plan does not take" (app/cli translates it).
std::string unmodelledSettingNote(std::string_view setting);

/// Adds the note once per setting.
void noteUnmodelledSetting(MeasuredRun &run, std::string_view setting);

} // namespace memplan
