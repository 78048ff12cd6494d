#pragma once
// Everything the window remembers between runs, in one place over QSettings.
// The engine never reads these; the window passes values on. A Settings that is
// not persistent (tests, screenshots, benchmarks) reads defaults and forgets every
// write, so that its owner needs no "is there a settings object" checks.

#include "units.h"

#include <QByteArray>
#include <QSettings>
#include <QString>

#include <memory>

namespace memplan::ui {

class Settings {
public:
    explicit Settings(bool persistent = true);
    ~Settings();

    /// Run once at start, before any QSettings is made (QSettings reads its files as it is
    /// constructed): when a settings file QSettings would read is not a regular file (a FIFO
    /// there froze the window at start, issue 35) or is larger than 16 MiB, every QSettings of
    /// this run is sent to an empty private folder instead. Returns the warning to show, naming
    /// the file, or empty when the files are fine.
    static QString avoidUnreadableFiles();
    bool isPersistent() const { return m_settings != nullptr; }

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
    QVariant value(const QString &key) const;
    void setValue(const QString &key, const QVariant &value);
    std::unique_ptr<QSettings> m_settings; ///< null when not persistent
};

} // namespace memplan::ui
