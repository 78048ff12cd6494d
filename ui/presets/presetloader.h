#pragma once
// Builds the preset catalog the programs use: the presets compiled in as Qt
// resources, then the user's folder (QStandardPaths::AppDataLocation/presets),
// then any --presets folder; later ones override earlier ones by id.

#include "catalog.h"

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

/// Only the shipped presets whose id (= file name) is in ids, plus the user folder and extra
/// folders whole: what one scenario needs, a fraction of parsing every preset (the CLI's
/// start-up; docs/performance.md). Broken files are listed as in loadCatalog().
PresetCatalog loadCatalogSubset(const std::vector<std::string> &ids, const QStringList &extraDirectories = {});

/// "--presets DIR: is not a folder" for the first given folder that is missing, or empty.
/// A folder the user named explicitly is an error, not a silent no-op.
QString presetDirectoryProblem(const QStringList &directories);

} // namespace memplan::app
