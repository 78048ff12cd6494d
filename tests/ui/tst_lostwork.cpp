// No lost or misnamed work (issue 16 items 1, 2 and 4; issue 20's autosave check):
// the scenario's name follows the edits unless typed, every path that replaces or
// drops unsaved work asks first, a lesson is untitled, a restored last run is said
// and "New" is one click away, and a crash leaves a recovery file the next window
// offers back. Real widgets, real QTest input, offscreen.

#include "mainwindow.h"

#include "classroom/lessonwalkthrough.h"
#include "document/recoveryfile.h"
#include "document/scenarioname.h"
#include "panels/hardwarepicker.h"
#include "panels/modelpicker.h"
#include "panels/whatifpanel.h"
#include "scenariocontroller.h"
#include "widgets/logslider.h"
#include "widgets/noticebar.h"

#include "presetloader.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <nlohmann/json.hpp>

using namespace memplan;
using namespace memplan::ui;
using Answer = MainWindow::DiscardAnswer;

namespace {
QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Counts the questions and gives one answer.
struct Prompt {
    Answer answer = Answer::Cancel;
    QStringList asked;
    MainWindow::DiscardPrompt fn()
    {
        return [this](const QString &action) {
            asked << action;
            return answer;
        };
    }
};

/// Closes whatever modal dialog opens next (a file dialog the test must not answer).
void rejectNextDialog()
{
    auto *timer = new QTimer;
    QObject::connect(timer, &QTimer::timeout, timer, [timer] {
        if (QWidget *w = QApplication::activeModalWidget()) {
            w->close();
            timer->deleteLater();
        }
    });
    timer->start(20);
}

QAction *action(MainWindow &w, const char *name)
{
    return w.findChild<QAction *>(QString::fromLatin1(name));
}
} // namespace

class TestLostWork : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
        m_catalog = app::loadCatalog({}, false);
    }

    void init() { QSettings().clear(); }

    // Item 1: change model, machine and GPU count; the name the PDF, file name and
    // saved "name" use follows, as the verdict does.
    void nameFollowsEdits()
    {
        MainWindow w(m_catalog, false);
        w.modelPicker()->choose(QStringLiteral("llama-3.1-70b"));
        QComboBox *machine = w.hardwarePicker()->machineCombo();
        machine->setCurrentIndex(machine->findData(QStringLiteral("rtx-3090")));
        w.hardwarePicker()->gpuCount()->setValue(2);
        QCOMPARE(w.scenario().hardware.count, 2u);
        QCOMPARE(QString::fromStdString(w.scenario().name),
                 QStringLiteral("Llama 3.1 70B Q4_K_M on 2× GeForce RTX 3090"));
        // Undo walks the name back with the scenario.
        w.controller()->undoStack()->undo();
        QCOMPARE(QString::fromStdString(w.scenario().name), QStringLiteral("Llama 3.1 70B Q4_K_M on GeForce RTX 3090"));
    }

    // Issue 34 item 10: from two GPUs to a unified machine, the count of two stayed in the
    // saved file and the name ("2× Apple M4 Max") though the engine uses one device.
    void unifiedMachineIsOneDevice()
    {
        MainWindow w(m_catalog, false);
        QComboBox *machine = w.hardwarePicker()->machineCombo();
        machine->setCurrentIndex(machine->findData(QStringLiteral("rtx-3090")));
        w.hardwarePicker()->gpuCount()->setValue(2);
        QVERIFY(QString::fromStdString(w.scenario().name).contains(QStringLiteral("2×")));
        machine->setCurrentIndex(machine->findData(QStringLiteral("m4-max-128gb")));
        QCOMPARE(w.scenario().hardware.count, 1u);
        QVERIFY2(!QString::fromStdString(w.scenario().name).contains(QStringLiteral("×")), w.scenario().name.c_str());
        const auto saved = nlohmann::json::parse(ScenarioDocument::serialize(w.scenario()).toStdString());
        QCOMPARE(saved["hardware"].value("count", 1), 1);
        // A file that still carries a count for a unified machine is named without it.
        Scenario s = w.scenario();
        s.hardware.count = 2;
        QVERIFY(!derivedScenarioName(s, m_catalog).contains(QStringLiteral("×")));
    }

    void typedNameStays()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("typed.scenario.json"));
        Scenario s = defaultScenario();
        s.name = "Lab workstation";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(ScenarioDocument::serialize(s));
        f.close();
        MainWindow w(m_catalog, false);
        QString error;
        QVERIFY2(w.loadScenarioFile(path, &error), qPrintable(error));
        w.hardwarePicker()->gpuCount()->setValue(2);
        QCOMPARE(w.scenario().name, std::string("Lab workstation"));
    }

    // Item 2: a lesson asks before it replaces unsaved work, and it is untitled,
    // so Ctrl+S cannot overwrite the file that was open before.
    void lessonAsksAndIsUntitled()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.scenario.json"));
        MainWindow w(m_catalog, false);
        Prompt prompt;
        w.setDiscardPrompt(prompt.fn());
        QString error;
        QVERIFY(w.saveScenarioFile(path, &error));
        const QByteArray onDisk = readAll(path);
        w.whatIfPanel()->concurrencySlider()->slider()->setValue(4);
        QVERIFY(w.isWindowModified());
        const Scenario edited = w.scenario();

        const QString lessonId = w.walkthrough()->lessons().front().id;
        prompt.answer = Answer::Cancel;
        QVERIFY(w.openLesson(lessonId));
        QCOMPARE(prompt.asked.size(), 1);
        QCOMPARE(w.scenario(), edited);
        QCOMPARE(w.document().path(), path);

        // The lesson picker in the classroom panel asks too.
        auto *picker = w.walkthrough()->findChild<QComboBox *>();
        QVERIFY(picker);
        const int row = picker->findData(lessonId);
        QVERIFY(row > 0);
        w.classroomDock()->show();
        picker->setCurrentIndex(row);
        emit picker->activated(row);
        QCOMPARE(prompt.asked.size(), 2);
        QCOMPARE(w.scenario(), edited);

        prompt.answer = Answer::Discard;
        QVERIFY(w.openLesson(lessonId));
        QCOMPARE(prompt.asked.size(), 3);
        QVERIFY(w.scenario() != edited);
        QVERIFY(w.document().isUntitled());
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("Untitled")));

        // Ctrl+S on the lesson asks for a file name; cancelling it writes nothing.
        w.whatIfPanel()->concurrencySlider()->slider()->setValue(2);
        rejectNextDialog();
        action(w, "saveAction")->trigger();
        QCOMPARE(readAll(path), onDisk);
    }

    // Issue 34 item 1: the undo history belongs to one document. Open A, open B, press
    // Ctrl+Z: B stays on screen under B's title, and Ctrl+S writes B, not A, into B's file.
    // Edits made in B undo back to B as opened, never into A; File → New starts afresh too.
    void undoStaysWithItsDocument()
    {
        QTemporaryDir dir;
        const QString pathA = dir.filePath(QStringLiteral("a.scenario.json"));
        const QString pathB = dir.filePath(QStringLiteral("b.scenario.json"));
        Scenario a = defaultScenario();
        a.name = "File A"; // typed names: they stay as written, so a save writes B's bytes back
        a.model.preset = "llama-3.1-70b";
        a.hardware.preset = "rtx-3090";
        a.hardware.count = 2;
        Scenario b = defaultScenario();
        b.name = "File B";
        b.model.preset = "qwen3-8b";
        b.workload.contextTokens = 16384;
        for (const auto &[path, s] : {std::pair{pathA, a}, std::pair{pathB, b}}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(ScenarioDocument::serialize(s));
        }
        const QByteArray bOnDisk = readAll(pathB);

        MainWindow w(m_catalog, false);
        Prompt prompt;
        prompt.answer = Answer::Discard;
        w.setDiscardPrompt(prompt.fn());
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openFile(pathA));
        QVERIFY(w.openFile(pathB));
        const Scenario opened = w.scenario();
        QCOMPARE(opened.model.preset, std::string("qwen3-8b"));

        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.scenario(), opened);
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("b.scenario.json")));
        QVERIFY(!w.isWindowModified());
        QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
        QCOMPARE(readAll(pathB), bOnDisk);

        // An edit in B undoes back to B as it was opened, and no further.
        w.whatIfPanel()->concurrencySlider()->slider()->setValue(4);
        QVERIFY(w.isWindowModified());
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.scenario(), opened);
        QVERIFY(!w.controller()->undoStack()->canUndo());
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.scenario(), opened);

        // File → New: an untitled default scenario whose history does not reach back into B.
        action(w, "newAction")->trigger();
        QVERIFY(w.document().isUntitled());
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.scenario().model.preset, defaultScenario().model.preset);
        QVERIFY(!w.isWindowModified());
    }

    void newAndOpenAsk()
    {
        MainWindow w(m_catalog, false);
        Prompt prompt;
        w.setDiscardPrompt(prompt.fn());
        // Nothing to lose: no question.
        action(w, "newAction")->trigger();
        QCOMPARE(prompt.asked.size(), 0);
        w.whatIfPanel()->contextSlider()->slider()->setValue(15);
        const Scenario edited = w.scenario();
        action(w, "newAction")->trigger();
        QCOMPARE(prompt.asked.size(), 1);
        QCOMPARE(w.scenario(), edited);
        action(w, "openAction")->trigger(); // cancelled before the file dialog
        QCOMPARE(prompt.asked.size(), 2);
        prompt.answer = Answer::Discard;
        action(w, "newAction")->trigger();
        QCOMPARE(w.scenario().workload, defaultScenario().workload);
        QVERIFY(!w.isWindowModified());
    }

    // Item 2: Quit (Ctrl+Q) and closing the window ask while the title shows *.
    void quitAsks()
    {
        MainWindow w(m_catalog, false);
        Prompt prompt;
        w.setDiscardPrompt(prompt.fn());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.whatIfPanel()->concurrencySlider()->slider()->setValue(4);
        QVERIFY(w.isWindowModified());
        action(w, "quitAction")->trigger();
        QCOMPARE(prompt.asked.size(), 1);
        QVERIFY(w.isVisible());
        QVERIFY(!w.close());
        QCOMPARE(prompt.asked.size(), 2);
        prompt.answer = Answer::Discard;
        QVERIFY(w.close());
        QVERIFY(!w.isVisible());
    }

    // Item 4: the last run comes back, and says so, with "New" one click away;
    // a start that names what to show does not inherit it.
    void restoredLastRunIsSaid()
    {
        Scenario last;
        {
            MainWindow first(m_catalog, true);
            Prompt prompt;
            prompt.answer = Answer::Discard;
            first.setDiscardPrompt(prompt.fn());
            first.modelPicker()->choose(QStringLiteral("qwen3-8b"));
            last = first.scenario();
            QVERIFY(first.close());
        }
        {
            MainWindow again(m_catalog, true);
            QCOMPARE(again.scenario(), last);
            QVERIFY(again.noticeBar()->isVisibleTo(&again));
            QVERIFY2(again.noticeBar()->text().contains(QStringLiteral("last session")),
                     qPrintable(again.noticeBar()->text()));
            QTest::mouseClick(again.noticeBar()->firstButton(), Qt::LeftButton);
            QCOMPARE(again.scenario().model.preset, defaultScenario().model.preset);
            QVERIFY(!again.noticeBar()->isVisibleTo(&again));
        }
        MainWindowOptions fresh;
        fresh.restoreLastRun = false;
        MainWindow named(m_catalog, fresh);
        QCOMPARE(named.scenario(), defaultScenario());
        QVERIFY(!named.noticeBar()->isVisibleTo(&named));
    }

    // Issue 20, autosave and recovery: a recovery file left by a crash is offered
    // back; edits are autosaved; a clean exit removes the file.
    void recoveryAfterCrash()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("recovery.scenario.json"));
        Scenario crashed = defaultScenario();
        crashed.model.preset = "llama-3.1-70b";
        crashed.workload.contextTokens = 32768;
        QVERIFY(RecoveryFile(path).write(crashed));
        const QByteArray left = readAll(path);

        MainWindowOptions o;
        o.useSettings = false;
        o.recoveryPath = path;
        MainWindow w(m_catalog, o);
        QCOMPARE(w.scenario(), defaultScenario()); // nothing replaced before the user answers
        QVERIFY(w.noticeBar()->isVisibleTo(&w));
        QVERIFY2(w.noticeBar()->text().contains(QStringLiteral("did not close normally")),
                 qPrintable(w.noticeBar()->text()));
        // An edit before answering does not overwrite what can still be restored.
        w.whatIfPanel()->concurrencySlider()->slider()->setValue(2);
        w.flushRecovery();
        QCOMPARE(readAll(path), left);

        QTest::mouseClick(w.noticeBar()->firstButton(), Qt::LeftButton);
        QCOMPARE(w.scenario().model.preset, crashed.model.preset);
        QCOMPARE(w.scenario().workload, crashed.workload);
        QVERIFY(w.isWindowModified()); // restored work is still unsaved

        // Later edits reach the file after the debounce.
        w.whatIfPanel()->concurrencySlider()->slider()->setValue(4);
        QTRY_VERIFY_WITH_TIMEOUT(readAll(path).contains("\"concurrency\": 16"), 3000);

        Prompt prompt;
        prompt.answer = Answer::Discard;
        w.setDiscardPrompt(prompt.fn());
        QVERIFY(w.close());
        QVERIFY(!QFile::exists(path));
    }

    void discardedRecoveryIsRemoved()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("recovery.scenario.json"));
        Scenario crashed = defaultScenario();
        crashed.hardware.preset = "rtx-3090";
        QVERIFY(RecoveryFile(path).write(crashed));
        MainWindowOptions o;
        o.useSettings = false;
        o.recoveryPath = path;
        MainWindow w(m_catalog, o);
        QTest::mouseClick(w.noticeBar()->secondButton(), Qt::LeftButton);
        QVERIFY(!QFile::exists(path));
        QCOMPARE(w.scenario(), defaultScenario());
    }

private:
    QTemporaryDir m_settingsDir;
    PresetCatalog m_catalog;
};

QTEST_MAIN(TestLostWork)
#include "tst_lostwork.moc"
