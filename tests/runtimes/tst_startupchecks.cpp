// Issue 12 item 7: settings a runtime refuses come out as "will not start" (a verdict of
// its own, never a fit), naming the setting and the rule.
#include "../core/testsupport.h"
#include "estimator.h"
#include "formats/estimatejson.h"
#include "questions/solvers.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace memplan;

namespace {

Scenario on(const std::string &runtime, const std::string &model = "llama-3.1-8b", const std::string &format = "bf16")
{
    Scenario s = test::theoryScenario(model, format, 8192, 1, "h100-sxm");
    s.runtime.preset = runtime;
    s.host.ramBytes = 256 * GiB;
    return s;
}

std::vector<std::string_view> refusalIds(const Estimate &e)
{
    std::vector<std::string_view> ids;
    for (const Notice &n : e.refusals)
        ids.push_back(n.id);
    return ids;
}

} // namespace

class TstStartupChecks : public QObject {
    Q_OBJECT
private slots:
    void refusals_data()
    {
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("kvDtype");
        QTest::addColumn<uint>("gpus");
        QTest::addColumn<uint>("context");
        QTest::addColumn<QString>("refusal"); // empty: it starts
        // vLLM's kv_cache_dtype takes auto and FP8 variants only (vllm/config/cache.py CacheDType).
        QTest::newRow("vllm q4_0 kv") << "vllm"
                                      << "bf16"
                                      << "q4_0" << 1u << 8192u << "refuse.kv_cache_dtype";
        QTest::newRow("vllm fp8 kv") << "vllm"
                                     << "bf16"
                                     << "fp8" << 1u << 8192u << "";
        QTest::newRow("sglang q8_0 kv") << "sglang"
                                        << "bf16"
                                        << "q8_0" << 1u << 8192u << "refuse.kv_cache_dtype";
        QTest::newRow("llama.cpp q4_0 kv") << "llama.cpp"
                                           << "bf16"
                                           << "q4_0" << 1u << 8192u << "";
        // Issue 34 item 4: llama-server's --cache-type-k/-v take f32, f16, bf16, q8_0, q4_0, q4_1,
        // iq4_nl, q5_0 and q5_1 (common/arg.cpp kv_cache_types), no FP8; Ollama's
        // OLLAMA_KV_CACHE_TYPE takes f16, q8_0 and q4_0 (its FAQ).
        QTest::newRow("llama.cpp fp8 kv") << "llama.cpp"
                                          << "bf16"
                                          << "fp8" << 1u << 8192u << "refuse.kv_cache_dtype";
        QTest::newRow("llama.cpp q5_1 kv") << "llama.cpp"
                                           << "bf16"
                                           << "q5_1" << 1u << 8192u << "";
        QTest::newRow("ollama fp8 kv") << "ollama"
                                       << "q4_k_m"
                                       << "fp8" << 1u << 8192u << "refuse.kv_cache_dtype";
        QTest::newRow("ollama q4_1 kv") << "ollama"
                                        << "q4_k_m"
                                        << "q4_1" << 1u << 8192u << "refuse.kv_cache_dtype";
        QTest::newRow("ollama q8_0 kv") << "ollama"
                                        << "q4_k_m"
                                        << "q8_0" << 1u << 8192u << "";
        // llama.cpp reads GGUF tensors: AWQ, GPTQ, bitsandbytes and FP8 checkpoints are not GGUF types.
        QTest::newRow("llama.cpp awq weights") << "llama.cpp"
                                               << "awq-int4"
                                               << "f16" << 1u << 8192u << "refuse.gguf_weights";
        QTest::newRow("ollama fp8 weights") << "ollama"
                                            << "fp8"
                                            << "f16" << 1u << 8192u << "refuse.gguf_weights";
        QTest::newRow("llama.cpp mxfp4 weights") << "llama.cpp"
                                                 << "mxfp4"
                                                 << "f16" << 1u << 8192u << "";
        // Transformers dequantizes GGUF tensors on load: a q4_k_m plan cannot run.
        QTest::newRow("transformers q4_k_m") << "transformers"
                                             << "q4_k_m"
                                             << "f16" << 1u << 8192u << "refuse.gguf_weights";
        QTest::newRow("transformers bf16") << "transformers"
                                           << "bf16"
                                           << "f16" << 1u << 8192u << "";
        // Llama 3.1 8B has 32 attention heads: tensor parallelism of 3 does not divide them.
        QTest::newRow("vllm tp3") << "vllm"
                                  << "bf16"
                                  << "f16" << 3u << 8192u << "refuse.tp_heads";
        QTest::newRow("vllm tp4") << "vllm"
                                  << "bf16"
                                  << "f16" << 4u << 8192u << "";
        // 131,072 tokens is the model's maximum; vLLM refuses a longer max_model_len.
        QTest::newRow("vllm 256k context") << "vllm"
                                           << "bf16"
                                           << "f16" << 1u << 262144u << "refuse.context_above_max";
        QTest::newRow("llama.cpp 256k context") << "llama.cpp"
                                                << "bf16"
                                                << "f16" << 1u << 262144u << "";
    }
    void refusals()
    {
        QFETCH(QString, runtime);
        QFETCH(QString, format);
        QFETCH(QString, kvDtype);
        QFETCH(uint, gpus);
        QFETCH(uint, context);
        QFETCH(QString, refusal);
        Scenario s = on(runtime.toStdString(), "llama-3.1-8b", format.toStdString());
        s.kvCacheDtype = kvDtype.toStdString();
        s.hardware.count = gpus;
        s.workload.contextTokens = context;
        const Estimate e = estimate(s, test::shippedCatalog());
        if (refusal.isEmpty()) {
            QVERIFY2(e.willStart(), e.refusals.empty() ? "" : noticeEnglish(e.refusals[0]).c_str());
            QVERIFY(e.verdictId() != "will_not_start");
            return;
        }
        QCOMPARE(refusalIds(e), std::vector<std::string_view>{refusal.toStdString()});
        QVERIFY(!e.fits);
        QCOMPARE(e.verdictId(), std::string_view("will_not_start"));
        // The sentence names the setting's value and the rule.
        const std::string text = noticeEnglish(e.refusals[0]);
        QVERIFY2(text.find("will not") != std::string::npos, text.c_str());
        // Round trip through the estimate JSON (added keys `verdict` and `refusals`).
        const nlohmann::json j = estimateToJson(e);
        QCOMPARE(j["verdict"].get<std::string>(), std::string("will_not_start"));
        QCOMPARE(j["refusals"][0]["id"].get<std::string>(), refusal.toStdString());
        const Estimate back = estimateFromJson(j);
        QCOMPARE(back.refusals.size(), e.refusals.size());
        QCOMPARE(back.refusals[0].id, e.refusals[0].id);
        QCOMPARE(noticeEnglish(back.refusals[0]), text); // arguments come back by name, whatever their order
    }

    // Issue 31: a refusal rests on a stated fact. A config without max_position_embeddings states
    // no context limit: the planner's 4096 is an assumption, which warns but never refuses, and
    // the solvers do not stop at it.
    void assumedContextLimitOnlyWarns_data()
    {
        QTest::addColumn<bool>("stated");
        QTest::newRow("limit stated") << true;
        QTest::newRow("limit assumed") << false;
    }
    void assumedContextLimitOnlyWarns()
    {
        QFETCH(bool, stated);
        // Llama 3.1 8B's shape written out as an inline config.json.
        Scenario s = on("vllm");
        s.model.preset.clear();
        s.model.config = {{"model_type", "llama"},   {"hidden_size", 4096},         {"intermediate_size", 14336},
                          {"num_hidden_layers", 32}, {"num_attention_heads", 32},   {"num_key_value_heads", 8},
                          {"vocab_size", 128256},    {"tie_word_embeddings", false}};
        if (stated)
            s.model.config["max_position_embeddings"] = 4096;
        s.workload.contextTokens = 8192;
        const Estimate e = estimate(s, test::shippedCatalog());
        std::vector<std::string_view> warnings;
        for (const Notice &n : e.notices)
            warnings.push_back(n.id);
        const auto has = [&](std::string_view id) {
            return std::find(warnings.begin(), warnings.end(), id) != warnings.end();
        };
        if (stated) {
            QCOMPARE(refusalIds(e), std::vector<std::string_view>{"refuse.context_above_max"});
            QVERIFY(noticeEnglish(e.refusals[0]).find("4,096") != std::string::npos ||
                    noticeEnglish(e.refusals[0]).find("4096") != std::string::npos);
            return;
        }
        QVERIFY2(e.willStart(), e.refusals.empty() ? "" : noticeEnglish(e.refusals[0]).c_str());
        QVERIFY(has("warn.context_limit_assumed"));
        QVERIFY(!has("warn.context_above_max"));
        // Eight billion parameters in bf16 on an 80 GB H100 hold far more than 4,096 tokens.
        const auto most = solveMaxContext(resolveScenario(s, test::shippedCatalog()));
        QVERIFY(most);
        QVERIFY2(*most > 100'000, std::to_string(*most).c_str());
    }

    // The refusal names the setting the scenario stated: the runtime's own cache_type_k when
    // given, else kv_cache.dtype; and what the runtime takes instead.
    void kvRefusalNamesTheSetting()
    {
        Scenario s = on("llama.cpp");
        s.kvCacheDtype = "fp8";
        Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(refusalIds(e), std::vector<std::string_view>{"refuse.kv_cache_dtype"});
        QCOMPARE(e.refusals[0].arg("setting")->text, std::string("kv_cache.dtype"));
        QVERIFY(e.refusals[0].arg("accepted")->text.find("q8_0") != std::string::npos);
        s.kvCacheDtype = "f16";
        s.runtime.settings = nlohmann::json{{"cache_type_k", "fp8"}};
        e = estimate(s, test::shippedCatalog());
        QCOMPARE(refusalIds(e), std::vector<std::string_view>{"refuse.kv_cache_dtype"});
        QCOMPARE(e.refusals[0].arg("setting")->text, std::string("runtime.cache_type_k"));
        s.runtime.preset = "ollama";
        s.runtime.settings = nlohmann::json::object();
        s.kvCacheDtype = "fp8";
        e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.refusals[0].arg("accepted")->text, std::string("f16, q8_0, q4_0"));
    }

    // Llama 3.2 Vision's cross-attention layers (model_type mllama): llama.cpp and Ollama never
    // load them ("unknown model architecture: 'mllama'"), vLLM ran them on its V0 engine only
    // (gone in 0.11.0); Transformers and SGLang run them.
    void crossAttentionModels_data()
    {
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QString>("version"); // empty: the runtime's newest modelled release
        QTest::addColumn<bool>("refused");
        QTest::newRow("llama.cpp") << "llama.cpp" << QString() << true;
        QTest::newRow("ollama") << "ollama" << QString() << true;
        QTest::newRow("vllm (current)") << "vllm" << QString() << true;
        QTest::newRow("vllm 0.11.0") << "vllm"
                                     << "0.11.0" << true;
        QTest::newRow("vllm 0.10.1") << "vllm"
                                     << "0.10.1" << false;
        QTest::newRow("sglang") << "sglang" << QString() << false;
        QTest::newRow("transformers") << "transformers" << QString() << false;
    }
    void crossAttentionModels()
    {
        QFETCH(QString, runtime);
        QFETCH(QString, version);
        QFETCH(bool, refused);
        Scenario s = on(runtime.toStdString(), "llama-3.2-11b-vision");
        if (!version.isEmpty())
            s.runtime.settings["version"] = version.toStdString();
        const Estimate e = estimate(s, test::shippedCatalog());
        if (!refused) {
            QVERIFY2(e.willStart(), e.refusals.empty() ? "" : noticeEnglish(e.refusals[0]).c_str());
            return;
        }
        QCOMPARE(refusalIds(e), std::vector<std::string_view>{"refuse.cross_attention"});
        QCOMPARE(e.verdictId(), std::string_view("will_not_start"));
        const std::string text = noticeEnglish(e.refusals[0]);
        QVERIFY2(text.find("mllama") != std::string::npos, text.c_str());
        // A text-only Llama on the same runtime starts.
        QVERIFY(estimate(on(runtime.toStdString()), test::shippedCatalog()).willStart());
    }
};

QTEST_APPLESS_MAIN(TstStartupChecks)
#include "tst_startupchecks.moc"
