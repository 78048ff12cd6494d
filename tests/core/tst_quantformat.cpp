// Storage formats: bits per weight as the blocks store them.
#include "bytes.h"
#include "formats/tableformats.h"
#include "model/quantformat.h"

#include <QtTest>

using namespace memplan;

class TstQuantFormat : public QObject {
    Q_OBJECT
private slots:
    void bitsPerWeight_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("bits");
        // ggml block structs: q8_0 = 32 int8 + fp16 scale = 34 bytes -> 8.5 bits.
        QTest::newRow("q8_0 34 bytes per 32") << "q8_0" << 8.5;
        // q4_0 = 16 bytes of nibbles + fp16 scale = 18 bytes per 32 -> 4.5 bits.
        QTest::newRow("q4_0 18 bytes per 32") << "q4_0" << 4.5;
        // q4_K super-block: 128 bytes of nibbles + 12 bytes scales + 2 x fp16 = 144 per 256 -> 4.5.
        QTest::newRow("q4_k 144 bytes per 256") << "q4_k" << 4.5;
        QTest::newRow("q6_k 210 bytes per 256") << "q6_k" << 6.5625;
        QTest::newRow("q2_k 84 bytes per 256") << "q2_k" << 2.625;
        QTest::newRow("iq4_xs 136 bytes per 256") << "iq4_xs" << 4.25;
        // OCP MX: 32 fp4 values (16 bytes) + one E8M0 scale byte.
        QTest::newRow("mxfp4 17 bytes per 32") << "mxfp4" << 4.25;
        // NVFP4: 16 fp4 values (8 bytes) + one FP8 scale byte.
        QTest::newRow("nvfp4 9 bytes per 16") << "nvfp4" << 4.5;
        // GPTQ/AWQ group 128: 64 bytes + fp16 scale + 4-bit zero = 66.5 bytes -> 4.15625.
        QTest::newRow("awq-int4 g128") << "awq-int4" << 4.15625;
        // QLoRA paper: NF4 with double quantization costs 0.127 extra bits (32/(64*256) + 8/64).
        QTest::newRow("nf4 double quant") << "nf4-dq" << 4.126953125;
        QTest::newRow("raw int4 lower bound") << "int4" << 4.0;
        // llama.cpp tools/quantize/README.md, Llama 2 7B table: Q4_K_M 4.84 bpw.
        QTest::newRow("q4_k_m recipe average") << "q4_k_m" << 4.84;
        QTest::newRow("bf16") << "bf16" << 16.0;
    }
    void bitsPerWeight()
    {
        QFETCH(QString, id);
        QFETCH(double, bits);
        const QuantFormat *f = findQuantFormat(id.toStdString());
        QVERIFY(f);
        QCOMPARE(f->bitsPerWeight(), bits);
    }

    void sevenBillionTable_data()
    {
        // Seed 003 §4 table (decimal GB): 7B at FP32/FP16/INT8/4-bit = 28/14/7/3.5 GB.
        QTest::addColumn<QString>("id");
        QTest::addColumn<quint64>("bytes");
        QTest::newRow("7B fp32 = 28 GB") << "f32" << quint64(28'000'000'000ULL);
        QTest::newRow("7B fp16 = 14 GB") << "f16" << quint64(14'000'000'000ULL);
        QTest::newRow("7B int8 = 7 GB") << "int8" << quint64(7'000'000'000ULL);
        QTest::newRow("7B 4-bit = 3.5 GB") << "int4" << quint64(3'500'000'000ULL);
    }
    void sevenBillionTable()
    {
        QFETCH(QString, id);
        QFETCH(quint64, bytes);
        QCOMPARE(findQuantFormat(id.toStdString())->bytesFor(7'000'000'000ULL), bytes);
    }

    void vocabularyTables_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<quint64>("rowWidth");
        QTest::addColumn<bool>("tied");
        QTest::addColumn<QString>("embedding");
        QTest::addColumn<QString>("output");
        // src/llama-quant.cpp: token_embd keeps the mix's base type, output.weight becomes Q6_K.
        QTest::newRow("Q4_K_M") << "q4_k_m" << quint64(4096) << false << "q4_k"
                                << "q6_k";
        QTest::newRow("Q5_K_M") << "q5_k_m" << quint64(4096) << false << "q5_k"
                                << "q6_k";
        QTest::newRow("Q3_K_L") << "q3_k_l" << quint64(5120) << false << "q3_k"
                                << "q6_k";
        QTest::newRow("Q4_0 file") << "q4_0" << quint64(4096) << false << "q4_0"
                                   << "q6_k";
        // A Q8_0 file keeps Q8_0 everywhere.
        QTest::newRow("Q8_0") << "q8_0" << quint64(4096) << false << "q8_0"
                              << "q8_0";
        // Rows that do not split into 256-weight K blocks: output Q8_0, embedding via the fallback
        // type (gpt-oss, n_embd 2880).
        QTest::newRow("row 2880") << "q4_k_m" << quint64(2880) << false << "q5_0"
                                  << "q8_0";
        // The IQ1/IQ2 mixes: output Q5_K, embedding Q2_K or IQ3_S.
        QTest::newRow("IQ2_XXS") << "iq2_xxs" << quint64(4096) << false << "q2_k"
                                 << "q5_k";
        QTest::newRow("IQ3_XXS") << "iq3_xxs" << quint64(4096) << false << "iq3_s"
                                 << "q5_k";
        // A tied table is quantized as the output.
        QTest::newRow("tied Q4_K_M") << "q4_k_m" << quint64(2048) << true << "q6_k"
                                     << "q6_k";
        // Checkpoint quantizers leave both tables in the native dtype (lm_head is ignored by
        // FP8, GPTQ and AWQ recipes; embeddings are not linear layers).
        QTest::newRow("FP8 checkpoint") << "fp8" << quint64(4096) << false << "bf16"
                                        << "bf16";
        QTest::newRow("AWQ checkpoint") << "awq-int4" << quint64(4096) << false << "bf16"
                                        << "bf16";
        QTest::newRow("NVFP4 checkpoint") << "nvfp4" << quint64(4096) << false << "bf16"
                                          << "bf16";
    }
    void vocabularyTables()
    {
        QFETCH(QString, format);
        QFETCH(quint64, rowWidth);
        QFETCH(bool, tied);
        QFETCH(QString, embedding);
        QFETCH(QString, output);
        const auto t =
            vocabularyTableFormats(*findQuantFormat(format.toStdString()), *findQuantFormat("bf16"), rowWidth, tied);
        QVERIFY(t.has_value());
        QCOMPARE(QString::fromUtf8(t->embedding->id.data(), qsizetype(t->embedding->id.size())), embedding);
        QCOMPARE(QString::fromUtf8(t->output->id.data(), qsizetype(t->output->id.size())), output);
    }
    void ggufTablesMatchALoggedBuffer()
    {
        // tests/data/runtime-logs/llamacpp-llama-3-8b-q4_k_m-ctx512-full-offload-fa-off.json:
        // "CPU buffer size = 281.81 MiB" is token_embd alone, 128256 x 4096 weights in Q4_K.
        const auto t = vocabularyTableFormats(*findQuantFormat("q4_k_m"), *findQuantFormat("bf16"), 4096, false);
        QVERIFY(t.has_value());
        const Bytes b = t->embedding->bytesFor(128256ULL * 4096);
        QCOMPARE(b, Bytes(295501824));
        QCOMPARE(std::round(double(b) / MiB * 100) / 100, 281.81);
        // Float formats, and the seed texts' plain int8 / int4, apply to every weight.
        for (const char *id : {"bf16", "f16", "int8", "int4"})
            QVERIFY(!vocabularyTableFormats(*findQuantFormat(id), *findQuantFormat("bf16"), 4096, false));
    }
    void roundsUpToWholeBlocks()
    {
        // 33 weights of q8_0 need two 34-byte blocks' worth, rounded up to whole bytes: ceil(33*34/32) = 36.
        QCOMPARE(findQuantFormat("q8_0")->bytesFor(33), Bytes(36));
    }

    void aliasesAndGgmlTypes()
    {
        QCOMPARE(findQuantFormat("FP16"), findQuantFormat("f16"));
        QCOMPARE(findQuantFormat("bfloat16"), findQuantFormat("bf16"));
        QVERIFY(!findQuantFormat("q9_k"));
        QCOMPARE(findGgmlType(12)->id, std::string_view("q4_k"));
        QCOMPARE(findGgmlType(39)->id, std::string_view("mxfp4"));
        QVERIFY(!findGgmlType(-1));
    }

    void orderedByBits()
    {
        const auto all = allQuantFormats();
        for (std::size_t i = 1; i < all.size(); ++i)
            QVERIFY2(all[i - 1].bitsPerWeight() >= all[i].bitsPerWeight(), all[i].id.data());
    }

    void hugeCountsDoNotWrap()
    {
        // 10^13 parameters at fp32 = 4 x 10^13 bytes: fits in 64 bits exactly.
        QCOMPARE(findQuantFormat("f32")->bytesFor(10'000'000'000'000ULL), Bytes(40'000'000'000'000ULL));
        QVERIFY_THROWS_EXCEPTION(OverflowError, checkedMul(~0ULL, 2));
    }
};

QTEST_APPLESS_MAIN(TstQuantFormat)
#include "tst_quantformat.moc"
