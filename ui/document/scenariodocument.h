#pragma once
// The scenario as a file: where it lives, what was last saved there and whether
// the working copy differs. No widgets and no dialogs, so that loading, saving
// and the dirty state are tested on their own (tests/ui/tst_scenariodocument);
// MainWindow asks the questions and this class keeps the answers.

#include "scenario/scenario.h"

#include <QByteArray>
#include <QString>

namespace memplan::ui {

class ScenarioDocument {
public:
    ScenarioDocument() = default;
    /// An untitled document whose saved state is snapshot (new window, File → New, a lesson).
    explicit ScenarioDocument(const Scenario &snapshot) : m_saved(snapshot) {}

    /// The file this document saves to; empty while untitled.
    const QString &path() const { return m_path; }
    bool isUntitled() const { return m_path.isEmpty(); }
    /// "Untitled" or the file's name, for the window title.
    QString displayName() const;
    /// The scenario as it was last loaded or saved (or started from, when untitled).
    const Scenario &savedScenario() const { return m_saved; }
    /// True when current differs from what the file (or the start) holds.
    bool isModified(const Scenario &current) const { return current != m_saved; }

    /// Forgets the file: Ctrl+S then asks for a name instead of overwriting the old one.
    void resetUntitled(const Scenario &snapshot);
    /// The file at path holds snapshot (after a load whose name the window brought up to date).
    void setFile(const QString &path, const Scenario &snapshot)
    {
        m_path = path;
        m_saved = snapshot;
    }
    /// Takes over another document's file and saved state (window rebuilt for a new language).
    void adopt(const ScenarioDocument &other) { *this = other; }

    /// Reads a scenario file without touching this document. On failure returns false
    /// and *error names the file and the reason (missing keys take their defaults).
    static bool read(const QString &path, Scenario *out, QString *error);
    /// read() and, on success, makes path this document's file with *out as its saved state.
    bool load(const QString &path, Scenario *out, QString *error);
    /// Writes scenario to path atomically (a failed write leaves the old file whole);
    /// on success path becomes this document's file and scenario its saved state.
    bool save(const QString &path, const Scenario &scenario, QString *error);

    /// The JSON text written to scenario files (and the recovery file).
    static QByteArray serialize(const Scenario &scenario);

private:
    QString m_path;
    Scenario m_saved;
};

} // namespace memplan::ui
