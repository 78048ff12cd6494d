// llama.cpp's compute buffer, stage by stage (core/runtimes/ggml/ggmlgraph.h). Every row is a
// buffer printed in a real log (tests/data/runtime-logs/, named in the row), and
// the expected value is that printed figure in MiB; the model reproduces each to
// the 0.01 MiB the log rounds to, except where a row says otherwise.
#include "bytes.h"
#include "runtimes/ggml/ggmlgraph.h"

#include <QtTest>

using namespace memplan;

namespace {

GgmlGraphShape shape(double b, double h, double f, double v, double heads, double t, bool fa, double tWin = 0)
{
    GgmlGraphShape s;
    s.tokens = b;
    s.maskRows = b; // every row here is a multiple of the 64-token mask padding
    s.hidden = h;
    s.ffn = f;
    s.vocab = v;
    s.heads = heads;
    s.fullSpan = t;
    s.windowSpan = tWin;
    s.flashAttention = fa;
    return s;
}

GgmlBackendRole role(bool first, bool output, std::uint32_t copies)
{
    GgmlBackendRole r;
    r.first = first;
    r.hasOutput = output;
    r.copies = copies;
    return r;
}

} // namespace

Q_DECLARE_METATYPE(GgmlGraphShape)
Q_DECLARE_METATYPE(GgmlBackendRole)

class TstGgmlGraph : public QObject {
    Q_OBJECT
private slots:
    void loggedBuffers_data()
    {
        QTest::addColumn<GgmlGraphShape>("shape");
        QTest::addColumn<GgmlBackendRole>("role");
        QTest::addColumn<double>("mib");
        QTest::addColumn<double>("tolerance");
        // llamacpp-llama-3-8b-q4_k_m-ctx512-full-offload-fa-off: "CUDA0 compute buffer size = 258.50 MiB".
        // Output stage: 512 x 128256 x 4 (logits) + 512 x 4096 x 4 (hidden state).
        QTest::newRow("Llama-3-8B, one GPU, FA off")
            << shape(512, 4096, 14336, 128256, 32, 512, false) << role(true, true, 1) << 258.50 << 0.005;
        // llamacpp-qwen2.5-3b-kv144mib-full-offload-rtx4080super: 300.75 MiB = 296.75 logits + 4 hidden.
        QTest::newRow("Qwen2.5-3B, one GPU")
            << shape(512, 2048, 11008, 151936, 16, 4096, false) << role(true, true, 1) << 300.75 << 0.005;
        // llamacpp-mistral-7b-v0.2-q5_k_m-kv512mib-cpu-fa-off: "CPU compute buffer size = 296.01 MiB".
        // Attention stage: 8 MiB f32 mask + 32 x 512 x 4096 x 4 scores (256 MiB) + 16 x 512 x 4096.
        QTest::newRow("Mistral-7B, CPU, 4096 cells, FA off")
            << shape(512, 4096, 14336, 32000, 32, 4096, false) << role(true, true, 1) << 296.01 << 0.015;
        // llamacpp-qwen2.5-32b-q8_0-kv-q8_0-ctx32768-ub256-fa-on-2gpu (pipeline parallelism, n_copies=4):
        // CUDA0 233.00 MiB = 4 x (5 MiB embeddings + 32 MiB f32 mask) + 16 MiB f16 mask + FFN stage 69 MiB.
        QTest::newRow("Qwen2.5-32B, CUDA0 of two, FA on")
            << shape(256, 5120, 27648, 152064, 40, 32768, true) << role(true, false, 4) << 233.00 << 0.005;
        // CUDA1 237.51 MiB = 4 x (5 MiB hidden state + 16 MiB f16 mask) + output stage 153.5 MiB.
        QTest::newRow("Qwen2.5-32B, CUDA1 of two, FA on")
            << shape(256, 5120, 27648, 152064, 40, 32768, true) << role(false, true, 4) << 237.51 << 0.015;
        // llamacpp-command-r-v01-...-2gpu: CUDA0 672.01 MiB = 4 x (16 + 8) MiB copies + 512 MiB scores + 64 MiB.
        QTest::newRow("Command R, CUDA0 of two, FA off")
            << shape(512, 8192, 22528, 256000, 64, 4096, false) << role(true, false, 4) << 672.01 << 0.015;
        // llamacpp-gpt-oss-20b-mxfp4-ctx131072-fa-on-ncpumoe99: CUDA0 456.98 MiB; the model gives
        // 448.1 (-1.9 %): 256 MiB f32 + 128 MiB f16 masks of the full layers, the SWA masks, FFN stage.
        QTest::newRow("gpt-oss-20b, one GPU, 131072 cells, FA on")
            << shape(512, 2880, 2880 * 4, 201088, 64, 131072, true, 768) << role(true, true, 1) << 456.98 << 9.0;
    }
    void loggedBuffers()
    {
        QFETCH(GgmlGraphShape, shape);
        QFETCH(GgmlBackendRole, role);
        QFETCH(double, mib);
        QFETCH(double, tolerance);
        const double ours = ggmlComputeBuffer(shape, GgmlGraphConstants{}, role).total() / MiB;
        QVERIFY2(std::abs(ours - mib) <= tolerance, qPrintable(QStringLiteral("%1 MiB").arg(ours, 0, 'f', 3)));
    }

    void hostInputBuffer_data()
    {
        QTest::addColumn<GgmlGraphShape>("shape");
        QTest::addColumn<std::uint32_t>("copies");
        QTest::addColumn<double>("mib");
        // "CUDA_Host compute buffer size": the f32 mask(s) in n_copies copies + the embedding rows.
        QTest::newRow("Llama-3-8B 9.01") << shape(512, 4096, 14336, 128256, 32, 512, false) << 1u << 9.01;
        QTest::newRow("Qwen2.5-32B 133.01 (4 copies)")
            << shape(256, 5120, 27648, 152064, 40, 32768, true) << 4u << 133.01;
        QTest::newRow("gpt-oss-20b 263.15") << shape(512, 2880, 11520, 201088, 64, 131072, true, 768) << 1u << 263.15;
    }
    void hostInputBuffer()
    {
        QFETCH(GgmlGraphShape, shape);
        QFETCH(std::uint32_t, copies);
        QFETCH(double, mib);
        const double ours = ggmlHostInputBuffer(shape, GgmlGraphConstants{}, copies, true) / MiB;
        // Token and output ids, a few KiB per copy, are left out.
        QVERIFY2(std::abs(ours - mib) <= 0.03, qPrintable(QStringLiteral("%1 MiB").arg(ours, 0, 'f', 3)));
    }

    void pipelineCopiesOnlyAddInputs()
    {
        // Turning pipeline parallelism on adds n_copies x the crossing inputs and nothing else.
        const GgmlGraphShape s = shape(256, 5120, 27648, 152064, 40, 32768, true);
        const GgmlComputeBuffer one = ggmlComputeBuffer(s, GgmlGraphConstants{}, role(false, true, 1));
        const GgmlComputeBuffer four = ggmlComputeBuffer(s, GgmlGraphConstants{}, role(false, true, 4));
        const double crossing = 256.0 * 5120 * 4 + 256.0 * 4 + 256.0 * 32768 * 2; // hidden, positions, f16 mask
        QCOMPARE(four.inputCopies, 4 * crossing);
        QCOMPARE(four.outputStage, one.outputStage);
        QCOMPARE(one.inputCopies, 0.0);
    }

    void flashAttentionRemovesTheScores()
    {
        // Without flash attention the n_h x b x T x 4 score matrix is the attention stage.
        const GgmlGraphShape off = shape(512, 4096, 14336, 32000, 32, 32768, false);
        GgmlGraphShape on = off;
        on.flashAttention = true;
        const GgmlComputeBuffer a = ggmlComputeBuffer(off, GgmlGraphConstants{}, role(true, true, 1));
        const GgmlComputeBuffer b = ggmlComputeBuffer(on, GgmlGraphConstants{}, role(true, true, 1));
        QCOMPARE(a.attentionStage - b.attentionStage, 32.0 * 512 * 32768 * 4);
        QVERIFY(a.total() > 2 * GiB && b.total() < 1 * GiB);
    }

    void kvInHostRamMovesTheScoresToTheHost()
    {
        // -nkvo: the attention core runs where the cache is, on the CPU. Log
        // llamacpp-llama-4-scout-ud-q2_k_xl-ctx256000-ngl11-nkvo-vulkan-2x-firepro-d700 (flash
        // attention off, the cache not chunked in that build): the GPUs' compute buffers stay at
        // 616.06 / 72.00 MiB at 256,000 and at 64,000 cells, while the host's (Vulkan_Host) grows
        // from 5264.01 to 21014.01 MiB, the f32 scores 40 heads x 512 x T x 4 B and the masks.
        const GgmlGraphShape at256k = shape(512, 5120, 8192, 202048, 40, 256000, false);
        GgmlGraphShape at64k = at256k;
        at64k.fullSpan = 64000;
        GgmlBackendRole gpu = role(true, false, 1);
        gpu.attention = false;
        GgmlBackendRole host = role(true, false, 1);
        host.hasLayers = false;
        const GgmlGraphConstants c{};
        QCOMPARE(ggmlComputeBuffer(at256k, c, gpu).total(), ggmlComputeBuffer(at64k, c, gpu).total());
        QVERIFY(ggmlComputeBuffer(at256k, c, gpu).total() < 616.06 * MiB);
        const double big = ggmlComputeBuffer(at256k, c, host).total() / MiB;
        const double small = ggmlComputeBuffer(at64k, c, host).total() / MiB;
        QVERIFY2(std::abs(big - 21014.01) / 21014.01 < 0.03, qPrintable(QString::number(big)));
        // The growth is the scores and the mask; the log's is 2.4 % more (Llama 4's second mask).
        QVERIFY2(std::abs((big - small) - (21014.01 - 5264.01)) / (21014.01 - 5264.01) < 0.03,
                 qPrintable(QString::number(big - small)));
        QCOMPARE(ggmlComputeBuffer(at256k, c, host).ffnStage, 0.0);
    }
};

QTEST_APPLESS_MAIN(TstGgmlGraph)
#include "tst_ggmlgraph.moc"
