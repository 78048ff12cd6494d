// An imported model flows through the engine: its weights are the bytes the file
// states (evidence "measured"), and re-resolving does not re-read unchanged files.
#include "../core/testsupport.h"
#include "estimator.h"
#include "modelfilewriters.h"
#include "scenario/resolve.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace memplan;

namespace {

// A tiny Llama: 2 layers, hidden 64, 4 heads (2 KV heads), vocab 100.
const char *kConfig = R"({"model_type":"llama","num_hidden_layers":2,"hidden_size":64,"intermediate_size":128,
  "num_attention_heads":4,"num_key_value_heads":2,"vocab_size":100,"tie_word_embeddings":false,
  "max_position_embeddings":2048,"torch_dtype":"bfloat16"})";

void writeModel(const QString &dir, std::uint64_t extraRows)
{
    QFile config(dir + QStringLiteral("/config.json"));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(kConfig);
    config.close();
    // 100 x 64 embedding and head in BF16 (12,800 bytes each), one 64 x 64 projection (8,192), an F32 norm (256).
    QVERIFY(testwriters::writeSafetensors(dir + QStringLiteral("/model.safetensors"),
                                          {{"model.embed_tokens.weight", "BF16", {100, 64}},
                                           {"lm_head.weight", "BF16", {100, 64}},
                                           {"model.layers.0.self_attn.q_proj.weight", "BF16", {64 + extraRows, 64}},
                                           {"model.norm.weight", "F32", {64}}}));
}

} // namespace

class TstImportResolve : public QObject {
    Q_OBJECT
private slots:
    void measuredWeightsReachTheEstimate()
    {
        QTemporaryDir dir;
        writeModel(dir.path(), 0);
        Scenario s = test::theoryScenario("", "", 1024, 1, "rtx-4090");
        s.model.preset.clear();
        s.model.file = dir.path().toStdString();
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.model.weightsEvidence, Evidence::Measured);
        QCOMPARE(e.model.weightsBytes, Bytes(12'800 + 12'800 + 8'192 + 256));
        Bytes placed = 0;
        for (const Pool &p : e.pools)
            placed += p.guest(Guest::Weights);
        QCOMPARE(placed, e.model.weightsBytes);
        // KV still comes from the config: 2 layers x 2 x 2 heads x 16 dims x 2 bytes = 256 bytes per token.
        QCOMPARE(e.model.kvBytesPerToken, Bytes(256));
    }

    void unchangedFilesAreNotReadAgain()
    {
        QTemporaryDir dir;
        writeModel(dir.path(), 0);
        const auto first = importModelCached(dir.path().toStdString());
        QCOMPARE(importModelCached(dir.path().toStdString()), first);
        writeModel(dir.path(), 64); // a bigger projection: new size, new contents
        const auto second = importModelCached(dir.path().toStdString());
        QVERIFY(second != first);
        QCOMPARE(second->weightsBytes, first->weightsBytes + 64 * 64 * 2);
    }
};

QTEST_APPLESS_MAIN(TstImportResolve)
#include "tst_importresolve.moc"
