#pragma once
// A setting a log shows that changes memory but that the plan does not take (a LoRA pool, a
// draft model, data parallelism, a KV connector, ...). Each runtime's log reader names its own;
// the run keeps one note per setting, so reconcile says so instead of dropping it silently.

#include "logs/measuredrun.h"

#include <span>
#include <string_view>

namespace memplan {

/// The note's wording, "the log sets SETTING, which the plan does not take" (app/cli translates it).
std::string unmodelledSettingNote(std::string_view setting);

/// Adds the note once per setting.
void noteUnmodelledSetting(MeasuredRun &run, std::string_view setting);

/// When a setting takes effect: a switch that is on, a number above one or above zero, any value.
enum class Takes { On, AboveOne, AboveZero, Any };

/// A setting a runtime's reader knows changes memory, under the name the runtime prints.
struct UnmodelledSetting {
    std::string_view key;
    Takes takes;
};

/// Whether a printed value (quotes removed) makes the setting take effect: "True"/"true" for a
/// switch; for any value, anything but empty, None, null, [] and {}.
bool takesEffect(Takes t, std::string_view value);

/// Notes `key` when the table lists it and `value` makes it take effect.
void noteIfUnmodelled(MeasuredRun &run, std::span<const UnmodelledSetting> table, std::string_view key,
                      std::string_view value);

} // namespace memplan
