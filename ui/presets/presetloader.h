#pragma once
// Builds the preset catalog the programs use: the presets compiled in as Qt
// resources, then the user's folder (QStandardPaths::AppDataLocation/presets),
// then any --presets folder; later ones override earlier ones by id.

#include "catalog.h"

#include <QString>
#include <QStringList>

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
