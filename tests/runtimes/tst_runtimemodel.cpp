// The runtime-module interface (core/runtimes/runtimemodel.h): one module per
// engine, engines checked when a profile loads, setting keys per module, and
// the item term list that never drops a term.
#include "../core/testsupport.h"
#include "error.h"
#include "estimator.h"
#include "formats/estimatejson.h"
#include "runtimes/runtimemodel.h"
#include "scenario/runtimesettings.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace memplan;

class TstRuntimeModel : public QObject {
    Q_OBJECT
private slots:
    void everyEngineHasItsModule()
    {
        for (Engine e : allEngines()) {
            // A training framework asked for an inference estimate runs PyTorch: Transformers' rules.
            QCOMPARE(runtimeModel(e).engine(), e == Engine::Training ? Engine::Transformers : e);
            QCOMPARE(engineFromId(engineId(e)), std::optional<Engine>(e));
        }
        // Every shipped profile names a known engine (it loaded) and the id round-trips.
        for (const char *id : {"theory", "llama.cpp", "ollama", "vllm", "sglang", "transformers", "mlx"}) {
            const RuntimeProfile *p = test::shippedCatalog().runtime(id);
            QVERIFY2(p, id);
            QCOMPARE(std::string(engineId(p->engine)), std::string(id));
        }
    }

    void mistypedEngineIsRefusedNamingFileAndKey()
    {
        // Issue 21: "engine": "vLLM" used to load silently and get none of vLLM's rules.
        PresetCatalog c;
        const std::string text = R"({"schema": "memplan.runtime-preset/1", "id": "my-vllm", "name": "My vLLM",
                                     "engine": "vLLM"})";
        QVERIFY(!c.addText(text, "my-vllm.json", true));
        QVERIFY(!c.runtime("my-vllm"));
        QCOMPARE(c.problems().size(), std::size_t(1));
        const ErrorInfo &p = c.problems().front();
        QCOMPARE(p.file, std::string("my-vllm.json"));
        QCOMPARE(p.field, std::string("engine"));
        QVERIFY2(p.reason.find("'vLLM'") != std::string::npos && p.reason.find("vllm") != std::string::npos,
                 p.reason.c_str());
    }

    void estimateDocumentWithUnknownEngineIsRefused()
    {
        nlohmann::json doc =
            estimateToJson(estimate(test::theoryScenario("llama-3.1-8b", "bf16", 4096), test::shippedCatalog()));
        QCOMPARE(doc["engine"].get<std::string>(), std::string("theory"));
        QCOMPARE(estimateFromJson(doc).engine, Engine::Theory);
        doc["engine"] = "vLLM";
        QVERIFY_THROWS_EXCEPTION(InputError, estimateFromJson(doc));
    }

    void settingKeysBelongToTheirModule()
    {
        QVERIFY(isRuntimeSettingKey(Engine::Vllm, "gpu_memory_utilization"));
        QVERIFY(!isRuntimeSettingKey(Engine::Sglang, "gpu_memory_utilization"));
        QVERIFY(isRuntimeSettingKey(Engine::Sglang, "mem_fraction_static"));
        QVERIFY(isRuntimeSettingKey(Engine::LlamaCpp, "n_gpu_layers"));
        QVERIFY(isRuntimeSettingKey(Engine::Ollama, "n_gpu_layers")); // Ollama runs llama.cpp's settings
        QVERIFY(!isRuntimeSettingKey(Engine::Theory, "n_gpu_layers"));
        QVERIFY(isRuntimeSettingKey(Engine::Mlx, "wired_limit_mb"));
        QVERIFY(isRuntimeSettingKey(Engine::Transformers, "use_safetensors"));
        QVERIFY(isRuntimeSettingKey(std::string("vllm"), std::string("block_size")));
        QVERIFY(!isRuntimeSettingKey(std::string("vLLM"), std::string("block_size")));
    }

    void termListNeverDropsATerm()
    {
        Item it;
        for (int i = 0; i < int(TermList::kCapacity); ++i)
            it.add("x", i, Origin::Derived, "term");
        QCOMPARE(it.terms.size(), TermList::kCapacity);
        QCOMPARE(it.terms[TermList::kCapacity - 1].value, double(TermList::kCapacity - 1));
        QVERIFY_THROWS_EXCEPTION(std::logic_error, it.add("y", 0, Origin::Derived, "one too many"));
    }
};

QTEST_APPLESS_MAIN(TstRuntimeModel)
#include "tst_runtimemodel.moc"
