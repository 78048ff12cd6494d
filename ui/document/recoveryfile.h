#pragma once
// Crash recovery: the working scenario is written to one file in the user's data
// folder shortly after every change (MainWindow debounces), and removed when the
// window closes cleanly or the scenario is saved. A file still present at the next
// start means the last session ended without either: the window offers it back.

#include "scenario/scenario.h"

#include <QDateTime>
#include <QString>

namespace memplan::ui {

class RecoveryFile {
public:
    /// An empty path means <AppLocalDataLocation>/recovery.scenario.json.
    explicit RecoveryFile(QString path = {});

    const QString &path() const { return m_path; }
    bool exists() const;
    QDateTime lastModified() const;
    /// Writes atomically (a crash during the write leaves the previous copy whole).
    bool write(const Scenario &scenario, QString *error = nullptr) const;
    /// Reads the file; false (and *error) when it is missing or unreadable.
    bool read(Scenario *out, QString *error) const;
    void remove() const;

private:
    QString m_path;
};

} // namespace memplan::ui
