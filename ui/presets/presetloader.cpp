#include "presetloader.h"

#include "shippedpresets.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace memplan::app {

QString userPresetDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/presets");
}

PresetCatalog loadCatalog(const QStringList &extraDirectories, bool includeUserFolder)
{
    std::vector<std::string> extra;
    for (const QString &dir : extraDirectories)
        extra.push_back(dir.toStdString());
    const std::string user =
        includeUserFolder ? QDir::toNativeSeparators(userPresetDirectory()).toStdString() : std::string();
    return presetdata::loadPresets(user, extra);
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
