// File → Try It on This Computer… (issue 27) in the window: a plan that would download is
// refused before anything starts; a plan on a local GGUF file is started, its log shown as it
// arrives, and compared with the window's own scenario in the log dialog, whose measured
// figures then sit beside the plan. The runtime is llama.cpp's libraries from node-llama-cpp
// through tools/llama-load (tests/CMakeLists.txt); without them the run is skipped.
#include "mainwindow.h"

#include "presetloader.h"
#include "reconcile/reconciledialog.h"
#include "reconcile/tryrundialog.h"
#include "scenariocontroller.h"

#include "scenario/scenariojson.h"

#include <QAction>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace memplan;
using namespace memplan::ui;

namespace {

Scenario scenarioOn(const std::string &model)
{
    return scenarioFromText(R"({"schema": "memplan.scenario/1", "model": )" + model + R"(,
        "workload": {"context_tokens": 4096, "concurrency": 1}, "hardware": {"preset": "cpu"},
        "host": {"ram_bytes": 25769803776},
        "runtime": {"preset": "llama.cpp", "version": "v0.5.0", "program": "llama-server", "ctx_size": 4096,
                    "parallel": 1, "batch_size": 512, "ubatch_size": 512, "flash_attn": true}})",
                            "test");
}

QAction *action(MainWindow &w, const QString &name)
{
    for (QAction *a : w.findChildren<QAction *>())
        if (a->objectName() == name)
            return a;
    return nullptr;
}

} // namespace

class TstTryRunDialog : public QObject {
    Q_OBJECT
    PresetCatalog m_catalog;
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_catalog = app::loadCatalog({}, false);
    }

    void refusesADownloadBeforeStarting()
    {
        TryRunDialog d(m_catalog, scenarioOn(R"({"preset": "qwen3-0.6b"})"));
        QVERIFY(!d.startButton()->isEnabled());
        QVERIFY2(d.status()->text().contains(QStringLiteral("nothing is downloaded")), qPrintable(d.status()->text()));
    }

    void theFileMenuOpensIt()
    {
        MainWindow w(m_catalog, false);
        QAction *tryRun = action(w, QStringLiteral("tryRunAction"));
        QVERIFY(tryRun);
        tryRun->trigger();
        auto *dialog = w.findChild<TryRunDialog *>(QStringLiteral("tryRunDialog"));
        QVERIFY(dialog);
        // The default scenario names a preset: shown, with the reason it is not started.
        QVERIFY(!dialog->startButton()->isEnabled());
        dialog->close();
    }

    void runsAndShowsTheLogAgainstThePlan()
    {
#if !defined(MEMPLAN_LLAMA_LOAD)
        QSKIP("node-llama-cpp is not installed (scripts/install-deps.sh --tests installs it)");
#else
        const QString gguf = m_dir.filePath(QStringLiteral("qwen3-0.6b-q8_0.gguf"));
        QProcess make;
        make.start(QStringLiteral("python3"),
                   {QStringLiteral(MEMPLAN_SOURCE_DIR "/tools/llamacpp-measure/make_gguf.py"),
                    QStringLiteral("qwen3-0.6b"), QStringLiteral("q8_0"), gguf});
        QVERIFY(make.waitForFinished(60000) && make.exitCode() == 0);
        qputenv("LLAMA_BACKEND_DIR", MEMPLAN_LLAMA_BACKEND_DIR);

        MainWindow w(m_catalog, false);
        w.controller()->setScenario(scenarioOn(R"({"file": ")" + gguf.toStdString() + R"("})"), QStringLiteral("try"));
        action(w, QStringLiteral("tryRunAction"))->trigger();
        auto *dialog = w.findChild<TryRunDialog *>(QStringLiteral("tryRunDialog"));
        QVERIFY(dialog);
        QVERIFY(dialog->startButton()->isEnabled());
        dialog->programEdit()->setText(QStringLiteral(MEMPLAN_LLAMA_LOAD));
        QSignalSpy finished(dialog, &TryRunDialog::finished);
        dialog->start();
        QVERIFY(finished.wait(120000));
        QVERIFY2(dialog->status()->text().startsWith(QStringLiteral("Ended with exit code 0")),
                 qPrintable(dialog->status()->text()));
        QVERIFY(dialog->logView()->toPlainText().contains(QStringLiteral("llama_kv_cache")));
        // The log dialog compares the run with the window's scenario, not one guessed from the log.
        auto *reconcile = w.findChild<ReconcileDialog *>(QStringLiteral("reconcileDialog"));
        QVERIFY(reconcile);
        QVERIFY(reconcile->useWindowScenario()->isChecked());
        QVERIFY(!reconcile->result().scenarioFromLog);
        QVERIFY(reconcile->table()->rowCount() >= 3);
        QVERIFY(reconcile->result().allInRange());
        // To look at both dialogs as a user sees them: MEMPLAN_TEST_SHOTS=folder.
        if (const QByteArray shots = qgetenv("MEMPLAN_TEST_SHOTS"); !shots.isEmpty()) {
            dialog->grab().save(QString::fromUtf8(shots) + QStringLiteral("/tryrun.png"));
            reconcile->grab().save(QString::fromUtf8(shots) + QStringLiteral("/tryrun-reconcile.png"));
            // The same dialog in Korean, after a run.
            QTranslator korean;
            QVERIFY(korean.load(QStringLiteral(":/i18n/memplan_ko.qm")));
            QCoreApplication::installTranslator(&korean);
            TryRunDialog ko(m_catalog, w.scenario());
            ko.programEdit()->setText(QStringLiteral(MEMPLAN_LLAMA_LOAD));
            QSignalSpy koFinished(&ko, &TryRunDialog::finished);
            ko.start();
            QVERIFY(koFinished.wait(120000));
            ko.grab().save(QString::fromUtf8(shots) + QStringLiteral("/tryrun-ko.png"));
            QCoreApplication::removeTranslator(&korean);
        }
#endif
    }
};

QTEST_MAIN(TstTryRunDialog)
#include "tst_tryrundialog.moc"
