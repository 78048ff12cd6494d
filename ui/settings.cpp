#include "settings.h"

namespace memplan::ui {

namespace {
const QString kScenario = QStringLiteral("scenario/last");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kUnits = QStringLiteral("view/units");
const QString kLanguage = QStringLiteral("view/language");
const QString kLastDir = QStringLiteral("files/lastDirectory");
} // namespace

QString Settings::lastScenarioJson() const { return m_settings.value(kScenario).toString(); }
void Settings::setLastScenarioJson(const QString &json) { m_settings.setValue(kScenario, json); }

QByteArray Settings::geometry() const { return m_settings.value(kGeometry).toByteArray(); }
void Settings::setGeometry(const QByteArray &geometry) { m_settings.setValue(kGeometry, geometry); }
QByteArray Settings::windowState() const { return m_settings.value(kState).toByteArray(); }
void Settings::setWindowState(const QByteArray &state) { m_settings.setValue(kState, state); }

UnitSystem Settings::unitSystem() const
{
    return m_settings.value(kUnits).toString() == QLatin1String("decimal") ? UnitSystem::Decimal : UnitSystem::Binary;
}

void Settings::setUnitSystem(UnitSystem units)
{
    m_settings.setValue(kUnits, units == UnitSystem::Decimal ? QStringLiteral("decimal") : QStringLiteral("binary"));
}

QString Settings::language() const { return m_settings.value(kLanguage).toString(); }
void Settings::setLanguage(const QString &language) { m_settings.setValue(kLanguage, language); }

QString Settings::lastDirectory() const { return m_settings.value(kLastDir).toString(); }
void Settings::setLastDirectory(const QString &dir) { m_settings.setValue(kLastDir, dir); }

} // namespace memplan::ui
