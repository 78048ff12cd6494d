// Issue 20 item 7: several GPUs splitting whole layers, as the runtime does. Each
// layer's weights and KV cache sit on the same device, and adding GPUs never turns
// a fitting plan into one that does not fit.
#include "estimation/plan.h"
#include "estimator.h"
#include "testsupport.h"

#include <QtTest>

#include <algorithm>
#include <numeric>

using namespace memplan;

namespace {

/// Qwen2.5-0.5B (24 layers), 64 users x 32K tokens, llama.cpp on RTX 4090s split by layer.
Scenario qwenUsers(std::uint32_t gpus)
{
    Scenario s = test::theoryScenario("qwen2.5-0.5b", "bf16", 32768, 64, "rtx-4090");
    s.runtime.preset = "llama.cpp";
    s.hardware.count = gpus;
    s.host.ramBytes = 64 * GiB;
    s.placement.gpuLayerFraction = 1.0;
    s.placement.splitMode = "layer";
    return s;
}

std::vector<std::uint32_t> layersPerDevice(const Scenario &s)
{
    const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
    const estimation::Plan pl = estimation::makePlan(r);
    std::vector<std::uint32_t> out;
    for (std::uint32_t d = 0; d < pl.gpus; ++d)
        out.push_back(pl.layersOn(d));
    return out;
}

} // namespace

class TstLayerSplit : public QObject {
    Q_OBJECT
private slots:
    void llamaCppAssignsWholeLayersByCumulativeShare()
    {
        // src/llama-model.cpp (load_tensors): 24 layers + the output layer are 25 slots; slot s
        // goes to the first device whose cumulative even share exceeds s / 25. Two GPUs: s < 12.5
        // on GPU 0 (13 layers), the rest and the output on GPU 1. Three: s <= 8, s <= 16, rest.
        QCOMPARE(layersPerDevice(qwenUsers(2)), std::vector<std::uint32_t>({13, 11}));
        QCOMPARE(layersPerDevice(qwenUsers(3)), std::vector<std::uint32_t>({9, 8, 7}));
        // More GPUs than slots: some hold no layer at all, none holds another's leftovers.
        const auto many = layersPerDevice(qwenUsers(64));
        QCOMPARE(std::accumulate(many.begin(), many.end(), 0u), 24u);
        QCOMPARE(*std::max_element(many.begin(), many.end()), 1u);
    }

    void eachLayersKvSitsWithItsWeights()
    {
        for (std::uint32_t gpus : {2u, 5u, 16u, 25u, 64u}) {
            const Estimate e = estimate(qwenUsers(gpus), test::shippedCatalog());
            const auto layers = layersPerDevice(qwenUsers(gpus));
            const Bytes kvPerLayer = e.model.kvBytesPerToken / 24 * 64 * 32768;
            for (std::uint32_t d = 0; d < gpus; ++d) {
                QCOMPARE(e.pools[d].guest(Guest::KvCache), kvPerLayer * layers[d]);
                const bool weightsHere = e.pools[d].guest(Guest::Weights) > 0;
                // A device without layers keeps only the output head (the last one) or nothing.
                QVERIFY(layers[d] > 0 || !weightsHere || d + 1 == gpus);
            }
        }
    }

    void moreGpusNeverBreakAFit()
    {
        // Issue 20 item 7: the same workload fitted on 8, not on 16, on 23-24 and not on 25-64.
        bool fitted = false;
        QString verdicts;
        for (std::uint32_t gpus = 1; gpus <= 64; ++gpus) {
            const bool fits = estimate(qwenUsers(gpus), test::shippedCatalog()).fits;
            verdicts += fits ? QLatin1Char('+') : QLatin1Char('-');
            QVERIFY2(!fitted || fits, qPrintable(verdicts));
            fitted = fitted || fits;
        }
        QVERIFY2(fitted && verdicts.endsWith(QLatin1Char('+')), qPrintable(verdicts));
    }

    void tensorParallelismStillSplitsHeads()
    {
        // Qwen2.5-0.5B has 2 KV heads: two GPUs under tensor parallelism hold one head of every
        // layer each, so each holds half of the one-GPU cache (theory profile: no overheads).
        Scenario one = test::theoryScenario("qwen2.5-0.5b", "bf16", 32768, 64, "h100-sxm");
        Scenario two = one;
        two.hardware.count = 2;
        two.placement.splitMode = "tensor";
        const Estimate e1 = estimate(one, test::shippedCatalog());
        const Estimate e2 = estimate(two, test::shippedCatalog());
        QVERIFY(!estimation::makePlan(resolveScenario(two, test::shippedCatalog())).layerSplit);
        QCOMPARE(e2.pools[0].guest(Guest::KvCache), e1.pools[0].guest(Guest::KvCache) / 2);
        QCOMPARE(e2.pools[1].guest(Guest::KvCache), e1.pools[0].guest(Guest::KvCache) / 2);
    }
};

QTEST_APPLESS_MAIN(TstLayerSplit)
#include "tst_layersplit.moc"
