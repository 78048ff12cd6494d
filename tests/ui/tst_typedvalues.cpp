// Typed values are never silently changed (issue 16 item 3): the context and
// concurrency boxes take 32k/128K/1M notation, and a value out of range is
// clamped to the bound with a message in the status line, never cut to its
// leading digits (main gave 20,000 for 200000 and 500 for "500k").

#include "mainwindow.h"

#include "panels/hardwarepicker.h"
#include "panels/whatifpanel.h"
#include "widgets/logslider.h"

#include "presetloader.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>

using namespace memplan;
using namespace memplan::ui;

namespace {
void typeInto(QSpinBox *spin, const QString &text)
{
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}
void typeInto(QDoubleSpinBox *spin, const QString &text)
{
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}
} // namespace

class TestTypedValues : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_catalog = app::loadCatalog({}, false);
    }

    void contextEntry_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<qulonglong>("expected");
        QTest::addColumn<QString>("message");
        // Llama 3.1 8B: 131,072-token maximum (max_position_embeddings, presets/models/llama-3.1-8b.json).
        QTest::newRow("plain in range") << "100000" << 100000ULL << QString();
        QTest::newRow("grouped") << "12,345" << 12345ULL << QString();
        QTest::newRow("32k") << "32k" << 32768ULL << QString();
        QTest::newRow("128K") << "128K" << 131072ULL << QString();
        QTest::newRow("200000 clamps") << "200000" << 131072ULL << "200,000 is above the maximum of 131,072";
        QTest::newRow("999999999 clamps") << "999999999" << 131072ULL << "999,999,999 is above the maximum of 131,072";
        QTest::newRow("500k clamps") << "500k" << 131072ULL << "512,000 is above the maximum of 131,072";
        QTest::newRow("1M clamps") << "1M" << 131072ULL << "1,048,576 is above the maximum of 131,072";
        QTest::newRow("too small") << "10" << 256ULL << "10 is below the minimum of 256";
    }

    void contextEntry()
    {
        QFETCH(QString, typed);
        QFETCH(qulonglong, expected);
        QFETCH(QString, message);
        MainWindow w(m_catalog, false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        LogSlider *context = w.whatIfPanel()->contextSlider();
        typeInto(context->spinBox(), typed);
        QCOMPARE(w.scenario().workload.contextTokens, expected);
        if (message.isEmpty()) {
            QVERIFY2(context->clampMessage().isEmpty(), qPrintable(context->clampMessage()));
        } else {
            QVERIFY2(context->clampMessage().startsWith(message), qPrintable(context->clampMessage()));
            QVERIFY2(w.statusBar()->currentMessage().startsWith(message), qPrintable(w.statusBar()->currentMessage()));
        }
    }

    void concurrencyEntry()
    {
        MainWindow w(m_catalog, false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        LogSlider *users = w.whatIfPanel()->concurrencySlider();
        typeInto(users->spinBox(), QStringLiteral("100"));
        QCOMPARE(w.scenario().workload.concurrency, 100ULL);
        typeInto(users->spinBox(), QStringLiteral("5000"));
        QCOMPARE(w.scenario().workload.concurrency, 1024ULL);
        QVERIFY2(users->clampMessage().startsWith(QStringLiteral("5,000 is above the maximum of 1,024")),
                 qPrintable(users->clampMessage()));
    }

    // The host-RAM, capacity and bandwidth boxes (1-16,384 GiB, 0.5-65,536 GiB, 1-100,000 GB/s):
    // Qt's own box drops the keystroke that passes the maximum, so "20000" became 2,000 GiB
    // with no word. Now the value is kept in range and the status line names field and range.
    void memoryEntry_data()
    {
        QTest::addColumn<int>("box"); // 0 host RAM, 1 capacity, 2 bandwidth
        QTest::addColumn<QString>("typed");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("message");
        QTest::newRow("host in range") << 0 << "128" << 128.0 << QString();
        QTest::newRow("host grouped") << 0 << "2,048" << 2048.0 << QString();
        QTest::newRow("host 20000")
            << 0 << "20000" << 16384.0
            << "Host RAM: 20,000 GiB is above the maximum (allowed 1 GiB to 16,384 GiB); using 16,384 GiB.";
        QTest::newRow("host 0") << 0 << "0" << 1.0
                                << "Host RAM: 0 GiB is below the minimum (allowed 1 GiB to 16,384 GiB); using 1 GiB.";
        QTest::newRow("capacity 100000") << 1 << "100000" << 65536.0
                                         << "Memory per device: 100,000.0 GiB is above the maximum (allowed 0.5 GiB to "
                                            "65,536.0 GiB); using 65,536.0 GiB.";
        QTest::newRow("capacity 48") << 1 << "48" << 48.0 << QString();
        QTest::newRow("bandwidth 250000")
            << 2 << "250000" << 100000.0
            << "Bandwidth: 250,000 GB/s is above the maximum (allowed 1 GB/s to 100,000 GB/s); "
               "using 100,000 GB/s.";
    }

    void memoryEntry()
    {
        QFETCH(int, box);
        QFETCH(QString, typed);
        QFETCH(double, expected);
        QFETCH(QString, message);
        MainWindow w(m_catalog, false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        HardwarePicker *hw = w.findChild<HardwarePicker *>();
        QVERIFY(hw);
        if (box > 0)
            hw->findChild<QCheckBox *>()->setChecked(true); // "Custom memory" enables both boxes
        QDoubleSpinBox *spin = box == 0 ? hw->hostRam() : box == 1 ? hw->customCapacity() : hw->customBandwidth();
        QVERIFY(spin->isEnabled());
        typeInto(spin, typed);
        QCOMPARE(spin->value(), expected);
        const Scenario &s = w.scenario();
        if (box == 0)
            QCOMPARE(double(s.host.ramBytes), expected * 1073741824.0);
        else if (box == 1)
            QCOMPARE(double(s.hardware.capacityBytes), expected * 1073741824.0);
        else
            QCOMPARE(double(s.hardware.bandwidthBytesPerSecond), expected * 1e9);
        if (message.isEmpty())
            QVERIFY2(w.statusBar()->currentMessage().isEmpty(), qPrintable(w.statusBar()->currentMessage()));
        else
            QCOMPARE(w.statusBar()->currentMessage(), message);
    }

private:
    PresetCatalog m_catalog;
};

QTEST_MAIN(TestTypedValues)
#include "tst_typedvalues.moc"
