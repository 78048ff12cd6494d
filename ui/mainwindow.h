#pragma once
// The planner window: composes the pickers, what-if controls, verdict banner,
// charts and breakdown table around one ScenarioController. Files, import and recovery
// (document/documentactions.h), the menus (window/windowmenus.h) and presentation mode
// (window/presentationmode.h) live in their own classes; the window wires them.
// It computes nothing: every figure it shows comes from the controller's estimate.

#include "classroom/guestmask.h"
#include "classroom/mathdialog.h"
#include "document/scenariodocument.h"
#include "estimate.h"
#include "logs/reconcile.h"
#include "questions/chartseries.h"
#include "scenario/catalog.h"
#include "scenario/scenario.h"
#include "units.h"
#include "window/presentationmode.h"

#include <QMainWindow>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QActionGroup;
class QComboBox;
class QDockWidget;
class QMenu;
class QSplitter;
class QTabWidget;
class QTableView;
class QToolBar;

namespace memplan::ui {

class BreakdownChart;
class BreakdownTableModel;
class DocumentActions;
class EvidenceLegend;
class LessonWalkthrough;
class TrainingPanel;
class MathDialog;
class HardwarePicker;
class NoticeBar;
class ModelPicker;
class HubImportDialog;
class RuntimePicker;
class ScenarioController;
class Settings;
class SpeedPanel;
class SweepChart;
class VerdictBanner;
class WhatIfPanel;

/// How a window starts.
struct MainWindowOptions {
    /// Read and write QSettings; false starts from defaultScenario() and writes nothing
    /// back (screenshots, tests, benchmarks).
    bool useSettings = true;
    /// Start on the last session's scenario and units (said in the notice bar). A
    /// `--scenario`, `--lesson` or `--present` start passes false.
    bool restoreLastRun = true;
    /// Autosave file for crash recovery; empty = none (recovery needs useSettings or a path).
    QString recoveryPath;
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// useSettings = false starts from defaultScenario() and writes nothing back
    /// (screenshots, tests, benchmarks).
    explicit MainWindow(PresetCatalog catalog, bool useSettings = true, QWidget *parent = nullptr);
    MainWindow(PresetCatalog catalog, const MainWindowOptions &options, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// What the user answers when unsaved work would be replaced or dropped.
    enum class DiscardAnswer { Save, Discard, Cancel };
    /// Asked with the action about to happen ("open a lesson"); the default asks in a message box.
    using DiscardPrompt = std::function<DiscardAnswer(const QString &action)>;
    void setDiscardPrompt(DiscardPrompt prompt);
    const ScenarioDocument &document() const;
    /// The scenario differs from its file (or from how it started when untitled).
    bool isModified() const;
    NoticeBar *noticeBar() const { return m_notice; }
    /// Writes the recovery file now instead of after the debounce (tests).
    void flushRecovery();

    const Scenario &scenario() const;
    const Estimate &estimate() const;
    BreakdownChart *breakdownChart() const { return m_breakdown; }
    SweepChart *sweepChart() const { return m_sweep; }
    QMenu *fileMenu() const { return m_fileMenu; }

    ScenarioController *controller() const { return m_controller; }
    ModelPicker *modelPicker() const { return m_modelPicker; }
    HardwarePicker *hardwarePicker() const { return m_hardwarePicker; }
    RuntimePicker *runtimePicker() const { return m_runtimePicker; }
    WhatIfPanel *whatIfPanel() const { return m_whatIf; }
    VerdictBanner *verdictBanner() const { return m_banner; }
    BreakdownTableModel *breakdownModel() const { return m_tableModel; }
    QComboBox *sweepAxisCombo() const { return m_sweepAxis; }
    QTableView *breakdownTable() const { return m_table; }
    EvidenceLegend *evidenceLegend() const { return m_legend; }

    // Classroom mode (docs/classroom.md).
    LessonWalkthrough *walkthrough() const { return m_walkthrough; }
    QDockWidget *classroomDock() const { return m_classDock; }
    QDockWidget *scenarioDock() const { return m_scenarioDock; }
    /// Narrower than this, the classroom panel is a tab beside the scenario panel.
    static constexpr int kThreeColumnWidth = 1260;
    /// Below this window height the speed strip becomes a tab beside the breakdown table, so the
    /// charts keep room for their legends (at 1280x720 the strip left the bar chart ~90 px).
    static constexpr int kSpeedStripHeight = 860;
    bool speedTabbed() const { return m_speedTabbed; }
    SpeedPanel *speedPanel() const { return m_speed; }
    bool docksTabbed() const { return m_docksTabbed; }
    /// Shows the classroom panel and opens a lesson at a step; false for an unknown id.
    bool openLesson(const QString &id, int step = 0);
    /// Which guests the bar chart shows (the walkthrough hides those not introduced yet).
    void setGuestMask(const GuestMask &mask);
    const GuestMask &guestMask() const { return m_guestMask; }
    /// Opens (or refreshes) the show-the-math dialog for a row, a bar segment or the verdict.
    MathDialog *showMath(const MathSubject &subject);
    MathDialog *mathDialog() const { return m_mathDialog; }

    /// Lays what a reconciled runtime log measured over the chart (a measured bar beside each
    /// pool) and the table (the measured column), matched by pool id, until clearMeasured().
    void showMeasured(const Reconciliation &reconciliation, const QString &origin);
    void clearMeasured();
    /// Reads a runtime log file, compares it with the window's scenario and shows what it measured
    /// (`memplan --log FILE`). On failure nothing changes and *error names the file and the reason.
    bool showLogFile(const QString &path, QString *error);
    bool measuredShown() const { return m_reconciled.has_value(); }
    QAction *clearMeasuredAction() const { return m_clearMeasured; }

    /// Full screen, large fonts and a high-contrast palette for projectors.
    void setPresentationMode(bool on);
    bool presentationMode() const { return m_presenting.isOn(); }
    QAction *presentationAction() const { return m_presenting.actions().toggle; }
    /// Presentation mode: the scenario panel and the table come back only when asked (F9, F8).
    QAction *presentScenarioAction() const { return m_presenting.actions().scenario; }
    QAction *presentTableAction() const { return m_presenting.actions().table; }
    /// B or "." blanks the screen (black) while presenting; any of them again brings it back.
    void setBlanked(bool blank);
    bool isBlanked() const;
    QWidget *tablePanel() const { return m_tableBox; }

    /// Takes over another window's scenario, file, units, lesson and mode; used when the
    /// language changes and the window is rebuilt in the new language.
    void adoptStateFrom(MainWindow &other);

    UnitSystem unitSystem() const { return m_units; }
    void setUnitSystem(UnitSystem units);

    /// Reads a scenario file into the window (one undo step). On failure the current
    /// scenario stays and *error names the file and the reason. No dialogs.
    bool loadScenarioFile(const QString &path, QString *error);
    /// Writes the scenario atomically. No dialogs.
    bool saveScenarioFile(const QString &path, QString *error);
    /// loadScenarioFile with the error shown in a message box.
    bool openFile(const QString &path);
    /// Points the scenario at a model file or folder (File → Import, drag and drop).
    void importModelPath(const QString &path);

signals:
    /// Charts, table and banner show the latest estimate (or error).
    void rendered();
    /// View → Language: "ko", "en" or "" (system). main() rebuilds the window in that language.
    void languageChangeRequested(const QString &language);

protected:
    void closeEvent(QCloseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // The menus, presentation mode and document operations live in their own classes
    // (ui/window/, ui/document/); they reach the widgets they arrange through these friends.
    friend class WindowMenus;
    friend class PresentationMode;

    void createPanels();
    void createCentral();
    void createClassroom();
    void render();
    void syncSweepAxes(bool training);
    void updateTitle();
    bool confirmDiscard(const QString &action);
    void fitToScreen();
    void arrangeDocks();
    void arrangeSpeed();

public:
    /// File → New: asks first when there is unsaved work.
    void newScenario();
    /// Opens File → Import from Hugging Face… with the field prefilled (tests drive the dialog).
    HubImportDialog *hubImportDialog(const QString &reference = QString());

private:
    ScenarioController *m_controller = nullptr;
    std::unique_ptr<Settings> m_settings; ///< never null; not persistent when useSettings is false
    ModelPicker *m_modelPicker = nullptr;
    HardwarePicker *m_hardwarePicker = nullptr;
    RuntimePicker *m_runtimePicker = nullptr;
    WhatIfPanel *m_whatIf = nullptr;
    SpeedPanel *m_speed = nullptr;     // ui/speed: tokens/s beside the verdict
    QTabWidget *m_lowerTabs = nullptr; // the breakdown table, and the speed strip in a short window
    QSplitter *m_centralSplitter = nullptr;
    bool m_speedTabbed = false;
    VerdictBanner *m_banner = nullptr;
    BreakdownChart *m_breakdown = nullptr;
    SweepChart *m_sweep = nullptr;
    QComboBox *m_sweepAxis = nullptr;
    BreakdownTableModel *m_tableModel = nullptr;
    QTableView *m_table = nullptr;
    QMenu *m_fileMenu = nullptr;
    QActionGroup *m_unitGroup = nullptr;
    EvidenceLegend *m_legend = nullptr;
    LessonWalkthrough *m_walkthrough = nullptr;
    TrainingPanel *m_trainingPanel = nullptr;
    QDockWidget *m_classDock = nullptr;
    QDockWidget *m_scenarioDock = nullptr;
    bool m_docksTabbed = false;
    bool m_arranging = false;
    MathDialog *m_mathDialog = nullptr;
    QWidget *m_tableBox = nullptr;
    QWidget *m_sweepBox = nullptr;
    QSplitter *m_chartSplitter = nullptr;
    QToolBar *m_mainToolBar = nullptr;
    QAction *m_stepForward = nullptr;
    QAction *m_stepBack = nullptr;
    GuestMask m_guestMask = kAllGuestsVisible;
    PresentationMode m_presenting{*this};
    DocumentActions *m_documents = nullptr; ///< files, import, drops and crash recovery
    NoticeBar *m_notice = nullptr;
    UnitSystem m_units = UnitSystem::Binary;
    std::optional<Reconciliation> m_reconciled; ///< the last log reconciled in this window (issue 18)
    QString m_reconciledOrigin;
    QAction *m_clearMeasured = nullptr;
};

} // namespace memplan::ui
