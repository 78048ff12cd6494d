#include "settingsfiles.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStandardPaths>

namespace memplan::app {

QString unreadableSettingsFile()
{
    const QString org = QCoreApplication::organizationName(), app = QCoreApplication::applicationName();
    for (const QString &dir : QStandardPaths::standardLocations(QStandardPaths::GenericConfigLocation))
        for (const QString &path : {dir + QLatin1Char('/') + org + QLatin1Char('/') + app + QStringLiteral(".conf"),
                                    dir + QLatin1Char('/') + org + QStringLiteral(".conf")}) {
            const QFileInfo info(path); // follows links, as QSettings does
            if (info.exists() && !(info.isFile() && info.size() <= (16 << 20)))
                return path;
        }
    return {};
}

} // namespace memplan::app
