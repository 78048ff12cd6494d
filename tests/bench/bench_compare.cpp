// The buyer's searches (issue 14), run by hand: see docs/performance.md.
//   "which machines fit" over every hardware preset and "which models fit" over every model
//   preset each answer in under 50 ms; advice for an over-capacity scenario likewise.
#include "../core/testsupport.h"
#include "questions/advice.h"
#include "questions/fitsearch.h"

#include <QtTest>

using namespace memplan;

class BenchCompare : public QObject {
    Q_OBJECT
    Scenario m_default = defaultScenario();

private slots:
    void fitMachinesAllPresets()
    {
        QBENCHMARK
        {
            QVERIFY(!fitMachines(m_default, test::shippedCatalog()).empty());
        }
    }
    void fitModelsAllPresets()
    {
        QBENCHMARK
        {
            QVERIFY(!fitModels(m_default, test::shippedCatalog()).empty());
        }
    }
    void adviseOverCapacity()
    {
        Scenario s = m_default;
        s.model.preset = "llama-3.1-70b";
        QBENCHMARK
        {
            QVERIFY(!advise(s, test::shippedCatalog()).empty());
        }
    }
};

QTEST_APPLESS_MAIN(BenchCompare)
#include "bench_compare.moc"
