#pragma once
// Writes the user's own model and machine presets ("Save Model as Preset…") as
// JSON files under one folder (app::userPresetDirectory() unless told otherwise),
// <dir>/models/<id>.json and <dir>/hardware/<id>.json, which loadCatalog() reads
// at the next start. No widgets: MainWindow asks for the name and shows errors.

#include "scenario/catalog.h"

#include <QString>

namespace memplan::ui {

class PresetStore {
public:
    /// An empty directory means the user preset folder.
    explicit PresetStore(QString directory = {});

    const QString &directory() const { return m_dir; }
    /// "user-" + the name in lower case with runs of anything but a-z, 0-9 and '.' as '-'.
    static QString idForName(const QString &name);

    /// Writes the preset atomically; on failure returns false and *error names the file.
    /// On success *path (when given) is the file written.
    bool writeModel(const ModelPreset &preset, QString *error, QString *path = nullptr) const;
    bool writeHardware(const HardwarePreset &preset, QString *error, QString *path = nullptr) const;

private:
    bool write(const QString &kind, const std::string &id, const std::string &json, QString *error,
               QString *path) const;
    QString m_dir;
};

} // namespace memplan::ui
