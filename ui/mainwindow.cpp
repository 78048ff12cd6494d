#include "mainwindow.h"
#include "errortext.h"

#include "error.h"
#include "files/inputfile.h"
#include "logs/logparser.h"
#include "logs/measuredoverlay.h"
#include "reconcile/logintake.h"
#include "reconcile/reconciledialog.h"

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "classroom/lessonhandout.h"
#include "classroom/lessonwalkthrough.h"
#include "classroom/mathdialog.h"
#include "document/presetstore.h"
#include "document/scenarioname.h"
#include "hub/hubfetch.h"
#include "hub/hubimportdialog.h"
#include "models/breakdowntablemodel.h"
#include "models/breakdowntableview.h"
#include "panels/hardwarepicker.h"
#include "panels/modelpicker.h"
#include "panels/runtimepicker.h"
#include "panels/trainingpanel.h"
#include "panels/whatifpanel.h"
#include "report/reportwriter.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "speed/speedpanel.h"
#include "widgets/evidencelegend.h"
#include "widgets/hovertooltip.h"
#include "widgets/noticebar.h"
#include "widgets/verdictbanner.h"

#include "compare/compareactions.h"
#if __has_include("report/reportactions.h")
#include "report/reportactions.h"
#define MEMPLAN_HAVE_REPORT_ACTIONS 1
#endif

#include "files/inputfile.h"
#include "presetloader.h"
#include "scenario/scenariojson.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHeaderView>
#include <QInputDialog>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QRegularExpression>
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
#include <QToolBar>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

namespace memplan::ui {

namespace {
const QString kScenarioFilter = QT_TRANSLATE_NOOP("memplan::ui::MainWindow", "Scenario files (*.scenario.json *.json)");

QGroupBox *group(const QString &title, QWidget *content)
{
    auto *box = new QGroupBox(title);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(content);
    return box;
}
} // namespace

namespace {
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
    if (restored)
        restoreLastRun();
    m_document.resetUntitled(m_controller->scenario());
    if (!options.recoveryPath.isEmpty() || m_settings->isPersistent())
        m_recovery.emplace(options.recoveryPath);

    m_notice = new NoticeBar;
    createPanels();
    createCentral();
    createClassroom();
    createActions();
    setAcceptDrops(true);
    // Three columns (scenario, charts, classroom) need about 1280 px; below that the
    // classroom panel becomes a tab beside the scenario panel (arrangeDocks).
    setMinimumSize(800, 540);
    resize(1400, 900);

    connect(m_controller, &ScenarioController::estimateChanged, this, &MainWindow::render);
    connect(m_controller, &ScenarioController::errorChanged, this, &MainWindow::render);
    connect(m_controller, &ScenarioController::scenarioChanged, this, &MainWindow::updateTitle);
    connect(m_controller, &ScenarioController::scenarioChanged, this, &MainWindow::scheduleRecovery);
    // Autosave a moment after the last change: a slider drag writes once, not per step.
    m_autosave = new QTimer(this);
    m_autosave->setSingleShot(true);
    m_autosave->setInterval(500);
    connect(m_autosave, &QTimer::timeout, this, &MainWindow::flushRecovery);
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
    offerRecovery();
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
    const bool narrow = width() < kThreeColumnWidth && !m_presentation;
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
    if (m_blank)
        m_blank->setGeometry(rect());
    if (m_presentation)
        resizeDocks({m_classDock}, {width() * 45 / 100}, Qt::Horizontal);
}

void MainWindow::restoreLastRun()
{
    m_units = m_settings->unitSystem();
    const QString last = m_settings->lastScenarioJson();
    if (last.isEmpty())
        return;
    try {
        m_controller->resetScenario(scenarioFromText(last.toStdString(), "settings"));
    } catch (const std::exception &) {
        // A last scenario from a newer or broken build: start from the default instead.
    }
}

bool MainWindow::isModified() const
{
    return m_document.isModified(m_controller->scenario());
}

void MainWindow::offerRecovery()
{
    if (!m_recovery || !m_recovery->exists())
        return;
    Scenario found;
    QString error;
    if (!m_recovery->read(&found, &error) || found == m_controller->scenario()) {
        m_recovery->remove();
        return;
    }
    // Until the user answers, autosave leaves the file alone so that it cannot be lost.
    m_pendingRecovery = found;
    const QString when = QLocale().toString(m_recovery->lastModified(), QLocale::ShortFormat);
    m_notice->showNotice(
        tr("The planner did not close normally. Unsaved work from %1 can be restored.").arg(when), tr("Restore"),
        [this] {
            const Scenario s = *m_pendingRecovery;
            m_pendingRecovery.reset();
            m_controller->replaceScenario(s, tr("Restore unsaved work"));
            // Still unsaved: the title keeps its * until the user saves it somewhere.
            updateTitle();
            flushRecovery();
        },
        tr("Discard"),
        [this] {
            m_pendingRecovery.reset();
            m_recovery->remove();
            scheduleRecovery();
        });
}

void MainWindow::scheduleRecovery()
{
    if (!m_recovery || m_pendingRecovery)
        return;
    if (isModified())
        m_autosave->start();
    else {
        m_autosave->stop();
        m_recovery->remove(); // nothing unsaved left to recover
    }
}

void MainWindow::flushRecovery()
{
    if (!m_recovery || m_pendingRecovery)
        return;
    m_autosave->stop();
    if (isModified())
        m_recovery->write(m_controller->scenario());
    else
        m_recovery->remove();
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
    connect(m_walkthrough, &LessonWalkthrough::lessonOpened, this, [this] {
        m_document.resetUntitled(m_controller->scenario());
        updateTitle();
        scheduleRecovery();
    });
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
    m_speed->setVisible(all && !m_presentation);
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
    if (on == m_presentation)
        return;
    m_presentation = on;
    if (on) {
        m_stateBeforePresenting = saveState();
        m_normalFont = font();
        m_normalPalette = palette();
        QFont big = m_normalFont;
        big.setPointSizeF(std::max(14.0, m_normalFont.pointSizeF() * 1.6));
        setFont(big);
        // Black on white with saturated accents: washed-out projectors lose greys first.
        QPalette p = m_normalPalette;
        p.setColor(QPalette::Window, Qt::white);
        p.setColor(QPalette::Base, Qt::white);
        p.setColor(QPalette::AlternateBase, QColor(0xee, 0xee, 0xee));
        p.setColor(QPalette::WindowText, Qt::black);
        p.setColor(QPalette::Text, Qt::black);
        p.setColor(QPalette::ButtonText, Qt::black);
        p.setColor(QPalette::Highlight, QColor(0x00, 0x3c, 0xa0));
        p.setColor(QPalette::HighlightedText, Qt::white);
        setPalette(p);
    } else {
        setFont(m_normalFont);
        setPalette(m_normalPalette);
        setBlanked(false);
    }
    m_breakdown->setPresentationMode(on);
    m_sweep->setPresentationMode(on);
    m_banner->setPresentationMode(on);
    m_walkthrough->setPresentationMode(on);
    if (m_mathDialog)
        m_mathDialog->setFont(font());
    if (m_presentationAction && m_presentationAction->isChecked() != on)
        m_presentationAction->setChecked(on);
    for (QAction *a : m_presentKeys)
        a->setEnabled(on);
    if (m_blankAction)
        m_blankAction->setEnabled(on);
    if (m_presentScenario) {
        m_presentScenario->setChecked(false);
        m_presentTable->setChecked(false);
    }
    applyPresentationLayout();
    if (!on && !m_stateBeforePresenting.isEmpty())
        restoreState(m_stateBeforePresenting);
    if (isVisible())
        on ? showFullScreen() : showNormal();
}

void MainWindow::applyPresentationLayout()
{
    // Presenting: the charts, the lesson text and its step controls, nothing else unless
    // asked for (F9 scenario panel, F8 table). Both charts sit side by side above nothing:
    // the class reads the bars and the sweep, the teacher steps through the text beside them.
    const bool on = m_presentation;
    const bool showScenario = !on || (m_presentScenario && m_presentScenario->isChecked());
    const bool showTable = !on || (m_presentTable && m_presentTable->isChecked());
    menuBar()->setVisible(!on);
    if (m_mainToolBar)
        m_mainToolBar->setVisible(!on);
    m_tableBox->setVisible(showTable);
    // In a short window the table shares a tab widget with the speed strip; presenting
    // hides both, so the tab bar must not keep their room under the charts.
    m_lowerTabs->setVisible(showTable);
    m_legend->setVisible(showTable);
    m_speed->setVisible(!on && m_guestMask == kAllGuestsVisible);
    m_sweepAxis->setVisible(!on);
    m_chartSplitter->setOrientation(on ? Qt::Vertical : Qt::Horizontal);
    m_sweep->setLegendShown(!on);
    // Stacked under the banner at 720 px, the charts' desktop minimum (260 px each) would
    // push one over the other; the splitter may shrink them further while presenting.
    for (QWidget *chart : {static_cast<QWidget *>(m_breakdown), static_cast<QWidget *>(m_sweep)})
        chart->setMinimumHeight(on ? 170 : 260);
    if (on) {
        const int h = std::max(height(), 400);
        m_chartSplitter->setSizes({h * 55 / 100, h * 45 / 100});
    }
    if (on) {
        m_scenarioDock->setVisible(showScenario);
        m_classDock->show();
        // No dock title in front of the class; the panel is not to be dragged off mid-lesson.
        m_classDock->setTitleBarWidget(new QWidget(m_classDock));
        if (dockWidgetArea(m_classDock) != Qt::RightDockWidgetArea || m_classDock->isFloating()) {
            m_classDock->setFloating(false);
            addDockWidget(Qt::RightDockWidgetArea, m_classDock);
        }
        if (m_docksTabbed) { // a tab beside the scenario panel would hide one of them
            addDockWidget(Qt::RightDockWidgetArea, m_classDock);
            m_docksTabbed = false;
        }
        const int w = width() > 0 ? width() : 1280;
        resizeDocks({m_classDock}, {w * 45 / 100}, Qt::Horizontal);
    } else {
        if (QWidget *bar = m_classDock->titleBarWidget()) {
            m_classDock->setTitleBarWidget(nullptr);
            delete bar;
        }
        m_scenarioDock->show();
    }
}

void MainWindow::setBlanked(bool blank)
{
    if (!m_blank) {
        if (!blank)
            return;
        m_blank = new QWidget(this);
        m_blank->setObjectName(QStringLiteral("BlankScreen"));
        m_blank->setAutoFillBackground(true);
        QPalette p = m_blank->palette();
        p.setColor(QPalette::Window, Qt::black);
        m_blank->setPalette(p);
    }
    m_blank->setGeometry(rect());
    m_blank->setVisible(blank);
    if (blank)
        m_blank->raise();
}

bool MainWindow::isBlanked() const
{
    return m_blank && m_blank->isVisible();
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
    setPresentationMode(other.m_presentation);
    // Same file, same unsaved state, same pending recovery: nothing is lost by the rebuild.
    m_document.adopt(other.m_document);
    m_pendingRecovery = other.m_pendingRecovery;
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

void MainWindow::createActions()
{
    ToolBarActions t;
    createFileMenu(t);
    createEditMenu();
    createViewMenu(t);
    createPresenterKeys();
    createLessonsMenu();
    createHelpMenu();
    createToolBar(t);
}

void MainWindow::createFileMenu(ToolBarActions &t)
{
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *newAct = m_fileMenu->addAction(tr("&New"), this, &MainWindow::newScenario);
    newAct->setShortcut(QKeySequence::New);
    newAct->setObjectName(QStringLiteral("newAction"));
    QAction *openAct = t.open = m_fileMenu->addAction(tr("&Open…"), this, &MainWindow::openDialog);
    openAct->setShortcut(QKeySequence::Open);
    openAct->setObjectName(QStringLiteral("openAction"));
    QAction *saveAct = t.save = m_fileMenu->addAction(tr("&Save"), this, &MainWindow::save);
    saveAct->setShortcut(QKeySequence::Save);
    saveAct->setObjectName(QStringLiteral("saveAction"));
    m_fileMenu->addAction(tr("Save &As…"), this, &MainWindow::saveAs)->setShortcut(QKeySequence::SaveAs);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(tr("&Import Model…"), this, &MainWindow::importDialog)->setShortcut(tr("Ctrl+I"));
    m_fileMenu->addAction(tr("Import from &Hugging Face…"), this, [this] { hubImportDialog(); })
        ->setObjectName(QStringLiteral("hubImportAction"));
    m_fileMenu->addAction(tr("Save Model as &Preset…"), this, &MainWindow::saveModelPreset);
    m_fileMenu->addAction(tr("Save &Machine as Preset…"), this, &MainWindow::saveMachinePreset);
    // The log dialog: empty from the menu, or holding a log pasted or dropped on the window (issue 27).
    auto openLog = [this](const QString &text, const QString &origin) {
        auto *dialog = new ReconcileDialog(m_controller->catalog(), app::userPresetDirectory(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setPlanScenario(m_controller->scenario());
        connect(dialog, &ReconcileDialog::reconciled, this, &MainWindow::showMeasured);
        dialog->show();
        if (!text.isNull())
            dialog->setLogText(text, origin);
    };
    m_fileMenu->addAction(tr("Open Runtime &Log…"), this, [openLog] { openLog(QString(), QString()); });
    connect(new LogIntake(this), &LogIntake::logArrived, this, openLog);
    m_clearMeasured = m_fileMenu->addAction(tr("Clear &Measured Values"), this, &MainWindow::clearMeasured);
    m_clearMeasured->setObjectName(QStringLiteral("clearMeasuredAction"));
    m_clearMeasured->setEnabled(false);
    m_fileMenu->addSeparator();
    QAction *quit = m_fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setObjectName(QStringLiteral("quitAction"));
}

void MainWindow::createEditMenu()
{
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_controller->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_controller->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    addAction(undo); // the menu bar is hidden while presenting: Ctrl+Z still undoes a live edit
    addAction(redo);
}

void MainWindow::createViewMenu(ToolBarActions &t)
{
    QMenu *view = menuBar()->addMenu(tr("&View"));
    m_unitGroup = new QActionGroup(this);
    QAction *gib = t.gib = view->addAction(tr("Binary units (&GiB)"));
    QAction *gb = t.gb = view->addAction(tr("Decimal units (G&B)"));
    gib->setCheckable(true);
    gb->setCheckable(true);
    gib->setData(int(UnitSystem::Binary));
    gb->setData(int(UnitSystem::Decimal));
    gib->setToolTip(tr("Show memory in GiB (2^30 bytes), as nvidia-smi and the runtimes do"));
    gb->setToolTip(tr("Show memory in GB (10^9 bytes), as vendors and model cards do"));
    m_unitGroup->addAction(gib);
    m_unitGroup->addAction(gb);
    connect(m_unitGroup, &QActionGroup::triggered, this,
            [this](QAction *a) { setUnitSystem(UnitSystem(a->data().toInt())); });
    view->addSeparator();
    m_presentationAction = view->addAction(tr("&Presentation Mode"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(Qt::Key_F11);
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    QAction *classroom = m_classDock->toggleViewAction();
    classroom->setText(tr("&Classroom Panel"));
    classroom->setShortcut(tr("Ctrl+L"));
    view->addAction(classroom);
    // While presenting, the panels come back only when asked for.
    m_presentScenario = view->addAction(tr("Scenario Panel While Presenting"));
    m_presentScenario->setCheckable(true);
    m_presentScenario->setShortcut(Qt::Key_F9);
    m_presentTable = view->addAction(tr("Breakdown Table While Presenting"));
    m_presentTable->setCheckable(true);
    m_presentTable->setShortcut(Qt::Key_F8);
    for (QAction *a : {m_presentScenario, m_presentTable}) {
        addAction(a); // the menu bar is hidden while presenting: the shortcut lives on the window
        connect(a, &QAction::toggled, this, [this] {
            if (m_presentation)
                applyPresentationLayout();
        });
    }
    m_blankAction = new QAction(tr("Blank the Screen"), this);
    m_blankAction->setShortcuts({QKeySequence(Qt::Key_B), QKeySequence(Qt::Key_Period)});
    m_blankAction->setEnabled(false);
    connect(m_blankAction, &QAction::triggered, this, [this] { setBlanked(!isBlanked()); });
    addAction(m_blankAction);
    addAction(m_presentationAction);
    // Mid-lesson, while the lesson still hides guests, the verdict is the question's answer:
    // the banner is hidden then, and Ctrl+M must not show it either.
    QAction *verdictMath = view->addAction(tr("Show the Math for the &Verdict…"), this, [this] {
        if (m_guestMask == kAllGuestsVisible)
            showMath(MathSubject::forVerdict());
    });
    verdictMath->setShortcut(tr("Ctrl+M"));
    addAction(verdictMath); // and while presenting, with the menu bar hidden
    view->addAction(tr("C&ompare Machines…"), this, [this] { openCompareDialog(this); })
        ->setShortcut(tr("Ctrl+Shift+M"));
    view->addSeparator();
    createLanguageMenu(view);
}

void MainWindow::createPresenterKeys()
{
    // Presenter clickers send Page Down / Page Up to whatever has focus; while the
    // classroom panel is open they step the lesson from anywhere in the window.
    m_stepForward = new QAction(tr("Next Lesson Step"), this);
    m_stepForward->setShortcut(Qt::Key_PageDown);
    m_stepBack = new QAction(tr("Previous Lesson Step"), this);
    m_stepBack->setShortcut(Qt::Key_PageUp);
    m_stepForward->setEnabled(false);
    m_stepBack->setEnabled(false);
    connect(m_stepForward, &QAction::triggered, m_walkthrough, &LessonWalkthrough::next);
    connect(m_stepBack, &QAction::triggered, m_walkthrough, &LessonWalkthrough::previous);
    addAction(m_stepForward);
    addAction(m_stepBack);
    // Presenting, the arrows, Home and End step the lesson wherever the focus is (the
    // scenario controls that would use them are hidden); a blanked screen comes back first.
    const QList<QPair<QKeySequence, std::function<void()>>> keys = {
        {QKeySequence(Qt::Key_Right), [this] { m_walkthrough->next(); }},
        {QKeySequence(Qt::Key_Down), [this] { m_walkthrough->next(); }},
        {QKeySequence(Qt::Key_Left), [this] { m_walkthrough->previous(); }},
        {QKeySequence(Qt::Key_Up), [this] { m_walkthrough->previous(); }},
        {QKeySequence(Qt::Key_Home), [this] { m_walkthrough->setStep(0); }},
        {QKeySequence(Qt::Key_End), [this] { m_walkthrough->setStep(m_walkthrough->stepCount() - 1); }},
    };
    for (const auto &entry : keys) {
        auto *a = new QAction(this);
        a->setShortcut(entry.first);
        a->setEnabled(false);
        // A copy of the step, not a captured structured binding (C++20 compilers differ on those).
        connect(a, &QAction::triggered, this, [this, step = entry.second] {
            setBlanked(false);
            step();
        });
        addAction(a);
        m_presentKeys << a;
    }
}

void MainWindow::createLessonsMenu()
{
    QMenu *lessons = menuBar()->addMenu(tr("&Lessons"));
    // The open lesson on paper: a handout (steps with charts, text and math) or 16:9 slides.
    const auto exportLesson = [this](LessonPrintLayout layout) {
        const Lesson *l = m_walkthrough->lesson();
        if (!l) {
            QMessageBox::information(this, tr("No lesson open"), tr("Open a lesson first (Lessons menu)."));
            return;
        }
        const QString path = QFileDialog::getSaveFileName(
            this, layout == LessonPrintLayout::Slides ? tr("Export Lesson Slides") : tr("Export Lesson Handout"),
            l->id +
                (layout == LessonPrintLayout::Slides ? QStringLiteral("-slides.pdf") : QStringLiteral("-handout.pdf")),
            tr("PDF (*.pdf)"));
        if (path.isEmpty())
            return;
        const FileWriteResult r = writeLessonPdf(m_controller->catalog(), l->id, {layout, m_units}, path);
        if (!r.ok)
            QMessageBox::warning(this, tr("Export failed"), QString::fromStdString(r.message()));
    };
    lessons->addAction(tr("Export Lesson &Handout…"), this,
                       [exportLesson] { exportLesson(LessonPrintLayout::Handout); });
    lessons->addAction(tr("Export Lesson &Slides…"), this, [exportLesson] { exportLesson(LessonPrintLayout::Slides); });
    lessons->addSeparator();
    bool mythsStarted = false;
    for (const Lesson &l : m_walkthrough->lessons()) {
        if (l.kind == Lesson::Kind::Misconception && !mythsStarted) {
            lessons->addSection(tr("Myths"));
            mythsStarted = true;
        }
        const QString id = l.id;
        lessons->addAction(l.title.text(), this, [this, id] { openLesson(id); });
    }
}

void MainWindow::createHelpMenu()
{
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About"), this, [this] {
        QMessageBox::about(this, tr("About LLM Memory Planner"),
                           tr("<b>LLM Memory Planner</b> %1<br>What an LLM needs in memory, and whether it fits.<br>"
                              "GPL-3.0-or-later.")
                               .arg(QStringLiteral(MEMPLAN_VERSION)));
    });
}

void MainWindow::createToolBar(const ToolBarActions &t)
{
    QToolBar *bar = addToolBar(tr("Main"));
    m_mainToolBar = bar;
    bar->setObjectName(QStringLiteral("MainToolBar"));
    bar->setMovable(false);
    bar->addAction(t.open);
    bar->addAction(t.save);
    bar->addSeparator();
    // The menu items name the step ("Undo Change context length"); toolbar buttons stay short.
    QAction *undoButton = bar->addAction(tr("Undo"), m_controller->undoStack(), &QUndoStack::undo);
    QAction *redoButton = bar->addAction(tr("Redo"), m_controller->undoStack(), &QUndoStack::redo);
    undoButton->setEnabled(false);
    redoButton->setEnabled(false);
    connect(m_controller->undoStack(), &QUndoStack::canUndoChanged, undoButton, &QAction::setEnabled);
    connect(m_controller->undoStack(), &QUndoStack::canRedoChanged, redoButton, &QAction::setEnabled);
    // Each names its step when hovered; set on every change, it relaid out the toolbar and
    // the window on slider steps that changed the step's name (widgets/hovertooltip.h).
    QUndoStack *stack = m_controller->undoStack();
    new HoverToolTip(bar->widgetForAction(undoButton), [stack] { return stack->undoText(); });
    new HoverToolTip(bar->widgetForAction(redoButton), [stack] { return stack->redoText(); });
    bar->addSeparator();
    bar->addWidget(new QLabel(tr("Units: ")));
    bar->addAction(t.gib);
    bar->addAction(t.gb);
}

void MainWindow::createLanguageMenu(QMenu *view)
{
    QMenu *menu = view->addMenu(tr("&Language"));
    auto *group = new QActionGroup(this);
    // Language names are written in their own language so that a user lost in the
    // wrong one can still find theirs.
    const QList<QPair<QString, QString>> choices = {{QString(), tr("System Default")},
                                                    {QStringLiteral("en"), QStringLiteral("English")},
                                                    {QStringLiteral("ko"), QStringLiteral("한국어")}};
    const QString current = m_settings->language();
    const QString shown = QLocale().language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
    for (const auto &[code, name] : choices) {
        QAction *a = menu->addAction(name);
        a->setCheckable(true);
        a->setData(code);
        a->setChecked(m_settings->isPersistent() ? code == current : code == shown);
        group->addAction(a);
    }
    connect(group, &QActionGroup::triggered, this, [this](QAction *a) {
        const QString code = a->data().toString();
        m_settings->setLanguage(code);
        emit languageChangeRequested(code);
    });
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
    setWindowTitle(tr("%1[*] — LLM Memory Planner").arg(m_document.displayName()));
    setWindowModified(isModified());
}

bool MainWindow::loadScenarioFile(const QString &path, QString *error)
{
    ScenarioDocument loaded;
    Scenario s;
    if (!loaded.load(path, &s, error))
        return false; // the current document and scenario stay as they are
    // The undo history belongs to one document: Undo must not put the previous file's scenario
    // under this file's title, where Save would write it over this file (issue 34 item 1).
    m_controller->resetScenario(withCurrentName(s, m_controller->catalog()));
    // A name that follows the scenario may have been brought up to date; that is not an edit.
    loaded.setFile(path, m_controller->scenario());
    m_document = loaded;
    updateTitle();
    scheduleRecovery();
    return true;
}

bool MainWindow::saveScenarioFile(const QString &path, QString *error)
{
    if (!m_document.save(path, m_controller->scenario(), error))
        return false;
    updateTitle();
    scheduleRecovery();
    return true;
}

bool MainWindow::openFile(const QString &path)
{
    QString error;
    if (loadScenarioFile(path, &error))
        return true;
    QMessageBox::warning(this, tr("Cannot open scenario"), tr("%1\n\nThe current scenario is unchanged.").arg(error));
    return false;
}

bool MainWindow::confirmDiscard(const QString &action)
{
    if (!isModified())
        return true;
    DiscardAnswer answer = DiscardAnswer::Cancel;
    if (m_discardPrompt) {
        answer = m_discardPrompt(action);
    } else {
        const auto button = QMessageBox::question(
            this, tr("Unsaved scenario"), tr("The scenario has unsaved changes. Save them before you %1?").arg(action),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        answer = button == QMessageBox::Save      ? DiscardAnswer::Save
                 : button == QMessageBox::Discard ? DiscardAnswer::Discard
                                                  : DiscardAnswer::Cancel;
    }
    if (answer == DiscardAnswer::Save)
        return save();
    return answer == DiscardAnswer::Discard;
}

void MainWindow::newScenario()
{
    if (!confirmDiscard(tr("start a new scenario")))
        return;
    m_notice->hide();
    m_controller->resetScenario(withCurrentName(defaultScenario(), m_controller->catalog()));
    m_document.resetUntitled(m_controller->scenario());
    updateTitle();
    scheduleRecovery();
}

void MainWindow::openDialog()
{
    if (!confirmDiscard(tr("open another scenario")))
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), m_settings->lastDirectory(),
                                                      tr(kScenarioFilter.toUtf8().constData()));
    if (path.isEmpty())
        return;
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    openFile(path);
}

bool MainWindow::save()
{
    if (m_document.isUntitled())
        return saveAs();
    QString error;
    if (saveScenarioFile(m_document.path(), &error))
        return true;
    QMessageBox::warning(this, tr("Cannot save scenario"), error);
    return false;
}

bool MainWindow::saveAs()
{
    QString suggestion = m_document.path();
    if (suggestion.isEmpty()) {
        // The name follows the scenario unless typed, so it makes a fitting file name.
        QString base = QString::fromStdString(m_controller->scenario().name).trimmed();
        if (base.isEmpty())
            base = derivedScenarioName(m_controller->scenario(), m_controller->catalog());
        base.replace(QRegularExpression(QStringLiteral("[^\\w.-]+")), QStringLiteral("-"));
        suggestion = QDir(m_settings->lastDirectory()).filePath(base + QStringLiteral(".scenario.json"));
    }
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save Scenario"), suggestion, tr(kScenarioFilter.toUtf8().constData()));
    if (path.isEmpty())
        return false;
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    QString error;
    if (saveScenarioFile(path, &error))
        return true;
    QMessageBox::warning(this, tr("Cannot save scenario"), error);
    return false;
}

void MainWindow::importModelPath(const QString &path)
{
    Scenario s = m_controller->scenario();
    s.model = {};
    s.model.file = QDir::toNativeSeparators(path).toStdString();
    // The resolver reads the headers; a broken file shows up in the banner, and undo returns.
    m_controller->replaceScenario(s, tr("Import %1").arg(QFileInfo(path).fileName()));
}

HubImportDialog *MainWindow::hubImportDialog(const QString &reference)
{
    // Modeless: the window stays usable while the headers arrive.
    auto *dialog = new HubImportDialog(m_controller, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // A scenario that names a repository the cache lacks (the banner says so) fetches it in one click.
    const auto &hub = m_controller->scenario().model.hub;
    dialog->referenceField()->setText(reference.isEmpty() && hub ? QString::fromStdString(hub->text()) : reference);
    connect(dialog, &HubImportDialog::imported, this, [this](const QString &ref) {
        statusBar()->showMessage(tr("Imported %1 from Hugging Face").arg(ref), 10000);
    });
    dialog->show();
    return dialog;
}

void MainWindow::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Model"), m_settings->lastDirectory(),
                                                      tr("Model files (*.gguf *.safetensors *.json);;All files (*)"));
    if (!path.isEmpty())
        importModelPath(QFileInfo(path).fileName() == QLatin1String("config.json") ? QFileInfo(path).absolutePath()
                                                                                   : path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile())
        return;
    const QString path = urls.front().toLocalFile();
    // A scenario file opens; anything else is taken as a model to import.
    if (path.endsWith(QLatin1String(".scenario.json"))) {
        if (confirmDiscard(tr("open another scenario")))
            openFile(path);
    } else
        importModelPath(path);
    event->acceptProposedAction();
}

QString MainWindow::askPresetName(const QString &title, const QString &suggestion, QString *id)
{
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, title, tr("Preset name:"), QLineEdit::Normal, suggestion, &ok).trimmed();
    if (!ok || name.isEmpty())
        return {};
    *id = PresetStore::idForName(name);
    return name;
}

void MainWindow::saveModelPreset()
{
    const auto &r = m_controller->resolved();
    if (!r) {
        QMessageBox::information(this, tr("Save Model as Preset"), tr("The current model could not be resolved."));
        return;
    }
    QString id;
    const QString name = askPresetName(tr("Save Model as Preset"), QString::fromStdString(r->model.name), &id);
    if (name.isEmpty())
        return;
    ModelPreset p;
    p.id = id.toStdString();
    p.name = name.toStdString();
    p.family = "Custom";
    p.arch = r->model.arch;
    p.computed = r->model.params;
    p.declaredParameters = r->model.declaredParameters;
    p.maxContext = r->model.maxContext;
    p.nativeDtype = "bf16";
    p.sources = {"saved from the planner, based on " + r->model.source};
    p.user = true;
    QString error, written;
    if (!PresetStore().writeModel(p, &error, &written)) {
        QMessageBox::warning(this, tr("Cannot save preset"), error);
        return;
    }
    statusBar()->showMessage(tr("Saved preset to %1").arg(QDir::toNativeSeparators(written)), 5000);
    m_controller->addModelPreset(p);
    Scenario s = m_controller->scenario();
    s.model = {};
    s.model.preset = p.id;
    m_controller->replaceScenario(s, tr("Use preset %1").arg(name));
}

void MainWindow::saveMachinePreset()
{
    const auto &r = m_controller->resolved();
    if (!r) {
        QMessageBox::information(this, tr("Save Machine as Preset"), tr("The current machine could not be resolved."));
        return;
    }
    QString id;
    const QString name = askPresetName(tr("Save Machine as Preset"), QString::fromStdString(r->hardware.name), &id);
    if (name.isEmpty())
        return;
    HardwarePreset p;
    p.spec = r->hardware;
    p.spec.id = id.toStdString();
    p.spec.name = name.toStdString();
    p.spec.verified = false;
    p.notes = "Saved from the planner.";
    p.user = true;
    QString error, written;
    if (!PresetStore().writeHardware(p, &error, &written)) {
        QMessageBox::warning(this, tr("Cannot save preset"), error);
        return;
    }
    statusBar()->showMessage(tr("Saved preset to %1").arg(QDir::toNativeSeparators(written)), 5000);
    m_controller->addHardwarePreset(p);
    Scenario s = m_controller->scenario();
    s.hardware.preset = p.spec.id;
    s.hardware.kind.clear();
    s.hardware.capacityBytes = 0;
    s.hardware.gpuUsableBytes = 0;
    s.hardware.bandwidthBytesPerSecond = 0;
    m_controller->replaceScenario(s, tr("Use preset %1").arg(name));
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
    m_autosave->stop();
    if (m_recovery && !m_pendingRecovery)
        m_recovery->remove();
    event->accept();
}

} // namespace memplan::ui
