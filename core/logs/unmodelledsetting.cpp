#include "logs/unmodelledsetting.h"

#include "logs/logtext.h"

#include <algorithm>

namespace memplan {

std::string unmodelledSettingNote(std::string_view setting)
{
    return "the log sets " + std::string(setting.substr(0, 64)) + ", which the plan does not take";
}

void noteUnmodelledSetting(MeasuredRun &run, std::string_view setting)
{
    std::string note = unmodelledSettingNote(setting);
    if (std::find(run.notes.begin(), run.notes.end(), note) == run.notes.end())
        run.notes.push_back(std::move(note));
}

bool takesEffect(Takes t, std::string_view v)
{
    switch (t) {
    case Takes::On:
        return v == "True" || v == "true";
    case Takes::AboveOne:
        return logtext::leadingNumber(v).value_or(0) > 1;
    case Takes::AboveZero:
        return logtext::leadingNumber(v).value_or(0) > 0;
    case Takes::Any:
        break;
    }
    return !v.empty() && v != "None" && v != "null" && v != "[]" && v != "{}";
}

void noteIfUnmodelled(MeasuredRun &run, std::span<const UnmodelledSetting> table, std::string_view key,
                      std::string_view value)
{
    for (const UnmodelledSetting &s : table)
        if (s.key == key && takesEffect(s.takes, value))
            noteUnmodelledSetting(run, key);
}

} // namespace memplan
