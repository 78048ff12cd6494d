// Importing models from disk: config.json fixtures with their known parameter
// counts, synthetic GGUF and safetensors files (a 70B one whose data is a hole),
// and malformed files that must fail with the file name and the problem.

#include "error.h"
#include "import/gguf.h"
#include "import/hfconfig.h"
#include "import/importedmodel.h"
#include "import/safetensors.h"
#include "model/modelarch.h"
#include "modelfilewriters.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace memplan;
using namespace testwriters;

namespace {

QString fixture(const QString &name)
{
    return QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/configs/") + name;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Llama 3.1 70B as llama.cpp names its tensors: matrices Q4_K, norms F32.
GgufWriter llama70bGguf(bool withTokens = true)
{
    constexpr std::uint64_t h = 8192, ffn = 28672, kv = 1024, vocab = 128256;
    GgufWriter w;
    w.kvString("general.architecture", "llama").kvString("general.name", "Llama 3.1 70B (synthetic)");
    w.kvU32("general.file_type", 15).kvU32("llama.block_count", 80).kvU32("llama.context_length", 131072);
    w.kvU32("llama.embedding_length", h).kvU32("llama.feed_forward_length", ffn);
    w.kvU32("llama.attention.head_count", 64).kvU32("llama.attention.head_count_kv", 8);
    w.kvU32("llama.rope.dimension_count", 128);
    if (withTokens)
        w.kvStrings("tokenizer.ggml.tokens", vocab);
    w.tensor("token_embd.weight", {h, vocab}, GgmlQ4_K);
    for (int i = 0; i < 80; ++i) {
        const QByteArray b = "blk." + QByteArray::number(i) + ".";
        w.tensor(b + "attn_norm.weight", {h}, GgmlF32);
        w.tensor(b + "attn_q.weight", {h, h}, GgmlQ4_K);
        w.tensor(b + "attn_k.weight", {h, kv}, GgmlQ4_K);
        w.tensor(b + "attn_v.weight", {h, kv}, GgmlQ4_K);
        w.tensor(b + "attn_output.weight", {h, h}, GgmlQ4_K);
        w.tensor(b + "ffn_norm.weight", {h}, GgmlF32);
        w.tensor(b + "ffn_gate.weight", {h, ffn}, GgmlQ4_K);
        w.tensor(b + "ffn_up.weight", {h, ffn}, GgmlQ4_K);
        w.tensor(b + "ffn_down.weight", {ffn, h}, GgmlQ4_K);
    }
    w.tensor("output_norm.weight", {h}, GgmlF32);
    w.tensor("output.weight", {h, vocab}, GgmlQ4_K);
    return w;
}

// A small valid header to corrupt: one 32x4 F32 tensor.
GgufWriter smallGguf(std::uint32_t version = 3)
{
    GgufWriter w(version);
    w.kvString("general.architecture", "llama").tensor("token_embd.weight", {32, 4}, GgmlF32);
    return w;
}

QByteArray withDataHole(const GgufWriter &w)
{
    return w.header() + QByteArray(qsizetype(w.dataSize()), '\0');
}

QByteArray nestedArrays(int depth)
{
    QByteArray p;
    for (int i = 0; i < depth; ++i) {
        put32(p, Array);
        put64(p, 1);
    }
    put32(p, U8);
    put64(p, 0);
    return p;
}

std::vector<StTensor> tinyLlamaTensors()
{
    std::vector<StTensor> t = {{"model.embed_tokens.weight", "BF16", {1000, 64}},
                               {"model.norm.weight", "F32", {64}},
                               {"lm_head.weight", "BF16", {1000, 64}}};
    for (int i = 0; i < 2; ++i) {
        const std::string p = "model.layers." + std::to_string(i) + ".";
        t.push_back({p + "self_attn.q_proj.weight", "BF16", {64, 64}});
        t.push_back({p + "mlp.down_proj.weight", "BF16", {64, 256}});
        t.push_back({p + "input_layernorm.weight", "F32", {64}});
    }
    return t;
}

} // namespace

class TestImporters : public QObject {
    Q_OBJECT

private slots:
    void configFixtures_data();
    void configFixtures();
    void gguf70bSparse();
    void ggufMoeTiedAndV2();
    void ggufMetadataTypes();
    void safetensorsSingleFile();
    void safetensorsShardedFolder();
    void safetensorsPackedWarns();
    void inspectJson();
    void malformed_data();
    void malformed();
    void indexRejectsUnsafeShards_data();
    void indexRejectsUnsafeShards();
    void ggufFileTypeNames();
};

void TestImporters::configFixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qulonglong>("expected");
    QTest::addColumn<bool>("exact");
    // Expected counts: params_total_computed of ../shared/reference/models.json.
    QTest::newRow("llama-3.1-8b") << "llama-3.1-8b.json" << 8030261248ULL << true;
    QTest::newRow("llama-2-7b") << "llama-2-7b.json" << 6738415616ULL << true;
    QTest::newRow("mistral-7b-v0.1") << "mistral-7b-v0.1.json" << 7241732096ULL << true;
    QTest::newRow("qwen2.5-7b") << "qwen2.5-7b.json" << 7615616512ULL << false;
    QTest::newRow("qwen3-8b") << "qwen3-8b.json" << 8190735360ULL << false;
    QTest::newRow("gemma-2-9b") << "gemma-2-9b.json" << 9241705984ULL << false;
    QTest::newRow("gemma-3-27b nested text_config") << "gemma-3-27b-it.json" << 27009346304ULL << false;
    QTest::newRow("phi-3-mini-4k") << "phi-3-mini-4k-instruct.json" << 3821079552ULL << false;
    QTest::newRow("deepseek-v2-lite mla moe") << "deepseek-v2-lite.json" << 15706484224ULL << false;
    QTest::newRow("mixtral-8x7b moe") << "mixtral-8x7b-v0.1.json" << 46702792704ULL << false;
    QTest::newRow("gpt-oss-20b moe sinks") << "gpt-oss-20b.json" << 20914757184ULL << false;
    QTest::newRow("falcon-7b mqa layernorm") << "falcon-7b.json" << 6921720704ULL << false;
    QTest::newRow("command-r-v01 cohere") << "command-r-v01.json" << 34980831232ULL << false;
}

void TestImporters::configFixtures()
{
    QFETCH(QString, file);
    QFETCH(qulonglong, expected);
    QFETCH(bool, exact);
    const ImportedModel m = importModel(fixture(file).toStdString());
    QCOMPARE(m.kind, std::string("config"));
    QVERIFY(m.architecture.has_value());
    const std::uint64_t total = countParameters(*m.architecture).total();
    QCOMPARE(m.architectureParameters, total);
    if (exact) {
        QCOMPARE(qulonglong(total), expected);
    } else {
        const double ratio = double(total) / double(expected);
        if (std::abs(ratio - 1.0) > 0.005)
            QFAIL(qPrintable(QStringLiteral("%1 parameters, expected %2").arg(total).arg(expected)));
    }
    QCOMPARE(m.tensorCount, 0u);
}

void TestImporters::gguf70bSparse()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("llama-70b-q4_k.gguf");
    const GgufWriter w = llama70bGguf();
    QVERIFY(w.write(path));
    QVERIFY(QFileInfo(path).size() > 35'000'000'000LL); // declared size; the data is a hole

    const ImportedModel m = importModel(path.toStdString());
    QCOMPARE(m.kind, std::string("gguf"));
    QCOMPARE(m.tensorCount, 80u * 9 + 3);
    QVERIFY(m.architecture.has_value());
    const ModelArchitecture &a = *m.architecture;
    QCOMPARE(a.numHiddenLayers, 80u);
    QCOMPARE(a.hiddenSize, 8192u);
    QCOMPARE(a.vocabSize, 128256u);
    QCOMPARE(a.kvHeads(), 8u);
    QVERIFY(!a.tieWordEmbeddings);
    // The tensor inventory and the shape formula must agree exactly (Llama 3.1 70B).
    QCOMPARE(m.parameters, countParameters(a).total());
    QCOMPARE(m.parameters, 70553706496ULL);
    QCOMPARE(m.architectureParameters, m.parameters);
    QCOMPARE(m.fileType, std::string("q4_k_m"));
    QCOMPARE(m.contextLength, 131072u);
    QCOMPARE(m.name, std::string("Llama 3.1 70B (synthetic)"));
    const std::uint64_t normElements = 8192ULL * (2 * 80 + 1);
    const std::uint64_t q4kBytes = (m.parameters - normElements) / 256 * 144;
    QCOMPARE(m.weightsBytes, q4kBytes + normElements * 4);
    QCOMPARE(m.embeddingBytes, 8192ULL * 128256 / 256 * 144);
    QCOMPARE(m.outputHeadBytes, m.embeddingBytes);
    QCOMPARE(m.dtypeMix.front().type, std::string("q4_k"));
    // Only the header was read (the buffer at most doubles past it): a few MiB of a ~40 GB file.
    QVERIFY2(m.bytesRead <= 2 * std::uint64_t(w.header().size()) + 64 * KiB, qPrintable(QString::number(m.bytesRead)));
    QVERIFY(m.bytesRead < 8 * MiB);
    QVERIFY(m.bytesRead + 32 >= std::uint64_t(w.header().size()));
}

void TestImporters::ggufMoeTiedAndV2()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("moe.gguf");
    GgufWriter w(2);
    w.kvString("general.architecture", "qwen3moe").kvU32("qwen3moe.block_count", 1);
    w.kvU32("qwen3moe.embedding_length", 64).kvU32("qwen3moe.feed_forward_length", 256);
    w.kvU32("qwen3moe.expert_feed_forward_length", 32).kvU32("qwen3moe.expert_count", 4);
    w.kvU32("qwen3moe.expert_used_count", 2).kvU32("qwen3moe.attention.head_count", 4);
    w.kvU32("qwen3moe.attention.head_count_kv", 2).kvU32("qwen3moe.attention.key_length", 16);
    w.tensor("token_embd.weight", {64, 100}, GgmlQ8_0);
    w.tensor("blk.0.ffn_gate_exps.weight", {64, 32, 4}, GgmlQ4_0);
    w.tensor("blk.0.ffn_up_exps.weight", {64, 32, 4}, GgmlQ4_0);
    w.tensor("blk.0.ffn_down_exps.weight", {32, 64, 4}, GgmlQ4_0);
    w.tensor("blk.0.attn_q.weight", {64, 64}, GgmlF16);
    QVERIFY(w.write(path));
    const ImportedModel m = importModel(path.toStdString());
    QVERIFY(m.architecture.has_value());
    QCOMPARE(m.architecture->modelType, std::string("qwen3_moe"));
    QCOMPARE(m.architecture->numExperts, 4u);
    QCOMPARE(m.architecture->vocabSize, 100u);  // from token_embd, no token list
    QVERIFY(m.architecture->tieWordEmbeddings); // no output.weight
    QCOMPARE(m.outputHeadBytes, 0u);
    QCOMPARE(m.routedExpertBytes, 3ULL * 64 * 32 * 4 / 32 * 18);
    QCOMPARE(m.routedExpertParameters, 3ULL * 64 * 32 * 4);
    QCOMPARE(m.embeddingBytes, 64ULL * 100 / 32 * 34);
}

void TestImporters::ggufMetadataTypes()
{
    GgufWriter w;
    auto scalar = [&w](const char *key, std::uint32_t type, QByteArray payload) { w.kvRaw(key, type, payload); };
    scalar("t.u8", U8, QByteArray(1, char(200)));
    scalar("t.i8", I8, QByteArray(1, char(-5)));
    scalar("t.u16", U16, QByteArray("\x34\x12", 2));
    scalar("t.i16", I16, QByteArray("\xfe\xff", 2));
    QByteArray p;
    put32(p, 0xfffffff0u);
    scalar("t.i32", I32, p);
    p.clear();
    put32(p, 0x3fc00000u); // 1.5f
    scalar("t.f32", F32, p);
    scalar("t.bool", Bool, QByteArray(1, '\1'));
    p.clear();
    put64(p, 0x3ff8000000000000ULL); // 1.5
    scalar("t.f64", F64, p);
    p.clear();
    put64(p, std::uint64_t(-7));
    scalar("t.i64", I64, p);
    w.kvU64("t.u64", 1ULL << 40).kvString("t.str", "héllo");
    p.clear();
    put32(p, U32);
    put64(p, 3);
    for (std::uint32_t v : {8u, 4u, 8u})
        put32(p, v);
    w.kvRaw("t.arr", Array, p);
    w.kvRaw("t.nested", Array, nestedArrays(3));
    const QByteArray bytes = withDataHole(w);
    const GgufHeader h =
        parseGgufHeader(std::span(reinterpret_cast<const std::uint8_t *>(bytes.constData()), std::size_t(bytes.size())),
                        std::uint64_t(bytes.size()), "types.gguf");
    QCOMPARE(h.metadata.at("t.u8").get<int>(), 200);
    QCOMPARE(h.metadata.at("t.i8").get<int>(), -5);
    QCOMPARE(h.metadata.at("t.u16").get<int>(), 0x1234);
    QCOMPARE(h.metadata.at("t.i16").get<int>(), -2);
    QCOMPARE(h.metadata.at("t.i32").get<int>(), -16);
    QCOMPARE(h.metadata.at("t.f32").get<double>(), 1.5);
    QCOMPARE(h.metadata.at("t.bool").get<bool>(), true);
    QCOMPARE(h.metadata.at("t.f64").get<double>(), 1.5);
    QCOMPARE(h.metadata.at("t.i64").get<std::int64_t>(), -7);
    QCOMPARE(h.metadata.at("t.u64").get<std::uint64_t>(), 1ULL << 40);
    QCOMPARE(h.metadata.at("t.str").get<std::string>(), std::string("héllo"));
    QCOMPARE(h.metadata.at("t.arr").size(), std::size_t(3));
    QCOMPARE(h.arrayLengths.at("t.nested"), 1u);
    QCOMPARE(h.tensors.size(), std::size_t(0));
}

void TestImporters::safetensorsSingleFile()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir("tiny-llama"));
    const QString path = dir.filePath("tiny-llama/model.safetensors");
    QVERIFY(writeSafetensors(path, tinyLlamaTensors()));
    const ImportedModel m = importModel(path.toStdString());
    QCOMPARE(m.kind, std::string("safetensors"));
    QCOMPARE(m.name, std::string("tiny-llama"));
    QCOMPARE(m.tensorCount, 9u);
    const std::uint64_t params = 2 * 64000 + 64 + 2 * (64 * 64 + 64 * 256 + 64);
    QCOMPARE(m.parameters, params);
    QCOMPARE(m.weightsBytes, 2 * 64000 * 2 + 64 * 4 + 2 * ((64 * 64 + 64 * 256) * 2 + 64 * 4ULL));
    QCOMPARE(m.embeddingBytes, 128000u);
    QCOMPARE(m.outputHeadBytes, 128000u);
    QCOMPARE(m.dtypeMix.size(), std::size_t(2));
    QCOMPARE(m.dtypeMix.front().type, std::string("bf16"));
    QVERIFY(m.warnings.empty());
}

void TestImporters::safetensorsShardedFolder()
{
    QTemporaryDir dir;
    const std::vector<StTensor> all = tinyLlamaTensors();
    nlohmann::json map = nlohmann::json::object();
    std::uint64_t total = 0;
    for (int shard = 0; shard < 3; ++shard) {
        std::vector<StTensor> part;
        for (std::size_t i = shard; i < all.size(); i += 3)
            part.push_back(all[i]);
        const std::string name = "model-0000" + std::to_string(shard + 1) + "-of-00003.safetensors";
        QVERIFY(writeSafetensors(dir.filePath(QString::fromStdString(name)), part));
        for (const StTensor &t : part) {
            map[t.name] = name;
            total += stBytes(t);
        }
    }
    const nlohmann::json index = {{"metadata", {{"total_size", total}}}, {"weight_map", map}};
    QVERIFY(writeFile(dir.filePath("model.safetensors.index.json"), QByteArray::fromStdString(index.dump())));
    QVERIFY(QFile::copy(fixture("llama-3.1-8b.json"), dir.filePath("config.json")));

    const ImportedModel m = importModel(dir.path().toStdString());
    QCOMPARE(m.kind, std::string("folder"));
    QCOMPARE(m.files.size(), std::size_t(5)); // config, index, three shards
    QCOMPARE(m.tensorCount, 9u);
    QCOMPARE(m.declaredTotalSize.value_or(0), total);
    QCOMPARE(m.weightsBytes, total);
    QVERIFY(m.architecture.has_value());
    QCOMPARE(m.architecture->vocabSize, 128256u);
    // The tensors are a toy, the config a real 8B: the cross-check says so.
    QVERIFY(std::any_of(m.warnings.begin(), m.warnings.end(),
                        [](const std::string &w) { return w.find("architecture describes") != std::string::npos; }));
    QVERIFY(std::none_of(m.warnings.begin(), m.warnings.end(),
                         [](const std::string &w) { return w.find("total_size") != std::string::npos; }));

    // A declared total that disagrees with the shards is reported, not fatal.
    const nlohmann::json wrong = {{"metadata", {{"total_size", total + 2}}}, {"weight_map", map}};
    QVERIFY(writeFile(dir.filePath("model.safetensors.index.json"), QByteArray::fromStdString(wrong.dump())));
    const ImportedModel m2 = importModel(dir.filePath("model.safetensors.index.json").toStdString());
    QVERIFY(std::any_of(m2.warnings.begin(), m2.warnings.end(),
                        [](const std::string &w) { return w.find("total_size") != std::string::npos; }));
}

void TestImporters::safetensorsPackedWarns()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("gptq.safetensors");
    QVERIFY(writeSafetensors(path, {{"model.layers.0.mlp.experts.0.down_proj.qweight", "I32", {32, 64}},
                                    {"model.layers.0.mlp.experts.0.down_proj.scales", "F16", {2, 64}},
                                    {"model.layers.0.mlp.shared_expert.up_proj.weight", "BF16", {64, 64}}}));
    const ImportedModel m = importModel(path.toStdString());
    QCOMPARE(m.parameters, 2u * 64 + 64 * 64);
    QCOMPARE(m.routedExpertBytes, 32u * 64 * 4 + 2 * 64 * 2);
    QCOMPARE(m.routedExpertParameters, 2u * 64);
    QVERIFY(std::any_of(m.warnings.begin(), m.warnings.end(),
                        [](const std::string &w) { return w.find("stored elements") != std::string::npos; }));
}

void TestImporters::inspectJson()
{
    const ImportedModel m = importModel(fixture("mixtral-8x7b-v0.1.json").toStdString());
    const nlohmann::json j = importedModelToJson(m);
    QVERIFY(j.contains("model") && j.contains("files") && j.contains("tensor_count") && j.contains("dtype_mix"));
    QCOMPARE(j["model"]["architecture"]["num_local_experts"].get<int>(), 8);
    QCOMPARE(j["model"]["architecture_parameters"].get<std::uint64_t>(), m.architectureParameters);
    QCOMPARE(j["model"]["weights_evidence"].get<std::string>(), std::string("calculated"));
    QCOMPARE(j["kind"].get<std::string>(), std::string("config"));
}

void TestImporters::malformed_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");

    const QByteArray good = withDataHole(smallGguf());
    QTest::newRow("gguf truncated header") << "cut.gguf" << good.left(20) << "the file ends inside";
    QTest::newRow("gguf bad magic") << "magic.gguf" << (QByteArray("GGUX") + good.mid(4)) << "not a GGUF file";
    QTest::newRow("gguf wrong version") << "v7.gguf" << withDataHole(smallGguf(7)) << "unsupported GGUF version 7";
    QTest::newRow("gguf version 1") << "v1.gguf" << withDataHole(smallGguf(1)) << "version 1 is not supported";
    {
        QByteArray b = good;
        QByteArray count;
        put64(count, 1ULL << 40);
        b.replace(8, 8, count);
        QTest::newRow("gguf tensor count larger than file") << "count.gguf" << b << "more than the rest of the file";
    }
    {
        QByteArray b = good;
        QByteArray len;
        put64(len, 1ULL << 40); // the first key's length
        b.replace(24, 8, len);
        QTest::newRow("gguf huge string length") << "strlen.gguf" << b << "the limit is 1048576";
    }
    {
        GgufWriter w;
        w.kvString("general.architecture", "llama");
        w.tensorAt("a.weight", {32, 4}, GgmlF32, 0).tensorAt("b.weight", {32, 4}, GgmlF32, 256);
        QTest::newRow("gguf overlapping tensors") << "overlap.gguf" << withDataHole(w) << "overlap";
    }
    QTest::newRow("gguf tensor past end of file")
        << "short.gguf" << smallGguf().header() << "extends past the end of the file";
    {
        GgufWriter w;
        w.kvString("bad\xff\xfekey", "x");
        QTest::newRow("gguf non-UTF-8 key") << "utf8.gguf" << withDataHole(w) << "not valid UTF-8";
    }
    {
        GgufWriter w;
        w.tensorAt("neg.weight", {32, ~0ULL}, GgmlF32, 0);
        QTest::newRow("gguf negative dim") << "neg.gguf" << w.header() << "negative dimension";
    }
    {
        GgufWriter w;
        w.tensorAt("huge.weight", {1ULL << 40, 1ULL << 40}, GgmlF32, 0);
        QTest::newRow("gguf absurd dims") << "absurd.gguf" << w.header() << "more elements than";
    }
    {
        GgufWriter w;
        w.tensorAt("five.weight", {32, 1, 1, 1, 1}, GgmlF32, 0);
        QTest::newRow("gguf n_dims 5") << "ndims.gguf" << withDataHole(w) << "n_dims must be between 1 and 4";
    }
    {
        GgufWriter w;
        w.tensorAt("odd.weight", {32, 4}, 99, 0);
        QTest::newRow("gguf unknown ggml type") << "type.gguf" << w.header() << "unknown ggml type 99";
    }
    {
        GgufWriter w;
        w.tensorAt("rows.weight", {100, 4}, GgmlQ4_K, 0);
        QTest::newRow("gguf row not whole blocks") << "rows.gguf" << w.header() << "not a multiple of the 256";
    }
    {
        GgufWriter w;
        w.tensorAt("a.weight", {32}, GgmlF32, 8);
        QTest::newRow("gguf misaligned offset") << "align.gguf" << withDataHole(w) << "not a multiple of the alignment";
    }
    {
        GgufWriter w;
        QByteArray p;
        put32(p, U32);
        put64(p, 1ULL << 30);
        w.kvRaw("big.array", Array, p);
        QTest::newRow("gguf array larger than file") << "array.gguf" << w.header() << "array declares";
    }
    {
        GgufWriter w;
        w.kvRaw("deep.array", Array, nestedArrays(20));
        QTest::newRow("gguf deeply nested arrays") << "nest.gguf" << w.header() << "nested more than 8";
    }
    {
        GgufWriter w;
        w.kvRaw("odd.value", 77, QByteArray(8, '\0'));
        QTest::newRow("gguf unknown value type") << "vtype.gguf" << w.header() << "unknown value type 77";
    }

    const std::vector<StTensor> tiny = {{"a", "F32", {4, 4}}, {"b", "BF16", {8}}};
    auto st = [](const nlohmann::json &h, std::size_t data) {
        return stFileHead(QByteArray::fromStdString(h.dump())) + QByteArray(qsizetype(data), '\0');
    };
    QTest::newRow("safetensors truncated length")
        << "cut.safetensors" << QByteArray("\x10\0\0", 3) << "shorter than the 8-byte header length";
    {
        QByteArray b;
        put64(b, 1ULL << 40);
        QTest::newRow("safetensors huge declared length") << "huge.safetensors" << b + "{}"
                                                          << "the limit is 100 MiB";
        QByteArray c;
        put64(c, 1000);
        QTest::newRow("safetensors length past end") << "long.safetensors" << c + "{}"
                                                     << "only 2 bytes follow";
    }
    {
        nlohmann::json h = stHeader(tiny);
        h["b"]["data_offsets"] = {60, 76};
        QTest::newRow("safetensors overlapping tensors") << "overlap.safetensors" << st(h, 80) << "overlaps tensor";
    }
    QTest::newRow("safetensors tensor past end")
        << "end.safetensors" << st(stHeader(tiny), 40) << "past the end of the file";
    {
        nlohmann::json h = stHeader(tiny);
        h["a"]["shape"] = {4, 5};
        QTest::newRow("safetensors size mismatch") << "size.safetensors" << st(h, 80) << "needs 80";
    }
    {
        nlohmann::json h = stHeader(tiny);
        h["a"]["shape"] = {-4, 4};
        QTest::newRow("safetensors negative dim") << "neg.safetensors" << st(h, 80) << "non-negative whole numbers";
    }
    {
        nlohmann::json h = stHeader(tiny);
        h["a"]["shape"] = {1ULL << 40, 1ULL << 40};
        QTest::newRow("safetensors absurd dims") << "absurd.safetensors" << st(h, 80) << "too large";
    }
    QTest::newRow("safetensors deeply nested JSON")
        << "deep.safetensors" << stFileHead(QByteArray(100, '[') + QByteArray(100, ']')) << "nested more than 64";
    QTest::newRow("safetensors non-UTF-8 key")
        << "utf8.safetensors" << stFileHead("{\"\xff\xfe\": {}}") << "not valid JSON";
    QTest::newRow("safetensors header not an object")
        << "arr.safetensors" << stFileHead("[1, 2]") << "not a JSON object";

    QTest::newRow("config deeply nested JSON") << "config.json" << QByteArray(200, '{') << "nested more than 64";
    QTest::newRow("config not JSON") << "config.json" << QByteArray("{\"model_type\": llama}") << "not valid JSON";
    QTest::newRow("config not an object") << "config.json" << QByteArray("[]") << "must be a JSON object";
    QTest::newRow("config non-UTF-8") << "config.json" << QByteArray("{\"model_type\": \"ll\xc3\x28\"}")
                                      << "not valid JSON";
    QTest::newRow("config missing hidden_size")
        << "config.json"
        << QByteArray(R"({"model_type": "llama", "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 10})")
        << "hidden_size: is missing";
    QTest::newRow("config absurd value")
        << "config.json"
        << QByteArray(R"({"num_hidden_layers": 2, "hidden_size": -64, "num_attention_heads": 4, "vocab_size": 10})")
        << "hidden_size";
    QTest::newRow("config wrong type") << "config.json" << QByteArray(R"({"model_type": 7})") << "model_type";
    QTest::newRow("config larger than 4 MiB")
        << "config.json" << QByteArray(qsizetype(5 << 20), ' ') << "bytes accepted";
    // Regressions from fuzzing (docs/reliability.md): a JSON number past the double range.
    QTest::newRow("fuzz regression: config number overflow")
        << "config.json" << QByteArray(R"({"hidden_size": 99999999e9999})") << "number overflow";
    QTest::newRow("fuzz regression: config float count past 2^64")
        << "config.json"
        << QByteArray(R"({"model_type": "gemma3", "text_config": {"head_dim": 128, "hidden_size": 5.64444e60}})")
        << "text_config.hidden_size: is too large a number";
    QTest::newRow("fuzz regression: safetensors number overflow")
        << "num.safetensors" << stFileHead(R"({"a": {"dtype": "F32", "shape": [1e9999], "data_offsets": [0, 4]}})")
        << "number overflow";
    QTest::newRow("unknown file") << "weights.bin" << QByteArray("\x01\x02\x03") << "is not a GGUF, safetensors";
}

void TestImporters::malformed()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath(fileName);
    QVERIFY(writeFile(path, bytes));
    try {
        importModel(path.toStdString());
        QFAIL("the import should have failed");
    } catch (const InputError &e) {
        const QString message = QString::fromStdString(e.what());
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(message.contains(fileName), qPrintable(message));
        QCOMPARE(QString::fromStdString(e.info().file), path);
    }
}

void TestImporters::indexRejectsUnsafeShards_data()
{
    QTest::addColumn<QByteArray>("index");
    QTest::addColumn<QString>("expected");
    QTest::newRow("path traversal") << QByteArray(R"({"weight_map": {"a": "../../etc/passwd"}})")
                                    << "not a plain file name";
    QTest::newRow("absolute path") << QByteArray(R"({"weight_map": {"a": "/tmp/x.safetensors"}})")
                                   << "not a plain file name";
    QTest::newRow("missing shard") << QByteArray(R"({"weight_map": {"a": "model-00001-of-00002.safetensors"}})")
                                   << "which is missing";
    QTest::newRow("no weight_map") << QByteArray(R"({"metadata": {"total_size": 5}})") << "weight_map";
    QTest::newRow("fuzz regression: number overflow") << QByteArray("99999999e9999\x01:999") << "is not usable JSON";
    QTest::newRow("negative total") << QByteArray(R"({"metadata": {"total_size": -5}, "weight_map": {}})")
                                    << "total_size";
}

void TestImporters::indexRejectsUnsafeShards()
{
    QFETCH(QByteArray, index);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath("model.safetensors.index.json");
    QVERIFY(writeFile(path, index));
    try {
        importModel(path.toStdString());
        QFAIL("the import should have failed");
    } catch (const InputError &e) {
        const QString message = QString::fromStdString(e.what());
        QVERIFY2(message.contains(expected), qPrintable(message));
        QVERIFY2(message.contains("model.safetensors.index.json"), qPrintable(message));
    }
}

void TestImporters::ggufFileTypeNames()
{
    QCOMPARE(ggufFileTypeName(0), std::string("f32"));
    QCOMPARE(ggufFileTypeName(7), std::string("q8_0"));
    QCOMPARE(ggufFileTypeName(15), std::string("q4_k_m"));
    QCOMPARE(ggufFileTypeName(32), std::string("bf16"));
    QCOMPARE(ggufFileTypeName(38), std::string("mxfp4_moe"));
    QCOMPARE(ggufFileTypeName(1024 + 15), std::string("q4_k_m (guessed)"));
    QCOMPARE(ggufFileTypeName(5), std::string());
    QCOMPARE(ggufFileTypeName(~0ULL), std::string());
}

QTEST_GUILESS_MAIN(TestImporters)
#include "tst_importers.moc"
