// Engine speed goals (issue 2), run by hand: see docs/performance.md.
//   one estimate well under 1 us; a sweep of 1,000 context lengths under 1 ms; each solver under 50 us.
#include "../core/testsupport.h"
#include "estimator.h"
#include "questions/chartseries.h"
#include "questions/solvers.h"
#include "speed/speedengine.h"

#include <QtTest>

using namespace memplan;

class BenchEngine : public QObject {
    Q_OBJECT
    ResolvedScenario m_r;

private slots:
    void initTestCase() { m_r = resolveScenario(defaultScenario(), test::shippedCatalog()); }

    void estimateWithoutItems()
    {
        const EstimateOptions fast{false};
        QBENCHMARK
        {
            QVERIFY(estimate(m_r, fast).pools.size() == 2);
        }
    }
    /// What a solver step or a sweep point runs: pools only, no items, no speed (goal < 1 us).
    void estimateForSolvers()
    {
        const EstimateOptions fast{.items = false, .speed = false, .notices = false};
        QBENCHMARK
        {
            QVERIFY(estimate(m_r, fast).pools.size() == 2);
        }
    }
    void estimateWithItems()
    {
        QBENCHMARK
        {
            QVERIFY(!estimate(m_r).items.empty());
        }
    }
    /// What the speed engine (core/speed) adds to one estimate with items (goal < 0.2 us).
    void speedOfOneEstimate()
    {
        Estimate e = estimate(m_r);
        QBENCHMARK
        {
            estimateSpeed(m_r, e);
            QVERIFY(e.speed.available);
        }
    }
    /// Resolving a scenario with llama.cpp tensor overrides: each estimate in the window resolves
    /// once, and -ot runs five regular expressions over DeepSeek-V3's 61 layers' tensor names.
    void resolveWithTensorOverrides()
    {
        Scenario s;
        s.model.preset = "deepseek-v3";
        s.weights.format = "q2_k";
        s.hardware.preset = "rtx-4090";
        s.hardware.count = 4;
        s.runtime.preset = "llama.cpp";
        s.runtime.settings = {{"ctx_size", 16384},
                              {"n_gpu_layers", 99},
                              {"override_tensor",
                               {"blk\\.([0-7])\\..*_exps\\.=CUDA0", "blk\\.([8-9]|1[0-1])\\..*_exps\\.=CUDA1",
                                "blk\\.(1[2-6])\\..*_exps\\.=CUDA2", "blk\\.(1[7-9]|2[0-6])\\..*_exps\\.=CUDA3",
                                "blk\\..*_exps\\.=CPU"}}};
        QBENCHMARK
        {
            QVERIFY(!resolveScenario(s, test::shippedCatalog()).settings.expertDevice.empty());
        }
    }
    void sweepThousandContexts()
    {
        const EstimateOptions fast{
            .items = false, .speed = false, .notices = false}; // as core/questions/chartseries.cpp sweeps
        QBENCHMARK
        {
            Bytes sum = 0;
            ResolvedScenario v = m_r;
            for (std::uint64_t c = 1; c <= 1000; ++c) {
                setContext(v, c * 128);
                sum += estimate(v, fast).pools[0].totalBytes;
            }
            QVERIFY(sum > 0);
        }
    }
    void solveMaxContextBench()
    {
        QBENCHMARK
        {
            QVERIFY(solveMaxContext(m_r));
        }
    }
    void solveMaxConcurrencyBench()
    {
        QBENCHMARK
        {
            QVERIFY(solveMaxConcurrency(m_r));
        }
    }
    void solveMinGpusBench()
    {
        QBENCHMARK
        {
            QVERIFY(solveMinGpus(m_r));
        }
    }
    void solveGpuLayersBench()
    {
        QBENCHMARK
        {
            QVERIFY(solveMaxGpuLayers(m_r));
        }
    }
    void buildSweepBench()
    {
        QBENCHMARK
        {
            QVERIFY(!buildSweep(m_r, SweepAxis::Context).points.empty());
        }
    }
};

QTEST_APPLESS_MAIN(BenchEngine)
#include "bench_engine.moc"
