#include "mainwindow.h"

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "classroom/lessonwalkthrough.h"
#include "classroom/mathdialog.h"
#include "models/breakdowntablemodel.h"
#include "panels/hardwarepicker.h"
#include "panels/modelpicker.h"
#include "panels/runtimepicker.h"
#include "panels/whatifpanel.h"
#include "panels/trainingpanel.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "widgets/evidencelegend.h"
#include "widgets/verdictbanner.h"

#if __has_include("report/reportactions.h")
#include "report/reportactions.h"
#define MEMPLAN_HAVE_REPORT_ACTIONS 1
#endif

#include "error.h"
#include "presetloader.h"
#include "scenariojson.h"

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
#include <QLocale>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScrollBar>
#include <QStatusBar>
#include <QUrl>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

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

MainWindow::MainWindow(PresetCatalog catalog, bool useSettings, QWidget *parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    if (useSettings)
        m_settings = new Settings;
    m_controller = new ScenarioController(std::move(catalog), this);
    if (m_settings) {
        m_units = m_settings->unitSystem();
        const QString last = m_settings->lastScenarioJson();
        if (!last.isEmpty()) {
            try {
                m_controller->resetScenario(scenarioFromText(last.toStdString(), "settings"));
            } catch (const std::exception &) {
                // A last scenario from a newer or broken build: start from the default instead.
            }
        }
    }
    m_savedScenario = m_controller->scenario();

    createPanels();
    createCentral();
    createClassroom();
    createActions();
    setAcceptDrops(true);
    setMinimumSize(960, 640);
    resize(1400, 900);

    connect(m_controller, &ScenarioController::estimateChanged, this, &MainWindow::render);
    connect(m_controller, &ScenarioController::errorChanged, this, &MainWindow::render);
    connect(m_controller, &ScenarioController::scenarioChanged, this, &MainWindow::updateTitle);
    connect(m_banner, &VerdictBanner::suggestionActivated, this,
            [this](const Scenario &s, const QString &text) { m_controller->replaceScenario(s, text); });
    connect(m_sweepAxis, &QComboBox::currentIndexChanged, this, &MainWindow::render);

#ifdef MEMPLAN_HAVE_REPORT_ACTIONS
    installReportActions(this);
#endif
    if (m_settings) {
        restoreGeometry(m_settings->geometry());
        restoreState(m_settings->windowState());
    }
    setUnitSystem(m_units);
    render();
    updateTitle();
}

MainWindow::~MainWindow() { delete m_settings; }

const Scenario &MainWindow::scenario() const { return m_controller->scenario(); }
const Estimate &MainWindow::estimate() const { return m_controller->estimate(); }

void MainWindow::createPanels()
{
    m_modelPicker = new ModelPicker(m_controller);
    m_hardwarePicker = new HardwarePicker(m_controller);
    m_runtimePicker = new RuntimePicker(m_controller);
    m_whatIf = new WhatIfPanel(m_controller);

    auto *controls = new QWidget;
    auto *layout = new QVBoxLayout(controls);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(group(tr("Model"), m_modelPicker), 1);
    // Machine and runtime share a box: together they decide the usable budget.
    auto *machine = new QWidget;
    auto *machineLayout = new QVBoxLayout(machine);
    machineLayout->setContentsMargins(0, 0, 0, 0);
    machineLayout->addWidget(m_hardwarePicker);
    machineLayout->addWidget(m_runtimePicker);
    layout->addWidget(group(tr("Hardware and runtime"), machine));
    layout->addWidget(group(tr("What if"), m_whatIf));
    layout->addWidget(group(tr("Training"), new TrainingPanel(m_controller))); // issue 15: inference/training switch
    auto *scroll = new QScrollArea;
    scroll->setWidget(controls);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    controls->setMinimumWidth(470);
    scroll->setMinimumWidth(controls->minimumWidth() + scroll->verticalScrollBar()->sizeHint().width());

    auto *dock = new QDockWidget(tr("Scenario"), this);
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
    m_sweepAxis->addItem(tr("Sweep context length"), int(SweepAxis::Context));
    m_sweepAxis->addItem(tr("Sweep concurrency"), int(SweepAxis::Concurrency));
    m_sweepAxis->setToolTip(tr("What the right-hand chart varies; everything else stays as set."));

    auto *sweepBox = new QWidget;
    auto *sweepLayout = new QVBoxLayout(sweepBox);
    sweepLayout->setContentsMargins(0, 0, 0, 0);
    sweepLayout->addWidget(m_sweepAxis, 0, Qt::AlignRight);
    sweepLayout->addWidget(m_sweep, 1);

    m_tableModel = new BreakdownTableModel(this);
    m_table = new QTableView;
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
    auto *tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->setSpacing(2);
    tableLayout->addWidget(m_table, 1);
    tableLayout->addWidget(m_legend);

    auto *charts = new QSplitter(Qt::Horizontal);
    charts->addWidget(m_breakdown);
    charts->addWidget(sweepBox);
    charts->setStretchFactor(0, 1);
    charts->setStretchFactor(1, 1);
    auto *vertical = new QSplitter(Qt::Vertical);
    vertical->setObjectName(QStringLiteral("CentralSplitter"));
    vertical->addWidget(charts);
    vertical->addWidget(tableBox);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    vertical->setChildrenCollapsible(false);

    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_banner);
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
    // A closed panel must not leave half-empty bars behind.
    connect(m_classDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        setGuestMask(visible ? m_walkthrough->visibleGuests() : kAllGuestsVisible);
        if (m_stepForward) {
            m_stepForward->setEnabled(visible);
            m_stepBack->setEnabled(visible);
        }
    });
}

bool MainWindow::openLesson(const QString &id, int step)
{
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
    // The verdict would give the lesson's answer away before the last guest arrives.
    m_banner->setVisible(mask == kAllGuestsVisible);
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
    }
    m_breakdown->setPresentationMode(on);
    m_sweep->setPresentationMode(on);
    m_banner->setPresentationMode(on);
    m_walkthrough->setPresentationMode(on);
    if (m_mathDialog)
        m_mathDialog->setFont(font());
    if (m_presentationAction && m_presentationAction->isChecked() != on)
        m_presentationAction->setChecked(on);
    if (isVisible())
        on ? showFullScreen() : showNormal();
}

void MainWindow::adoptStateFrom(MainWindow &other)
{
    m_controller->resetScenario(other.scenario());
    m_path = other.m_path;
    m_savedScenario = other.m_savedScenario;
    setUnitSystem(other.m_units);
    restoreGeometry(other.saveGeometry());
    restoreState(other.saveState());
    if (const Lesson *l = other.m_walkthrough->lesson()) {
        const Scenario current = other.scenario();
        openLesson(l->id, other.m_walkthrough->step());
        // The lesson may have been on one of its compare scenarios: keep what was shown.
        m_controller->resetScenario(current);
    }
    m_classDock->setVisible(other.m_classDock->isVisible());
    setPresentationMode(other.m_presentation);
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
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *newAct = m_fileMenu->addAction(tr("&New"), this, &MainWindow::newScenario);
    newAct->setShortcut(QKeySequence::New);
    QAction *openAct = m_fileMenu->addAction(tr("&Open…"), this, &MainWindow::openDialog);
    openAct->setShortcut(QKeySequence::Open);
    QAction *saveAct = m_fileMenu->addAction(tr("&Save"), this, &MainWindow::save);
    saveAct->setShortcut(QKeySequence::Save);
    m_fileMenu->addAction(tr("Save &As…"), this, &MainWindow::saveAs)->setShortcut(QKeySequence::SaveAs);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(tr("&Import Model…"), this, &MainWindow::importDialog)->setShortcut(tr("Ctrl+I"));
    m_fileMenu->addAction(tr("Save Model as &Preset…"), this, &MainWindow::saveModelPreset);
    m_fileMenu->addAction(tr("Save &Machine as Preset…"), this, &MainWindow::saveMachinePreset);
    m_fileMenu->addSeparator();
    QAction *quit = m_fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setObjectName(QStringLiteral("quitAction"));

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_controller->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_controller->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    m_unitGroup = new QActionGroup(this);
    QAction *gib = view->addAction(tr("Binary units (&GiB)"));
    QAction *gb = view->addAction(tr("Decimal units (G&B)"));
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
    view->addAction(tr("Show the Math for the &Verdict…"), this, [this] { showMath(MathSubject::forVerdict()); })
        ->setShortcut(tr("Ctrl+M"));
    view->addSeparator();
    createLanguageMenu(view);

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

    QMenu *lessons = menuBar()->addMenu(tr("&Lessons"));
    bool mythsStarted = false;
    for (const Lesson &l : m_walkthrough->lessons()) {
        if (l.kind == Lesson::Kind::Misconception && !mythsStarted) {
            lessons->addSection(tr("Myths"));
            mythsStarted = true;
        }
        const QString id = l.id;
        lessons->addAction(l.title.text(), this, [this, id] { openLesson(id); });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About"), this, [this] {
        QMessageBox::about(this, tr("About LLM Memory Planner"),
                           tr("<b>LLM Memory Planner</b> %1<br>What an LLM needs in memory, and whether it fits.<br>"
                              "GPL-3.0-or-later.")
                               .arg(QStringLiteral(MEMPLAN_VERSION)));
    });

    QToolBar *bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("MainToolBar"));
    bar->setMovable(false);
    bar->addAction(openAct);
    bar->addAction(saveAct);
    bar->addSeparator();
    // The menu items name the step ("Undo Change context length"); toolbar buttons stay short.
    QAction *undoButton = bar->addAction(tr("Undo"), m_controller->undoStack(), &QUndoStack::undo);
    QAction *redoButton = bar->addAction(tr("Redo"), m_controller->undoStack(), &QUndoStack::redo);
    undoButton->setEnabled(false);
    redoButton->setEnabled(false);
    connect(m_controller->undoStack(), &QUndoStack::canUndoChanged, undoButton, &QAction::setEnabled);
    connect(m_controller->undoStack(), &QUndoStack::canRedoChanged, redoButton, &QAction::setEnabled);
    connect(m_controller->undoStack(), &QUndoStack::undoTextChanged, undoButton, &QAction::setToolTip);
    connect(m_controller->undoStack(), &QUndoStack::redoTextChanged, redoButton, &QAction::setToolTip);
    bar->addSeparator();
    bar->addWidget(new QLabel(tr("Units: ")));
    bar->addAction(gib);
    bar->addAction(gb);
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
    const QString current = m_settings ? m_settings->language() : QString();
    const QString shown = QLocale().language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
    for (const auto &[code, name] : choices) {
        QAction *a = menu->addAction(name);
        a->setCheckable(true);
        a->setData(code);
        a->setChecked(m_settings ? code == current : code == shown);
        group->addAction(a);
    }
    connect(group, &QActionGroup::triggered, this, [this](QAction *a) {
        const QString code = a->data().toString();
        if (m_settings)
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
    if (m_settings)
        m_settings->setUnitSystem(units);
}

void MainWindow::render()
{
    const Estimate &e = m_controller->estimate();
    m_banner->setResult(m_controller->scenario(), m_controller->resolved(), e, m_controller->error(),
                        m_controller->catalog());
    if (!e.pools.empty()) {
        m_breakdown->setData(maskBarSeries(buildBarSeries(e), m_guestMask), e);
        m_sweep->setData(m_controller->sweep(SweepAxis(m_sweepAxis->currentData().toInt())));
    }
    const int rowsBefore = m_tableModel->rowCount();
    m_tableModel->setEstimate(e);
    if (m_tableModel->rowCount() != rowsBefore)
        for (int c = 0; c < BreakdownTableModel::ColumnCount; ++c)
            if (c != BreakdownTableModel::FormulaColumn)
                m_table->resizeColumnToContents(c);
    emit rendered();
}

void MainWindow::updateTitle()
{
    const QString name = m_path.isEmpty() ? tr("Untitled") : QFileInfo(m_path).fileName();
    setWindowTitle(tr("%1[*] — LLM Memory Planner").arg(name));
    setWindowModified(m_controller->scenario() != m_savedScenario);
}

bool MainWindow::loadScenarioFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    Scenario s;
    try {
        s = scenarioFromText(file.readAll().toStdString(), QDir::toNativeSeparators(path).toStdString());
    } catch (const InputError &e) {
        *error = QString::fromStdString(e.info().message());
        if (!error->contains(QFileInfo(path).fileName()))
            *error = QDir::toNativeSeparators(path) + QStringLiteral(": ") + *error;
        return false;
    } catch (const std::exception &e) {
        *error = QDir::toNativeSeparators(path) + QStringLiteral(": ") + QString::fromStdString(e.what());
        return false;
    }
    m_controller->replaceScenario(s, tr("Open %1").arg(QFileInfo(path).fileName()));
    m_path = path;
    m_savedScenario = s;
    updateTitle();
    return true;
}

bool MainWindow::saveScenarioFile(const QString &path, QString *error)
{
    QSaveFile file(path);
    const QByteArray json = QByteArray::fromStdString(scenarioToJson(m_controller->scenario()).dump(2) + "\n");
    if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size() || !file.commit()) {
        *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    m_path = path;
    m_savedScenario = m_controller->scenario();
    updateTitle();
    return true;
}

bool MainWindow::openFile(const QString &path)
{
    QString error;
    if (loadScenarioFile(path, &error))
        return true;
    QMessageBox::warning(this, tr("Cannot open scenario"),
                         tr("%1\n\nThe current scenario is unchanged.").arg(error));
    return false;
}

bool MainWindow::confirmDiscard()
{
    if (!isWindowModified() || !m_settings)
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved scenario"), tr("Save the current scenario first?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::newScenario()
{
    if (!confirmDiscard())
        return;
    m_controller->replaceScenario(defaultScenario(), tr("New scenario"));
    m_path.clear();
    m_savedScenario = m_controller->scenario();
    updateTitle();
}

void MainWindow::openDialog()
{
    if (!confirmDiscard())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"),
                                                      m_settings ? m_settings->lastDirectory() : QString(),
                                                      tr(kScenarioFilter.toUtf8().constData()));
    if (path.isEmpty())
        return;
    if (m_settings)
        m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    openFile(path);
}

bool MainWindow::save()
{
    if (m_path.isEmpty())
        return saveAs();
    QString error;
    if (saveScenarioFile(m_path, &error))
        return true;
    QMessageBox::warning(this, tr("Cannot save scenario"), error);
    return false;
}

bool MainWindow::saveAs()
{
    QString suggestion = m_path;
    if (suggestion.isEmpty())
        suggestion = QDir(m_settings ? m_settings->lastDirectory() : QString())
                         .filePath(QString::fromStdString(m_controller->scenario().model.preset) +
                                   QStringLiteral(".scenario.json"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Scenario"), suggestion,
                                                      tr(kScenarioFilter.toUtf8().constData()));
    if (path.isEmpty())
        return false;
    if (m_settings)
        m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    m_path = path;
    return save();
}

void MainWindow::importModelPath(const QString &path)
{
    Scenario s = m_controller->scenario();
    s.model = {};
    s.model.file = QDir::toNativeSeparators(path).toStdString();
    // The resolver reads the headers; a broken file shows up in the banner, and undo returns.
    m_controller->replaceScenario(s, tr("Import %1").arg(QFileInfo(path).fileName()));
}

void MainWindow::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import Model"), m_settings ? m_settings->lastDirectory() : QString(),
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
    if (path.endsWith(QLatin1String(".scenario.json")))
        openFile(path);
    else
        importModelPath(path);
    event->acceptProposedAction();
}

QString MainWindow::askPresetName(const QString &title, const QString &suggestion, QString *id)
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, title, tr("Preset name:"), QLineEdit::Normal, suggestion, &ok).trimmed();
    if (!ok || name.isEmpty())
        return {};
    *id = QStringLiteral("user-") +
          name.toLower().replace(QRegularExpression(QStringLiteral("[^a-z0-9.]+")), QStringLiteral("-"));
    return name;
}

bool MainWindow::writePreset(const QString &kind, const QString &id, const std::string &json)
{
    const QString dir = QDir(app::userPresetDirectory()).filePath(kind);
    const QString path = QDir(dir).filePath(id + QStringLiteral(".json"));
    QSaveFile file(path);
    const QByteArray bytes = QByteArray::fromStdString(json + "\n");
    if (!QDir().mkpath(dir) || !file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        QMessageBox::warning(this, tr("Cannot save preset"),
                             tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    statusBar()->showMessage(tr("Saved preset to %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
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
    if (!writePreset(QStringLiteral("models"), id, modelPresetToJson(p).dump(2)))
        return;
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
    if (!writePreset(QStringLiteral("hardware"), id, hardwarePresetToJson(p).dump(2)))
        return;
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
    if (m_settings) {
        // The last scenario comes back at the next start even when it was never saved to a file.
        m_settings->setLastScenarioJson(QString::fromStdString(scenarioToJson(m_controller->scenario()).dump()));
        m_settings->setGeometry(saveGeometry());
        m_settings->setWindowState(saveState());
    }
    event->accept();
}

} // namespace memplan::ui
