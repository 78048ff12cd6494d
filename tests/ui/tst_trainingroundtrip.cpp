// Issue 15, "done when": a training scenario round-trips through the window, the
// CLI and the reports. Built in the window with real input (combo boxes and typed
// values), saved, reopened in a second window, estimated by `memplan-cli estimate`
// and exported by `memplan-cli report`: every step gives the same scenario and the
// same bytes. The window shows training advice and training sweeps, never the
// inference context advice.

#include "../core/testsupport.h"
#include "cli/clicommands.h"

#include "charts/sweepchart.h"
#include "mainwindow.h"
#include "panels/frameworkfigures.h"
#include "panels/trainingpanel.h"
#include "panels/whatifpanel.h"
#include "report/reportcommand.h"
#include "scenariocontroller.h"
#include "widgets/logslider.h"
#include "widgets/verdictbanner.h"

#include "formats/estimatejson.h"
#include "scenario/scenariojson.h"

#include <nlohmann/json.hpp>

#include <QComboBox>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace memplan;
using namespace memplan::ui;

namespace {

void choose(QComboBox *box, const char *id)
{
    const int i = box->findData(QString::fromLatin1(id));
    QVERIFY2(i >= 0, id);
    box->setFocus();
    // Keyboard selection, as a user would: Home, then Down to the item.
    QTest::keyClick(box, Qt::Key_Home);
    for (int k = 0; k < i; ++k)
        QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(box->currentIndex(), i);
}

void typeInto(QSpinBox *spin, const QString &text)
{
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Enter);
}

/// Main-pool and host totals of a memplan.estimate/1 document, by pool id.
std::map<std::string, std::uint64_t> totals(const nlohmann::json &doc)
{
    std::map<std::string, std::uint64_t> out;
    for (const auto &p : doc.at("pools"))
        out[p.at("id").get<std::string>()] = p.at("total_bytes").get<std::uint64_t>();
    return out;
}

std::map<std::string, std::uint64_t> totals(const Estimate &e)
{
    std::map<std::string, std::uint64_t> out;
    for (const Pool &p : e.pools)
        out[p.id] = p.totalBytes;
    return out;
}

} // namespace

class TstTrainingRoundTrip : public QObject {
    Q_OBJECT
private slots:
    void windowSaveReloadCliReport()
    {
        QTemporaryDir dir;
        MainWindow w(test::shippedCatalog(), false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *panel = w.findChild<TrainingPanel *>();
        QVERIFY(panel);

        // Inference to training, then a LoRA run with ZeRO-2 and selective checkpointing.
        choose(panel->modeBox(), "training");
        QCOMPARE(w.scenario().workload.mode, WorkloadMode::Training);
        choose(panel->methodBox(), "lora");
        choose(panel->optimizerBox(), "adamw_8bit");
        choose(panel->checkpointingBox(), "selective");
        typeInto(panel->microBatchSlider()->spinBox(), QStringLiteral("4"));
        typeInto(panel->sequenceSlider()->spinBox(), QStringLiteral("4k"));
        QCOMPARE(w.scenario().workload.training.method, TrainingMethod::Lora);
        QCOMPARE(w.scenario().workload.training.optimizer, Optimizer::AdamW8bit);
        QCOMPARE(w.scenario().workload.training.checkpointing, Checkpointing::Selective);
        QCOMPARE(w.scenario().workload.training.microBatch, std::uint64_t(4));
        QCOMPARE(w.scenario().workload.training.sequenceLength, std::uint64_t(4096));
        QVERIFY(w.controller()->error().isEmpty());
        QVERIFY(w.estimate().training.active);

        // Issue 29: the four figures frameworks print for the GPU's peak, from the estimate, and
        // which one the bar shows; in the user's units.
        const TrainingSummary &t = w.estimate().training;
        QVERIFY(panel->frameworkFigures()->isVisible());
        QVERIFY(t.allocatedBytesPerGpu < t.reservedBytesPerGpu && t.reservedBytesPerGpu < t.deviceBytesPerGpu);
        const QString figures = panel->frameworkFigures()->text();
        for (Bytes b : {t.allocatedBytesPerGpu, t.activeBytesPerGpu, t.reservedBytesPerGpu, t.deviceBytesPerGpu})
            QVERIFY2(figures.contains(QString::fromStdString(formatBinary(b))), qPrintable(figures));
        QVERIFY2(figures.contains(QLatin1String("nvidia-smi")) && figures.contains(QLatin1String("(the bar)")),
                 qPrintable(figures));
        w.setUnitSystem(UnitSystem::Decimal);
        QVERIFY(panel->frameworkFigures()->text().contains(QString::fromStdString(formatDecimal(t.deviceBytesPerGpu))));
        w.setUnitSystem(UnitSystem::Binary);

        // The window speaks training: no context advice, training sweeps, serving controls off.
        const QString details = w.verdictBanner()->details();
        QVERIFY2(!details.contains(QStringLiteral("ontext")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("micro-batch")) || details.contains(QStringLiteral("Micro-batch")) ||
                     details.contains(QStringLiteral("LoRA")) || details.contains(QStringLiteral("sequences")),
                 qPrintable(details));
        QCOMPARE(SweepAxis(w.sweepAxisCombo()->itemData(0).toInt()), SweepAxis::MicroBatch);
        QCOMPARE(SweepAxis(w.sweepAxisCombo()->itemData(1).toInt()), SweepAxis::SequenceLength);
        QCOMPARE(w.sweepChart()->series().axis, SweepAxis::MicroBatch);
        QCOMPARE(w.sweepChart()->series().current, std::uint64_t(4));
        QVERIFY(!w.whatIfPanel()->contextSlider()->isEnabled());
        QVERIFY(!w.whatIfPanel()->kvDtype()->isEnabled());
        w.sweepAxisCombo()->setCurrentIndex(1);
        QCOMPARE(w.sweepChart()->series().axis, SweepAxis::SequenceLength);
        QCOMPARE(w.sweepChart()->series().current, std::uint64_t(4096));

        // Save, and reopen in a second window: the same scenario and estimate.
        const QString path = dir.filePath(QStringLiteral("lora.scenario.json"));
        QString error;
        QVERIFY2(w.saveScenarioFile(path, &error), qPrintable(error));
        MainWindow reopened(test::shippedCatalog(), false);
        QVERIFY2(reopened.loadScenarioFile(path, &error), qPrintable(error));
        Scenario a = w.scenario(), b = reopened.scenario();
        a.name.clear(); // a derived name may be refreshed on load; the rest must be equal
        b.name.clear();
        QVERIFY(a == b);
        QVERIFY(totals(reopened.estimate()) == totals(w.estimate()));
        QCOMPARE(reopened.estimate().training, w.estimate().training);
        QVERIFY(!reopened.isModified());

        // The CLI reads the saved file to the same bytes and the same training summary.
        std::istringstream in;
        std::ostringstream out, err;
        cli::Context ctx{test::shippedCatalog(), in, out, err};
        QCOMPARE(cli::run({"estimate", path.toStdString()}, ctx), cli::kExitOk);
        const auto cliDoc = nlohmann::json::parse(out.str());
        QVERIFY(totals(cliDoc) == totals(w.estimate()));
        QCOMPARE(cliDoc.at("training").at("trainable_parameters").get<std::uint64_t>(),
                 w.estimate().training.trainableParameters);
        QCOMPARE(cliDoc.at("training").at("micro_batch").get<std::uint64_t>(), std::uint64_t(4));

        // `advise` answers a training scenario with training advice, never context or KV changes.
        std::ostringstream aout, aerr;
        cli::Context actx{test::shippedCatalog(), in, aout, aerr};
        QCOMPARE(cli::run({"advise", path.toStdString()}, actx), cli::kExitOk);
        const auto advice = nlohmann::json::parse(aout.str());
        QCOMPARE(advice.at("fits").get<bool>(), w.estimate().fits);
        QVERIFY(!advice.at("advice").empty());
        for (const auto &item : advice.at("advice"))
            QVERIFY2(item.at("id").get<std::string>().rfind("advice.train.", 0) == 0, item.dump().c_str());

        // The report command writes a PDF and the same estimate JSON, with the scenario in it.
        const QString pdf = dir.filePath(QStringLiteral("lora.pdf"));
        const QString json = dir.filePath(QStringLiteral("lora.json"));
        std::ostringstream rout, rerr;
        QCOMPARE(runReportCommand({path, QStringLiteral("--pdf"), pdf, QStringLiteral("--json"), json},
                                  test::shippedCatalog(), rout, rerr),
                 0);
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.read(5) == "%PDF-");
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        const auto reportDoc = nlohmann::json::parse(jsonFile.readAll().toStdString());
        QVERIFY(totals(reportDoc) == totals(w.estimate()));
        QCOMPARE(reportDoc.at("training").at("method").get<std::string>(), std::string("lora"));
        // And the scenario inside the report reads back to the window's.
        if (reportDoc.contains("scenario")) {
            Scenario fromReport = scenarioFromJson(reportDoc.at("scenario"));
            fromReport.name.clear();
            QVERIFY(fromReport == a);
        }
    }

    void adapterRowsOnlyForLlamaAdapter()
    {
        // LitGPT's LLaMA-Adapter has two knobs of its own (prompt length, first adapted layer);
        // the form shows them for the adapter methods only, and typing into them edits the scenario.
        MainWindow w(test::shippedCatalog(), false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *panel = w.findChild<TrainingPanel *>();
        QVERIFY(panel);
        Scenario s = w.scenario();
        s.workload.mode = WorkloadMode::Training;
        s.workload.training.method = TrainingMethod::Lora;
        s.runtime = RuntimeChoice{"litgpt", nlohmann::json::object()};
        w.controller()->setScenario(s, QStringLiteral("test"));
        QVERIFY(!panel->adapterPrompt()->isVisible());
        QVERIFY(!panel->adapterStartLayer()->isVisible());
        choose(panel->methodBox(), "adapter_v2");
        QCOMPARE(w.scenario().workload.training.method, TrainingMethod::AdapterV2);
        QVERIFY(panel->adapterPrompt()->isVisible());
        QCOMPARE(panel->adapterPrompt()->value(), 10);
        QCOMPARE(panel->adapterStartLayer()->value(), 2);
        const Bytes before = w.estimate().training.trainableParameters;
        typeInto(panel->adapterPrompt(), QStringLiteral("20"));
        typeInto(panel->adapterStartLayer(), QStringLiteral("4"));
        QCOMPARE(w.scenario().workload.training.adapterPromptLength, 20u);
        QCOMPARE(w.scenario().workload.training.adapterStartLayer, 4u);
        QVERIFY(w.controller()->error().isEmpty());
        QVERIFY(w.estimate().training.trainableParameters > before); // a longer prompt trains more
    }
};

QTEST_MAIN(TstTrainingRoundTrip)
#include "tst_trainingroundtrip.moc"
