#include "models/breakdowntablemodel.h"

#include "estimator.h"
#include "presetloader.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace memplan;
using memplan::ui::BreakdownTableModel;

class TestBreakdownTableModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_catalog = app::loadCatalog({}, false); }

    void passesModelTester_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("hardware");
        QTest::addColumn<double>("gpuFraction");
        QTest::newRow("llama-3.1-8b on rtx-4090") << "llama-3.1-8b"
                                                  << "rtx-4090" << 1.0;
        QTest::newRow("llama-3.1-70b 60% on rtx-4090") << "llama-3.1-70b"
                                                       << "rtx-4090" << 0.6;
        QTest::newRow("qwen3-30b-a3b on m4-max-128gb") << "qwen3-30b-a3b"
                                                       << "m4-max-128gb" << 1.0;
        QTest::newRow("gemma-3-4b cpu only") << "gemma-3-4b"
                                             << "cpu" << 1.0;
    }
    void passesModelTester()
    {
        QFETCH(QString, model);
        QFETCH(QString, hardware);
        QFETCH(double, gpuFraction);
        BreakdownTableModel table;
        QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&table, &QAbstractItemModel::modelReset);

        Scenario s = defaultScenario();
        s.model.preset = model.toStdString();
        s.hardware.preset = hardware.toStdString();
        s.placement.gpuLayerFraction = gpuFraction;
        const Estimate e = estimate(s, m_catalog);
        table.setEstimate(e);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(table.rowCount(), int(e.items.size()));
        QVERIFY(table.rowCount() > 0);
        for (int row = 0; row < table.rowCount(); ++row) {
            QCOMPARE(table.index(row, 0).data(BreakdownTableModel::BytesRole).value<quint64>(), e.items[row].bytes);
            QVERIFY(!table.index(row, BreakdownTableModel::GiBColumn).data().toString().isEmpty());
            QVERIFY(!table.index(row, BreakdownTableModel::EvidenceColumn).data().toString().isEmpty());
        }
        table.setEstimate(Estimate{});
        QCOMPARE(table.rowCount(), 0);
    }

    void bytesAreShownInBothUnits()
    {
        BreakdownTableModel table;
        const Estimate e = estimate(defaultScenario(), m_catalog);
        table.setEstimate(e);
        int weights = -1;
        for (int i = 0; i < int(e.items.size()); ++i)
            if (e.items[i].guest == Guest::Weights && e.items[i].bytes > GiB)
                weights = i;
        QVERIFY(weights >= 0);
        QCOMPARE(table.index(weights, BreakdownTableModel::GiBColumn).data().toString(),
                 QString::fromStdString(formatGiBNumber(e.items[weights].bytes)));
        QCOMPARE(table.index(weights, BreakdownTableModel::GBColumn).data().toString(),
                 QString::fromStdString(formatGBNumber(e.items[weights].bytes)));
    }

private:
    PresetCatalog m_catalog;
};

QTEST_MAIN(TestBreakdownTableModel)
#include "tst_breakdowntablemodel.moc"
