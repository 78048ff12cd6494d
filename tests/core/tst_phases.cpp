// The estimator's phases (core/estimation/phases.h), each on its own: even
// device shares that lose no byte, weights split between GPUs and host RAM,
// KV heads under tensor parallelism, and the loading-peak verdict.
#include "estimation/phases.h"
#include "estimator.h"
#include "testsupport.h"

#include <QtTest>

using namespace memplan;
using namespace memplan::estimation;

namespace {

Scenario offload(std::uint32_t gpus, double fraction, const std::string &split)
{
    Scenario s = test::theoryScenario("qwen2.5-0.5b", "bf16", 4096, 1, "rtx-4090");
    s.hardware.count = gpus;
    s.host.ramBytes = 64 * GiB;
    s.placement.gpuLayerFraction = fraction;
    s.placement.splitMode = split;
    return s;
}

} // namespace

class TstPhases : public QObject {
    Q_OBJECT
private slots:
    void sharesLoseNoByte()
    {
        const Bytes total = 1'000'000'007ULL;
        for (std::uint32_t n : {1u, 2u, 3u, 7u, 64u}) {
            Bytes sum = 0;
            for (std::uint32_t d = 0; d < n; ++d)
                sum += share(total, n, d);
            QCOMPARE(sum, total);
        }
    }

    void weightsSplitBetweenGpusAndHostAddUp()
    {
        // 24 layers, 3 GPUs, half offloaded: every byte of the model is placed exactly once.
        const ResolvedScenario r = resolveScenario(offload(3, 0.5, "layer"), test::shippedCatalog());
        const Plan pl = makePlan(r);
        Estimate e;
        summarizeModel(e, pl);
        setUpPools(e, pl);
        PoolBuilder b{e, true};
        for (std::uint32_t i = 0; i < pl.devicePools(); ++i) {
            b.pool = std::uint16_t(i);
            placeDeviceWeights(b, pl, i);
        }
        b.pool = std::uint16_t(pl.devicePools());
        placeHostWeights(b, pl);
        Bytes placed = 0;
        for (const Pool &p : e.pools)
            placed += p.guest(Guest::Weights);
        QCOMPARE(pl.gpuLayers, 12u);
        QCOMPARE(placed, e.model.weightsBytes);
    }

    void kvHeadsUnderTensorParallelism()
    {
        // Qwen2.5-0.5B has 2 KV heads: two GPUs hold one each, four replicate them (one each).
        QCOMPARE(kvHeadsPerDevice(makePlan(resolveScenario(offload(1, 1.0, "tensor"), test::shippedCatalog()))), 2u);
        QCOMPARE(kvHeadsPerDevice(makePlan(resolveScenario(offload(2, 1.0, "tensor"), test::shippedCatalog()))), 1u);
        QCOMPARE(kvHeadsPerDevice(makePlan(resolveScenario(offload(4, 1.0, "tensor"), test::shippedCatalog()))), 1u);
        QCOMPARE(kvHeadsPerDevice(makePlan(resolveScenario(offload(4, 1.0, "layer"), test::shippedCatalog()))), 2u);
    }

    void loadingPeakAloneFailsThePool()
    {
        // Transformers without low_cpu_mem_usage holds a full BF16 copy of Llama 3.1 8B (16 GB) in
        // host RAM while loading: on 16 GiB the steady state fits, the load does not.
        Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 4096, 1, "rtx-4090");
        s.runtime.preset = "transformers";
        s.runtime.settings = {{"low_cpu_mem_usage", false}};
        s.host.ramBytes = 16 * GiB;
        const Estimate e = estimate(s, test::shippedCatalog());
        const Pool &host = e.pools.back();
        QVERIFY(host.totalBytes <= host.usableBytes);
        QVERIFY(host.loadingPeakBytes > host.capacityBytes);
        QVERIFY(!host.fits);
        QVERIFY(!e.fits);
        QVERIFY(!e.warnings.empty() && e.warnings.back().find("loading peak") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TstPhases)
#include "tst_phases.moc"
