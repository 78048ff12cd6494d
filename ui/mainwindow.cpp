#include "mainwindow.h"
#include "errortext.h"

#include "error.h"
#include "files/inputfile.h"
#include "logs/logparser.h"
#include "logs/measuredoverlay.h"

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "classroom/lessonwalkthrough.h"
#include "classroom/mathdialog.h"
#include "document/documentactions.h"
#include "hub/hubfetch.h"
#include "models/breakdowntablemodel.h"
#include "models/breakdowntableview.h"
#include "panels/hardwarepicker.h"
#include "panels/modelpicker.h"
#include "panels/runtimepicker.h"
#include "panels/trainingpanel.h"
#include "panels/whatifpanel.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "speed/speedpanel.h"
#include "widgets/evidencelegend.h"
#include "widgets/noticebar.h"
#include "widgets/verdictbanner.h"
#include "window/windowmenus.h"
#if __has_include("report/reportactions.h")
#include "report/reportactions.h"
#define MEMPLAN_HAVE_REPORT_ACTIONS 1
#endif

#include "scenario/scenariojson.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QGroupBox>
#include <QHeaderView>
#include <QKeyEvent>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

namespace memplan::ui {

namespace {
QGroupBox *group(const QString &title, QWidget *content)
{
    auto *box = new QGroupBox(title);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(content);
    return box;
}

MainWindowOptions optionsFor(bool useSettings)
{
    MainWindowOptions o;
    o.useSettings = useSettings;
    return o;
}
} // namespace

MainWindow::MainWindow(PresetCatalog catalog, bool useSettings, QWidget *parent)
    : MainWindow(std::move(catalog), optionsFor(useSettings), parent)
{
}

MainWindow::MainWindow(PresetCatalog catalog, const MainWindowOptions &options, QWidget *parent)
    : QMainWindow(parent), m_settings(std::make_unique<Settings>(options.useSettings))
{
    setObjectName(QStringLiteral("MainWindow"));
    installWindowHubLoader(); // before the first resolve: a restored scenario may name model.hub
    m_controller = new ScenarioController(std::move(catalog), this);
    const bool restored = options.restoreLastRun && m_settings->isPersistent();
    m_documents = new DocumentActions(*this, *m_settings);
    if (restored) {
        m_units = m_settings->unitSystem();
        m_documents->restoreLastRun();
    }
    m_documents->startUntitled();
    if (!options.recoveryPath.isEmpty() || m_settings->isPersistent())
        m_documents->enableRecovery(options.recoveryPath);

    m_notice = new NoticeBar;
    createPanels();
    createCentral();
    createClassroom();
    WindowMenus::install(*this);
    setAcceptDrops(true);
    // Three columns (scenario, charts, classroom) need about 1280 px; below that the
    // classroom panel becomes a tab beside the scenario panel (arrangeDocks).
    setMinimumSize(800, 540);
    resize(1400, 900);

    connect(m_controller, &ScenarioController::estimateChanged, this, &MainWindow::render);
    connect(m_controller, &ScenarioController::errorChanged, this, &MainWindow::render);
    connect(m_controller, &ScenarioController::scenarioChanged, this, &MainWindow::updateTitle);
    connect(m_controller, &ScenarioController::scenarioChanged, m_documents, &DocumentActions::scheduleRecovery);
    connect(m_documents, &DocumentActions::changed, this, &MainWindow::updateTitle);
    connect(m_banner, &VerdictBanner::suggestionActivated, this,
            [this](const Scenario &s, const QString &text) { m_controller->replaceScenario(s, text); });
    connect(m_sweepAxis, &QComboBox::currentIndexChanged, this, &MainWindow::render);

#ifdef MEMPLAN_HAVE_REPORT_ACTIONS
    installReportActions(this);
#endif
    restoreGeometry(m_settings->geometry());
    restoreState(m_settings->windowState());
    fitToScreen();
    setUnitSystem(m_units);
    render();
    updateTitle();
    if (restored && m_controller->scenario() != defaultScenario())
        m_notice->showNotice(tr("Restored the scenario from your last session."), tr("New Scenario"),
                             [this] { newScenario(); });
    m_documents->offerRecovery();
}

MainWindow::~MainWindow() = default;

void MainWindow::fitToScreen()
{
    // A window larger than the screen cannot be shrunk by its user (QT_SCALE_FACTOR=2 on a
    // 1080p screen asked for 2800×1800 device pixels): keep the start size inside the
    // available area, and the minimum with it.
    const QScreen *s = screen();
    if (!s)
        return;
    const QRect avail = s->availableGeometry();
    setMinimumSize(minimumSize().boundedTo(avail.size()));
    const QSize frame = frameGeometry().size() - geometry().size();
    const QSize fitted = size().boundedTo(avail.size() - frame);
    if (fitted != size())
        resize(fitted);
    QRect g = frameGeometry();
    if (!avail.contains(g)) {
        g.moveLeft(std::clamp(g.left(), avail.left(), std::max(avail.left(), avail.right() - g.width() + 1)));
        g.moveTop(std::clamp(g.top(), avail.top(), std::max(avail.top(), avail.bottom() - g.height() + 1)));
        move(g.topLeft());
    }
}

void MainWindow::arrangeDocks()
{
    if (m_arranging || !m_classDock || !m_scenarioDock || m_classDock->isFloating())
        return;
    m_arranging = true;
    // Presenting, the scenario panel is hidden: the classroom panel needs no tab.
    const bool narrow = width() < kThreeColumnWidth && !m_presenting.isOn();
    if (narrow && !m_docksTabbed && m_classDock->isVisible()) {
        tabifyDockWidget(m_scenarioDock, m_classDock);
        m_classDock->raise();
        m_docksTabbed = true;
    } else if (!narrow && m_docksTabbed) {
        const bool visible = m_classDock->isVisible();
        removeDockWidget(m_classDock);
        addDockWidget(Qt::RightDockWidgetArea, m_classDock);
        m_classDock->setVisible(visible);
        m_docksTabbed = false;
    }
    m_arranging = false;
}

void MainWindow::arrangeSpeed()
{
    if (!m_speed || !m_lowerTabs)
        return;
    const bool tabbed = height() < kSpeedStripHeight;
    if (tabbed == m_speedTabbed)
        return;
    m_speedTabbed = tabbed;
    if (tabbed) {
        m_lowerTabs->addTab(m_speed, tr("Speed"));
    } else {
        m_lowerTabs->removeTab(m_lowerTabs->indexOf(m_speed));
        m_centralSplitter->insertWidget(1, m_speed);
        m_speed->show();
    }
    m_lowerTabs->tabBar()->setVisible(tabbed);
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    arrangeDocks();
    arrangeSpeed();
    m_presenting.windowResized();
}

bool MainWindow::isModified() const
{
    return m_documents->isModified();
}

void MainWindow::setDiscardPrompt(DiscardPrompt prompt)
{
    m_documents->setDiscardPrompt(std::move(prompt));
}

const ScenarioDocument &MainWindow::document() const
{
    return m_documents->document();
}

void MainWindow::flushRecovery()
{
    m_documents->flushRecovery();
}

const Scenario &MainWindow::scenario() const
{
    return m_controller->scenario();
}
const Estimate &MainWindow::estimate() const
{
    return m_controller->estimate();
}

void MainWindow::createPanels()
{
    m_modelPicker = new ModelPicker(m_controller);
    connect(m_modelPicker, &ModelPicker::hubImportRequested, this,
            [this](const QString &reference) { hubImportDialog(reference); });
    m_hardwarePicker = new HardwarePicker(m_controller);
    m_runtimePicker = new RuntimePicker(m_controller);
    m_whatIf = new WhatIfPanel(m_controller);
    connect(m_whatIf, &WhatIfPanel::notice, this, [this](const QString &m) { statusBar()->showMessage(m, 10000); });
    connect(m_hardwarePicker, &HardwarePicker::notice, this,
            [this](const QString &m) { statusBar()->showMessage(m, 10000); });

    auto *controls = new QWidget;
    auto *layout = new QVBoxLayout(controls);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(group(tr("Model"), m_modelPicker), 1);
    // The workload switch sits above the what-if box: in training mode its serving rows are
    // disabled and the training rows carry the sequence length and micro-batch (issue 15).
    m_trainingPanel = new TrainingPanel(m_controller);
    layout->addWidget(group(tr("Training"), m_trainingPanel));
    // The sliders come before the machine: at 1280x720 they must show without scrolling
    // (issue 34 item 11); the machine is picked once, the sliders are moved all the time.
    layout->addWidget(group(tr("What if"), m_whatIf));
    // Machine and runtime share a box: together they decide the usable budget.
    auto *machine = new QWidget;
    auto *machineLayout = new QVBoxLayout(machine);
    machineLayout->setContentsMargins(0, 0, 0, 0);
    machineLayout->addWidget(m_hardwarePicker);
    machineLayout->addWidget(m_runtimePicker);
    layout->addWidget(group(tr("Hardware and runtime"), machine));
    auto *scroll = new QScrollArea;
    scroll->setWidget(controls);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Narrow enough for three columns at 1280 px (the model list scrolls sideways).
    controls->setMinimumWidth(380);
    scroll->setMinimumWidth(controls->minimumWidth() + scroll->verticalScrollBar()->sizeHint().width());

    auto *dock = new QDockWidget(tr("Scenario"), this);
    m_scenarioDock = dock;
    dock->setObjectName(QStringLiteral("ScenarioDock"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    dock->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
}

void MainWindow::createCentral()
{
    m_banner = new VerdictBanner;
    m_breakdown = new BreakdownChart;
    m_breakdown->setMinimumSize(240, 260);
    m_sweep = new SweepChart;
    m_sweep->setMinimumSize(240, 260);
    m_sweepAxis = new QComboBox;
    syncSweepAxes(m_controller->scenario().workload.mode == WorkloadMode::Training);
    m_sweepAxis->setToolTip(tr("What the right-hand chart varies; everything else stays as set."));

    auto *sweepBox = new QWidget;
    m_sweepBox = sweepBox;
    auto *sweepLayout = new QVBoxLayout(sweepBox);
    sweepLayout->setContentsMargins(0, 0, 0, 0);
    sweepLayout->addWidget(m_sweepAxis, 0, Qt::AlignRight);
    sweepLayout->addWidget(m_sweep, 1);

    m_tableModel = new BreakdownTableModel(this);
    m_table = new BreakdownTableView;
    m_table->setModel(m_tableModel);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(false);
    // Columns are fitted when the rows change shape, not measured on every slider step
    // (ResizeToContents lays out every cell's text on each reset).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setSectionResizeMode(BreakdownTableModel::FormulaColumn, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_table->setAccessibleName(tr("Breakdown"));
    // Clicking a bar segment shows its rows in the table and how they were computed.
    connect(m_breakdown, &BreakdownChart::segmentActivated, this, [this](int poolIndex, Guest guest) {
        const Estimate &e = m_controller->estimate();
        for (std::size_t i = 0; i < e.items.size(); ++i)
            if (e.items[i].pool == poolIndex && e.items[i].guest == guest) {
                m_table->selectRow(int(i));
                m_table->scrollTo(m_tableModel->index(int(i), 0));
                break;
            }
        showMath(MathSubject::forSegment(poolIndex, guest));
    });
    // Show the math from the table: double-click, Enter (event filter) or the context menu.
    connect(m_table, &QTableView::doubleClicked, this,
            [this](const QModelIndex &index) { showMath(MathSubject::forItem(index.row())); });
    m_table->installEventFilter(this);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *rowMath = new QAction(tr("Show the &Math…"), m_table);
    connect(rowMath, &QAction::triggered, this, [this] {
        if (m_table->currentIndex().isValid())
            showMath(MathSubject::forItem(m_table->currentIndex().row()));
    });
    m_table->addAction(rowMath);
    m_legend = new EvidenceLegend(true);
    auto *tableBox = new QWidget;
    m_tableBox = tableBox;
    auto *tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->setSpacing(2);
    tableLayout->addWidget(m_table, 1);
    tableLayout->addWidget(m_legend);

    auto *charts = new QSplitter(Qt::Horizontal);
    m_chartSplitter = charts;
    charts->addWidget(m_breakdown);
    charts->addWidget(sweepBox);
    charts->setStretchFactor(0, 1);
    charts->setStretchFactor(1, 1);
    auto *vertical = new QSplitter(Qt::Vertical);
    vertical->setObjectName(QStringLiteral("CentralSplitter"));
    m_centralSplitter = vertical;
    vertical->addWidget(charts);
    m_lowerTabs = new QTabWidget;
    m_lowerTabs->setDocumentMode(true);
    m_lowerTabs->addTab(tableBox, tr("Breakdown"));
    m_lowerTabs->tabBar()->setVisible(false); // a tab bar only when the speed strip is a tab
    vertical->addWidget(m_lowerTabs);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    vertical->setChildrenCollapsible(false);

    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_notice);
    layout->addWidget(m_banner);
    m_speed = new SpeedPanel;
    connect(m_speed, &SpeedPanel::mathRequested, this, [this](int i) { showMath(MathSubject::forSpeed(i)); });
    vertical->insertWidget(1, m_speed);
    layout->addWidget(vertical, 1);
    setCentralWidget(central);

    // The verdict's math: double-click the banner or use its context menu.
    m_banner->installEventFilter(this);
    m_banner->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *verdictMath = new QAction(tr("Show the &Math…"), m_banner);
    connect(verdictMath, &QAction::triggered, this, [this] { showMath(MathSubject::forVerdict()); });
    m_banner->addAction(verdictMath);
}

void MainWindow::createClassroom()
{
    m_walkthrough = new LessonWalkthrough(m_controller);
    m_classDock = new QDockWidget(tr("Classroom"), this);
    m_classDock->setObjectName(QStringLiteral("ClassroomDock"));
    m_classDock->setWidget(m_walkthrough);
    m_classDock->setMinimumWidth(300);
    addDockWidget(Qt::RightDockWidgetArea, m_classDock);
    m_classDock->hide();
    connect(m_walkthrough, &LessonWalkthrough::visibleGuestsChanged, this, &MainWindow::setGuestMask);
    // The lesson picker asks before the lesson replaces unsaved work...
    m_walkthrough->setOpenGuard([this] { return confirmDiscard(tr("open a lesson")); });
    // ...and a lesson's scenario is untitled: Ctrl+S must not overwrite the file opened before.
    connect(m_walkthrough, &LessonWalkthrough::lessonOpened, m_documents, &DocumentActions::startUntitled);
    // A closed panel must not leave half-empty bars behind.
    connect(m_classDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            QTimer::singleShot(0, this, &MainWindow::arrangeDocks);
        setGuestMask(visible ? m_walkthrough->visibleGuests() : kAllGuestsVisible);
        if (m_stepForward) {
            m_stepForward->setEnabled(visible);
            m_stepBack->setEnabled(visible);
        }
    });
}

bool MainWindow::openLesson(const QString &id, int step)
{
    if (!confirmDiscard(tr("open a lesson")))
        return true; // the lesson exists; the user kept their work
    m_classDock->show();
    m_classDock->raise();
    if (!m_walkthrough->openLesson(id, step))
        return false;
    setGuestMask(m_walkthrough->visibleGuests());
    return true;
}

void MainWindow::setGuestMask(const GuestMask &mask)
{
    if (mask == m_guestMask)
        return;
    m_guestMask = mask;
    // The verdict would give the lesson's answer away before the last guest arrives;
    // so would the speed panel, which says whether the plan fits.
    const bool all = mask == kAllGuestsVisible;
    m_banner->setVisible(all);
    m_speed->setVisible(all && !m_presenting.isOn());
    render();
}

MathDialog *MainWindow::showMath(const MathSubject &subject)
{
    if (!m_mathDialog) {
        m_mathDialog = new MathDialog(this);
        m_mathDialog->setFont(font());
    }
    m_mathDialog->show(m_controller->estimate(), m_controller->scenario(), subject, m_units);
    return m_mathDialog;
}

void MainWindow::setPresentationMode(bool on)
{
    m_presenting.setOn(on);
}

void MainWindow::setBlanked(bool blank)
{
    m_presenting.setBlanked(blank);
}

bool MainWindow::isBlanked() const
{
    return m_presenting.isBlanked();
}

void MainWindow::adoptStateFrom(MainWindow &other)
{
    m_controller->resetScenario(other.scenario());
    setUnitSystem(other.m_units);
    restoreGeometry(other.saveGeometry());
    restoreState(other.saveState());
    if (const Lesson *l = other.m_walkthrough->lesson()) {
        const Scenario current = other.scenario();
        m_walkthrough->openLesson(l->id, other.m_walkthrough->step());
        // The lesson may have been on one of its compare scenarios: keep what was shown.
        m_controller->resetScenario(current);
    }
    m_classDock->setVisible(other.m_classDock->isVisible());
    setPresentationMode(other.m_presenting.isOn());
    // Same file, same unsaved state, same pending recovery: nothing is lost by the rebuild.
    m_documents->adopt(*other.m_documents);
    if (!other.m_notice->isVisible())
        m_notice->hide();
    updateTitle();
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if ((key == Qt::Key_Return || key == Qt::Key_Enter) && m_table->currentIndex().isValid()) {
            showMath(MathSubject::forItem(m_table->currentIndex().row()));
            return true;
        }
    }
    if (watched == m_banner && event->type() == QEvent::MouseButtonDblClick) {
        showMath(MathSubject::forVerdict());
        return true;
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::setUnitSystem(UnitSystem units)
{
    m_units = units;
    for (QAction *a : m_unitGroup->actions())
        a->setChecked(UnitSystem(a->data().toInt()) == units);
    m_breakdown->setUnitSystem(units);
    m_sweep->setUnitSystem(units);
    m_banner->setUnitSystem(units);
    m_hardwarePicker->setUnitSystem(units);
    m_walkthrough->setUnitSystem(units);
    m_trainingPanel->setUnitSystem(units);
    if (m_mathDialog && m_mathDialog->isVisible())
        showMath(m_mathDialog->subject());
    m_settings->setUnitSystem(units);
}

void MainWindow::render()
{
    // A scenario the engine rejects has no estimate: the controller still holds the previous
    // scenario's, which must not be drawn under this one's error (issue 20 item 10).
    static const Estimate kNoEstimate;
    const bool rejected = !m_controller->error().isEmpty();
    const Estimate &e = rejected ? kNoEstimate : m_controller->estimate();
    m_banner->setResult(m_controller->scenario(), m_controller->resolved(), e, m_controller->error(),
                        m_controller->catalog());
    m_speed->setResult(rejected ? std::nullopt : m_controller->resolved(), e);
    // What a reconciled log measured stays beside the plan, matched to this estimate's pools.
    const MeasuredOverlay measured = m_reconciled && !e.pools.empty()
                                         ? measuredOverlay(*m_reconciled, e, m_reconciledOrigin.toStdString())
                                         : MeasuredOverlay{};
    m_breakdown->setMeasured(measured, false); // drawn by setData below
    syncSweepAxes(m_controller->scenario().workload.mode == WorkloadMode::Training);
    if (!e.pools.empty()) {
        m_breakdown->setData(maskBarSeries(buildBarSeries(e), m_guestMask), e);
        m_sweep->setData(
            maskSweepSeries(m_controller->sweep(SweepAxis(m_sweepAxis->currentData().toInt())), m_guestMask));
    } else {
        m_breakdown->setData(BarSeries{}, e);
        m_sweep->setData(SweepSeries{});
    }
    const int rowsBefore = m_tableModel->rowCount();
    m_tableModel->setEstimate(e);
    m_tableModel->setMeasured(measured);
    m_table->setColumnHidden(BreakdownTableModel::MeasuredColumn, measured.empty());
    if (m_tableModel->rowCount() != rowsBefore)
        for (int c = 0; c < BreakdownTableModel::ColumnCount; ++c)
            if (c != BreakdownTableModel::FormulaColumn)
                m_table->resizeColumnToContents(c);
    // Rows of guests the lesson has not introduced yet stay hidden with their bars.
    for (std::size_t i = 0; i < e.items.size(); ++i)
        m_table->setRowHidden(int(i), !m_guestMask[guestIndex(e.items[i].guest)]);
    emit rendered();
}

void MainWindow::showMeasured(const Reconciliation &reconciliation, const QString &origin)
{
    m_reconciled = reconciliation;
    m_reconciledOrigin = QFileInfo(origin).fileName().isEmpty() ? origin : QFileInfo(origin).fileName();
    m_clearMeasured->setEnabled(true);
    render();
    m_table->resizeColumnToContents(BreakdownTableModel::MeasuredColumn);
}

bool MainWindow::showLogFile(const QString &path, QString *error)
{
    const QString shown = QDir::toNativeSeparators(path);
    try {
        const MeasuredRun run = parseRuntimeLog(readInputFile(path.toStdString(), 1024ULL * 1024 * 1024));
        if (run.empty()) {
            *error = tr("%1: no line of a runtime the planner knows").arg(shown);
            return false;
        }
        showMeasured(reconcile(run, m_controller->scenario(), m_controller->catalog(), true), path);
        return true;
    } catch (const InputError &e) {
        *error = inputErrorText(e.info());
    } catch (const std::exception &e) {
        *error = shown + QStringLiteral(": ") + QString::fromStdString(e.what());
    }
    return false;
}

void MainWindow::clearMeasured()
{
    m_reconciled.reset();
    m_reconciledOrigin.clear();
    m_clearMeasured->setEnabled(false);
    render();
}

void MainWindow::syncSweepAxes(bool training)
{
    // A training run has no serving context or concurrency: its memory grows with the
    // micro-batch and the sequence length, which its own solvers bound (issue 15).
    const SweepAxis first = training ? SweepAxis::MicroBatch : SweepAxis::Context;
    if (m_sweepAxis->count() == 2 && m_sweepAxis->itemData(0).toInt() == int(first))
        return;
    const QSignalBlocker block(m_sweepAxis);
    m_sweepAxis->clear();
    if (training) {
        m_sweepAxis->addItem(tr("Sweep micro-batch"), int(SweepAxis::MicroBatch));
        m_sweepAxis->addItem(tr("Sweep sequence length"), int(SweepAxis::SequenceLength));
    } else {
        m_sweepAxis->addItem(tr("Sweep context length"), int(SweepAxis::Context));
        m_sweepAxis->addItem(tr("Sweep concurrency"), int(SweepAxis::Concurrency));
    }
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — LLM Memory Planner").arg(m_documents->document().displayName()));
    setWindowModified(isModified());
}

bool MainWindow::loadScenarioFile(const QString &path, QString *error)
{
    return m_documents->loadScenarioFile(path, error);
}

bool MainWindow::saveScenarioFile(const QString &path, QString *error)
{
    return m_documents->saveScenarioFile(path, error);
}

bool MainWindow::openFile(const QString &path)
{
    return m_documents->openFile(path);
}

bool MainWindow::confirmDiscard(const QString &action)
{
    return m_documents->confirmDiscard(action);
}

void MainWindow::newScenario()
{
    m_documents->newScenario();
}

void MainWindow::importModelPath(const QString &path)
{
    m_documents->importModelPath(path);
}

HubImportDialog *MainWindow::hubImportDialog(const QString &reference)
{
    return m_documents->hubImportDialog(reference);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    m_documents->dragEnter(event);
}

void MainWindow::dropEvent(QDropEvent *event)
{
    m_documents->drop(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!confirmDiscard(tr("quit"))) {
        event->ignore();
        return;
    }
    // The last scenario comes back at the next start even when it was never saved to a file.
    m_settings->setLastScenarioJson(QString::fromStdString(scenarioToJson(m_controller->scenario()).dump()));
    m_settings->setGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    // A clean exit leaves nothing to recover (a pending offer stays for the next start).
    m_documents->closing();
    event->accept();
}

} // namespace memplan::ui
