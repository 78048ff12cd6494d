#include "presetloader.h"

#include "logs/calibration.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>

namespace memplan::app {

QString userPresetDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/presets");
}

namespace {

PresetCatalog load(const QStringList &extraDirectories, bool includeUserFolder, const std::vector<std::string> *only)
{
    PresetCatalog catalog;
    QStringList shipped;
    if (only) {
        // A preset's file is named after its id: open those directly rather than list them all.
        for (const char *kind : {"models", "hardware", "runtimes", "lessons"})
            for (const std::string &id : *only) {
                const QString path =
                    QStringLiteral(":/presets/%1/%2.json").arg(QLatin1String(kind), QString::fromStdString(id));
                if (!id.empty() && id.find('/') == std::string::npos && QFile::exists(path))
                    shipped << path;
            }
    } else {
        QDirIterator it(QStringLiteral(":/presets"), {QStringLiteral("*.json")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            shipped << it.next();
    }
    shipped.sort();
    for (const QString &path : shipped) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            catalog.addText(std::string(), path.toStdString());
            continue;
        }
        catalog.addText(f.readAll().toStdString(), path.toStdString());
    }
    if (includeUserFolder) {
        const QString user = userPresetDirectory();
        if (QDir(user).exists())
            catalog.addDirectory(QDir::toNativeSeparators(user).toStdString(), true);
    }
    for (const QString &dir : extraDirectories)
        catalog.addDirectory(dir.toStdString(), true);
    // Overheads measured on this machine (reconcile --keep-overheads) replace the profile's.
    if (includeUserFolder)
        applyCalibrations(catalog, QDir::toNativeSeparators(userPresetDirectory()).toStdString());
    for (const QString &dir : extraDirectories)
        applyCalibrations(catalog, dir.toStdString());
    return catalog;
}

} // namespace

PresetCatalog loadCatalog(const QStringList &extraDirectories, bool includeUserFolder)
{
    return load(extraDirectories, includeUserFolder, nullptr);
}

PresetCatalog loadCatalogSubset(const std::vector<std::string> &ids, const QStringList &extraDirectories)
{
    return load(extraDirectories, true, &ids);
}

QString presetDirectoryProblem(const QStringList &directories)
{
    for (const QString &dir : directories)
        if (!QFileInfo(dir).isDir())
            return QStringLiteral("--presets %1: %2")
                .arg(QDir::toNativeSeparators(dir),
                     QFileInfo::exists(dir) ? QStringLiteral("is not a folder") : QStringLiteral("does not exist"));
    return {};
}

} // namespace memplan::app
