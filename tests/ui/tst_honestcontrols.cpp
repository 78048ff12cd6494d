// Controls that do not lie (issue 16 items 5, 10, 11): a control the engine
// ignores on the chosen machine is disabled with a tooltip saying why, there is
// one GPU-count control, the model search finds repo ids and runtime tags and
// says when nothing matches, and the machine list is grouped, sorted by memory,
// labels memory once and filters as the user types.

#include "mainwindow.h"

#include "panels/hardwarepicker.h"
#include "panels/modelpicker.h"
#include "panels/whatifpanel.h"
#include "scenariocontroller.h"

#include "presetloader.h"

#include <nlohmann/json.hpp>

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QTreeView>

#include <functional>

using namespace memplan;
using namespace memplan::ui;

namespace {
void chooseMachine(MainWindow &w, const char *id)
{
    QComboBox *m = w.hardwarePicker()->machineCombo();
    const int i = m->findData(QString::fromLatin1(id));
    QVERIFY2(i >= 0, id);
    m->setCurrentIndex(i);
}
} // namespace

class TestHonestControls : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_catalog = app::loadCatalog({}, false);
    }

    void unifiedMemoryDisablesIgnoredControls()
    {
        MainWindow w(m_catalog, false);
        QSpinBox *count = w.hardwarePicker()->gpuCount();
        QVERIFY(count->isEnabled());
        QVERIFY(w.whatIfPanel()->offloadSlider()->isEnabled());
        chooseMachine(w, "m1-max-64gb");
        QVERIFY(!count->isEnabled());
        QVERIFY(!w.hardwarePicker()->hostRam()->isEnabled());
        QVERIFY(!w.whatIfPanel()->offloadSlider()->isEnabled());
        QVERIFY(!w.whatIfPanel()->offloadSpin()->isEnabled());
        QVERIFY(!w.whatIfPanel()->kvOnGpu()->isEnabled());
        QVERIFY2(count->toolTip().contains(QStringLiteral("unified")), qPrintable(count->toolTip()));
        QVERIFY2(w.hardwarePicker()->hostRam()->toolTip().contains(QStringLiteral("unified")),
                 qPrintable(w.hardwarePicker()->hostRam()->toolTip()));
        // Back on a discrete GPU everything works again, with its own tooltip.
        chooseMachine(w, "rtx-3090");
        QVERIFY(count->isEnabled());
        QVERIFY(w.whatIfPanel()->kvOnGpu()->isEnabled());
        QVERIFY(!count->toolTip().contains(QStringLiteral("unified")));
    }

    // On a CPU-only machine the engine takes the memory from the host RAM
    // (core/scenario/resolve.cpp): the device-size box shows that RAM, cannot be edited, says
    // why, and "Custom memory" there only changes the bandwidth.
    void cpuOnlyMachineTakesItsMemoryFromHostRam()
    {
        MainWindow w(m_catalog, false);
        HardwarePicker *hw = w.hardwarePicker();
        chooseMachine(w, "cpu");
        hw->hostRam()->setValue(16);
        QCOMPARE(hw->customCapacity()->value(), 16.0);
        hw->customCheck()->setChecked(true);
        QVERIFY(!hw->customCapacity()->isEnabled());
        QVERIFY(hw->customBandwidth()->isEnabled());
        QVERIFY2(hw->customCapacity()->toolTip().contains(QStringLiteral("host RAM")),
                 qPrintable(hw->customCapacity()->toolTip()));
        QCOMPARE(w.scenario().hardware.capacityBytes, Bytes(0));
        QVERIFY(w.scenario().hardware.bandwidthBytesPerSecond > 0);
        hw->hostRam()->setValue(32);
        QCOMPARE(hw->customCapacity()->value(), 32.0);
        // A GPU takes a device size again.
        chooseMachine(w, "rtx-3090");
        QVERIFY(hw->customCapacity()->isEnabled());
        QVERIFY(!hw->customCapacity()->toolTip().contains(QStringLiteral("host RAM")));
    }

    // A runtime setting that fixes the KV cache's format (vLLM kv_cache_dtype, llama.cpp
    // cache_type_k/v) wins in the estimate: the KV-cache control shows it, disabled, and names
    // the setting; without the setting it follows the scenario again.
    void runtimeKvSettingShowsInTheKvControl()
    {
        MainWindow w(m_catalog, false);
        QComboBox *kv = w.whatIfPanel()->kvDtype();
        QVERIFY(kv->isEnabled());
        QCOMPARE(kv->currentData().toString(), QStringLiteral("f16"));
        Scenario s = w.scenario();
        s.runtime.preset = "vllm";
        s.runtime.settings = nlohmann::json{{"kv_cache_dtype", "fp8"}};
        w.controller()->setScenario(s, QStringLiteral("vLLM with an FP8 cache"));
        QCOMPARE(w.controller()->error(), QString());
        QCOMPARE(kv->currentData().toString(), QStringLiteral("fp8"));
        QVERIFY(!kv->isEnabled());
        QVERIFY2(kv->toolTip().contains(QStringLiteral("kv_cache_dtype")), qPrintable(kv->toolTip()));
        QCOMPARE(w.scenario().kvCacheDtype, std::string("f16")); // the scenario's own value is kept

        s.runtime.preset = "llama.cpp";
        s.runtime.settings = nlohmann::json{{"cache_type_k", "q8_0"}, {"cache_type_v", "q4_0"}};
        w.controller()->setScenario(s, QStringLiteral("llama.cpp with quantized K and V"));
        QCOMPARE(w.controller()->error(), QString());
        QCOMPARE(kv->currentData().toString(), QStringLiteral("q8_0"));
        QVERIFY(!kv->isEnabled());
        QVERIFY2(kv->toolTip().contains(QStringLiteral("cache_type_k, cache_type_v")) &&
                     kv->toolTip().contains(QStringLiteral("q4_0")),
                 qPrintable(kv->toolTip()));

        s.runtime.settings = nlohmann::json::object();
        w.controller()->setScenario(s, QStringLiteral("no runtime KV setting"));
        QCOMPARE(kv->currentData().toString(), QStringLiteral("f16"));
        QVERIFY(kv->isEnabled());
        QVERIFY(!kv->toolTip().contains(QStringLiteral("cache_type")));
    }

    // llama.cpp's n_gpu_layers count wins over the scenario's layer share: the GPU-layers slider shows
    // the share the estimate places (20 of Llama 3.1 8B's 32 layers: 63 %), disabled, naming the
    // setting; "auto" follows the slider, and without the setting the slider is the scenario's again.
    void runtimeGpuLayerSettingShowsInTheSlider()
    {
        MainWindow w(m_catalog, false);
        QSlider *slider = w.whatIfPanel()->offloadSlider();
        QVERIFY(slider->isEnabled());
        Scenario s = w.scenario();
        s.runtime.preset = "llama.cpp";
        s.runtime.settings = nlohmann::json{{"n_gpu_layers", 20}, {"version", "b7000"}};
        w.controller()->setScenario(s, QStringLiteral("20 layers on the GPU"));
        QCOMPARE(w.controller()->error(), QString());
        QCOMPARE(slider->value(), 63);
        QVERIFY(!slider->isEnabled());
        QVERIFY2(slider->toolTip().contains(QStringLiteral("n_gpu_layers")), qPrintable(slider->toolTip()));
        QCOMPARE(w.scenario().placement.gpuLayerFraction, 1.0); // the scenario's own value is kept

        s.runtime.settings = nlohmann::json{{"n_gpu_layers", "auto"}};
        w.controller()->setScenario(s, QStringLiteral("auto"));
        QVERIFY(slider->isEnabled());
        QCOMPARE(slider->value(), 100);
        s.runtime.settings = nlohmann::json::object();
        w.controller()->setScenario(s, QStringLiteral("no runtime layer setting"));
        QVERIFY(slider->isEnabled());
        QCOMPARE(slider->value(), 100);
    }

    void cpuOnlyKeepsHostRam()
    {
        MainWindow w(m_catalog, false);
        chooseMachine(w, "cpu");
        QVERIFY(!w.hardwarePicker()->gpuCount()->isEnabled());
        QVERIFY(w.hardwarePicker()->hostRam()->isEnabled());
        QVERIFY(!w.whatIfPanel()->offloadSlider()->isEnabled());
    }

    void oneGpuCountControl()
    {
        MainWindow w(m_catalog, false);
        int counts = 0;
        for (QSpinBox *box : w.findChildren<QSpinBox *>())
            if (box->toolTip().contains(QStringLiteral("GPUs"), Qt::CaseInsensitive))
                ++counts;
        QCOMPARE(counts, 1);
        w.hardwarePicker()->gpuCount()->setValue(2);
        QCOMPARE(w.scenario().hardware.count, 2u);
    }

    void modelSearch_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("expected");
        QTest::newRow("hf repo") << "meta-llama/Llama-3.1-8B"
                                 << "llama-3.1-8b";
        QTest::newRow("ollama tag") << "llama3.1:8b"
                                    << "llama-3.1-8b";
        QTest::newRow("preset id") << "llama-3.1-70b"
                                   << "llama-3.1-70b";
        QTest::newRow("name") << "Llama 3.1 8B"
                              << "llama-3.1-8b";
    }

    void modelSearch()
    {
        QFETCH(QString, query);
        QFETCH(QString, expected);
        MainWindow w(m_catalog, false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QLineEdit *search = w.modelPicker()->searchField();
        search->setFocus();
        QTest::keyClicks(search, query);
        QVERIFY2(w.modelPicker()->visibleIds().contains(expected),
                 qPrintable(w.modelPicker()->visibleIds().join(u',')));
        QVERIFY(!w.modelPicker()->noMatchLabel()->isVisible());
    }

    // A multimodal checkpoint's size in the list counts its vision tower, as its name does
    // (Llama 3.2 "11B" Vision: 9,775,159,312 text + 895,028,755 tower = 10,670,188,067).
    void modelListCountsTheVisionTower()
    {
        MainWindow w(m_catalog, false);
        QAbstractItemModel *model = w.modelPicker()->view()->model();
        QModelIndex found;
        const std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
            for (int r = 0; r < model->rowCount(parent); ++r) {
                const QModelIndex i = model->index(r, 0, parent);
                if (model->data(i).toString() == QLatin1String("Llama 3.2 11B Vision"))
                    found = i;
                walk(i);
            }
        };
        walk({});
        QVERIFY(found.isValid());
        const QModelIndex params = found.siblingAtColumn(1);
        QCOMPARE(params.data().toString(), QLocale().toString(10.670188067, 'f', 1) + QStringLiteral(" B"));
        const QString tip = params.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("895,028,755")) && tip.contains(QStringLiteral("9,775,159,312")),
                 qPrintable(tip));
    }

    void modelSearchSaysNoMatch()
    {
        MainWindow w(m_catalog, false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QLineEdit *search = w.modelPicker()->searchField();
        search->setFocus();
        QTest::keyClicks(search, QStringLiteral("zzqq-no-such-model"));
        QVERIFY(w.modelPicker()->visibleIds().isEmpty());
        QVERIFY(w.modelPicker()->noMatchLabel()->isVisible());
        QVERIFY2(w.modelPicker()->noMatchLabel()->text().contains(QStringLiteral("zzqq-no-such-model")),
                 qPrintable(w.modelPicker()->noMatchLabel()->text()));
        search->clear();
        QVERIFY(!w.modelPicker()->noMatchLabel()->isVisible());
    }

    void machineListGroupedSortedLabelledOnce()
    {
        MainWindow w(m_catalog, false);
        QComboBox *m = w.hardwarePicker()->machineCombo();
        QString previousVendorHeader;
        Bytes previous = 0;
        for (int i = 0; i < m->count(); ++i) {
            const QString text = m->itemText(i);
            const QString id = m->itemData(i).toString();
            if (id.isEmpty()) { // a header: a new group starts
                previousVendorHeader = text;
                previous = 0;
                continue;
            }
            QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("\\((\\d+ GB)\\).*\\(\\1\\)"))),
                     qPrintable(text));
            const HardwarePreset *p = m_catalog.hardwareById(id.toStdString());
            if (!p)
                continue; // "Generic CPU"
            QVERIFY2(p->spec.capacityBytes >= previous, qPrintable(previousVendorHeader + QStringLiteral(": ") + text));
            previous = p->spec.capacityBytes;
        }
        QVERIFY(m->findText(QStringLiteral("Apple M1 (16 GB)")) >= 0);
        QVERIFY(m->findText(QStringLiteral("Apple M1 (16 GB) (16 GB)")) < 0);
        // Grouped by vendor within a kind.
        QVERIFY(m->findText(QStringLiteral("Discrete GPUs — NVIDIA")) >= 0);
        QVERIFY(m->findText(QStringLiteral("Unified memory — Apple")) >= 0);
    }

    void machineTypeToFilter()
    {
        MainWindow w(m_catalog, false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QComboBox *m = w.hardwarePicker()->machineCombo();
        QVERIFY(m->isEditable());
        m->lineEdit()->setFocus();
        m->lineEdit()->selectAll();
        QTest::keyClicks(m->lineEdit(), QStringLiteral("3090"));
        QCompleter *c = m->completer();
        QVERIFY(c->completionCount() >= 1);
        for (int i = 0; i < c->completionCount(); ++i) {
            c->setCurrentRow(i);
            QVERIFY2(c->currentCompletion().contains(QStringLiteral("3090")), qPrintable(c->currentCompletion()));
        }
        // Choosing from the filtered list picks that machine.
        QTest::keyClick(c->popup(), Qt::Key_Down);
        QTest::keyClick(c->popup(), Qt::Key_Return);
        QVERIFY2(QString::fromStdString(w.scenario().hardware.preset).contains(QStringLiteral("3090")),
                 w.scenario().hardware.preset.c_str());
    }

private:
    PresetCatalog m_catalog;
};

QTEST_MAIN(TestHonestControls)
#include "tst_honestcontrols.moc"
