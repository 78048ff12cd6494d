// Parameter counts from config shapes (issue 2 golden rows).
#include "error.h"
#include "model/modelarch.h"
#include "model/modelconfig.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <tuple>

using namespace memplan;

class TstModelArch : public QObject {
    Q_OBJECT
private slots:
    void exactCounts_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<quint64>("parameters");
        // Llama-3.1-8B: embed 128256*4096 = 525,336,576, untied head the same;
        // per layer q,o 4096^2 + k,v 4096*1024 + MLP 3*4096*14336 + 2 norms 4096
        // = 218,112,000; x32 = 6,979,584,000; + 2*525,336,576 + final norm 4096.
        QTest::newRow("llama-3.1-8b") << "llama-3.1-8b" << quint64(8'030'261'248ULL);
        // Llama-2-7B: MHA, per layer 4*4096^2 + 3*4096*11008 + 8192 = 202,383,360;
        // x32 + 2*32000*4096 + 4096.
        QTest::newRow("llama-2-7b") << "llama-2-7b" << quint64(6'738'415'616ULL);
        // Mistral-7B-v0.1: layers as Llama-3.1-8B (218,112,000 x 32), vocab 32000 untied.
        QTest::newRow("mistral-7b-v0.1") << "mistral-7b-v0.1" << quint64(7'241'732'096ULL);
    }
    void exactCounts()
    {
        QFETCH(QString, preset);
        QFETCH(quint64, parameters);
        const ModelPreset *p = test::shippedCatalog().model(preset.toStdString());
        QVERIFY(p);
        QCOMPARE(countParameters(p->arch).total(), parameters);
    }

    void moeActiveIsSmaller()
    {
        // Mixtral 8x7B: all 8 experts resident, 2 active per token. Active must be far below total
        // and total - active = 6 unused experts x 32 layers x 3 x 4096 x 14336 = 33,822,867,456.
        const ModelPreset *p = test::shippedCatalog().model("mixtral-8x7b");
        QVERIFY(p);
        const ParameterCounts c = countParameters(p->arch);
        QCOMPARE(c.total() - c.active, quint64(33'822'867'456ULL));
    }

    void kvElements_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<quint64>("elements");
        QTest::newRow("GQA llama-3.1-8b: 2 x 8 x 128") << "llama-3.1-8b" << quint64(2048);
        QTest::newRow("MQA falcon-7b: 2 x 1 x 64") << "falcon-7b" << quint64(128);
        QTest::newRow("MLA deepseek-v3: 512 + 64 latent") << "deepseek-v3" << quint64(576);
        QTest::newRow("MHA llama-2-7b: 2 x 32 x 128") << "llama-2-7b" << quint64(8192);
    }
    void kvElements()
    {
        QFETCH(QString, preset);
        QFETCH(quint64, elements);
        QCOMPARE(test::shippedCatalog().model(preset.toStdString())->arch.kvElementsPerTokenPerLayer(), elements);
    }

    void windowedLayers_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<uint>("windowed");
        // Reference: gemma-3-27b 10 full + 52 windowed; gpt-oss-20b 12 + 12; mistral v0.1 all 32.
        QTest::newRow("gemma-3-27b") << "gemma-3-27b" << 52u;
        QTest::newRow("gpt-oss-20b") << "gpt-oss-20b" << 12u;
        QTest::newRow("mistral-7b-v0.1") << "mistral-7b-v0.1" << 32u;
        QTest::newRow("llama-3.1-8b") << "llama-3.1-8b" << 0u;
    }
    void windowedLayers()
    {
        QFETCH(QString, preset);
        QFETCH(uint, windowed);
        QCOMPARE(test::shippedCatalog().model(preset.toStdString())->arch.numWindowedLayers, windowed);
    }

    void configRoundTrip()
    {
        for (const ModelPreset &p : test::shippedCatalog().models()) {
            const ModelArchitecture back = architectureFromConfig(configFromArchitecture(p.arch));
            QVERIFY2(back == p.arch, p.id.c_str());
        }
    }

    void badConfigs_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing layers")
            << R"({"hidden_size":8,"num_attention_heads":2,"vocab_size":10,"intermediate_size":4})"
            << "num_hidden_layers: is missing";
        QTest::newRow("kv heads do not divide")
            << R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":8,"num_key_value_heads":3,"vocab_size":10,"intermediate_size":4})"
            << "num_key_value_heads: must divide";
        QTest::newRow("negative width")
            << R"({"num_hidden_layers":2,"hidden_size":-64,"num_attention_heads":8,"vocab_size":10,"intermediate_size":4})"
            << "hidden_size: must be a non-negative whole number";
        QTest::newRow("layer_types length")
            << R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":8,"vocab_size":10,"intermediate_size":4,"sliding_window":8,"layer_types":["full_attention"]})"
            << "layer_types: has 1 entries for 2 layers";
        QTest::newRow("softcap as text")
            << R"({"num_hidden_layers":2,"hidden_size":64,"num_attention_heads":8,"vocab_size":10,"intermediate_size":4,"attn_logit_softcapping":"50"})"
            << "attn_logit_softcapping: must be a non-negative number";
    }
    void badConfigs()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        try {
            architectureFromConfig(nlohmann::json::parse(json.toStdString()));
            QFAIL("expected an InputError");
        } catch (const InputError &e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
        }
    }

    void ropeSettingsAreReadInBothSpellings()
    {
        // transformers 4's rope_scaling and rope_local_base_freq (google/gemma-3-4b-it's text_config)
        // and transformers 5's rope_parameters, one object per layer type, describe the same model.
        const nlohmann::json base = {
            {"model_type", "gemma3_text"}, {"num_hidden_layers", 34},    {"hidden_size", 2560},
            {"num_attention_heads", 8},    {"num_key_value_heads", 4},   {"head_dim", 256},
            {"vocab_size", 262208},        {"intermediate_size", 10240}, {"max_position_embeddings", 131072}};
        nlohmann::json v4 = base;
        v4["rope_theta"] = 1000000.0;
        v4["rope_local_base_freq"] = 10000.0;
        v4["rope_scaling"] = {{"rope_type", "linear"}, {"factor", 8.0}};
        nlohmann::json v5 = base;
        v5["rope_parameters"] = {
            {"full_attention", {{"rope_type", "linear"}, {"factor", 8.0}, {"rope_theta", 1000000.0}}},
            {"sliding_attention", {{"rope_type", "default"}, {"rope_theta", 10000.0}}}};
        const RopeShape a = architectureFromConfig(v4).rope;
        QVERIFY(a == architectureFromConfig(v5).rope);
        QVERIFY(a.scaling == RopeScaling::Linear);
        QCOMPARE(a.factor, 8.0);
        QCOMPARE(a.theta, 1000000.0);
        QCOMPARE(a.localTheta, 10000.0);
        // The older "type" key, YaRN's original length, and a round trip through the config.
        nlohmann::json yarn = base;
        yarn["rope_scaling"] = {{"type", "yarn"}, {"factor", 4.0}, {"original_max_position_embeddings", 32768}};
        yarn["partial_rotary_factor"] = 0.25;
        const ModelArchitecture y = architectureFromConfig(yarn);
        QVERIFY(y.rope.scaling == RopeScaling::Yarn);
        QCOMPARE(y.rope.originalMaxPosition, std::uint64_t(32768));
        QCOMPARE(y.rope.partialRotary, 0.25);
        QVERIFY(architectureFromConfig(configFromArchitecture(y)).rope == y.rope);
        // Bad values name their key.
        for (const auto &[key, value, field] :
             {std::tuple{"partial_rotary_factor", nlohmann::json(1.5), "partial_rotary_factor"},
              std::tuple{"rope_scaling", nlohmann::json{{"rope_type", "linear"}, {"factor", -2}},
                         "rope_scaling.factor"},
              std::tuple{"rope_scaling", nlohmann::json("linear"), "rope_scaling"}}) {
            nlohmann::json bad = base;
            bad[key] = value;
            try {
                architectureFromConfig(bad);
                QFAIL("expected an InputError");
            } catch (const InputError &e) {
                QCOMPARE(QString::fromStdString(e.info().field), QString::fromLatin1(field));
            }
        }
    }

    void gptNeoXHasItsOwnLayers()
    {
        // EleutherAI/pythia-2.8b config.json (model card: 2,775,208,960 parameters). Per layer: fused
        // QKV 2560 x 7680 + 7680, dense 2560^2 + 2560, h_to_4h 2560 x 10240 + 10240, 4h_to_h
        // 10240 x 2560 + 2560, two LayerNorms 2 x 2 x 2560 = 78,676,480; x 32, + final LayerNorm
        // 5,120, + untied embedding and head 2 x 50304 x 2560. llama.cpp's arch name reads the same.
        for (const char *type : {"gpt_neox", "gptneox"}) {
            std::vector<std::string> warnings;
            const ModelArchitecture a = architectureFromConfig(nlohmann::json{{"model_type", type},
                                                                              {"num_hidden_layers", 32},
                                                                              {"hidden_size", 2560},
                                                                              {"num_attention_heads", 32},
                                                                              {"intermediate_size", 10240},
                                                                              {"vocab_size", 50304},
                                                                              {"tie_word_embeddings", false}},
                                                               &warnings);
            QVERIFY(warnings.empty());
            QCOMPARE(a.modelType, std::string("gpt_neox"));
            QVERIFY(!a.gatedMlp);
            QCOMPARE(quint64(countParameters(a).total()), quint64(2'775'208'960ULL));
        }
    }

    void phiHasOneNormAndBiasesEverywhere()
    {
        // microsoft/phi-1_5 config.json. Per layer: q, k, v and dense 4 x (2048^2 + 2048), fc1
        // 2048 x 8192 + 8192, fc2 8192 x 2048 + 2048, one LayerNorm 2 x 2048 = 50,354,176; x 24,
        // + final LayerNorm 4,096, + embedding 51200 x 2048, + untied head with its bias
        // 51200 x 2048 + 51200 = 1,418,270,720 (the safetensors header's count).
        std::vector<std::string> warnings;
        const ModelArchitecture a = architectureFromConfig(nlohmann::json{{"model_type", "phi"},
                                                                          {"num_hidden_layers", 24},
                                                                          {"hidden_size", 2048},
                                                                          {"num_attention_heads", 32},
                                                                          {"num_key_value_heads", 32},
                                                                          {"intermediate_size", 8192},
                                                                          {"vocab_size", 51200},
                                                                          {"partial_rotary_factor", 0.5},
                                                                          {"tie_word_embeddings", false}},
                                                           &warnings);
        QVERIFY(warnings.empty());
        QVERIFY(!a.gatedMlp);
        QCOMPARE(a.normsPerLayer, 1u);
        QCOMPARE(quint64(countParameters(a).total()), quint64(1'418'270'720ULL));
    }

    void unknownTypeWarns()
    {
        std::vector<std::string> warnings;
        architectureFromConfig(
            nlohmann::json::parse(
                R"({"model_type":"brandnew","num_hidden_layers":2,"hidden_size":64,"num_attention_heads":8,"vocab_size":10,"intermediate_size":4})"),
            &warnings);
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(warnings[0]).contains("brandnew"));
    }
};

QTEST_APPLESS_MAIN(TstModelArch)
#include "tst_modelarch.moc"
