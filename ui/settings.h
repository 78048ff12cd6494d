#pragma once
// Everything the window remembers between runs, in one place over QSettings.
// The engine never reads these; the window passes values on.

#include "units.h"

#include <QByteArray>
#include <QSettings>
#include <QString>

namespace memplan::ui {

class Settings {
public:
    Settings() = default;

    QString lastScenarioJson() const;
    void setLastScenarioJson(const QString &json);

    QByteArray geometry() const;
    void setGeometry(const QByteArray &geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);

    UnitSystem unitSystem() const;
    void setUnitSystem(UnitSystem units);

    /// "ko", "en" or empty for the system locale.
    QString language() const;
    void setLanguage(const QString &language);

    QString lastDirectory() const;
    void setLastDirectory(const QString &dir);

private:
    mutable QSettings m_settings;
};

} // namespace memplan::ui
