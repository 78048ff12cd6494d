// An imported model flows through the engine: its weights are the bytes the file
// states (evidence "measured"), and re-resolving does not re-read unchanged files.
#include "../core/testsupport.h"
#include "estimator.h"
#include "itemids.h"
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

/// A tiny DeepSeek-style GGUF (latent attention: rank 16, nope 16 + rope 8 per head, V 16, 4
/// heads, 2 layers): converted before llama.cpp PR #12801 (one attn_kv_b per layer, no
/// key_length_mla) or after it (attn_k_b and attn_v_b, *_mla keys).
bool writeLatentGguf(const QString &path, bool before)
{
    testwriters::GgufWriter w;
    w.kvString("general.architecture", "deepseek2")
        .kvU32("deepseek2.block_count", 2)
        .kvU32("deepseek2.context_length", 2048)
        .kvU32("deepseek2.embedding_length", 64)
        .kvU32("deepseek2.feed_forward_length", 128)
        .kvU32("deepseek2.attention.head_count", 4)
        .kvU32("deepseek2.attention.head_count_kv", 4)
        .kvU32("deepseek2.attention.kv_lora_rank", 16)
        .kvU32("deepseek2.rope.dimension_count", 8)
        .kvStrings("tokenizer.ggml.tokens", 100);
    if (before)
        w.kvU32("deepseek2.attention.key_length", 24).kvU32("deepseek2.attention.value_length", 16);
    else
        w.kvU32("deepseek2.attention.key_length", 24)
            .kvU32("deepseek2.attention.value_length", 16)
            .kvU32("deepseek2.attention.key_length_mla", 24)
            .kvU32("deepseek2.attention.value_length_mla", 16);
    w.tensor("token_embd.weight", {64, 100}, testwriters::GgmlF16);
    for (int l = 0; l < 2; ++l) {
        const QByteArray b = "blk." + QByteArray::number(l) + ".";
        if (before) {
            w.tensor(b + "attn_kv_b.weight", {16, 4 * (16 + 16)}, testwriters::GgmlF16);
        } else {
            w.tensor(b + "attn_k_b.weight", {16, 16 * 4}, testwriters::GgmlF16);
            w.tensor(b + "attn_v_b.weight", {16, 16 * 4}, testwriters::GgmlF16);
        }
    }
    return w.write(path);
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

    void latentGgufConvertedBeforeTheLatentCacheKeepsEveryHead()
    {
        // llama.cpp keeps every head's K (nope + rope) and V for a file converted before PR
        // #12801 in any build: 2 layers x 4 heads x (24 + 16) x 2 bytes = 640 bytes per token.
        // A file converted since gets the build's layout; v0.5.0 keeps the latent K alone:
        // 2 x (16 + 8) x 2 = 96. vLLM caches the latent whatever the file (2 x 24 x 2 = 96).
        QTemporaryDir dir;
        const QString oldFile = dir.path() + QStringLiteral("/old.gguf"),
                      newFile = dir.path() + QStringLiteral("/new.gguf");
        QVERIFY(writeLatentGguf(oldFile, true));
        QVERIFY(writeLatentGguf(newFile, false));
        Scenario s = test::theoryScenario("", "", 1024, 1, "rtx-4090");
        s.model.preset.clear();
        s.runtime.preset = "llama.cpp";
        s.model.file = oldFile.toStdString();
        QCOMPARE(estimate(s, test::shippedCatalog()).model.kvBytesPerToken, Bytes(640));
        s.model.file = newFile.toStdString();
        QCOMPARE(estimate(s, test::shippedCatalog()).model.kvBytesPerToken, Bytes(96));
        s.model.file = oldFile.toStdString();
        s.runtime.preset = "vllm";
        QCOMPARE(estimate(s, test::shippedCatalog()).model.kvBytesPerToken, Bytes(96));
    }

    void aRunOfLayersWeighsItsOwnBlocks()
    {
        // A GGUF lists every tensor with its type: blk.3's ffn_down here is Q8_0 (128 x 64 = 8,192
        // weights, 8,704 bytes) where blocks 0-2 keep F16 (16,384 bytes). llama.cpp with
        // --n-gpu-layers 1 offloads the last block, so the GPU holds 8,192 + 8,704 bytes of block
        // tensors, not a quarter of all four; the rest of the layers part (output_norm, 256 bytes)
        // is spread in proportion.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tiny.gguf"));
        testwriters::GgufWriter w;
        w.kvString("general.architecture", "llama")
            .kvU32("llama.block_count", 4)
            .kvU32("llama.context_length", 2048)
            .kvU32("llama.embedding_length", 64)
            .kvU32("llama.feed_forward_length", 128)
            .kvU32("llama.attention.head_count", 4)
            .kvU32("llama.attention.head_count_kv", 2)
            .kvStrings("tokenizer.ggml.tokens", 100);
        w.tensor("token_embd.weight", {64, 100}, testwriters::GgmlF16);
        for (int l = 0; l < 4; ++l) {
            const QByteArray b = "blk." + QByteArray::number(l) + ".";
            w.tensor(b + "attn_q.weight", {64, 64}, testwriters::GgmlF16);
            w.tensor(b + "ffn_down.weight", {128, 64}, l == 3 ? testwriters::GgmlQ8_0 : testwriters::GgmlF16);
        }
        w.tensor("output_norm.weight", {64}, testwriters::GgmlF32);
        w.tensor("output.weight", {64, 100}, testwriters::GgmlF16);
        QVERIFY(w.write(path));
        Scenario s = test::theoryScenario("", "", 1024, 1, "rtx-4090");
        s.model.preset.clear();
        s.model.file = path.toStdString();
        s.runtime.preset = "llama.cpp";
        s.runtime.settings = {{"n_gpu_layers", 2}}; // the output layer, then the last block (PR #18148)
        const Estimate e = estimate(s, test::shippedCatalog());
        const Bytes gpu = test::itemBytesById(e, itemid::kWeightsLayers, 0);
        const Bytes host = test::itemBytesById(e, itemid::kWeightsLayers, 1);
        const double blocks = 3 * (8192 + 16384) + (8192 + 8704), layersPart = blocks + 256;
        QCOMPARE(double(gpu + host), layersPart);
        QVERIFY(std::abs(double(gpu) - (8192 + 8704) * layersPart / blocks) < 1);
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
