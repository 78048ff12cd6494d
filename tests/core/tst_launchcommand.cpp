// The launch command names the download of the weight format chosen (issue 34 item 6):
// a preset's hf_repo for its native or shipped format, its `repositories` for the others,
// and otherwise a placeholder with a note, never another format's repository.
// Expected repositories and files are the ones the shipped presets cite (presets/models/*.json
// `repositories.*.source`).
#include "estimator.h"
#include "formats/estimatejson.h"
#include "questions/launchcommand.h"
#include "scenario/resolve.h"
#include "testsupport.h"

#include <QtTest>

using namespace memplan;

namespace {

Estimate run(const char *model, const char *format, const char *runtime)
{
    Scenario s = test::theoryScenario(model, format, 8192, 1, "h100-sxm");
    s.runtime.preset = runtime;
    s.host.ramBytes = 256ULL << 30;
    return estimate(resolveScenario(s, test::shippedCatalog()));
}

const char *kModelFile = R"({"schema": "memplan.model-preset/1", "id": "tiny", "hf_repo": "Org/Tiny",
  "config": {"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 100,
             "intermediate_size": 128}, "repositories": %1})";

} // namespace

class TstLaunchCommand : public QObject {
    Q_OBJECT
private slots:
    void namesTheChosenFormat_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QString>("commandStart");
        QTest::addColumn<bool>("note");
        // The issue's three cases: AWQ named the BF16 repository, FP8 too, gpt-oss a -bf16.gguf.
        QTest::newRow("awq: no repository known") << "qwen3-30b-a3b"
                                                  << "awq-int4"
                                                  << "vllm"
                                                  << "vllm serve <awq-int4-repository-of-Qwen/Qwen3-30B-A3B> " << true;
        QTest::newRow("fp8: Qwen's FP8 repository") << "qwen3-30b-a3b"
                                                    << "fp8"
                                                    << "vllm"
                                                    << "vllm serve Qwen/Qwen3-30B-A3B-FP8 " << false;
        QTest::newRow("gpt-oss as released, llama.cpp: ggml-org's MXFP4 GGUF")
            << "gpt-oss-120b"
            << ""
            << "llama.cpp"
            << "llama-server --hf-repo ggml-org/gpt-oss-120b-GGUF --hf-file gpt-oss-120b-mxfp4-00001-of-00003.gguf "
            << false;
        QTest::newRow("gpt-oss Q4_K_M: unsloth's file")
            << "gpt-oss-20b"
            << "q4_k_m"
            << "llama.cpp"
            << "llama-server --hf-repo unsloth/gpt-oss-20b-GGUF --hf-file gpt-oss-20b-Q4_K_M.gguf " << false;
        // A "Q8_0" GGUF of gpt-oss keeps its experts in MXFP4 (tst_ggufmix): the layout of the
        // published MXFP4 file, whose other tensors are Q8_0 (llama-bench prints "MXFP4 MoE").
        QTest::newRow("gpt-oss Q8_0: the MXFP4 file, the same layout")
            << "gpt-oss-20b"
            << "q8_0"
            << "llama.cpp"
            << "llama-server --hf-repo bartowski/openai_gpt-oss-20b-GGUF --hf-file openai_gpt-oss-20b-MXFP4.gguf "
            << false;
        // As released (MXFP4 experts) the checkpoint is the preset's own repository.
        QTest::newRow("gpt-oss as released, vLLM") << "gpt-oss-20b"
                                                   << ""
                                                   << "vllm"
                                                   << "vllm serve openai/gpt-oss-20b " << false;
        QTest::newRow("gpt-oss all BF16: not the MXFP4 repository")
            << "gpt-oss-20b"
            << "bf16"
            << "sglang"
            << "python -m sglang.launch_server --model-path <bf16-repository-of-openai/gpt-oss-20b> " << true;
        // A BF16 checkpoint serves F16 too: the runtime casts it.
        QTest::newRow("native dtype") << "llama-3.1-8b"
                                      << "f16"
                                      << "vllm"
                                      << "vllm serve meta-llama/Llama-3.1-8B " << false;
        QTest::newRow("transformers, fp8")
            << "qwen3-30b-a3b"
            << "fp8"
            << "transformers"
            << "AutoModelForCausalLM.from_pretrained(\"Qwen/Qwen3-30B-A3B-FP8\"" << false;
        QTest::newRow("ollama names no model") << "qwen3-30b-a3b"
                                               << "q4_k_m"
                                               << "ollama"
                                               << "OLLAMA_" << false;
    }

    void namesTheChosenFormat()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        QFETCH(QString, runtime);
        QFETCH(QString, commandStart);
        QFETCH(bool, note);
        const Estimate e = run(model.toUtf8().constData(), format.toUtf8().constData(), runtime.toUtf8().constData());
        QVERIFY2(e.launchCommand.rfind(commandStart.toStdString(), 0) == 0, e.launchCommand.c_str());
        QCOMPARE(!e.launchNote.id.empty(), note);
        if (note) {
            QCOMPARE(std::string(e.launchNote.id), std::string("note.launch_weights_unknown"));
            const std::string text = noticeEnglish(e.launchNote);
            // The note names the placeholder the command holds, so the user knows what to replace.
            QVERIFY2(e.launchCommand.find(e.launchNote.arg("placeholder")->text) != std::string::npos, text.c_str());
            // The estimate JSON carries it beside the command and reads it back.
            const nlohmann::json j = estimateToJson(e);
            QCOMPARE(j["launch_command_note"]["id"].get<std::string>(), std::string("note.launch_weights_unknown"));
            QCOMPARE(noticeEnglish(estimateFromJson(j).launchNote), text); // arguments by name, any order
        } else {
            QVERIFY(!estimateToJson(e).contains("launch_command_note"));
        }
    }

    void everyShippedRepositoryCitesItsSource()
    {
        int entries = 0;
        for (const ModelPreset &p : test::shippedCatalog().models())
            for (const auto &[format, w] : p.repositories) {
                ++entries;
                QVERIFY2(!w.source.empty(), (p.id + " " + format).c_str());
                QVERIFY2(w.repo != p.hfRepo, (p.id + " " + format + ": hf_repo is implied").c_str());
            }
        QVERIFY(entries >= 9);
    }

    void badRepositoriesNameTheKey_data()
    {
        QTest::addColumn<QString>("repositories");
        QTest::addColumn<QString>("key");
        QTest::newRow("unknown format") << R"({"q9_x": {"repo": "A/B"}})"
                                        << "repositories.q9_x";
        QTest::newRow("no slash") << R"({"fp8": {"repo": "Tiny-FP8"}})"
                                  << "repositories.fp8.repo";
        QTest::newRow("not a gguf") << R"({"q4_0": {"repo": "A/B", "file": "x.bin"}})"
                                    << "repositories.q4_0.file";
        QTest::newRow("not an object") << R"(["A/B"])"
                                       << "repositories";
    }

    void badRepositoriesNameTheKey()
    {
        QFETCH(QString, repositories);
        QFETCH(QString, key);
        PresetCatalog c;
        QVERIFY(!c.addText(QString::fromUtf8(kModelFile).arg(repositories).toStdString(), "tiny.json"));
        QCOMPARE(c.problems().size(), std::size_t(1));
        const std::string message = c.problems().front().message();
        QVERIFY2(message.find(key.toStdString()) != std::string::npos, message.c_str());
        QVERIFY2(message.find("tiny.json") != std::string::npos, message.c_str());
    }

    void repositoriesRoundTrip()
    {
        PresetCatalog c;
        QVERIFY(
            c.addText(QString::fromUtf8(kModelFile)
                          .arg(R"({"q4_k_m": {"repo": "Org/Tiny-GGUF", "file": "Tiny-Q4_K_M.gguf", "source": "s"}})")
                          .toStdString(),
                      "tiny.json"));
        const ModelPreset &p = *c.model("tiny");
        const nlohmann::json j = modelPresetToJson(p);
        QCOMPARE(j["repositories"]["q4_k_m"]["file"].get<std::string>(), std::string("Tiny-Q4_K_M.gguf"));
        QCOMPARE(parseModelPreset(j).repositories, p.repositories);
    }
};

QTEST_GUILESS_MAIN(TstLaunchCommand)
#include "tst_launchcommand.moc"
