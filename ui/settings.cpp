#include "settings.h"
#include "settingsfiles.h"

#include <QCoreApplication>
#include <QTemporaryDir>

namespace memplan::ui {

namespace {
const QString kScenario = QStringLiteral("scenario/last");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kUnits = QStringLiteral("view/units");
const QString kLanguage = QStringLiteral("view/language");
const QString kLastDir = QStringLiteral("files/lastDirectory");
} // namespace

Settings::Settings(bool persistent)
{
    if (persistent)
        m_settings = std::make_unique<QSettings>();
}

Settings::~Settings() = default;

QString Settings::avoidUnreadableFiles()
{
    const QString path = app::unreadableSettingsFile();
    if (path.isEmpty())
        return {};
    static QTemporaryDir empty; // lives until the program ends
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, empty.path());
    QSettings::setPath(QSettings::NativeFormat, QSettings::SystemScope, empty.path());
    return QCoreApplication::translate("Settings",
                                       "%1 is not a regular file of at most 16 MiB; settings are neither read "
                                       "nor saved in this session")
        .arg(path);
}

QVariant Settings::value(const QString &key) const
{
    return m_settings ? m_settings->value(key) : QVariant();
}

void Settings::setValue(const QString &key, const QVariant &value)
{
    if (m_settings)
        m_settings->setValue(key, value);
}

QString Settings::lastScenarioJson() const
{
    return value(kScenario).toString();
}
void Settings::setLastScenarioJson(const QString &json)
{
    setValue(kScenario, json);
}

QByteArray Settings::geometry() const
{
    return value(kGeometry).toByteArray();
}
void Settings::setGeometry(const QByteArray &geometry)
{
    setValue(kGeometry, geometry);
}
QByteArray Settings::windowState() const
{
    return value(kState).toByteArray();
}
void Settings::setWindowState(const QByteArray &state)
{
    setValue(kState, state);
}

UnitSystem Settings::unitSystem() const
{
    return value(kUnits).toString() == QLatin1String("decimal") ? UnitSystem::Decimal : UnitSystem::Binary;
}

void Settings::setUnitSystem(UnitSystem units)
{
    setValue(kUnits, units == UnitSystem::Decimal ? QStringLiteral("decimal") : QStringLiteral("binary"));
}

QString Settings::language() const
{
    return value(kLanguage).toString();
}
void Settings::setLanguage(const QString &language)
{
    setValue(kLanguage, language);
}

QString Settings::lastDirectory() const
{
    return value(kLastDir).toString();
}
void Settings::setLastDirectory(const QString &dir)
{
    setValue(kLastDir, dir);
}

} // namespace memplan::ui
