#pragma once
// File → Open Runtime Log: a runtime's log (opened or pasted) against the plan
// (issue 18). A dialog of its own rather than columns in the main table, so the
// window's panels stay as they are: the engine's Reconciliation is shown as a
// table (planned, range, measured, difference) with bars of planned and
// measured side by side in the last column; figures outside their range are
// highlighted with the likely cause. "Keep these overheads for this machine"
// saves a calibration (core/logs/calibration.h).

#include "logs/reconcile.h"
#include "scenario/catalog.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;
class QLabel;
class QPushButton;

namespace memplan::ui {

class ReconcileDialog : public QDialog {
    Q_OBJECT
public:
    ReconcileDialog(const PresetCatalog &catalog, QString userPresetDirectory, QWidget *parent = nullptr);

    /// Reads the text as a log and fills the table; returns false when nothing was recognised.
    bool setLogText(const QString &text, const QString &origin);
    /// File → Open Runtime Log…'s read of path: regular files of at most 1 GiB (a FIFO is refused
    /// at once instead of freezing the window). Returns why it could not be read, or empty.
    QString openLogFile(const QString &path);
    const Reconciliation &result() const { return m_result; }
    /// The window's scenario, offered as the plan to compare with instead of the one the log describes.
    void setPlanScenario(const Scenario &scenario);
    QCheckBox *useWindowScenario() const { return m_useWindow; }
    QTableWidget *table() const { return m_table; }
    /// Which run of a log holding several is shown (1..n); hidden for a log of one run.
    QSpinBox *runPicker() const { return m_runPicker; }

signals:
    /// A log was read and compared; the window lays the measured figures over its chart and table.
    void reconciled(const memplan::Reconciliation &result, const QString &origin);

private:
    void openFile();
    void reconcileText();
    void keepOverheads();
    QString summaryText() const;

    const PresetCatalog &m_catalog;
    QString m_userDir;
    QString m_origin;
    std::string m_text;
    Reconciliation m_result;
    bool m_valid = false;
    QPlainTextEdit *m_edit = nullptr;
    QTableWidget *m_table = nullptr;
    QLabel *m_summary = nullptr;
    QPushButton *m_keep = nullptr;
    QCheckBox *m_useWindow = nullptr;
    QSpinBox *m_runPicker = nullptr;
    std::size_t m_runNumber = 0; ///< 0: the parser's default (the last run that printed a figure)
    std::optional<Scenario> m_plan;
};

} // namespace memplan::ui
