// vLLM's layer groups sharing one KV block pool (core/runtimes/vllm/kvgroups.h). Golden
// values are the figures two real vLLM runs printed (tests/data/runtime-logs/), worked
// backwards through the arithmetic of vllm/v1/core/kv_cache_utils.py.
#include "runtimes/vllm/kvgroups.h"

#include <QtTest>

using namespace memplan;
using namespace memplan::vllm;

class TstVllmKvGroups : public QObject {
    Q_OBJECT
private slots:
    void groupSizeFollowsTheSmallestKind()
    {
        // Qwen3.8-27B: 16 attention, 48 gated-delta-net layers -> groups of 16: one and three.
        const KvGroups q = kvGroups({16, 0, 48});
        QCOMPARE(q.groupSize, 16u);
        QCOMPARE(q.fullGroups, 1u);
        QCOMPARE(q.stateGroups, 3u);
        // gpt-oss: 18 + 18 -> two groups of 18.
        const KvGroups g = kvGroups({18, 18, 0});
        QCOMPARE(g.groupSize, 18u);
        QCOMPARE(g.groups(), 2u);
        // 12 windowed + 13 full (under 1.5 x): padded to groups of 13, not split into 12s.
        const KvGroups e = kvGroups({13, 12, 0});
        QCOMPARE(e.groupSize, 13u);
        QCOMPARE(e.groups(), 2u);
        // Gemma 3 27B: 10 full, 52 windowed -> groups of 10, the windowed kind padded to six.
        const KvGroups gm = kvGroups({10, 52, 0});
        QCOMPARE(gm.groupSize, 10u);
        QCOMPARE(gm.windowedGroups, 6u);
        // One kind: one group of every layer.
        const KvGroups plain = kvGroups({32, 0, 0});
        QCOMPARE(plain.groupSize, 32u);
        QCOMPARE(plain.groups(), 1u);
        QCOMPARE(kvGroups({}).groups(), 0u);
    }

    void hybridStatePagesMatchTheQwen38Log()
    {
        // vllm-qwen3.8-27b-fp8-tp2-rtx3090-...-hybrid.json: fp8 KV, 2 KV heads per GPU of 256,
        // so one token of one attention layer is 2 x 2 x 256 x 1 = 1024 B; the block was raised
        // to 1568 tokens, one page 1,605,632 B. The printed pool is 4.99 GiB per GPU.
        const Bytes page = 1568 * 1024;
        RequestShape s;
        s.maxModelLen = 131072;
        s.blockTokens = 1568;
        s.mambaMode = MambaCacheMode::Align; // prefix caching on
        const KvGroups g = kvGroups({16, 0, 48});
        QCOMPARE(blocksPerRequest(g, s), std::uint64_t(84 + 3 * 2));
        const auto pool = static_cast<Bytes>(4.99 * double(GiB));
        const PoolCapacity c = poolCapacity(pool, page, g, s, true);
        QCOMPARE(c.blocks, std::uint64_t(208));
        QCOMPARE(QString::number(c.concurrency, 'f', 2), QStringLiteral("2.31")); // printed
        QCOMPARE(c.tokens, std::uint64_t(302921));                                // printed
        // Without prefix caching a request keeps one state page per group: 87 blocks.
        s.mambaMode = MambaCacheMode::None;
        QCOMPARE(blocksPerRequest(g, s), std::uint64_t(87));
        // The two running requests' states: 3 groups x 2 pages x 16 tensors x page, each.
        s.mambaMode = MambaCacheMode::Align;
        QCOMPARE(statePagesBytes(g, s, page, 2), Bytes(2) * 3 * 2 * 16 * page);
        // Before 0.21 the printed tokens were blocks / groups x block: 208 / 4 x 1568.
        QCOMPARE(poolCapacity(pool, page, g, s, false).tokens, std::uint64_t(52 * 1568));
    }

    void windowedGroupsMatchTheGptOssLog()
    {
        // vllm-gpt-oss-120b-mxfp4-tp4-a100-80gb-util0.8-maxlen16384-v0.10.1.json printed
        // 2,640,144 tokens and 284.25x at 16,384. 18 full + 18 windowed layers (window 128),
        // bf16 KV of 2 heads per GPU x 64: 512 B per token and layer, blocks of 16.
        // 0.10.1's tokens are blocks / 2 groups x 16, so the pool held 330,018 or 330,019 blocks.
        const Bytes page = 16 * 512;
        const KvGroups g = kvGroups({18, 18, 0});
        RequestShape s;
        s.maxModelLen = 16384;
        s.blockTokens = 16;
        s.slidingWindow = 128;
        s.batchedTokens = 2048; // vllm serve's default on a card under 70 GiB or an A100
        // 1024 full-attention blocks + ceil((127 + 2048) / 16) + 1 = 137 windowed ones.
        QCOMPARE(blocksPerRequest(g, s), std::uint64_t(1024 + 137));
        const Bytes pool = Bytes(330018) * page * 18 + page; // a pool of 330,018 whole blocks
        const PoolCapacity c = poolCapacity(pool, page, g, s, false);
        QCOMPARE(c.tokens, std::uint64_t(2640144));
        QCOMPARE(QString::number(c.concurrency, 'f', 2), QStringLiteral("284.25"));
    }

    void plainModelsKeepTheOneGroupFigures()
    {
        // vllm-qwen3-8b-bf16-maxlen16384-rtxa5000-v0.21-cudagraph-profiled.json: 46,368 tokens,
        // 2.83x at 16,384. One group of 36 layers; 2,898 blocks of 16 tokens.
        const Bytes page = 16 * (2 * 8 * 128 * 2);
        const KvGroups g = kvGroups({36, 0, 0});
        RequestShape s;
        s.maxModelLen = 16384;
        const PoolCapacity c = poolCapacity(Bytes(2898) * page * 36, page, g, s, true);
        QCOMPARE(c.tokens, std::uint64_t(46368));
        QCOMPARE(QString::number(c.concurrency, 'f', 2), QStringLiteral("2.83"));
        QCOMPARE(poolCapacity(Bytes(2898) * page * 36, page, g, s, false).tokens, std::uint64_t(46368));
    }

    void modesParse()
    {
        MambaCacheMode m = MambaCacheMode::None;
        QVERIFY(parseMambaCacheMode("align", m));
        QCOMPARE(m, MambaCacheMode::Align);
        QVERIFY(parseMambaCacheMode("all", m));
        QCOMPARE(m, MambaCacheMode::All);
        QVERIFY(!parseMambaCacheMode("auto", m));
        // "all" keeps a state page per block of the context.
        RequestShape s;
        s.maxModelLen = 4096;
        s.blockTokens = 1024;
        s.mambaMode = MambaCacheMode::All;
        QCOMPARE(blocksPerRequest(kvGroups({4, 0, 4}), s), std::uint64_t(4 + 4));
    }
};

QTEST_APPLESS_MAIN(TstVllmKvGroups)
#include "tst_vllmkvgroups.moc"
