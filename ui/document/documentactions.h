#pragma once
// What a MainWindow does with its scenario as a file: open, save, new, import a model
// (menu, Hugging Face, drag and drop), the question before unsaved work is dropped, and
// crash recovery (an autosave a moment after each unsaved change, offered back at the next
// start). ScenarioDocument keeps the file's state; this class asks the questions around it.
// Its text keeps the window's translation context ("memplan::ui::MainWindow").

#include "document/recoveryfile.h"
#include "document/scenariodocument.h"
#include "mainwindow.h"

#include <QObject>

#include <optional>

class QDragEnterEvent;
class QDropEvent;
class QTimer;

namespace memplan::ui {

class HubImportDialog;
class Settings;

class DocumentActions : public QObject {
    Q_OBJECT
public:
    DocumentActions(MainWindow &window, Settings &settings);

    const ScenarioDocument &document() const { return m_document; }
    bool isModified() const;
    void setDiscardPrompt(MainWindow::DiscardPrompt prompt) { m_discardPrompt = std::move(prompt); }
    /// True when there is nothing unsaved, or the user saved or discarded it; false on cancel.
    bool confirmDiscard(const QString &action);

    /// The last session's scenario from the settings (a broken one is ignored).
    void restoreLastRun();
    /// Starts autosaving to path (empty: RecoveryFile's default place).
    void enableRecovery(const QString &path);
    /// At start: offers what an earlier run that did not close normally left behind.
    void offerRecovery();
    void scheduleRecovery();
    void flushRecovery();
    /// A clean exit leaves nothing to recover (a pending offer stays for the next start).
    void closing();
    /// Same file, same unsaved state, same pending recovery (window rebuilt in another language).
    void adopt(const DocumentActions &other);

    bool loadScenarioFile(const QString &path, QString *error);
    bool saveScenarioFile(const QString &path, QString *error);
    bool openFile(const QString &path);
    /// The current scenario becomes an untitled document (File → New, a lesson opened).
    void startUntitled();
    void newScenario();
    void openDialog();
    bool save();
    bool saveAs();

    void importModelPath(const QString &path);
    HubImportDialog *hubImportDialog(const QString &reference);
    void importDialog();
    void dragEnter(QDragEnterEvent *event);
    /// A scenario file opens; anything else is taken as a model to import.
    void drop(QDropEvent *event);

signals:
    /// The file, its name or the unsaved state may have changed: the title follows.
    void changed();

private:
    /// Writes to path; a failure is shown in a message box.
    bool saveShowingError(const QString &path);
    /// The file, its name or the unsaved state changed: title and autosave follow.
    void documentChanged();

    MainWindow &m_window;
    Settings &m_settings;
    ScenarioDocument m_document;
    MainWindow::DiscardPrompt m_discardPrompt;
    std::optional<RecoveryFile> m_recovery;
    std::optional<Scenario> m_pendingRecovery; ///< found at start, not yet restored or discarded
    QTimer *m_autosave = nullptr;
};

} // namespace memplan::ui
