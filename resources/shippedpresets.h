#pragma once
// The preset catalog the programs use, without Qt: the shipped presets compiled in
// (presetdata.h, registered unparsed), then the user's folder, then any --presets folder
// (later ones override earlier ones by id), then the overheads calibrated on this machine.
// memplan-cli's lean front end calls it directly; the window and memplan-cli-full through
// ui/presets/presetloader.h.

#include "scenario/catalog.h"

#include <string>
#include <vector>

namespace memplan::presetdata {

/// Registers every shipped preset with the catalog, unparsed (PresetCatalog::addLazyText).
void addShippedPresets(PresetCatalog &catalog);

/// Shipped presets + `userDirectory` (skipped when empty or missing) + every folder of
/// `extraDirectories` + the calibrations kept in those folders. Broken files are listed in
/// catalog.problems(), never fatal.
PresetCatalog loadPresets(const std::string &userDirectory, const std::vector<std::string> &extraDirectories);

/// Where the user's presets live, as Qt's QStandardPaths::AppDataLocation names it for the
/// organisation and application "memplan" on Linux: $XDG_DATA_HOME (when set, else
/// ~/.local/share) + "/memplan/memplan/presets". Empty when no home folder is known.
std::string userPresetDirectoryFromEnvironment();

} // namespace memplan::presetdata
