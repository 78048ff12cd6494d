#include "windowmenus.h"

#include "classroom/lessonhandout.h"
#include "classroom/lessonwalkthrough.h"
#include "compare/compareactions.h"
#include "document/documentactions.h"
#include "document/presetsaving.h"
#include "mainwindow.h"
#include "presetloader.h"
#include "reconcile/logintake.h"
#include "reconcile/reconciledialog.h"
#include "reconcile/tryrundialog.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "widgets/hovertooltip.h"

#include <QAction>
#include <QActionGroup>
#include <QCheckBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>
#include <QUndoStack>

#include <functional>

namespace memplan::ui {

void WindowMenus::install(MainWindow &window)
{
    WindowMenus menus(window);
    menus.createFileMenu();
    menus.createEditMenu();
    menus.createViewMenu();
    menus.createPresenterKeys();
    menus.createLessonsMenu();
    menus.createHelpMenu();
    menus.createToolBar();
}

void WindowMenus::createFileMenu()
{
    MainWindow *w = &m_window;
    DocumentActions *docs = w->m_documents;
    QMenu *file = w->m_fileMenu = w->menuBar()->addMenu(MainWindow::tr("&File"));
    QAction *newAct = file->addAction(MainWindow::tr("&New"), w, &MainWindow::newScenario);
    newAct->setShortcut(QKeySequence::New);
    newAct->setObjectName(QStringLiteral("newAction"));
    m_open = file->addAction(MainWindow::tr("&Open…"), docs, &DocumentActions::openDialog);
    m_open->setShortcut(QKeySequence::Open);
    m_open->setObjectName(QStringLiteral("openAction"));
    m_save = file->addAction(MainWindow::tr("&Save"), docs, &DocumentActions::save);
    m_save->setShortcut(QKeySequence::Save);
    m_save->setObjectName(QStringLiteral("saveAction"));
    file->addAction(MainWindow::tr("Save &As…"), docs, &DocumentActions::saveAs)->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    file->addAction(MainWindow::tr("&Import Model…"), docs, &DocumentActions::importDialog)
        ->setShortcut(MainWindow::tr("Ctrl+I"));
    file->addAction(MainWindow::tr("Import from &Hugging Face…"), w, [w] { w->hubImportDialog(); })
        ->setObjectName(QStringLiteral("hubImportAction"));
    file->addAction(MainWindow::tr("Save Model as &Preset…"), w, [w] { saveModelPresetDialog(*w); });
    file->addAction(MainWindow::tr("Save &Machine as Preset…"), w, [w] { saveMachinePresetDialog(*w); });
    // The log dialog: empty from the menu, or holding a log pasted or dropped on the window (issue 27).
    auto openLog = [w](const QString &text, const QString &origin, bool againstWindow) {
        auto *dialog = new ReconcileDialog(w->controller()->catalog(), app::userPresetDirectory(), w);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setObjectName(QStringLiteral("reconcileDialog"));
        dialog->setPlanScenario(w->scenario());
        dialog->useWindowScenario()->setChecked(againstWindow);
        QObject::connect(dialog, &ReconcileDialog::reconciled, w, &MainWindow::showMeasured);
        dialog->show();
        if (!text.isNull())
            dialog->setLogText(text, origin);
    };
    file->addAction(MainWindow::tr("Open Runtime &Log…"), w, [openLog] { openLog(QString(), QString(), false); });
    QObject::connect(new LogIntake(w), &LogIntake::logArrived, w,
                     [openLog](const QString &text, const QString &origin) { openLog(text, origin, false); });
    // The window's own plan started here, load-only; its log is compared with that plan (issue 27).
    file->addAction(MainWindow::tr("&Try It on This Computer…"), w,
                    [w, openLog] {
                        auto *dialog = new TryRunDialog(w->controller()->catalog(), w->scenario(), w);
                        dialog->setAttribute(Qt::WA_DeleteOnClose);
                        dialog->setObjectName(QStringLiteral("tryRunDialog"));
                        QObject::connect(
                            dialog, &TryRunDialog::logCaptured, w,
                            [openLog](const QString &text, const QString &origin) { openLog(text, origin, true); });
                        dialog->show();
                    })
        ->setObjectName(QStringLiteral("tryRunAction"));
    w->m_clearMeasured = file->addAction(MainWindow::tr("Clear &Measured Values"), w, &MainWindow::clearMeasured);
    w->m_clearMeasured->setObjectName(QStringLiteral("clearMeasuredAction"));
    w->m_clearMeasured->setEnabled(false);
    file->addSeparator();
    QAction *quit = file->addAction(MainWindow::tr("&Quit"), w, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setObjectName(QStringLiteral("quitAction"));
}

void WindowMenus::createEditMenu()
{
    MainWindow &w = m_window;
    QMenu *edit = w.menuBar()->addMenu(MainWindow::tr("&Edit"));
    QUndoStack *stack = w.controller()->undoStack();
    QAction *undo = stack->createUndoAction(&w, MainWindow::tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = stack->createRedoAction(&w, MainWindow::tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    w.addAction(undo); // the menu bar is hidden while presenting: Ctrl+Z still undoes a live edit
    w.addAction(redo);
}

void WindowMenus::createViewMenu()
{
    MainWindow *w = &m_window;
    QMenu *view = w->menuBar()->addMenu(MainWindow::tr("&View"));
    w->m_unitGroup = new QActionGroup(w);
    m_gib = view->addAction(MainWindow::tr("Binary units (&GiB)"));
    m_gb = view->addAction(MainWindow::tr("Decimal units (G&B)"));
    m_gib->setData(int(UnitSystem::Binary));
    m_gb->setData(int(UnitSystem::Decimal));
    m_gib->setToolTip(MainWindow::tr("Show memory in GiB (2^30 bytes), as nvidia-smi and the runtimes do"));
    m_gb->setToolTip(MainWindow::tr("Show memory in GB (10^9 bytes), as vendors and model cards do"));
    for (QAction *a : {m_gib, m_gb}) {
        a->setCheckable(true);
        w->m_unitGroup->addAction(a);
    }
    QObject::connect(w->m_unitGroup, &QActionGroup::triggered, w,
                     [w](QAction *a) { w->setUnitSystem(UnitSystem(a->data().toInt())); });
    view->addSeparator();
    createPresentingActions(view);
    // Mid-lesson, while the lesson still hides guests, the verdict is the question's answer:
    // the banner is hidden then, and Ctrl+M must not show it either.
    QAction *verdictMath = view->addAction(MainWindow::tr("Show the Math for the &Verdict…"), w, [w] {
        if (w->guestMask() == kAllGuestsVisible)
            w->showMath(MathSubject::forVerdict());
    });
    verdictMath->setShortcut(MainWindow::tr("Ctrl+M"));
    w->addAction(verdictMath); // and while presenting, with the menu bar hidden
    view->addAction(MainWindow::tr("C&ompare Machines…"), w, [w] { openCompareDialog(w); })
        ->setShortcut(MainWindow::tr("Ctrl+Shift+M"));
    view->addSeparator();
    createLanguageMenu(view);
}

void WindowMenus::createPresentingActions(QMenu *view)
{
    MainWindow *w = &m_window;
    PresentationMode::Actions &present = w->m_presenting.actions();
    present.toggle = view->addAction(MainWindow::tr("&Presentation Mode"));
    present.toggle->setCheckable(true);
    present.toggle->setShortcut(Qt::Key_F11);
    QObject::connect(present.toggle, &QAction::toggled, w, &MainWindow::setPresentationMode);
    QAction *classroom = w->classroomDock()->toggleViewAction();
    classroom->setText(MainWindow::tr("&Classroom Panel"));
    classroom->setShortcut(MainWindow::tr("Ctrl+L"));
    view->addAction(classroom);
    // While presenting, the panels come back only when asked for.
    present.scenario = view->addAction(MainWindow::tr("Scenario Panel While Presenting"));
    present.scenario->setShortcut(Qt::Key_F9);
    present.table = view->addAction(MainWindow::tr("Breakdown Table While Presenting"));
    present.table->setShortcut(Qt::Key_F8);
    for (QAction *a : {present.scenario, present.table}) {
        a->setCheckable(true);
        w->addAction(a); // the menu bar is hidden while presenting: the shortcut lives on the window
        QObject::connect(a, &QAction::toggled, w, [w] {
            if (w->m_presenting.isOn())
                w->m_presenting.applyLayout();
        });
    }
    present.blank = new QAction(MainWindow::tr("Blank the Screen"), w);
    present.blank->setShortcuts({QKeySequence(Qt::Key_B), QKeySequence(Qt::Key_Period)});
    present.blank->setEnabled(false);
    QObject::connect(present.blank, &QAction::triggered, w, [w] { w->setBlanked(!w->isBlanked()); });
    w->addAction(present.blank);
    w->addAction(present.toggle);
}

void WindowMenus::createLanguageMenu(QMenu *view)
{
    MainWindow *w = &m_window;
    QMenu *menu = view->addMenu(MainWindow::tr("&Language"));
    auto *group = new QActionGroup(w);
    // Language names are written in their own language so that a user lost in the
    // wrong one can still find theirs.
    const QList<QPair<QString, QString>> choices = {{QString(), MainWindow::tr("System Default")},
                                                    {QStringLiteral("en"), QStringLiteral("English")},
                                                    {QStringLiteral("ko"), QStringLiteral("한국어")}};
    Settings &settings = *w->m_settings;
    const QString current = settings.language();
    const QString shown = QLocale().language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
    for (const auto &[code, name] : choices) {
        QAction *a = menu->addAction(name);
        a->setCheckable(true);
        a->setData(code);
        a->setChecked(settings.isPersistent() ? code == current : code == shown);
        group->addAction(a);
    }
    QObject::connect(group, &QActionGroup::triggered, w, [w](QAction *a) {
        const QString code = a->data().toString();
        w->m_settings->setLanguage(code);
        emit w->languageChangeRequested(code);
    });
}

void WindowMenus::createPresenterKeys()
{
    MainWindow *w = &m_window;
    LessonWalkthrough *lesson = w->walkthrough();
    // Presenter clickers send Page Down / Page Up to whatever has focus; while the
    // classroom panel is open they step the lesson from anywhere in the window.
    w->m_stepForward = new QAction(MainWindow::tr("Next Lesson Step"), w);
    w->m_stepForward->setShortcut(Qt::Key_PageDown);
    w->m_stepBack = new QAction(MainWindow::tr("Previous Lesson Step"), w);
    w->m_stepBack->setShortcut(Qt::Key_PageUp);
    QObject::connect(w->m_stepForward, &QAction::triggered, lesson, &LessonWalkthrough::next);
    QObject::connect(w->m_stepBack, &QAction::triggered, lesson, &LessonWalkthrough::previous);
    for (QAction *a : {w->m_stepForward, w->m_stepBack}) {
        a->setEnabled(false);
        w->addAction(a);
    }
    // Presenting, the arrows, Home and End step the lesson wherever the focus is (the
    // scenario controls that would use them are hidden); a blanked screen comes back first.
    const QList<QPair<QKeySequence, std::function<void()>>> keys = {
        {QKeySequence(Qt::Key_Right), [lesson] { lesson->next(); }},
        {QKeySequence(Qt::Key_Down), [lesson] { lesson->next(); }},
        {QKeySequence(Qt::Key_Left), [lesson] { lesson->previous(); }},
        {QKeySequence(Qt::Key_Up), [lesson] { lesson->previous(); }},
        {QKeySequence(Qt::Key_Home), [lesson] { lesson->setStep(0); }},
        {QKeySequence(Qt::Key_End), [lesson] { lesson->setStep(lesson->stepCount() - 1); }},
    };
    for (const auto &entry : keys) {
        auto *a = new QAction(w);
        a->setShortcut(entry.first);
        a->setEnabled(false);
        // A copy of the step, not a captured structured binding (C++20 compilers differ on those).
        QObject::connect(a, &QAction::triggered, w, [w, step = entry.second] {
            w->setBlanked(false);
            step();
        });
        w->addAction(a);
        w->m_presenting.actions().keys << a;
    }
}

void WindowMenus::createLessonsMenu()
{
    MainWindow *w = &m_window;
    QMenu *lessons = w->menuBar()->addMenu(MainWindow::tr("&Lessons"));
    // The open lesson on paper: a handout (steps with charts, text and math) or 16:9 slides.
    const auto exportLesson = [w](LessonPrintLayout layout) {
        const Lesson *l = w->walkthrough()->lesson();
        if (!l) {
            QMessageBox::information(w, MainWindow::tr("No lesson open"),
                                     MainWindow::tr("Open a lesson first (Lessons menu)."));
            return;
        }
        const bool slides = layout == LessonPrintLayout::Slides;
        const QString path = QFileDialog::getSaveFileName(
            w, slides ? MainWindow::tr("Export Lesson Slides") : MainWindow::tr("Export Lesson Handout"),
            l->id + (slides ? QStringLiteral("-slides.pdf") : QStringLiteral("-handout.pdf")),
            MainWindow::tr("PDF (*.pdf)"));
        if (path.isEmpty())
            return;
        const FileWriteResult r = writeLessonPdf(w->controller()->catalog(), l->id, {layout, w->unitSystem()}, path);
        if (!r.ok)
            QMessageBox::warning(w, MainWindow::tr("Export failed"), QString::fromStdString(r.message()));
    };
    lessons->addAction(MainWindow::tr("Export Lesson &Handout…"), w,
                       [exportLesson] { exportLesson(LessonPrintLayout::Handout); });
    lessons->addAction(MainWindow::tr("Export Lesson &Slides…"), w,
                       [exportLesson] { exportLesson(LessonPrintLayout::Slides); });
    lessons->addSeparator();
    bool mythsStarted = false;
    for (const Lesson &l : w->walkthrough()->lessons()) {
        if (l.kind == Lesson::Kind::Misconception && !mythsStarted) {
            lessons->addSection(MainWindow::tr("Myths"));
            mythsStarted = true;
        }
        const QString id = l.id;
        lessons->addAction(l.title.text(), w, [w, id] { w->openLesson(id); });
    }
}

void WindowMenus::createHelpMenu()
{
    MainWindow *w = &m_window;
    QMenu *help = w->menuBar()->addMenu(MainWindow::tr("&Help"));
    help->addAction(MainWindow::tr("&About"), w, [w] {
        QMessageBox::about(w, MainWindow::tr("About LLM Memory Planner"),
                           MainWindow::tr("<b>LLM Memory Planner</b> %1<br>What an LLM needs in memory, and whether "
                                          "it fits.<br>GPL-3.0-or-later.")
                               .arg(QStringLiteral(MEMPLAN_VERSION)));
    });
}

void WindowMenus::createToolBar()
{
    MainWindow &w = m_window;
    QToolBar *bar = w.m_mainToolBar = w.addToolBar(MainWindow::tr("Main"));
    bar->setObjectName(QStringLiteral("MainToolBar"));
    bar->setMovable(false);
    bar->addAction(m_open);
    bar->addAction(m_save);
    bar->addSeparator();
    // The menu items name the step ("Undo Change context length"); toolbar buttons stay short.
    QUndoStack *stack = w.controller()->undoStack();
    QAction *undoButton = bar->addAction(MainWindow::tr("Undo"), stack, &QUndoStack::undo);
    QAction *redoButton = bar->addAction(MainWindow::tr("Redo"), stack, &QUndoStack::redo);
    undoButton->setEnabled(false);
    redoButton->setEnabled(false);
    QObject::connect(stack, &QUndoStack::canUndoChanged, undoButton, &QAction::setEnabled);
    QObject::connect(stack, &QUndoStack::canRedoChanged, redoButton, &QAction::setEnabled);
    // Each names its step when hovered; set on every change, it relaid out the toolbar and
    // the window on slider steps that changed the step's name (widgets/hovertooltip.h).
    new HoverToolTip(bar->widgetForAction(undoButton), [stack] { return stack->undoText(); });
    new HoverToolTip(bar->widgetForAction(redoButton), [stack] { return stack->redoText(); });
    bar->addSeparator();
    bar->addWidget(new QLabel(MainWindow::tr("Units: ")));
    bar->addAction(m_gib);
    bar->addAction(m_gb);
}

} // namespace memplan::ui
