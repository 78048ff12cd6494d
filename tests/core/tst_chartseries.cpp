// The chart series builder (STYLE.md practice 8): what the charts show is decided
// here, from the estimate, so the widgets only apply it.
#include "estimator.h"
#include "questions/chartseries.h"
#include "questions/solvers.h"
#include "testsupport.h"

#include <QtTest>

using namespace memplan;

class TstChartSeries : public QObject {
    Q_OBJECT
private slots:
    void niceAxis_data()
    {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<quint64>("axis");
        // 5 % headroom, then the next 1, 2, 2.5 or 5 x 10^k GiB.
        QTest::newRow("zero -> 1 GiB") << quint64(0) << quint64(GiB);
        QTest::newRow("7 GiB -> 10 GiB") << quint64(7 * GiB) << quint64(10 * GiB);
        QTest::newRow("24 GiB -> 50 GiB") << quint64(24 * GiB) << quint64(50 * GiB);
        QTest::newRow("19 GiB -> 20 GiB") << quint64(19 * GiB) << quint64(20 * GiB);
        QTest::newRow("64 GiB -> 100 GiB") << quint64(64 * GiB) << quint64(100 * GiB);
    }
    void niceAxis()
    {
        QFETCH(quint64, bytes);
        QFETCH(quint64, axis);
        QCOMPARE(niceAxisMax(bytes), axis);
    }

    void barsFollowPools_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("hardware");
        QTest::addColumn<double>("gpuFraction");
        QTest::addColumn<int>("bars");
        QTest::addColumn<bool>("overflowOnGpu");
        QTest::newRow("8b on 4090: gpu + host, fits") << "llama-3.1-8b"
                                                      << "rtx-4090" << 1.0 << 2 << false;
        QTest::newRow("70b on 4090: over on the gpu") << "llama-3.1-70b"
                                                      << "rtx-4090" << 1.0 << 2 << true;
        QTest::newRow("70b on a mac: one unified bar") << "llama-3.1-70b"
                                                       << "m4-max-128gb" << 1.0 << 1 << false;
    }
    void barsFollowPools()
    {
        QFETCH(QString, model);
        QFETCH(QString, hardware);
        QFETCH(double, gpuFraction);
        QFETCH(int, bars);
        QFETCH(bool, overflowOnGpu);
        Scenario s = test::theoryScenario(model.toStdString(), "q4_k_m", 8192, 1, hardware.toStdString());
        s.runtime.preset = "llama.cpp";
        s.placement.gpuLayerFraction = gpuFraction;
        const Estimate e = estimate(s, test::shippedCatalog());
        const BarSeries series = buildBarSeries(e);
        QCOMPARE(int(series.bars.size()), bars);
        for (std::size_t i = 0; i < series.bars.size(); ++i) {
            const Bar &b = series.bars[i];
            QCOMPARE(b.poolId, e.pools[i].id);
            QCOMPARE(b.guests, e.pools[i].guests); // fixed guest order, straight from the pool
            QVERIFY(series.axisMax >= std::max(b.total, b.capacity));
        }
        QCOMPARE(series.bars[0].overflow > 0, overflowOnGpu);
        if (overflowOnGpu)
            QCOMPARE(series.bars[0].overflow, e.pools[0].overflow());
    }

    void sweepAgreesWithEstimatesAndSolver()
    {
        Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 8192, 4, "rtx-4060-ti-16gb");
        s.runtime.preset = "llama.cpp";
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        const SweepSeries sweep = buildSweep(r, SweepAxis::Context);
        QCOMPARE(sweep.current, quint64(8192));
        QCOMPARE(sweep.points.front().x, quint64(256));
        QCOMPARE(sweep.points.back().x, r.model.maxContext);
        Bytes previous = 0;
        for (const SweepPoint &p : sweep.points) {
            QCOMPARE(p.total, estimate(withContext(r, p.x)).pools[0].totalBytes);
            QVERIFY(p.total >= previous);
            previous = p.total;
        }
        QCOMPARE(sweep.maxFitting, solveMaxContext(r));
        const SweepSeries users = buildSweep(r, SweepAxis::Concurrency);
        QCOMPARE(users.points.front().x, quint64(1));
        QCOMPARE(users.points.back().x, quint64(1024));
    }
};

QTEST_APPLESS_MAIN(TstChartSeries)
#include "tst_chartseries.moc"
