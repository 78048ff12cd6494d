// Multimodal checkpoints (issue 12 item 5): the vision tower and projector as their own
// weights, the runtime default for loading them, the text-only toggle, llama.cpp's mmproj file.
#include "../import/modelfilewriters.h"
#include "error.h"
#include "estimator.h"
#include "import/gguf.h"
#include "model/visiontower.h"
#include "scenario/scenariojson.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace memplan;
using namespace testwriters;

class TstMultimodal : public QObject {
    Q_OBJECT
private slots:
    void gemma3TowerFromShapes_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<quint64>("published");
        // Hugging Face model pages (safetensors parameter count of the -it checkpoints):
        QTest::newRow("gemma-3-4b-it: 4,300,079,472") << "gemma-3-4b" << quint64(4'300'079'472ULL);
        QTest::newRow("gemma-3-12b-it: 12,187,325,040") << "gemma-3-12b" << quint64(12'187'325'040ULL);
        QTest::newRow("gemma-3-27b-it: 27,432,406,640") << "gemma-3-27b" << quint64(27'432'406'640ULL);
    }
    void gemma3TowerFromShapes()
    {
        // text decoder (layer by layer) + SigLIP tower and projector (visiontower.cpp) = the checkpoint.
        QFETCH(QString, preset);
        QFETCH(quint64, published);
        const ModelPreset *p = test::shippedCatalog().model(preset.toStdString());
        QVERIFY(p);
        QCOMPARE(p->visionParameters, gemma3VisionParameters(p->arch.hiddenSize));
        QCOMPARE(p->computed.total() + p->visionParameters, published);
    }

    void llama4AndQwen25VlTowersFromShapes()
    {
        // The towers from their config.json vision_config shapes (visiontower.cpp), carried by the
        // presets, complete the published checkpoint totals: Llama 4 Scout's safetensors count
        // 108,641,793,536 (model card: 109B) and Qwen2.5-VL-7B-Instruct's 8,292,166,656 (8.29B).
        const PresetCatalog &c = test::shippedCatalog();
        const ModelPreset *scout = c.model("llama-4-scout");
        const ModelPreset *maverick = c.model("llama-4-maverick");
        const ModelPreset *qwen = c.model("qwen2.5-vl-7b");
        QVERIFY(scout && maverick && qwen);
        QCOMPARE(scout->visionParameters, llama4VisionParameters(scout->arch.hiddenSize));
        QCOMPARE(maverick->visionParameters, llama4VisionParameters(maverick->arch.hiddenSize));
        QCOMPARE(scout->computed.total() + scout->visionParameters, std::uint64_t(108'641'793'536ULL));
        QCOMPARE(qwen->visionParameters, qwen25VlVisionParameters(qwen->arch.hiddenSize));
        QCOMPARE(qwen->computed.total() + qwen->visionParameters, std::uint64_t(8'292'166'656ULL));
        // The merger's output follows the text width: Qwen2.5-VL-3B (2048) and 72B (8192).
        QCOMPARE(qwen25VlVisionParameters(2048), std::uint64_t(668'684'288ULL));
        QCOMPARE(qwen25VlVisionParameters(8192), std::uint64_t(700'147'712ULL));
    }

    void textOnlyDropsTheNewTowers()
    {
        for (const char *id : {"llama-4-scout", "qwen2.5-vl-7b"}) {
            Scenario s = test::theoryScenario(id, "bf16", 4096);
            s.runtime.preset = "vllm";
            s.hardware.count = 8;
            const ModelPreset *p = test::shippedCatalog().model(id);
            auto vision = [](const Estimate &e) {
                Bytes b = 0;
                for (const Item &it : e.items)
                    if (it.label == "vision tower and projector")
                        b += it.bytes;
                return b;
            };
            QCOMPARE(vision(estimate(s, test::shippedCatalog())), Bytes(p->visionParameters * 2));
            s.model.textOnly = true;
            QCOMPARE(vision(estimate(s, test::shippedCatalog())), Bytes(0));
        }
    }

    void visionItemPlaced()
    {
        // vLLM loads Gemma 3 4B's tower: 419,816,304 parameters x 2 B on the GPU; text only drops it.
        Scenario s = test::theoryScenario("gemma-3-4b", "bf16", 4096);
        s.runtime.preset = "vllm";
        auto vision = [](const Estimate &e) {
            Bytes b = 0;
            for (const Item &it : e.items)
                if (it.label == "vision tower and projector")
                    b += it.bytes;
            return b;
        };
        QCOMPARE(vision(estimate(s, test::shippedCatalog())), Bytes(419'816'304ULL * 2));
        s.model.textOnly = true;
        QCOMPARE(vision(estimate(s, test::shippedCatalog())), Bytes(0));
        // llama.cpp without an mmproj file: text only.
        s.model.textOnly.reset();
        s.runtime.preset = "llama.cpp";
        QCOMPARE(vision(estimate(s, test::shippedCatalog())), Bytes(0));
    }

    void runtimeDefaults()
    {
        // vLLM & co. load the tower of a multimodal checkpoint; llama.cpp only with --mmproj.
        QVERIFY(loadsVisionTower(Engine::Vllm, false, std::nullopt));
        QVERIFY(!loadsVisionTower(Engine::Vllm, false, true));
        QVERIFY(!loadsVisionTower(Engine::LlamaCpp, false, std::nullopt));
        QVERIFY(loadsVisionTower(Engine::LlamaCpp, true, std::nullopt));
        QVERIFY(!loadsVisionTower(Engine::LlamaCpp, true, true));
        QVERIFY(!loadsVisionTower(Engine::LlamaCpp, false, false)); // no file: nothing to load
    }

    void scenarioKeysRoundTrip()
    {
        nlohmann::json doc = {{"schema", "memplan.scenario/1"},
                              {"model", {{"preset", "gemma-3-4b"}, {"text_only", true}, {"mmproj", "/m/mmproj.gguf"}}}};
        const Scenario s = scenarioFromJson(doc);
        QCOMPARE(s.model.textOnly, std::optional<bool>(true));
        QCOMPARE(s.model.mmproj, std::string("/m/mmproj.gguf"));
        QVERIFY(scenarioFromJson(scenarioToJson(s)) == s);
        doc["model"]["text_only"] = "yes";
        QVERIFY_THROWS_EXCEPTION(InputError, scenarioFromJson(doc));
    }

    void mmprojHeader()
    {
        // A projector GGUF: parameters and bytes are its tensors' (two BF16 matrices, one F32 bias).
        GgufWriter w;
        w.kvString("general.architecture", "clip")
            .tensor("v.blk.0.attn_q.weight", {1024, 1024}, GgmlBF16)
            .tensor("mm.0.weight", {1024, 2048}, GgmlBF16)
            .tensor("mm.0.bias", {2048}, GgmlF32);
        QTemporaryDir dir;
        const QString path = dir.filePath("mmproj-BF16.gguf");
        QVERIFY(w.write(path));
        const VisionTower v = visionTowerFromMmproj(readGgufHeader(path.toStdString()), path.toStdString());
        QCOMPARE(v.parameters, quint64(1024 * 1024 + 1024 * 2048 + 2048));
        QCOMPARE(v.fileBytes, Bytes((1024 * 1024 + 1024 * 2048) * 2 + 2048 * 4));

        // A model GGUF given as --mmproj is refused, naming the key.
        GgufWriter notClip;
        notClip.kvString("general.architecture", "llama").tensor("token_embd.weight", {32, 4}, GgmlF32);
        const QString other = dir.filePath("model.gguf");
        QVERIFY(notClip.write(other));
        try {
            visionTowerFromMmproj(readGgufHeader(other.toStdString()), other.toStdString());
            QFAIL("accepted a model file as mmproj");
        } catch (const InputError &e) {
            QCOMPARE(e.info().field, std::string("general.architecture"));
        }
    }
};

QTEST_APPLESS_MAIN(TstMultimodal)
#include "tst_multimodal.moc"
