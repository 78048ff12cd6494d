// Training engine speed goal (issue 15), run by hand: see docs/performance.md.
//   one training estimate under 2 us; the micro-batch and sequence solvers well under 1 ms.
#include "estimator.h"
#include "scenariojson.h"
#include "training/trainingsolvers.h"
#include "../core/testsupport.h"

#include <QFile>
#include <QtTest>

using namespace memplan;

class BenchTraining : public QObject {
    Q_OBJECT
    ResolvedScenario m_qlora;
    ResolvedScenario m_zero3;

    static ResolvedScenario load(const char *name)
    {
        QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/%1").arg(QLatin1String(name)));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("missing %s", name);
        return resolveScenario(scenarioFromText(f.readAll().toStdString(), name), test::shippedCatalog());
    }

private slots:
    void initTestCase()
    {
        m_qlora = load("qlora-llama-3.1-8b-rtx4090.scenario.json");
        m_zero3 = load("full-ft-llama-3.1-8b-8xh100-zero3.scenario.json");
    }
    void trainingEstimateWithoutItems()
    {
        const EstimateOptions fast{false};
        QBENCHMARK { QVERIFY(estimate(m_qlora, fast).pools.size() == 2); }
    }
    void trainingEstimateWithItems()
    {
        QBENCHMARK { QVERIFY(!estimate(m_qlora).items.empty()); }
    }
    void trainingEstimateEightRanks()
    {
        QBENCHMARK { QVERIFY(estimate(m_zero3).pools.size() == 9); }
    }
    void solveMaxMicroBatchBench() { QBENCHMARK { QVERIFY(solveMaxMicroBatch(m_qlora)); } }
    void solveMaxSequenceBench() { QBENCHMARK { QVERIFY(solveMaxSequenceLength(m_qlora)); } }
};

QTEST_APPLESS_MAIN(BenchTraining)
#include "bench_training.moc"
