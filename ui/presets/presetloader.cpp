#include "presetloader.h"

#include "logs/calibration.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace memplan::app {

QString userPresetDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/presets");
}

PresetCatalog loadCatalog(const QStringList &extraDirectories, bool includeUserFolder)
{
    PresetCatalog catalog;
    QStringList shipped;
    QDirIterator it(QStringLiteral(":/presets"), {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        shipped << it.next();
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
