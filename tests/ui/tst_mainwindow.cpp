#include "mainwindow.h"
#include "models/breakdowntablemodel.h"

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "panels/hardwarepicker.h"
#include "panels/modelpicker.h"
#include "panels/runtimepicker.h"
#include "panels/whatifpanel.h"
#include "scenariocontroller.h"
#include "widgets/logslider.h"
#include "widgets/verdictbanner.h"

#include "presetloader.h"
#include "scenario/scenariojson.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace memplan;
using namespace memplan::ui;

namespace {
enum class Control {
    Context,
    Concurrency,
    Weights,
    KvDtype,
    Gqa,
    Offload,
    KvOnGpu,
    GpuCount,
    Model,
    Machine,
    HostRam,
    Runtime,
    CustomMemory
};

void selectData(QComboBox *combo, const QString &data)
{
    const int i = combo->findData(data);
    QVERIFY2(i >= 0, qPrintable(data));
    combo->setCurrentIndex(i);
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_catalog = app::loadCatalog({}, false);
        QVERIFY(!m_catalog.models().empty());
    }

    void opensOnDefaultScenario()
    {
        MainWindow w(m_catalog, false);
        QCOMPARE(w.scenario(), defaultScenario());
        QVERIFY(w.controller()->error().isEmpty());
        QVERIFY(!w.estimate().pools.empty());
        QVERIFY(w.estimate().fits);
        QVERIFY2(w.verdictBanner()->headline().startsWith(QStringLiteral("Fits")),
                 qPrintable(w.verdictBanner()->headline()));
        QCOMPARE(w.breakdownChart()->series(), buildBarSeries(w.estimate()));
    }

    void controlChangesScenarioAndChart_data()
    {
        QTest::addColumn<Control>("control");
        QTest::newRow("context slider to 32K") << Control::Context;
        QTest::newRow("concurrency slider to 16") << Control::Concurrency;
        QTest::newRow("weights q8_0") << Control::Weights;
        QTest::newRow("kv dtype q8_0") << Control::KvDtype;
        QTest::newRow("gqa ratio MHA") << Control::Gqa;
        QTest::newRow("offload 50%") << Control::Offload;
        QTest::newRow("kv cache off the gpu") << Control::KvOnGpu;
        QTest::newRow("two gpus") << Control::GpuCount;
        QTest::newRow("model qwen3-8b") << Control::Model;
        QTest::newRow("machine rtx-3090") << Control::Machine;
        QTest::newRow("host ram 16 GiB") << Control::HostRam;
        QTest::newRow("runtime vllm") << Control::Runtime;
        QTest::newRow("custom memory 12 GiB") << Control::CustomMemory;
    }
    void controlChangesScenarioAndChart()
    {
        QFETCH(Control, control);
        MainWindow w(m_catalog, false);
        const Scenario before = w.scenario();
        const BarSeries barsBefore = w.breakdownChart()->series();
        QSignalSpy estimates(w.controller(), &ScenarioController::estimateChanged);
        QSignalSpy rendered(&w, &MainWindow::rendered);
        WhatIfPanel *p = w.whatIfPanel();

        switch (control) {
        case Control::Context:
            p->contextSlider()->slider()->setValue(15);
            break;
        case Control::Concurrency:
            p->concurrencySlider()->slider()->setValue(4);
            break;
        case Control::Weights:
            selectData(p->weightFormat(), QStringLiteral("q8_0"));
            break;
        case Control::KvDtype:
            selectData(p->kvDtype(), QStringLiteral("q8_0"));
            break;
        case Control::Gqa:
            break; // below: its items carry KV head counts
        case Control::Offload:
            p->offloadSlider()->setValue(50);
            break;
        case Control::KvOnGpu:
            p->kvOnGpu()->setChecked(false);
            break;
        case Control::GpuCount:
            w.hardwarePicker()->gpuCount()->setValue(2);
            break;
        case Control::Model:
            w.modelPicker()->choose(QStringLiteral("qwen3-8b"));
            break;
        case Control::Machine:
            selectData(w.hardwarePicker()->machineCombo(), QStringLiteral("rtx-3090"));
            break;
        case Control::HostRam:
            w.hardwarePicker()->hostRam()->setValue(16);
            break;
        case Control::Runtime:
            selectData(w.runtimePicker()->runtimeCombo(), QStringLiteral("vllm"));
            break;
        case Control::CustomMemory:
            w.hardwarePicker()->customCheck()->setChecked(true);
            w.hardwarePicker()->customCapacity()->setValue(12);
            break;
        }
        if (control == Control::Gqa) {
            // Llama 3.1 8B: 32 query heads over 8 KV heads; 32 KV heads is plain MHA.
            const int i = p->gqaRatio()->findData(32);
            QVERIFY(i >= 0);
            p->gqaRatio()->setCurrentIndex(i);
            QCOMPARE(w.scenario().model.config.value("num_key_value_heads", 0), 32);
            QVERIFY(p->hypotheticalLabel()->isVisibleTo(p));
            QVERIFY(w.estimate().model.hypothetical);
        }

        QVERIFY(w.scenario() != before);
        QVERIFY(estimates.count() >= 1);
        QVERIFY(rendered.count() >= 1);
        QVERIFY2(w.controller()->error().isEmpty(), qPrintable(w.controller()->error()));
        QVERIFY(w.breakdownChart()->series() != barsBefore);
        QCOMPARE(w.breakdownChart()->series(), buildBarSeries(w.estimate()));

        switch (control) {
        case Control::Context:
            QCOMPARE(w.scenario().workload.contextTokens, 32768ULL);
            break;
        case Control::Concurrency:
            QCOMPARE(w.scenario().workload.concurrency, 16ULL);
            break;
        case Control::Weights:
            QCOMPARE(w.scenario().weights.format, std::string("q8_0"));
            break;
        case Control::KvDtype:
            QCOMPARE(w.scenario().kvCacheDtype, std::string("q8_0"));
            break;
        case Control::Offload:
            QCOMPARE(w.scenario().placement.gpuLayerFraction, 0.5);
            break;
        case Control::KvOnGpu:
            QVERIFY(!w.scenario().placement.kvOnGpu);
            break;
        case Control::GpuCount:
            QCOMPARE(w.scenario().hardware.count, 2u);
            break;
        case Control::Model:
            QCOMPARE(w.scenario().model.preset, std::string("qwen3-8b"));
            break;
        case Control::Machine:
            QCOMPARE(w.scenario().hardware.preset, std::string("rtx-3090"));
            break;
        case Control::HostRam:
            QCOMPARE(w.scenario().host.ramBytes, 16 * GiB);
            break;
        case Control::Runtime:
            QCOMPARE(w.scenario().runtime.preset, std::string("vllm"));
            break;
        case Control::CustomMemory:
            QCOMPARE(w.scenario().hardware.capacityBytes, 12 * GiB);
            break;
        case Control::Gqa:
            break;
        }
    }

    void keyboardMovesContext()
    {
        MainWindow w(m_catalog, false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSlider *slider = w.whatIfPanel()->contextSlider()->slider();
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_Right);
        QCOMPARE(w.scenario().workload.contextTokens, 16384ULL);
        QTest::keyClick(slider, Qt::Key_Left);
        QCOMPARE(w.scenario().workload.contextTokens, 8192ULL);
    }

    void overCapacityShowsOverflowAndBanner()
    {
        MainWindow w(m_catalog, false);
        QString error;
        QVERIFY2(w.loadScenarioFile(
                     QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/llama-70b-offload-4090.scenario.json"), &error),
                 qPrintable(error));
        QVERIFY(!w.estimate().fits);
        QVERIFY(w.estimate().pools.size() >= 2); // GPU and host RAM
        const BarSeries &bars = w.breakdownChart()->series();
        QVERIFY(
            std::any_of(bars.bars.begin(), bars.bars.end(), [](const Bar &b) { return b.overflow > 0 && !b.fits; }));
        QVERIFY(w.breakdownChart()->overflowBars() != nullptr);
        const QString headline = w.verdictBanner()->headline();
        QVERIFY2(headline.startsWith(QStringLiteral("Does not fit")), qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("GiB")), qPrintable(headline));
        QVERIFY(!w.verdictBanner()->suggestions().isEmpty());

        // Every suggestion was checked with the engine: applying the layer split one fits.
        for (const Suggestion &s : w.verdictBanner()->suggestions())
            if (s.text.contains(QStringLiteral("layers on the GPU"))) {
                w.controller()->replaceScenario(s.scenario, s.text);
                QVERIFY(w.estimate().fits);
                QVERIFY(w.verdictBanner()->headline().startsWith(QStringLiteral("Fits")));
                return;
            }
        QFAIL("no offload suggestion");
    }

    void dragIsOneUndoStep()
    {
        MainWindow w(m_catalog, false);
        QUndoStack *undo = w.controller()->undoStack();
        QSlider *slider = w.whatIfPanel()->contextSlider()->slider();
        const Scenario start = w.scenario();

        slider->setSliderDown(true);
        for (int pos : {14, 15, 16, 17})
            slider->setValue(pos);
        slider->setSliderDown(false); // sliderReleased ends the gesture
        QCOMPARE(undo->count(), 1);
        QCOMPARE(w.scenario().workload.contextTokens, 131072ULL);

        // A second drag of the same slider is a step of its own.
        slider->setSliderDown(true);
        slider->setValue(12);
        slider->setValue(11);
        slider->setSliderDown(false);
        QCOMPARE(undo->count(), 2);

        QSignalSpy estimates(w.controller(), &ScenarioController::estimateChanged);
        undo->undo();
        QCOMPARE(w.scenario().workload.contextTokens, 131072ULL);
        QCOMPARE(slider->value(), 17); // the control shows the restored value
        undo->undo();
        QCOMPARE(w.scenario(), start);
        QCOMPARE(estimates.count(), 2);
        undo->redo();
        QCOMPARE(w.scenario().workload.contextTokens, 131072ULL);

        // After an undo, a new drag is one step again, not merged into the one walked past.
        undo->undo();
        slider->setSliderDown(true);
        slider->setValue(10);
        slider->setValue(9);
        slider->setSliderDown(false);
        QCOMPARE(undo->count(), 1);
        undo->undo();
        QCOMPARE(w.scenario(), start);
    }

    void differentControlsAreSeparateSteps()
    {
        MainWindow w(m_catalog, false);
        w.whatIfPanel()->concurrencySlider()->slider()->setValue(3);
        selectData(w.whatIfPanel()->kvDtype(), QStringLiteral("q8_0"));
        w.whatIfPanel()->offloadSlider()->setValue(80);
        QCOMPARE(w.controller()->undoStack()->count(), 3);
    }

    void openBrokenFileKeepsScenario_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("{ this is not json") << QString();
        QTest::newRow("newer version")
            << QByteArray(R"({"schema": "memplan.scenario/2", "model": {"preset": "llama-3.1-8b"}})")
            << QStringLiteral("schema");
        QTest::newRow("negative context")
            << QByteArray(
                   R"({"schema": "memplan.scenario/1", "model": {"preset": "llama-3.1-8b"}, "workload": {"context_tokens": -5}})")
            << QStringLiteral("context_tokens");
        QTest::newRow("missing file") << QByteArray() << QStringLiteral("does not exist");
    }
    void openBrokenFileKeepsScenario()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.scenario.json"));
        if (!content.isEmpty()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        MainWindow w(m_catalog, false);
        w.whatIfPanel()->concurrencySlider()->slider()->setValue(2);
        const Scenario before = w.scenario();
        const int steps = w.controller()->undoStack()->count();
        QString error;
        QVERIFY(!w.loadScenarioFile(path, &error));
        QVERIFY2(error.contains(QStringLiteral("broken.scenario.json")), qPrintable(error));
        QVERIFY2(error.contains(expected), qPrintable(error));
        QCOMPARE(w.scenario(), before);
        QCOMPARE(w.controller()->undoStack()->count(), steps);
    }

    void saveAndOpenRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.scenario.json"));
        MainWindow w(m_catalog, false);
        w.whatIfPanel()->contextSlider()->spinBox()->setValue(12345);
        w.whatIfPanel()->gqaRatio()->setCurrentIndex(w.whatIfPanel()->gqaRatio()->findData(1)); // MQA
        const Scenario saved = w.scenario();
        QString error;
        QVERIFY2(w.saveScenarioFile(path, &error), qPrintable(error));
        QVERIFY(!w.isWindowModified());
        w.whatIfPanel()->concurrencySlider()->slider()->setValue(5);
        QVERIFY(w.isWindowModified());
        QVERIFY2(w.loadScenarioFile(path, &error), qPrintable(error));
        QCOMPARE(w.scenario(), saved);
        QCOMPARE(w.scenario().workload.contextTokens, 12345ULL);
    }

    void unitSwitchChangesBanner()
    {
        MainWindow w(m_catalog, false);
        w.setUnitSystem(UnitSystem::Decimal);
        QVERIFY2(w.verdictBanner()->headline().contains(QStringLiteral(" GB")),
                 qPrintable(w.verdictBanner()->headline()));
        w.setUnitSystem(UnitSystem::Binary);
        QVERIFY(w.verdictBanner()->headline().contains(QStringLiteral("GiB")));
    }

    void searchAndFitsFilter()
    {
        MainWindow w(m_catalog, false);
        ModelPicker *picker = w.modelPicker();
        picker->searchField()->setText(QStringLiteral("qwen3"));
        const QStringList qwen = picker->visibleIds();
        QVERIFY(qwen.contains(QStringLiteral("qwen3-8b")));
        QVERIFY(!qwen.contains(QStringLiteral("llama-3.1-8b")));
        picker->searchField()->clear();
        picker->fitsFilter()->setChecked(true);
        const QStringList fitting = picker->visibleIds();
        QVERIFY(fitting.contains(QStringLiteral("llama-3.1-8b")));
        QVERIFY(!fitting.contains(QStringLiteral("llama-3.1-405b")));
    }

    void inputErrorShowsInBanner()
    {
        MainWindow w(m_catalog, false);
        Scenario s = w.scenario();
        s.model.preset = "no-such-model";
        QSignalSpy errors(w.controller(), &ScenarioController::errorChanged);
        w.controller()->replaceScenario(s, QStringLiteral("bad"));
        QCOMPARE(errors.count(), 1);
        QVERIFY(w.verdictBanner()->headline().contains(QStringLiteral("no-such-model")));
        w.controller()->undoStack()->undo();
        QVERIFY(w.controller()->error().isEmpty());
        QVERIFY(w.verdictBanner()->headline().startsWith(QStringLiteral("Fits")));
    }

    void rejectedScenarioDrawsNoStaleEstimate()
    {
        // Issue 20 item 10: after an edit the engine rejects, the charts and the table must not
        // keep showing the previous scenario's numbers under the error banner.
        MainWindow w(m_catalog, false);
        QVERIFY(!w.breakdownChart()->series().bars.empty());
        QVERIFY(w.breakdownModel()->rowCount() > 0);
        Scenario broken = w.scenario();
        broken.model.config["num_attention_heads"] = 0;
        w.controller()->replaceScenario(broken, QStringLiteral("broken"));
        QVERIFY(!w.controller()->error().isEmpty());
        QVERIFY(w.breakdownChart()->series().bars.empty());
        QCOMPARE(w.breakdownModel()->rowCount(), 0);
    }

private:
    PresetCatalog m_catalog;
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
