// Typed values are never silently changed (issue 16 item 3): the context and
// concurrency boxes take 32k/128K/1M notation, and a value out of range is
// clamped to the bound with a message in the status line, never cut to its
// leading digits (main gave 20,000 for 200000 and 500 for "500k").

#include "mainwindow.h"

#include "panels/whatifpanel.h"
#include "widgets/logslider.h"

#include "presetloader.h"

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

private:
    PresetCatalog m_catalog;
};

QTEST_MAIN(TestTypedValues)
#include "tst_typedvalues.moc"
