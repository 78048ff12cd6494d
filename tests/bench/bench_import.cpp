// Inspecting real-sized models must feel instant: a 70B GGUF header (the data
// region is a hole) and a 30-shard safetensors checkpoint, each under 20 ms.

#include "import/importedmodel.h"
#include "modelfilewriters.h"

#include <QTemporaryDir>
#include <QTest>

using namespace memplan;
using namespace testwriters;

class BenchImport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void gguf70bHeader();
    void safetensors30Shards();

private:
    QTemporaryDir m_dir;
};

void BenchImport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Llama 3.1 70B, Q4_K matrices, F32 norms, with its 128256-entry token list.
    constexpr std::uint64_t h = 8192, ffn = 28672, kv = 1024, vocab = 128256;
    GgufWriter w;
    w.kvString("general.architecture", "llama").kvU32("general.file_type", 15);
    w.kvU32("llama.block_count", 80).kvU32("llama.context_length", 131072).kvU32("llama.embedding_length", h);
    w.kvU32("llama.feed_forward_length", ffn).kvU32("llama.attention.head_count", 64);
    w.kvU32("llama.attention.head_count_kv", 8).kvStrings("tokenizer.ggml.tokens", vocab);
    w.tensor("token_embd.weight", {h, vocab}, GgmlQ4_K);
    for (int i = 0; i < 80; ++i) {
        const QByteArray b = "blk." + QByteArray::number(i) + ".";
        w.tensor(b + "attn_norm.weight", {h}, GgmlF32).tensor(b + "ffn_norm.weight", {h}, GgmlF32);
        w.tensor(b + "attn_q.weight", {h, h}, GgmlQ4_K).tensor(b + "attn_output.weight", {h, h}, GgmlQ4_K);
        w.tensor(b + "attn_k.weight", {h, kv}, GgmlQ4_K).tensor(b + "attn_v.weight", {h, kv}, GgmlQ4_K);
        w.tensor(b + "ffn_gate.weight", {h, ffn}, GgmlQ4_K).tensor(b + "ffn_up.weight", {h, ffn}, GgmlQ4_K);
        w.tensor(b + "ffn_down.weight", {ffn, h}, GgmlQ4_K);
    }
    w.tensor("output_norm.weight", {h}, GgmlF32).tensor("output.weight", {h, vocab}, GgmlQ6_K);
    QVERIFY(w.write(m_dir.filePath("llama-70b.gguf")));

    // 80 layers spread over 30 shards, the way large HF checkpoints are split.
    QVERIFY(QDir(m_dir.path()).mkdir("sharded"));
    nlohmann::json map = nlohmann::json::object();
    std::vector<std::vector<StTensor>> shards(30);
    const char *names[] = {"self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj", "self_attn.o_proj",
                           "mlp.gate_proj",    "mlp.up_proj",      "mlp.down_proj"};
    const std::vector<std::uint64_t> shapes[] = {{h, h}, {kv, h}, {kv, h}, {h, h}, {ffn, h}, {ffn, h}, {h, ffn}};
    for (int layer = 0; layer < 80; ++layer) {
        auto &shard = shards[layer * 30 / 80];
        const std::string p = "model.layers." + std::to_string(layer) + ".";
        for (int k = 0; k < 7; ++k)
            shard.push_back({p + names[k] + ".weight", "BF16", shapes[k]});
        shard.push_back({p + "input_layernorm.weight", "BF16", {h}});
        shard.push_back({p + "post_attention_layernorm.weight", "BF16", {h}});
    }
    shards.front().push_back({"model.embed_tokens.weight", "BF16", {vocab, h}});
    shards.back().push_back({"model.norm.weight", "BF16", {h}});
    shards.back().push_back({"lm_head.weight", "BF16", {vocab, h}});
    for (int s = 0; s < 30; ++s) {
        const std::string name = QString::asprintf("model-%05d-of-00030.safetensors", s + 1).toStdString();
        QVERIFY(writeSafetensors(m_dir.filePath("sharded/" + QString::fromStdString(name)), shards[s]));
        for (const StTensor &t : shards[s])
            map[t.name] = name;
    }
    const nlohmann::json index = {{"metadata", {{"total_size", 0}}}, {"weight_map", map}};
    QFile f(m_dir.filePath("sharded/model.safetensors.index.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(index.dump()));
}

void BenchImport::gguf70bHeader()
{
    const std::string path = m_dir.filePath("llama-70b.gguf").toStdString();
    ImportedModel m;
    QBENCHMARK
    {
        m = importModel(path);
    }
    QCOMPARE(m.parameters, 70553706496ULL);
}

void BenchImport::safetensors30Shards()
{
    const std::string path = m_dir.filePath("sharded").toStdString();
    ImportedModel m;
    QBENCHMARK
    {
        m = importModel(path);
    }
    QCOMPARE(m.files.size(), std::size_t(31));
    QCOMPARE(m.parameters, 70553706496ULL);
}

QTEST_GUILESS_MAIN(BenchImport)
#include "bench_import.moc"
