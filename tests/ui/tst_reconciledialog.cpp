// File → Open Runtime Log (issue 18): the dialog shows the engine's reconciliation of a
// committed excerpt row by row, with the measured column and out-of-range rows highlighted.
#include "../core/testsupport.h"
#include "logs/logparser.h"
#include "reconcile/reconciledialog.h"
#include "reconcile/reconciletexts.h"
#include "translator.h"

#include <nlohmann/json.hpp>

#include <QCheckBox>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QtTest>

using namespace memplan;

namespace {

/// Qwen2.5 32B on two GPUs with -ts 10,6 (tests/data/runtime-logs), compared with the window's
/// plan: the scenario the log describes without its tensor split.
bool readWithoutTensorSplit(ui::ReconcileDialog &dialog)
{
    QFile f(
        QStringLiteral(MEMPLAN_SOURCE_DIR
                       "/tests/data/runtime-logs/llamacpp-qwen2.5-32b-q8_0-kv-q8_0-ctx32768-ub256-fa-on-2gpu.json"));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const auto doc = nlohmann::json::parse(f.readAll().toStdString());
    const std::string log = doc["log_excerpt"].get<std::string>();
    Scenario plan = scenarioFromLog(parseRuntimeLog(log), test::shippedCatalog()).scenario;
    plan.runtime.settings.erase("tensor_split");
    dialog.setPlanScenario(plan);
    dialog.useWindowScenario()->setChecked(true);
    return dialog.setLogText(QString::fromStdString(log), QStringLiteral("case.log"));
}

} // namespace

class TstReconcileDialog : public QObject {
    Q_OBJECT
private slots:
    void showsComparison()
    {
        QFile f(QStringLiteral(
            MEMPLAN_SOURCE_DIR
            "/tests/data/runtime-logs/llamacpp-mistral-7b-v0.1-q4_k_m-ctx768-partial-offload-20of33.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::json::parse(f.readAll().toStdString());
        ui::ReconcileDialog dialog(test::shippedCatalog(), QString());
        QVERIFY(dialog.setLogText(QString::fromStdString(doc["log_excerpt"].get<std::string>()),
                                  QStringLiteral("case.log")));
        const Reconciliation &r = dialog.result();
        QCOMPARE(dialog.table()->rowCount(), int(r.comparisons.size()));
        // The measured column shows the engine's figure (60 MiB of KV on gpu0 = 0.06 GiB).
        bool kv = false;
        for (int row = 0; row < dialog.table()->rowCount(); ++row)
            if (dialog.table()->item(row, 0)->text() == QLatin1String("gpu0") &&
                dialog.table()->item(row, 1)->text() == QLatin1String("KV cache")) {
                QCOMPARE(dialog.table()->item(row, 4)->text(), QStringLiteral("0.06 GiB"));
                kv = true;
            }
        QVERIFY(kv);
        // Text that no parser recognises is said so, and leaves the table empty.
        QVERIFY(!dialog.setLogText(QStringLiteral("hello"), QStringLiteral("x")));
        QCOMPARE(dialog.table()->rowCount(), 0);
    }

    void highlightsOutside()
    {
        // The two-GPU Qwen2.5 32B run split its KV 10:6 (-ts 10,6). Against a window plan without
        // that split both KV rows lie outside, are highlighted and name the tensor split as the
        // likely cause.
        ui::ReconcileDialog dialog(test::shippedCatalog(), QString());
        QVERIFY(readWithoutTensorSplit(dialog));
        int highlighted = 0;
        for (int row = 0; row < dialog.table()->rowCount(); ++row)
            if (dialog.table()->item(row, 1)->text() == QLatin1String("KV cache")) {
                QCOMPARE(dialog.table()->item(row, 0)->background().color(), QColor(255, 220, 200));
                QVERIFY(dialog.table()->item(row, 7)->text().contains(QLatin1String("tensor_split")));
                ++highlighted;
            }
        QCOMPARE(highlighted, 2);
    }

    void causesInKorean()
    {
        // The likely causes come from core as ids with arguments; in Korean the dialog shows
        // the Korean sentence with the setting and its value, never core's English one.
        ui::FallbackTranslator ko;
        QVERIFY(ko.load(QStringLiteral(":/i18n/memplan_ko.qm")));
        QCoreApplication::installTranslator(&ko);
        ui::ReconcileDialog dialog(test::shippedCatalog(), QString());
        const bool read = readWithoutTensorSplit(dialog);
        QStringList causes, guests;
        for (int row = 0; row < dialog.table()->rowCount(); ++row) {
            causes << dialog.table()->item(row, 7)->text();
            guests << dialog.table()->item(row, 1)->text();
        }
        // Every cause id has an English template, so none falls back to core's sentence.
        QStringList untranslated;
        for (const Comparison &c : dialog.result().comparisons)
            if (!c.causeId.empty() && !ui::reconcileCauseTemplate(c.causeId))
                untranslated << QString::fromStdString(c.causeId);
        QCoreApplication::removeTranslator(&ko);
        QVERIFY(read);
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QLatin1Char(' '))));
        QVERIFY(guests.contains(QStringLiteral("KV 캐시")));
        int korean = 0;
        for (const QString &c : causes) {
            if (c.isEmpty())
                continue;
            QVERIFY2(!c.contains(QLatin1String("the log shows")) && !c.contains(QLatin1String("release")),
                     qPrintable(c));
            korean += c.contains(QLatin1String("tensor_split")) ? 1 : 0;
        }
        QCOMPARE(korean, 2);
    }

    void measuredFiguresWithoutAModel()
    {
        // Issue 27: a log that names no model is not refused in the window either (the CLI's
        // measured-only answer): its figures per pool and guest, no planned column, the signal sent.
        ui::ReconcileDialog dialog(test::shippedCatalog(), QString());
        QSignalSpy spy(&dialog, &ui::ReconcileDialog::reconciled);
        QVERIFY(dialog.setLogText(QStringLiteral("load_tensors:        CUDA0 model buffer size =  4168.09 MiB\n"
                                                 "load_tensors:   CPU_Mapped model buffer size =   292.36 MiB\n"
                                                 "llama_kv_cache:      CUDA0 KV buffer size =   224.00 MiB\n"),
                                  QStringLiteral("pasted")));
        QCOMPARE(spy.count(), 1);
        QVERIFY(!dialog.result().planned);
        QCOMPARE(dialog.result().missingInput, std::string("model"));
        auto *table = dialog.findChild<QTableWidget *>();
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 3);
        for (int row = 0; row < table->rowCount(); ++row) {
            QCOMPARE(table->item(row, 2)->text(), QStringLiteral("—")); // nothing planned
            QVERIFY(!table->item(row, 4)->text().isEmpty());            // measured
        }
        // The KV row: 224.00 MiB as printed.
        bool kv = false;
        for (const Comparison &c : dialog.result().comparisons)
            kv = kv || (c.guest == "kv_cache" && c.poolId == "gpu0" && c.measured == 224.0 * 1024 * 1024);
        QVERIFY(kv);
    }

    void startupFailureBesideTheFigures()
    {
        // Issue 27: a runtime that did not start says so in the window, with the failure's figures,
        // in the UI language (the CLI's "did not start" lines).
        // A user's paste from llama.cpp issue 20431 (the case file names it).
        QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR
                               "/tests/data/runtime-logs/failures/llamacpp-cudamalloc-weights-144gib.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::json::parse(f.readAll().toStdString());
        const QString log = QString::fromStdString(doc["log_excerpt"].get<std::string>());
        ui::ReconcileDialog dialog(test::shippedCatalog(), QString());
        QVERIFY(dialog.setLogText(log, QStringLiteral("oom.log")));
        QVERIFY(dialog.result().didNotStart());
        const QString english = dialog.findChild<QLabel *>(QStringLiteral("reconcileSummary"))->text();
        QVERIFY2(english.contains(QLatin1String("Did not start: a device buffer could not be allocated")),
                 qPrintable(english));
        // 151,851,674,624 bytes as printed = 141.42 GiB.
        QVERIFY2(english.contains(QLatin1String("Wanted 141.42 GiB")), qPrintable(english));

        ui::FallbackTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/memplan_ko.qm")));
        QCoreApplication::installTranslator(&translator);
        QVERIFY(dialog.setLogText(log, QStringLiteral("oom.log")));
        const QString korean = dialog.findChild<QLabel *>(QStringLiteral("reconcileSummary"))->text();
        QCoreApplication::removeTranslator(&translator);
        QVERIFY2(korean.contains(QStringLiteral("시작하지 않았습니다: 장치 버퍼를 할당하지 못했습니다")),
                 qPrintable(korean));
    }

    void pickARunOfSeveral()
    {
        // Issue 27: a log of several runs says which is shown and lets the user pick another.
        const QString log = QStringLiteral("build: 4000 (abc) with cc\n"
                                           "llama_kv_cache:      CUDA0 KV buffer size =   224.00 MiB\n"
                                           "build: 4000 (abc) with cc\n"
                                           "llama_kv_cache:      CUDA0 KV buffer size =   448.00 MiB\n");
        ui::ReconcileDialog dialog(test::shippedCatalog(), QString());
        dialog.show();
        QVERIFY(dialog.setLogText(log, QStringLiteral("restarts.log")));
        const auto kvMeasured = [&] {
            for (const Comparison &c : dialog.result().comparisons)
                if (c.guest == "kv_cache")
                    return c.measured;
            return 0.0;
        };
        QVERIFY(dialog.runPicker()->isVisible());
        QCOMPARE(dialog.runPicker()->value(), 2); // the last run by default
        QCOMPARE(kvMeasured(), 448.0 * 1024 * 1024);
        const QString summary = dialog.findChild<QLabel *>(QStringLiteral("reconcileSummary"))->text();
        QVERIFY2(summary.contains(QLatin1String("The log holds 2 runs; run 2")), qPrintable(summary));
        dialog.runPicker()->setValue(1);
        QCOMPARE(dialog.result().run.runNumber, std::size_t(1));
        QCOMPARE(kvMeasured(), 224.0 * 1024 * 1024);
        // Another log of one run: the picker goes away.
        QVERIFY(dialog.setLogText(QStringLiteral("llama_kv_cache:      CUDA0 KV buffer size =   224.00 MiB\n"),
                                  QStringLiteral("one.log")));
        QVERIFY(!dialog.runPicker()->isVisible());
    }

    void reconciledSignalCarriesTheResult()
    {
        // The window lays the measured figures over its chart from this signal (tst_measuredwindow).
        QFile f(QStringLiteral(
            MEMPLAN_SOURCE_DIR
            "/tests/data/runtime-logs/llamacpp-mistral-7b-v0.1-q4_k_m-ctx768-partial-offload-20of33.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::json::parse(f.readAll().toStdString());
        ui::ReconcileDialog dialog(test::shippedCatalog(), QString());
        QVERIFY(!dialog.useWindowScenario()->isVisibleTo(&dialog));
        QSignalSpy spy(&dialog, &ui::ReconcileDialog::reconciled);
        QVERIFY(dialog.setLogText(QString::fromStdString(doc["log_excerpt"].get<std::string>()),
                                  QStringLiteral("case.log")));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(1).toString(), QStringLiteral("case.log"));

        // Against the window's scenario instead: a plan with a longer context puts the KV rows outside.
        const LogScenario ls = scenarioFromLog(dialog.result().run, test::shippedCatalog());
        Scenario plan = ls.scenario;
        plan.runtime.settings["ctx_size"] = 4096;
        plan.workload.contextTokens = 4096;
        dialog.setPlanScenario(plan);
        dialog.useWindowScenario()->setChecked(true);
        QVERIFY(dialog.setLogText(QString::fromStdString(doc["log_excerpt"].get<std::string>()),
                                  QStringLiteral("case.log")));
        QVERIFY(!dialog.result().scenarioFromLog);
        QCOMPARE(dialog.result().scenario.workload.contextTokens, std::uint64_t(4096));
        bool kvOutside = false;
        for (const Comparison &c : dialog.result().comparisons)
            kvOutside = kvOutside || (c.guest == "kv_cache" && c.compared && !c.inRange);
        QVERIFY(kvOutside);
    }
};

QTEST_MAIN(TstReconcileDialog)
#include "tst_reconciledialog.moc"
