// Solvers must agree with the estimator: the answer fits and one more does not.
#include "estimator.h"
#include "questions/solvers.h"
#include "testsupport.h"

#include <QtTest>

using namespace memplan;

class TstSolvers : public QObject {
    Q_OBJECT
private:
    static ResolvedScenario resolved(const std::string &model, const std::string &format, const std::string &hw,
                                     const std::string &runtime, std::uint64_t ctx, std::uint64_t n)
    {
        Scenario s = test::theoryScenario(model, format, ctx, n, hw);
        s.runtime.preset = runtime;
        return resolveScenario(s, test::shippedCatalog());
    }

private slots:
    void agreement_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("hardware");
        QTest::addColumn<QString>("runtime");
        QTest::newRow("llama-3.1-8b q4_k_m rtx-4060-ti llama.cpp") << "llama-3.1-8b"
                                                                   << "q4_k_m"
                                                                   << "rtx-4060-ti-16gb"
                                                                   << "llama.cpp";
        QTest::newRow("llama-3.1-70b bf16 h100 vllm") << "llama-3.1-70b"
                                                      << "bf16"
                                                      << "h100-sxm"
                                                      << "vllm";
        QTest::newRow("qwen3-30b-a3b q4_k_m m4-max mlx") << "qwen3-30b-a3b"
                                                         << "q4_k_m"
                                                         << "m4-max-36gb"
                                                         << "mlx";
        QTest::newRow("gemma-3-27b bf16 a100 theory") << "gemma-3-27b"
                                                      << "bf16"
                                                      << "a100-80gb-sxm"
                                                      << "theory";
        QTest::newRow("llama-3.1-8b f16 rtx-3090 transformers") << "llama-3.1-8b"
                                                                << "f16"
                                                                << "rtx-3090"
                                                                << "transformers";
    }
    void agreement()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        QFETCH(QString, hardware);
        QFETCH(QString, runtime);
        const ResolvedScenario r =
            resolved(model.toStdString(), format.toStdString(), hardware.toStdString(), runtime.toStdString(), 4096, 1);
        if (const auto c = solveMaxContext(r)) {
            QVERIFY(estimate(withContext(r, *c)).fits);
            if (*c < r.model.maxContext)
                QVERIFY(!estimate(withContext(r, *c + 1)).fits);
        }
        if (const auto n = solveMaxConcurrency(r)) {
            QVERIFY(estimate(withConcurrency(r, *n)).fits);
            QVERIFY(!estimate(withConcurrency(r, *n + 1)).fits || *n == 100'000);
        }
        if (const auto g = solveMinGpus(r)) {
            QVERIFY(estimate(withGpuCount(r, *g)).fits);
            for (std::uint32_t fewer = 1; fewer < *g; ++fewer)
                QVERIFY(!estimate(withGpuCount(r, fewer)).fits);
        }
    }

    void minGpusForSeventyB()
    {
        // Llama-3.1-70B in bf16 is 141 GB of weights: more than one 80 GB H100 under the theory profile,
        // two suffice (70.55B x 2 bytes / 2 = 70.6 GB each, + KV).
        const ResolvedScenario r = resolved("llama-3.1-70b", "bf16", "h100-sxm", "theory", 8192, 1);
        QCOMPARE(solveMinGpus(r), std::optional<std::uint32_t>(2));
    }

    void gpuLayersForOffload()
    {
        const ResolvedScenario r = resolved("llama-3.1-70b", "q4_k_m", "rtx-4090", "llama.cpp", 8192, 1);
        const auto k = solveMaxGpuLayers(r);
        QVERIFY(k);
        QVERIFY(*k > 10 && *k < 80);
        const Estimate at = estimate(withGpuLayers(r, *k));
        QVERIFY(at.pools[0].fits);
        QVERIFY(!estimate(withGpuLayers(r, *k + 1)).pools[0].fits);
    }

    void nothingFits()
    {
        const ResolvedScenario r = resolved("llama-3.1-405b", "bf16", "rtx-3060-12gb", "theory", 4096, 1);
        QVERIFY(!solveMaxContext(r));
        QVERIFY(!solveMaxConcurrency(r));
    }
};

QTEST_APPLESS_MAIN(TstSolvers)
#include "tst_solvers.moc"
