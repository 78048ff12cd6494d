#pragma once
// The preset catalog of the Qt programs (the window, memplan-report, memplan-cli-full):
// resources/shippedpresets.h with the user's folder as QStandardPaths names it
// (AppDataLocation/presets) and --presets folders given as QStrings.

#include "scenario/catalog.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace memplan::app {

/// The folder user presets are read from and "Save as preset" writes to.
QString userPresetDirectory();

/// Shipped presets + user folder + extra folders. Broken files are listed in
/// catalog.problems(), never fatal.
PresetCatalog loadCatalog(const QStringList &extraDirectories = {}, bool includeUserFolder = true);

/// "--presets DIR: is not a folder" for the first given folder that is missing, or empty.
/// A folder the user named explicitly is an error, not a silent no-op.
QString presetDirectoryProblem(const QStringList &directories);

} // namespace memplan::app
