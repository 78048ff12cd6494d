// KV cache rules. Golden values are the seeds' worked examples (seed 003 §6 and §22)
// or hand calculations written next to each row.
#include "estimator.h"
#include "model/kvcache.h"
#include "testsupport.h"

#include <QtTest>

using namespace memplan;

namespace {
Bytes kvOnPool(const Estimate &e, std::size_t pool)
{
    return e.pools[pool].guest(Guest::KvCache);
}
} // namespace

class TstKvCache : public QObject {
    Q_OBJECT
private slots:
    void seedExamples_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<quint64>("context");
        QTest::addColumn<quint64>("concurrency");
        QTest::addColumn<quint64>("perToken");
        QTest::addColumn<quint64>("kvBytes");
        // Seed 003 §6: 32 layers x 2 x 8 KV heads x 128 x 2 bytes = 131,072 bytes = 128 KiB per token.
        QTest::newRow("llama-3.1-8b f16 kv 4k x1 = 512 MiB")
            << "llama-3.1-8b" << quint64(4096) << quint64(1) << quint64(131072) << quint64(512 * MiB);
        QTest::newRow("llama-3.1-8b f16 kv 8k x1 = 1 GiB")
            << "llama-3.1-8b" << quint64(8192) << quint64(1) << quint64(131072) << quint64(GiB);
        QTest::newRow("llama-3.1-8b f16 kv 32k x1 = 4 GiB")
            << "llama-3.1-8b" << quint64(32768) << quint64(1) << quint64(131072) << quint64(4 * GiB);
        QTest::newRow("llama-3.1-8b f16 kv 128k x1 = 16 GiB")
            << "llama-3.1-8b" << quint64(131072) << quint64(1) << quint64(131072) << quint64(16 * GiB);
        // Seed 003 §8: ten sequences of the same length need ten times the KV (4k x 10 = 5 GiB).
        QTest::newRow("llama-3.1-8b f16 kv 4k x10 = 5 GiB")
            << "llama-3.1-8b" << quint64(4096) << quint64(10) << quint64(131072) << quint64(5 * GiB);
        // Seed 003 §22: 80 layers x 2 x 8 x 128 x 2 = 327,680 bytes (320 KiB); 32,768 tokens = 10 GiB.
        QTest::newRow("llama-3.1-70b f16 kv 32k x1 = 10 GiB")
            << "llama-3.1-70b" << quint64(32768) << quint64(1) << quint64(327680) << quint64(10 * GiB);
        // MQA: Falcon-7B caches one KV head: 32 x 2 x 1 x 64 x 2 = 8,192 bytes; 2048 tokens = 16 MiB.
        QTest::newRow("falcon-7b MQA 2k")
            << "falcon-7b" << quint64(2048) << quint64(1) << quint64(8192) << quint64(16 * MiB);
        // MHA: Llama-2-7B: 32 x 2 x 32 x 128 x 2 = 524,288 bytes (512 KiB); 4096 tokens = 2 GiB.
        QTest::newRow("llama-2-7b MHA 4k")
            << "llama-2-7b" << quint64(4096) << quint64(1) << quint64(524288) << quint64(2 * GiB);
        // MLA: DeepSeek-V3 stores a 512 + 64 latent per layer: 61 x 576 x 2 = 70,272 bytes; x 1000 tokens.
        QTest::newRow("deepseek-v3 MLA 1000")
            << "deepseek-v3" << quint64(1000) << quint64(1) << quint64(70272) << quint64(70'272'000);
        // Sliding window: Gemma 3 27B, 10 full + 52 windowed (1024) layers, 2 x 16 x 128 x 2 = 8,192 bytes per
        // layer and token: 8192 x (10 x 32768 + 52 x 1024) = 3,120,562,176.
        QTest::newRow("gemma-3-27b SWA 32k")
            << "gemma-3-27b" << quint64(32768) << quint64(1) << quint64(507904) << quint64(3'120'562'176ULL);
    }
    void seedExamples()
    {
        QFETCH(QString, model);
        QFETCH(quint64, context);
        QFETCH(quint64, concurrency);
        QFETCH(quint64, perToken);
        QFETCH(quint64, kvBytes);
        Scenario s = test::theoryScenario(model.toStdString(), "bf16", context, concurrency, "cpu");
        s.host.ramBytes = 4096 * GiB;
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.model.kvBytesPerToken, perToken);
        QCOMPARE(kvOnPool(e, 0), kvBytes);
    }

    void quantizedKv()
    {
        // q8_0 K and V rows of 8 x 128 = 1024 elements: 32 blocks x 34 bytes = 1088 bytes each;
        // 32 layers x 2176 = 69,632 bytes per token.
        Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096);
        s.kvCacheDtype = "q8_0";
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.model.kvBytesPerToken, Bytes(69'632));
    }

    void sharedPrefixCountedOnce()
    {
        // 10 sequences of 4096 tokens sharing a 1024-token prefix: 1024 + 10 x 3072 = 31,744 tokens.
        Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 4096, 10);
        s.workload.sharedPrefixTokens = 1024;
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(kvOnPool(e, 0), Bytes(31'744) * 131'072);
    }

    void tensorParallelSplitsHeads_data()
    {
        QTest::addColumn<uint>("gpus");
        QTest::addColumn<quint64>("perGpu");
        // Llama-3.1-70B, 32k tokens, 10 GiB in total.
        QTest::newRow("TP2 halves it") << 2u << quint64(5 * GiB);
        QTest::newRow("TP8 one KV head each") << 8u << quint64(10 * GiB / 8);
        // 16 GPUs but 8 KV heads: each GPU keeps a replicated head, 80 x 2 x 1 x 128 x 2 x 32768 = 1.25 GiB.
        QTest::newRow("TP16 replicates") << 16u << quint64(1280 * MiB);
    }
    void tensorParallelSplitsHeads()
    {
        QFETCH(uint, gpus);
        QFETCH(quint64, perGpu);
        Scenario s = test::theoryScenario("llama-3.1-70b", "bf16", 32768);
        s.hardware.count = gpus;
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.pools.size(), std::size_t(gpus + 1));
        for (uint i = 0; i < gpus; ++i)
            QCOMPARE(kvOnPool(e, i), perGpu);
    }

    void allocationRules_data()
    {
        QTest::addColumn<int>("allocation");
        QTest::addColumn<uint>("block");
        QTest::addColumn<uint>("padding");
        QTest::addColumn<quint64>("context");
        QTest::addColumn<quint64>("concurrency");
        QTest::addColumn<quint64>("tokens");
        QTest::newRow("exact 1000 x 3") << int(KvAllocation::Exact) << 1u << 1u << quint64(1000) << quint64(3)
                                        << quint64(3000);
        // vLLM blocks of 16: ceil(100/16) = 7 blocks = 112 slots per sequence.
        QTest::newRow("paged 100 x 3 in 16-token blocks")
            << int(KvAllocation::Paged) << 16u << 1u << quint64(100) << quint64(3) << quint64(336);
        // llama.cpp pads n_ctx to 256: 1000 -> 1024 cells.
        QTest::newRow("reserve 1000 padded to 256")
            << int(KvAllocation::ReserveFull) << 1u << 256u << quint64(1000) << quint64(1) << quint64(1024);
        QTest::newRow("reserve 4 slots x 1000")
            << int(KvAllocation::ReserveFull) << 1u << 256u << quint64(1000) << quint64(4) << quint64(4096);
    }
    void allocationRules()
    {
        QFETCH(int, allocation);
        QFETCH(uint, block);
        QFETCH(uint, padding);
        QFETCH(quint64, context);
        QFETCH(quint64, concurrency);
        QFETCH(quint64, tokens);
        RuntimeProfile p;
        p.kvAllocation = KvAllocation(allocation);
        p.kvBlockTokens = block;
        p.contextPadding = padding;
        KvWorkload w;
        w.contextTokens = context;
        w.concurrency = concurrency;
        const auto plan = planKvTokens(test::shippedCatalog().model("llama-3.1-8b")->arch, p, w);
        QCOMPARE(plan.fullLayerTokens, tokens);
    }

    void llamaCppSwaCache()
    {
        // gpt-oss-20b log (tests/data/runtime-logs/llamacpp-gpt-oss-20b-...json): n_swa 128, n_ubatch 512, one
        // sequence: min(n_ctx, 128 + 512) = 640 cells, padded to 768 ("creating SWA KV cache, size = 768 cells").
        RuntimeProfile p;
        p.kvAllocation = KvAllocation::ReserveFull;
        p.contextPadding = 256;
        KvWorkload w;
        w.contextTokens = 131072;
        w.batchTokens = 512;
        const auto plan = planKvTokens(test::shippedCatalog().model("gpt-oss-20b")->arch, p, w);
        QCOMPARE(plan.windowedLayerTokens, quint64(768));
        QCOMPARE(plan.fullLayerTokens, quint64(131072));
    }
};

QTEST_APPLESS_MAIN(TstKvCache)
#include "tst_kvcache.moc"
