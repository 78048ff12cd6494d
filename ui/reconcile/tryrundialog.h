#pragma once
// File → Try It on This Computer… (issue 27): the window's scenario started with its own
// launch command in a load-only mode (core/run/tryrun.h), its log shown as it arrives,
// and, once the runtime says the model is loaded (or it stops), the log against the same
// scenario in the log dialog. Nothing starts until the user presses Start; a plan whose
// weights would be downloaded is refused with the reason. The run happens on a worker
// thread; Cancel or closing the dialog stops the runtime.

#include "run/tryrun.h"
#include "scenario/catalog.h"
#include "scenario/scenario.h"

#include <QDialog>
#include <QStringList>

#include <atomic>
#include <mutex>
#include <thread>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTimer;

namespace memplan::ui {

class TryRunDialog : public QDialog {
    Q_OBJECT
public:
    TryRunDialog(const PresetCatalog &catalog, const Scenario &scenario, QWidget *parent = nullptr);
    ~TryRunDialog() override;

    QLineEdit *programEdit() const { return m_program; }
    QSpinBox *timeLimit() const { return m_limit; }
    QPushButton *startButton() const { return m_start; }
    QLabel *status() const { return m_status; }
    QPlainTextEdit *logView() const { return m_log; }
    /// The finished run (valid after finished() was emitted).
    const TryRun &result() const { return m_result; }

    /// Starts the run with the program and time limit shown.
    void start();
    /// Stops a run under way.
    void cancel();
    /// Why a plan cannot be tried here (a LoadOnlyLaunch blocker id), in the window's language.
    static QString loadOnlyBlockerText(const LoadOnlyLaunch &launch);

signals:
    /// The run ended (loaded, exited, timed out, cancelled or not started).
    void finished();
    /// The captured log, to be shown against the scenario (the window opens its log dialog).
    void logCaptured(const QString &text, const QString &origin);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void browse();
    void drainLines();
    void done();
    QString endText() const;

    const PresetCatalog &m_catalog;
    Scenario m_scenario;
    LoadOnlyLaunch m_launch;
    QLineEdit *m_program = nullptr;
    QSpinBox *m_limit = nullptr;
    QLabel *m_command = nullptr;
    QLabel *m_status = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_stopButton = nullptr;
    QTimer *m_poll = nullptr;

    std::thread m_worker;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_running{false};
    std::mutex m_linesMutex;
    QStringList m_pending;     ///< lines the worker saw, not yet shown
    bool m_workerDone = false; ///< guarded by m_linesMutex
    TryRun m_result;
};

} // namespace memplan::ui
