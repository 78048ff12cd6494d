// Issue 4: every shipped preset loads, validates and estimates; broken user
// presets are skipped with a message naming the file; parameter counts agree
// with published totals.
#include "estimator.h"
#include "model/modelarch.h"
#include "scenario/catalog.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace memplan;

namespace {
std::string readPreset(const char *relative)
{
    QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/presets/") + QLatin1String(relative));
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}
} // namespace

class TstPresets : public QObject {
    Q_OBJECT
private slots:
    void everythingLoads()
    {
        const PresetCatalog &c = test::shippedCatalog();
        for (const ErrorInfo &p : c.problems())
            qWarning("%s", p.message().c_str());
        QVERIFY(c.problems().empty());
        QVERIFY(c.models().size() >= 45);
        QVERIFY(c.hardware().size() >= 50);
        for (const char *id : {"theory", "llama.cpp", "vllm", "transformers", "mlx", "ollama", "sglang"})
            QVERIFY2(c.runtime(id), id);
        for (const char *id :
             {"llama-3.1-8b", "qwen3-30b-a3b", "gemma-3-27b", "rtx-4090", "h100-sxm", "m4-max-128gb", "dgx-spark"})
            QVERIFY2(c.model(id) || c.hardwareById(id), id);
    }

    void everyModelEstimates()
    {
        for (const ModelPreset &m : test::shippedCatalog().models()) {
            Scenario s = test::theoryScenario(m.id, "", 4096, 1, "h100-sxm");
            s.runtime.preset = "llama.cpp";
            const Estimate e = estimate(s, test::shippedCatalog());
            QVERIFY2(e.model.weightsBytes > 0, m.id.c_str());
            // A pure state-space model (Mamba-Codestral) keeps a fixed state instead of a KV cache.
            QVERIFY2(e.model.kvBytesPerToken > 0 || e.model.recurrentStateBytesPerSequence > 0, m.id.c_str());
        }
    }

    void everyMachineEstimates()
    {
        for (const HardwarePreset &h : test::shippedCatalog().hardware()) {
            Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, h.spec.id);
            s.runtime.preset = h.spec.kind == HardwareKind::Unified ? "mlx" : "llama.cpp";
            const Estimate e = estimate(s, test::shippedCatalog());
            QVERIFY2(!e.pools.empty(), h.spec.id.c_str());
            if (h.spec.kind != HardwareKind::Cpu)
                QVERIFY2(e.pools[0].capacityBytes > 0, h.spec.id.c_str());
        }
    }

    void computedCountsAgreeWithReference()
    {
        // Each model preset carries the reference's count computed from the config shapes
        // (../shared/reference/models.json, params_total_computed); ours must agree within 2 %.
        const QDir dir(QStringLiteral(MEMPLAN_SOURCE_DIR "/presets/models"));
        int checked = 0;
        for (const QString &name : dir.entryList({QStringLiteral("*.json")})) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const auto doc = nlohmann::json::parse(f.readAll().toStdString());
            const double reference = doc["parameters"]["computed"].get<double>();
            const ModelPreset *p = test::shippedCatalog().model(doc["id"].get<std::string>());
            QVERIFY(p);
            const double ours = double(p->computed.total());
            QVERIFY2(std::abs(ours - reference) / reference < 0.02,
                     qPrintable(QStringLiteral("%1: ours %2 vs reference %3")
                                    .arg(name)
                                    .arg(ours, 0, 'f', 0)
                                    .arg(reference, 0, 'f', 0)));
            ++checked;
        }
        QVERIFY(checked >= 45);
    }

    void publishedTotals_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("published");
        // Totals as the model cards / official READMEs state them (rounded there, hence the 2 % band).
        QTest::newRow("Llama 3.1 8B (8.03B)") << "llama-3.1-8b" << 8.03e9;
        QTest::newRow("Llama 3.1 70B (70.6B)") << "llama-3.1-70b" << 70.6e9;
        QTest::newRow("Llama 3.1 405B (405B)") << "llama-3.1-405b" << 405e9;
        QTest::newRow("Llama 2 7B (6.74B)") << "llama-2-7b" << 6.74e9;
        QTest::newRow("Mistral 7B (7.24B)") << "mistral-7b-v0.1" << 7.24e9;
        QTest::newRow("Mixtral 8x7B (46.7B)") << "mixtral-8x7b" << 46.7e9;
        QTest::newRow("Qwen2.5 7B (7.61B)") << "qwen2.5-7b" << 7.61e9;
        QTest::newRow("Qwen2.5 72B (72.7B)") << "qwen2.5-72b" << 72.7e9;
        QTest::newRow("Qwen3 30B-A3B (30.5B)") << "qwen3-30b-a3b" << 30.5e9;
        QTest::newRow("DeepSeek-V3 (671B)") << "deepseek-v3" << 671e9;
        QTest::newRow("gpt-oss-120b (117B)") << "gpt-oss-120b" << 117e9;
        QTest::newRow("Phi-4 (14.7B)") << "phi-4" << 14.7e9;
    }
    void publishedTotals()
    {
        QFETCH(QString, id);
        QFETCH(double, published);
        const ModelPreset *p = test::shippedCatalog().model(id.toStdString());
        QVERIFY(p);
        const double ours = double(p->computed.total());
        QVERIFY2(std::abs(ours - published) / published < 0.02, qPrintable(QString::number(ours, 'f', 0)));
    }

    void brokenUserPresets_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << "{ oops"
                                  << "is not valid JSON";
        QTest::newRow("unknown schema") << R"({"schema":"memplan.gpu/1"})"
                                        << "is not a preset schema";
        QTest::newRow("newer model schema") << R"({"schema":"memplan.model-preset/2","id":"x"})"
                                            << "this version reads 'memplan.model-preset/1'";
        QTest::newRow("bad id") << R"({"schema":"memplan.model-preset/1","id":"My Model","config":{}})"
                                << "may only use lowercase";
        QTest::newRow("heads not divisible")
            << R"({"schema":"memplan.model-preset/1","id":"m","config":{"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":8,"num_key_value_heads":3,"vocab_size":10,"intermediate_size":4}})"
            << "config.num_key_value_heads: must divide";
        QTest::newRow("zero capacity")
            << R"({"schema":"memplan.hardware-preset/1","id":"g","kind":"discrete_gpu","capacity_bytes":0})"
            << "capacity_bytes: must be a whole number between 1";
        QTest::newRow("unknown kind") << R"({"schema":"memplan.hardware-preset/1","id":"g","kind":"tpu"})"
                                      << "kind: must be";
        QTest::newRow("unknown variant format")
            << R"({"schema":"memplan.model-preset/1","id":"m","variants":["q9"],"config":{"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":8,"vocab_size":10,"intermediate_size":4}})"
            << "variants[0].format: 'q9' is not a known format";
    }
    void brokenUserPresets()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("broken.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.toUtf8());
        f.close();
        QFile good(dir.filePath(QStringLiteral("good.json")));
        QVERIFY(good.open(QIODevice::WriteOnly));
        good.write(
            R"({"schema":"memplan.hardware-preset/1","id":"my-gpu","kind":"discrete_gpu","capacity_bytes":1000})");
        good.close();
        PresetCatalog c;
        c.addDirectory(dir.path().toStdString(), true);
        QCOMPARE(c.problems().size(), std::size_t(1));
        const QString problem = QString::fromStdString(c.problems()[0].message());
        QVERIFY2(problem.contains(QStringLiteral("broken.json")), qPrintable(problem));
        QVERIFY2(problem.contains(message), qPrintable(problem));
        QVERIFY(c.hardwareById("my-gpu")); // the good file next to it still loads
    }

    // Issue 31: shipped presets are registered unparsed and parsed when asked for.
    void lazyPresetsParseWhenAskedFor()
    {
        static const std::string llama = readPreset("models/llama-3.1-8b.json");
        static const std::string qwen = readPreset("models/qwen3-8b.json");
        static const std::string broken = "{ not json";
        PresetCatalog c;
        c.addLazyText(PresetKind::Model, "llama-3.1-8b", llama, "shipped/llama-3.1-8b.json");
        c.addLazyText(PresetKind::Model, "qwen3-8b", qwen, "shipped/qwen3-8b.json");
        c.addLazyText(PresetKind::Model, "broken", broken, "shipped/broken.json");
        const ModelPreset *first = c.model("llama-3.1-8b");
        QVERIFY(first);
        QCOMPARE(first->origin, std::string("shipped/llama-3.1-8b.json"));
        QVERIFY(c.model("qwen3-8b"));
        QVERIFY(!c.model("broken"));
        QCOMPARE(c.models().size(), std::size_t(2));
        // Pointers handed out earlier stay valid while later lookups parse more.
        QCOMPARE(c.model("llama-3.1-8b"), first);
        QCOMPARE(c.problems().size(), std::size_t(1));
        QCOMPARE(c.problems()[0].file, std::string("shipped/broken.json"));
    }

    void lazyPresetIsTheLowestLayer()
    {
        static const std::string llama = readPreset("models/llama-3.1-8b.json");
        nlohmann::json mine = nlohmann::json::parse(llama);
        mine["name"] = "My Llama";
        for (const bool userFirst : {true, false}) {
            PresetCatalog c;
            if (userFirst)
                QVERIFY(c.addText(mine.dump(), "user/llama.json", true));
            c.addLazyText(PresetKind::Model, "llama-3.1-8b", llama, "shipped/llama-3.1-8b.json");
            if (!userFirst)
                QVERIFY(c.addText(mine.dump(), "user/llama.json", true));
            QVERIFY(c.model("llama-3.1-8b"));
            QCOMPARE(c.model("llama-3.1-8b")->name, std::string("My Llama"));
            QCOMPARE(c.models().size(), std::size_t(1));
            QVERIFY(c.problems().empty());
        }
    }

    void lazyPresetMustHoldItsFileName()
    {
        static const std::string llama = readPreset("models/llama-3.1-8b.json");
        PresetCatalog c;
        c.addLazyText(PresetKind::Model, "not-llama", llama, "shipped/not-llama.json");
        QVERIFY(!c.model("not-llama"));
        QCOMPARE(c.problems().size(), std::size_t(1));
        QVERIFY(c.problems()[0].message().find("does not hold the preset 'not-llama'") != std::string::npos);
    }

    void copiedCatalogKeepsPendingPresets()
    {
        static const std::string llama = readPreset("models/llama-3.1-8b.json");
        PresetCatalog c;
        c.addLazyText(PresetKind::Model, "llama-3.1-8b", llama, "shipped/llama-3.1-8b.json");
        const PresetCatalog copy = c;
        QVERIFY(copy.model("llama-3.1-8b"));
        QVERIFY(c.model("llama-3.1-8b"));
        QVERIFY(copy.model("llama-3.1-8b") != c.model("llama-3.1-8b"));
    }

    void userPresetOverridesShipped()
    {
        PresetCatalog c = test::shippedCatalog();
        const std::uint64_t shipped = c.hardwareById("rtx-4090")->spec.capacityBytes;
        c.addText(
            R"({"schema":"memplan.hardware-preset/1","id":"rtx-4090","name":"My 4090","kind":"discrete_gpu","capacity_bytes":1234})",
            "user/rtx-4090.json", true);
        QCOMPARE(c.hardwareById("rtx-4090")->spec.capacityBytes, quint64(1234));
        QVERIFY(shipped != 1234);
        QVERIFY(c.hardwareById("rtx-4090")->user);
    }

    void savedPresetRoundTrips()
    {
        const ModelPreset *m = test::shippedCatalog().model("qwen3-30b-a3b");
        const ModelPreset back = parseModelPreset(modelPresetToJson(*m));
        QVERIFY(back.arch == m->arch);
        QCOMPARE(back.computed, m->computed);
        const HardwarePreset *h = test::shippedCatalog().hardwareById("m4-max-128gb");
        QVERIFY(parseHardwarePreset(hardwarePresetToJson(*h)).spec.gpuUsableBytes == h->spec.gpuUsableBytes);
    }
};

QTEST_APPLESS_MAIN(TstPresets)
#include "tst_presets.moc"
