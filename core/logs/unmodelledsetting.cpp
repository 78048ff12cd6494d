#include "logs/unmodelledsetting.h"

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

} // namespace memplan
