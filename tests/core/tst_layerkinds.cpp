// Per-layer kinds of hybrid and state-space models (issue 12 items 1-2): config reading,
// parameter counts against published totals, KV only for caching layers, and the fixed
// recurrent state with each runtime's byte rule. Golden values are the shapes' formulas,
// written out next to each row.
#include "../import/modelfilewriters.h"
#include "error.h"
#include "estimator.h"
#include "import/gguf.h"
#include "itemids.h"
#include "layers/hybridconfig.h"
#include "layers/mixerparams.h"
#include "layers/recurrentstate.h"
#include "layers/stateplan.h"
#include "model/kvcache.h"
#include "model/modelarch.h"
#include "model/modelconfig.h"
#include "model/quantformat.h"
#include "runtimes/llamacpp/recurrentcells.h"
#include "runtimes/vllm/hybridpages.h"
#include "scenario/resolve.h"
#include "scenario/scenariojson.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace memplan;
using json = nlohmann::json;

namespace {

const ModelArchitecture &presetArch(const char *id)
{
    const ModelPreset *p = test::shippedCatalog().model(id);
    if (!p)
        qFatal("missing preset %s", id);
    return p->arch;
}

json readHybridLog(const char *name)
{
    std::ifstream f(std::string(MEMPLAN_SOURCE_DIR "/tests/data/hybrid-logs/") + name);
    return json::parse(f);
}

double relErr(double ours, double printed)
{
    return printed == 0 ? ours : ours / printed - 1.0;
}

json readConfig(const char *name)
{
    std::ifstream f(std::string(MEMPLAN_SOURCE_DIR "/tests/data/configs/") + name);
    return json::parse(f);
}

QString errorKey(const std::function<void()> &f)
{
    try {
        f();
    } catch (const InputError &e) {
        return QString::fromStdString(e.info().field);
    }
    return QString();
}

} // namespace

class TstLayerKinds : public QObject {
    Q_OBJECT
private slots:
    void kindCounts_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<uint>("kvLayers");
        QTest::addColumn<uint>("recurrentLayers");
        QTest::addColumn<int>("kind");
        // Qwen3-Next: full_attention_interval 4 -> layers 3, 7, ..., 47 attend.
        QTest::newRow("qwen3-next: 48 / 4") << "qwen3-next-80b-a3b" << 12u << 36u << int(LayerKind::LinearAttention);
        QTest::newRow("qwen3.5-27b: 64 / 4") << "qwen3.5-27b" << 16u << 48u << int(LayerKind::LinearAttention);
        QTest::newRow("qwen3.5-2b: 24 / 4") << "qwen3.5-2b" << 6u << 18u << int(LayerKind::LinearAttention);
        // Granite 4.0-H layer_types: 4 "attention", 36 "mamba" (Mamba-2).
        QTest::newRow("granite-4.0-h-small") << "granite-4.0-h-small" << 4u << 36u << int(LayerKind::Mamba2);
        QTest::newRow("granite-4.0-h-tiny") << "granite-4.0-h-tiny" << 4u << 36u << int(LayerKind::Mamba2);
        // Nemotron Nano 2 pattern: 4 '*', 27 'M', 25 '-' (MLP only: neither cache).
        QTest::newRow("nemotron-nano-9b-v2") << "nemotron-nano-9b-v2" << 4u << 27u << int(LayerKind::Mamba2);
        // Jamba: attn period 8 offset 4 -> layers 4, 12, 20, 28.
        QTest::newRow("jamba-1.5-mini") << "jamba-1.5-mini" << 4u << 28u << int(LayerKind::Mamba);
        // Falcon-H1: attention and Mamba-2 in parallel in all 24 layers.
        QTest::newRow("falcon-h1-1.5b") << "falcon-h1-1.5b" << 24u << 24u << int(LayerKind::Mamba2);
        QTest::newRow("lfm2.5-2.6b: 8 attention, 22 conv") << "lfm2.5-2.6b" << 8u << 22u << int(LayerKind::ShortConv);
        QTest::newRow("mamba-codestral: no attention") << "mamba-codestral-7b" << 0u << 64u << int(LayerKind::Mamba2);
    }
    void kindCounts()
    {
        QFETCH(QString, preset);
        QFETCH(uint, kvLayers);
        QFETCH(uint, recurrentLayers);
        QFETCH(int, kind);
        const ModelArchitecture &a = presetArch(preset.toUtf8().constData());
        QCOMPARE(a.numKvLayers(), kvLayers);
        QCOMPARE(a.numFullLayers(), kvLayers);
        QCOMPARE(a.numRecurrentLayers(), recurrentLayers);
        QCOMPARE(int(a.recurrentKind()), kind);
    }

    void publishedTotals_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("published");
        // Model cards: "80B total, 3B active"; Granite 4.0-H Small 32B, Tiny 7B; Nemotron Nano 2 8.89B;
        // Jamba (1.5 Mini = v0.1 shapes) 52B; Falcon-H1 1.5B: 1.55B; Mamba-Codestral 7.3B; Qwen3.5 27B.
        QTest::newRow("qwen3-next-80b-a3b") << "qwen3-next-80b-a3b" << 80e9;
        QTest::newRow("granite-4.0-h-small") << "granite-4.0-h-small" << 32e9;
        QTest::newRow("granite-4.0-h-tiny") << "granite-4.0-h-tiny" << 7e9;
        QTest::newRow("nemotron-nano-9b-v2") << "nemotron-nano-9b-v2" << 8.89e9;
        QTest::newRow("jamba-1.5-mini") << "jamba-1.5-mini" << 51.6e9;
        QTest::newRow("falcon-h1-1.5b") << "falcon-h1-1.5b" << 1.55e9;
        QTest::newRow("mamba-codestral-7b") << "mamba-codestral-7b" << 7.29e9;
        QTest::newRow("qwen3.5-27b (text decoder)") << "qwen3.5-27b" << 27e9;
        // llama.cpp's own count of the GGUF's tensors: "model params = 1.88 B".
        QTest::newRow("qwen3.5-2b (llama.cpp print)") << "qwen3.5-2b" << 1.88e9;
    }
    void publishedTotals()
    {
        QFETCH(QString, preset);
        QFETCH(double, published);
        const ParameterCounts c = countParameters(presetArch(preset.toUtf8().constData()));
        const double err = double(c.total()) / published - 1.0;
        qInfo("%s: %llu parameters (%llu active), %+.2f %% vs published", qPrintable(preset),
              (unsigned long long)c.total(), (unsigned long long)c.active, 100 * err);
        QVERIFY2(std::abs(err) < 0.02, qPrintable(QString::number(c.total())));
    }

    void activeParameters()
    {
        // Published active counts: Qwen3-Next 3B (3.0-3.9 incl. embeddings), Jamba 12B, Granite Small 9B, Tiny 1B.
        auto active = [](const char *id) { return double(countParameters(presetArch(id)).active); };
        QVERIFY(active("qwen3-next-80b-a3b") > 2.8e9 && active("qwen3-next-80b-a3b") < 4.0e9);
        QVERIFY(active("jamba-1.5-mini") > 11.5e9 && active("jamba-1.5-mini") < 12.9e9);
        QVERIFY(active("granite-4.0-h-small") > 8.5e9 && active("granite-4.0-h-small") < 9.9e9);
        QVERIFY(active("granite-4.0-h-tiny") > 0.9e9 && active("granite-4.0-h-tiny") < 1.5e9);
    }

    void mamba1LayerParameters()
    {
        // Jamba's Mamba-1 mixer, h = 4096, d_inner 8192, state 16, conv 4, dt_rank 256:
        // in_proj 4096*16384 + conv 8192*4 + 8192 + x_proj 8192*(256+32) + dt_proj 256*8192 + 8192
        // + A_log 8192*16 + D 8192 + out_proj 8192*4096 + dt/B/C norms 256 + 32
        const std::uint64_t expected = 4096ULL * 16384 + 8192 * 4 + 8192 + 8192ULL * 288 + 256ULL * 8192 + 8192 +
                                       8192ULL * 16 + 8192 + 8192ULL * 4096 + 256 + 32;
        QCOMPARE(recurrentMixerParams(LayerKind::Mamba, presetArch("jamba-1.5-mini").recurrent, 4096), expected);
    }

    void stateElements_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<quint64>("conv");
        QTest::addColumn<quint64>("ssm");
        // llama.cpp n_embd_r / n_embd_s, vLLM conv / temporal shapes:
        QTest::newRow("qwen3-next: 3*(2*16*128+32*128), 32*128*128")
            << "qwen3-next-80b-a3b" << quint64(3 * (2 * 16 * 128 + 32 * 128)) << quint64(32 * 128 * 128);
        QTest::newRow("nemotron-nano-2: 3*(10240+2*8*128), 128*80*128")
            << "nemotron-nano-9b-v2" << quint64(3 * (10240 + 2 * 8 * 128)) << quint64(128 * 80 * 128);
        QTest::newRow("granite-small: 3*(8192+2*128), 8192*128")
            << "granite-4.0-h-small" << quint64(3 * (8192 + 2 * 128)) << quint64(8192 * 128);
        QTest::newRow("jamba: 3*8192, 8192*16") << "jamba-1.5-mini" << quint64(3 * 8192) << quint64(8192 * 16);
        QTest::newRow("falcon-h1: 3*(3072+2*256), 3072*256")
            << "falcon-h1-1.5b" << quint64(3 * (3072 + 512)) << quint64(3072 * 256);
        QTest::newRow("lfm2.5: 2*2048, none") << "lfm2.5-2.6b" << quint64(2 * 2048) << quint64(0);
        QTest::newRow("codestral: 3*(8192+2*8*128), 8192*128")
            << "mamba-codestral-7b" << quint64(3 * (8192 + 2048)) << quint64(8192 * 128);
    }
    void stateElements()
    {
        QFETCH(QString, preset);
        QFETCH(quint64, conv);
        QFETCH(quint64, ssm);
        const ModelArchitecture &a = presetArch(preset.toUtf8().constData());
        QCOMPARE(convStateElements(a.recurrentKind(), a.recurrent, a.hiddenSize), conv);
        QCOMPARE(ssmStateElements(a.recurrentKind(), a.recurrent, a.hiddenSize), ssm);
    }

    void rwkvState()
    {
        // llama.cpp RWKV: n_embd_r = token_shift_count x n_embd, n_embd_s = n_embd x head_size.
        RecurrentShape s;
        s.wkvHeadSize = 64;
        s.tokenShiftCount = 2;
        QCOMPARE(convStateElements(LayerKind::Rwkv, s, 2560), quint64(2 * 2560));
        QCOMPARE(ssmStateElements(LayerKind::Rwkv, s, 2560), quint64(2560 * 64));
    }

    void llamaCppRecurrentBytes()
    {
        // Qwen3-Next, 36 recurrent layers, f32 R and S, cells = n_seq_max = 4:
        // (3*8192 + 32*128*128) * 4 B * 36 * 4 = 308,281,344 B (294 MiB).
        const ModelArchitecture &a = presetArch("qwen3-next-80b-a3b");
        const StateElements e = stateElementsPerDevice(a.recurrentKind(), a.recurrent, a.hiddenSize, 1);
        QCOMPARE(memplan::llamaCppRecurrentBytes(e, a.numRecurrentLayers(), 4),
                 Bytes(3ULL * 8192 + 32 * 128 * 128) * 4 * 36 * 4);
        // One cell minimum: n_seq_max 0 still allocates one.
        QCOMPARE(memplan::llamaCppRecurrentBytes(e, 36, 0), Bytes(3ULL * 8192 + 32 * 128 * 128) * 4 * 36);
    }

    void vllmHybridPages()
    {
        // Qwen3-Next bf16, TP 1: state page = 3*8192*2 + 32*128*128*2 = 1,097,728 B; one attention
        // token of one layer = 2 * 2 heads * 256 * 2 B = 2048 B; block = 16 * ceil(1097728 / (16*2048))
        // = 544 tokens; padded page = 544 * 2048 = 1,114,112 B.
        const VllmHybridPages p = memplan::vllmHybridPages(1'097'728, 2048, 16, 16);
        QCOMPARE(p.attentionBlockTokens, quint64(544));
        QCOMPARE(p.paddedPageBytes, Bytes(1'114'112));
        // Without attention (pure Mamba) the page is the state.
        QCOMPARE(memplan::vllmHybridPages(1000, 0, 16, 16).paddedPageBytes, Bytes(1000));
    }

    void tensorParallelState()
    {
        // Granite Small (1 group) at TP 4: vLLM replicates the group up to 4, conv dim =
        // 8192 + 2*4*128 = 9216 -> 3 * 9216 / 4; SSM 128 heads / 4 * 64 * 128.
        const ModelArchitecture &a = presetArch("granite-4.0-h-small");
        const StateElements e = stateElementsPerDevice(a.recurrentKind(), a.recurrent, a.hiddenSize, 4);
        QCOMPARE(e.conv, quint64(3 * 9216 / 4));
        QCOMPARE(e.ssm, quint64(32 * 64 * 128));
    }

    void realConfigsRead_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("preset");
        QTest::newRow("qwen3-next") << "qwen3-next-80b-a3b-instruct.json"
                                    << "qwen3-next-80b-a3b";
        QTest::newRow("nemotron-nano-2") << "nemotron-nano-9b-v2.json"
                                         << "nemotron-nano-9b-v2";
    }
    void realConfigsRead()
    {
        QFETCH(QString, file);
        QFETCH(QString, preset);
        std::vector<std::string> warnings;
        const ModelArchitecture a = architectureFromConfig(readConfig(file.toUtf8().constData()), &warnings);
        const ModelArchitecture &p = presetArch(preset.toUtf8().constData());
        QCOMPARE(a.layerKinds, p.layerKinds);
        QCOMPARE(a.recurrent, p.recurrent);
        QCOMPARE(countParameters(a).total(), countParameters(p).total());
        QVERIFY(!a.assumedArchitecture);
        QVERIFY(warnings.empty());
    }

    void realConfigInlineInScenario()
    {
        // A pasted config.json is accepted: architectures, torch_dtype, token ids ... are ignored.
        json doc = {{"schema", "memplan.scenario/1"}, {"model", readConfig("qwen3-next-80b-a3b-instruct.json")}};
        const Scenario s = scenarioFromJson(doc);
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        QCOMPARE(r.model.arch.numKvLayers(), 12u);
        QCOMPARE(r.model.arch.numRecurrentLayers(), 36u);
        // A misspelled key stays an error.
        doc["model"]["num_hiden_layers"] = 4;
        QCOMPARE(errorKey([&] { scenarioFromJson(doc); }), QString("model.num_hiden_layers"));
    }

    void roundTrip_data()
    {
        QTest::addColumn<QString>("preset");
        for (const char *id :
             {"qwen3-next-80b-a3b", "qwen3.5-27b", "granite-4.0-h-small", "granite-4.0-h-tiny", "nemotron-nano-9b-v2",
              "jamba-1.5-mini", "falcon-h1-1.5b", "lfm2.5-2.6b", "mamba-codestral-7b"})
            QTest::newRow(id) << id;
    }
    void roundTrip()
    {
        // What-if overrides go through configFromArchitecture: it must rebuild the same model.
        QFETCH(QString, preset);
        const ModelArchitecture &a = presetArch(preset.toUtf8().constData());
        QVERIFY(applyConfigOverrides(a, json{{"vocab_size", a.vocabSize}}) == a);
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("key");
        const char *base =
            R"("num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,"vocab_size":100,"intermediate_size":128)";
        QTest::newRow("unknown layer kind")
            << QString(R"({"model_type":"qwen3_next",%1,"layer_types":["full_attention","hyena"]})").arg(base)
            << "layer_types";
        QTest::newRow("unknown recurrent key")
            << QString(
                   R"({"model_type":"granitemoehybrid",%1,"layer_types":["mamba","attention"],"mamba_d_frobnicate":3})")
                   .arg(base)
            << "mamba_d_frobnicate";
        QTest::newRow("recurrent layers on an unknown type")
            << QString(R"({"model_type":"mystery",%1,"layer_types":["mamba","full_attention"]})").arg(base)
            << "layer_types";
        QTest::newRow("recurrent keys on a plain transformer")
            << QString(R"({"model_type":"llama",%1,"ssm_state_size":16})").arg(base) << "ssm_state_size";
        QTest::newRow("bad Nemotron-H letter")
            << QString(R"({"model_type":"nemotron_h",%1,"hybrid_override_pattern":"M?"})").arg(base)
            << "hybrid_override_pattern";
        QTest::newRow("pattern length")
            << QString(R"({"model_type":"nemotron_h",%1,"hybrid_override_pattern":"M*-"})").arg(base)
            << "hybrid_override_pattern";
    }
    void refusals()
    {
        QFETCH(QString, config);
        QFETCH(QString, key);
        const json c = json::parse(config.toStdString());
        QCOMPARE(errorKey([&] { architectureFromConfig(c); }), key);
    }

    void unknownTypeIsAssumed()
    {
        // Only standard keys: it still estimates, but the architecture is flagged as assumed.
        const json c = json::parse(
            R"({"model_type":"mystery","num_hidden_layers":2,"hidden_size":64,"num_attention_heads":4,"vocab_size":100,"intermediate_size":128})");
        std::vector<std::string> warnings;
        const ModelArchitecture a = architectureFromConfig(c, &warnings);
        QVERIFY(a.assumedArchitecture);
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY(!architectureFromConfig(readConfig("llama-3.1-8b.json")).assumedArchitecture);
    }

    void graniteMoeIsAKnownType()
    {
        // ibm-granite/granite-3.1-1b-a400m-instruct's config.json as published (its µP multipliers
        // included): a known type, no warning, and the count the preset and the llama.cpp CPU runs
        // use (1,334,628,352: 24 layers of attention 1024x(1024+2x512+1024) and 32 gated experts
        // 3x1024x512 with a 1024x32 router, plus the tied 49155x1024 table).
        const json c = json::parse(R"({"architectures":["GraniteMoeForCausalLM"],"attention_bias":false,
            "attention_dropout":0.1,"attention_multiplier":0.015625,"bos_token_id":0,"embedding_multiplier":12.0,
            "eos_token_id":0,"hidden_act":"silu","hidden_size":1024,"initializer_range":0.02,"intermediate_size":512,
            "logits_scaling":6.0,"max_position_embeddings":131072,"model_type":"granitemoe","num_attention_heads":16,
            "num_experts_per_tok":8,"num_hidden_layers":24,"num_key_value_heads":8,"num_local_experts":32,
            "pad_token_id":0,"residual_multiplier":0.22,"rms_norm_eps":1e-06,"rope_theta":10000000.0,
            "router_aux_loss_coef":0.0,"tie_word_embeddings":true,"torch_dtype":"bfloat16","use_cache":true,
            "vocab_size":49155})");
        std::vector<std::string> warnings;
        const ModelArchitecture a = architectureFromConfig(c, &warnings);
        QVERIFY(!a.assumedArchitecture);
        QVERIFY(warnings.empty());
        QCOMPARE(countParameters(a).total(), std::uint64_t(1334628352));
        // granitemoeshared adds one always-on gated MLP per layer of shared_intermediate_size:
        // 24 x 3 x 1024 x 1024 = 75,497,472 more parameters, all active.
        json shared = c;
        shared["model_type"] = "granitemoeshared";
        shared["shared_intermediate_size"] = 1024;
        const ModelArchitecture b = architectureFromConfig(shared, &warnings);
        QVERIFY(!b.assumedArchitecture);
        QCOMPARE(countParameters(b).total() - countParameters(a).total(), std::uint64_t(75497472));
        QCOMPARE(countParameters(b).active - countParameters(a).active, std::uint64_t(75497472));
    }

    void llamaCppHybridLogQwen35_2b()
    {
        // llama-server b9140, Qwen3.5-2B Q8_0, -c 0 (262144 cells), 4 slots, unified KV, f16 cache.
        const json doc = readHybridLog("llamacpp-cpu-qwen3.5-2b-q8_0-ctx262144-np4-unified-mmproj-bf16.json");
        const json &m = doc["measured"];
        const ModelArchitecture &a = presetArch("qwen3.5-2b");
        const QuantFormat &f16 = *findQuantFormat("f16");
        // KV: 6 layers x 262144 cells x (512 + 512) x 2 B.
        const Bytes kv = checkedMul(checkedMul(a.numKvLayers(), kvBytesPerTokenPerLayer(a, f16, f16, a.kvHeads())),
                                    m["kv_cells"].get<Bytes>());
        const double kvErr = relErr(double(kv), m["kv_buffer_bytes"]["CPU"].get<double>());
        // State: 18 layers x 4 cells x (3 x 6144 + 2048 x 128) x 4 B.
        const StateElements e = stateElementsPerDevice(a.recurrentKind(), a.recurrent, a.hiddenSize, 1);
        const Bytes rs = memplan::llamaCppRecurrentBytes(e, a.numRecurrentLayers(), 4);
        const double rsErr = relErr(double(rs), m["recurrent_buffer_bytes"]["CPU"].get<double>());
        const double rErr = relErr(double(e.conv) * 4 * 18 * 4, m["recurrent_r_bytes"].get<double>());
        const double sErr = relErr(double(e.ssm) * 4 * 18 * 4, m["recurrent_s_bytes"].get<double>());
        // One sequence's state is what a context checkpoint stores: 19.266 MiB printed.
        const double ckErr = relErr(double(rs) / 4, 19.266 * 1048576);
        qInfo("qwen3.5-2b: KV %+.3f %%, RS %+.3f %% (R %+.3f %%, S %+.3f %%), checkpoint %+.3f %%", 100 * kvErr,
              100 * rsErr, 100 * rErr, 100 * sErr, 100 * ckErr);
        QVERIFY(std::abs(kvErr) < 0.005);
        QVERIFY(std::abs(rsErr) < 0.02 && std::abs(rErr) < 0.02 && std::abs(sErr) < 0.02);
        QVERIFY(std::abs(ckErr) < 0.02);
    }

    void llamaCppHybridLogQwen35_27b()
    {
        // ggml-org/llama.cpp#23792: the recurrent summary of a Qwen3.5-27B-shaped model at 2 and 3 sequences.
        const json doc = readHybridLog("llamacpp-tp-qwen3.5-27b-rs-2seq-3seq.json");
        const ModelArchitecture &a = presetArch("qwen3.5-27b");
        const StateElements e = stateElementsPerDevice(a.recurrentKind(), a.recurrent, a.hiddenSize, 1);
        for (const json &run : doc["measured"]["recurrent_runs"]) {
            const std::uint64_t cells = run["cells"].get<std::uint64_t>();
            const double err = relErr(double(memplan::llamaCppRecurrentBytes(e, a.numRecurrentLayers(), cells)),
                                      run["total_bytes"].get<double>());
            const double sErr = relErr(double(e.ssm) * 4 * 48 * double(cells), run["s_bytes"].get<double>());
            qInfo("qwen3.5-27b, %llu cells: RS %+.3f %%, S %+.3f %%", (unsigned long long)cells, 100 * err, 100 * sErr);
            QVERIFY(std::abs(err) < 0.02);
            QVERIFY(std::abs(sErr) < 0.02);
        }
    }

    void runtimeStateRules()
    {
        const ModelArchitecture &a = presetArch("qwen3-next-80b-a3b");
        // llama.cpp: f32 both parts, 4 cells, 36 layers: (3 x 8192 + 32 x 128 x 128) x 4 B x 36 x 4.
        const StateRule l = stateRuleFor(Engine::LlamaCpp, a, 4, 2, 2, 0, 256);
        QCOMPARE(recurrentStateBytes(a, l, 36), Bytes(3ULL * 8192 + 524288) * 4 * 36 * 4);
        // vLLM bf16 TP 1: padded page 1,114,112 B (544-token attention blocks) per layer and sequence.
        const StateRule v = stateRuleFor(Engine::Vllm, a, 8, 1, 2, 2048, 16);
        QCOMPARE(v.attentionBlockTokens, quint64(544));
        QCOMPARE(recurrentStatePerSequence(a, v, 36), Bytes(1'114'112) * 36);
        // Nemotron-H asks for an f32 SSM state: vLLM's page = 3 x 12288 x 2 + 128 x 80 x 128 x 4.
        const ModelArchitecture &n = presetArch("nemotron-nano-9b-v2");
        const StateRule vn = stateRuleFor(Engine::Vllm, n, 1, 1, 2, 0, 16);
        QCOMPARE(vn.ssmBytes, 4u);
        QCOMPARE(recurrentStatePerSequence(n, vn, 1), Bytes(3ULL * 12288 * 2 + 128ULL * 80 * 128 * 4));
    }

    void layerRuns()
    {
        // llama.cpp offloads the last n_gpu_layers: Qwen3-Next layers 24..47 hold 6 attention, 18 delta-net.
        const ModelArchitecture &a = presetArch("qwen3-next-80b-a3b");
        const LayerKindCounts c = countLayerKinds(a, 24, 48);
        QCOMPARE(c.of(LayerKind::FullAttention), 6u);
        QCOMPARE(c.recurrent(), 18u);
        // Nemotron Nano 2's first 10 blocks "M-M-M-MM-M": 6 Mamba-2, 4 MLP, no attention.
        const LayerKindCounts nc = countLayerKinds(presetArch("nemotron-nano-9b-v2"), 0, 10);
        QCOMPARE(nc.of(LayerKind::Mamba2), 6u);
        QCOMPARE(nc.of(LayerKind::None), 4u);
    }

    void hybridGguf()
    {
        // A llama.cpp granitehybrid GGUF: per-layer head_count_kv (0 = Mamba-2 layer), ssm.* shapes,
        // a router tensor in every block. Read the way model.file reads it.
        using namespace testwriters;
        QByteArray kv;
        put32(kv, U32);
        put64(kv, 4);
        for (std::uint32_t n : {0u, 0u, 2u, 0u})
            put32(kv, n);
        GgufWriter w;
        w.kvString("general.architecture", "granitehybrid")
            .kvU32("granitehybrid.block_count", 4)
            .kvU32("granitehybrid.embedding_length", 256)
            .kvU32("granitehybrid.feed_forward_length", 64)
            .kvU32("granitehybrid.attention.head_count", 4)
            .kvRaw("granitehybrid.attention.head_count_kv", Array, kv)
            .kvU32("granitehybrid.expert_count", 8)
            .kvU32("granitehybrid.expert_used_count", 2)
            .kvU32("granitehybrid.expert_shared_feed_forward_length", 128)
            .kvU32("granitehybrid.ssm.conv_kernel", 4)
            .kvU32("granitehybrid.ssm.inner_size", 512)
            .kvU32("granitehybrid.ssm.state_size", 64)
            .kvU32("granitehybrid.ssm.group_count", 1)
            .kvU32("granitehybrid.ssm.time_step_rank", 8)
            .tensor("token_embd.weight", {256, 1000}, GgmlF16);
        for (int i = 0; i < 4; ++i)
            w.tensor("blk." + QByteArray::number(i) + ".ffn_gate_inp.weight", {256, 8}, GgmlF32);
        w.tensor("blk.0.ssm_conv1d.bias", {640}, GgmlF32).tensor("blk.0.ssm_norm.weight", {512}, GgmlF32);
        QTemporaryDir dir;
        const QString path = dir.filePath("granite-h.gguf");
        QVERIFY(w.write(path));
        std::vector<std::string> warnings;
        const ModelArchitecture a =
            architectureFromConfig(ggufToHfConfig(readGgufHeader(path.toStdString()), &warnings));
        QCOMPARE(a.modelType, std::string("granitemoehybrid"));
        QCOMPARE(a.layerKinds, (std::vector<LayerKind>{LayerKind::Mamba2, LayerKind::Mamba2, LayerKind::FullAttention,
                                                       LayerKind::Mamba2}));
        QCOMPARE(a.ffnKinds, std::vector<FfnKind>(4, FfnKind::Moe));
        QCOMPARE(a.kvHeads(), 2u);
        // conv (4-1) x (512 + 2 x 1 x 64), ssm 512 x 64 (n_embd_r / n_embd_s).
        QCOMPARE(convStateElements(a.recurrentKind(), a.recurrent, a.hiddenSize), quint64(3 * (512 + 128)));
        QCOMPARE(ssmStateElements(a.recurrentKind(), a.recurrent, a.hiddenSize), quint64(512 * 64));
        QCOMPARE(a.recurrent.nHeads, 8u);
        QVERIFY(a.recurrent.convBias && a.recurrent.gatedNorm);
    }

    void estimateQwen35_2bLlamaCppLog()
    {
        // The whole estimate against the Qwen3.5-2B llama-server log: KV 3072.00 MiB, RS 77.06 MiB on the CPU.
        const json doc = readHybridLog("llamacpp-cpu-qwen3.5-2b-q8_0-ctx262144-np4-unified-mmproj-bf16.json");
        const json &m = doc["measured"];
        Scenario s = test::theoryScenario("qwen3.5-2b", "q8_0", 65536, 4, "cpu");
        s.host.ramBytes = 16 * GiB;
        s.runtime.preset = "llama.cpp";
        s.runtime.settings = {{"ctx_size", 262144}, {"parallel", 4},      {"ubatch_size", 1024},
                              {"batch_size", 1024}, {"flash_attn", true}, {"kv_unified", true}};
        const Estimate e = estimate(s, test::shippedCatalog());
        Bytes kv = 0, rs = 0;
        for (const Item &it : e.items) {
            if (it.label == "KV cache")
                kv += it.bytes;
            if (it.label == "recurrent state")
                rs += it.bytes;
        }
        const double kvErr = relErr(double(kv), m["kv_buffer_bytes"]["CPU"].get<double>());
        const double rsErr = relErr(double(rs), m["recurrent_buffer_bytes"]["CPU"].get<double>());
        qInfo("qwen3.5-2b estimate: KV %+.3f %%, recurrent state %+.3f %%", 100 * kvErr, 100 * rsErr);
        QVERIFY(std::abs(kvErr) < 0.005);
        QVERIFY(std::abs(rsErr) < 0.02);
        QCOMPARE(e.model.kvBytesPerToken, Bytes(6 * 2 * 512 * 2)); // 6 attention layers, not 24
        QVERIFY(e.fits);
    }

    void kvOnlyForCachingLayers_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<quint64>("kvPerToken");
        // f16: kv layers x 2 x H_kv x d_head x 2 B.
        QTest::newRow("qwen3-next: 12 x 2 x 2 x 256 x 2") << "qwen3-next-80b-a3b" << quint64(12 * 2 * 2 * 256 * 2);
        QTest::newRow("granite-4.0-h-small: 4 x 2 x 8 x 128 x 2")
            << "granite-4.0-h-small" << quint64(4 * 2 * 8 * 128 * 2);
        QTest::newRow("nemotron-nano-2: 4 x 2 x 8 x 128 x 2") << "nemotron-nano-9b-v2" << quint64(4 * 2 * 8 * 128 * 2);
        QTest::newRow("jamba: 4 x 2 x 8 x 128 x 2") << "jamba-1.5-mini" << quint64(4 * 2 * 8 * 128 * 2);
        QTest::newRow("falcon-h1: 24 x 2 x 2 x 128 x 2") << "falcon-h1-1.5b" << quint64(24 * 2 * 2 * 128 * 2);
        QTest::newRow("codestral: none") << "mamba-codestral-7b" << quint64(0);
    }
    void kvOnlyForCachingLayers()
    {
        QFETCH(QString, preset);
        QFETCH(quint64, kvPerToken);
        const Estimate e = estimate(test::theoryScenario(preset.toStdString(), "bf16", 8192), test::shippedCatalog());
        QCOMPARE(e.model.kvBytesPerToken, Bytes(kvPerToken));
        QVERIFY(e.model.recurrentStateBytesPerSequence > 0);
    }

    void vllmHybridPool()
    {
        // vLLM: the recurrent states take padded pages out of the same pool, one per layer and sequence.
        Scenario s = test::theoryScenario("qwen3-next-80b-a3b", "fp8", 32768, 16, "h100-sxm");
        s.hardware.count = 2;
        s.runtime.preset = "vllm";
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        QVERIFY(r.runtime.kvBlockTokens > 16); // grown so one attention page holds a state page
        const Estimate e = estimate(r);
        Bytes state = 0;
        for (const Item &it : e.items)
            if (it.label == "recurrent state" && it.pool == 0)
                state = it.bytes;
        // 36 layers x 16 sequences x two padded pages (TP 2) on each GPU: with prefix caching (on by
        // default) each state keeps the running page and the last block boundary's ("align").
        const StateRule rule =
            stateRuleFor(Engine::Vllm, r.model.arch, 16, 2, 2,
                         kvBytesPerTokenPerLayer(r.model.arch, *r.kvFormatK, *r.kvFormatV, 1), r.runtime.kvBlockTokens);
        QCOMPARE(state, Bytes(rule.pagePerLayer) * 36 * 16 * 2);
        // Without prefix caching, one page per layer and sequence.
        s.runtime.settings = {{"enable_prefix_caching", false}};
        Bytes stateNone = 0;
        for (const Item &it : estimate(s, test::shippedCatalog()).items)
            if (it.label == "recurrent state" && it.pool == 0)
                stateNone = it.bytes;
        QCOMPARE(stateNone, Bytes(rule.pagePerLayer) * 36 * 16);
    }

    void llamaVisionCrossAttention()
    {
        // Llama 3.2 11B Vision (presets/models/llama-3.2-11b-vision.json): 32 self-attention and
        // 8 cross-attention layers; one image leaves 4 tiles x (560/14)^2 + 1 = 6,404 tokens.
        const ModelArchitecture &a = presetArch("llama-3.2-11b-vision");
        QCOMPARE(a.numCrossLayers(), 8u);
        QCOMPARE(a.numKvLayers(), 32u);
        QCOMPARE(a.crossAttentionTokens, std::uint64_t(4 * (40 * 40 + 1)));
        // Published total (model card): 10.6B; the text decoder counted here plus the tower and projector.
        const double total = double(countParameters(a).total()) +
                             double(test::shippedCatalog().model("llama-3.2-11b-vision")->visionParameters);
        QVERIFY2(std::abs(total / 10.6e9 - 1) < 0.01, qPrintable(QString::number(total)));
        // The cross-attention cache holds the image tokens only: the same at 4K and 16K of context.
        auto crossBytes = [](std::uint64_t context) {
            Bytes b = 0;
            const Estimate e =
                estimate(test::theoryScenario("llama-3.2-11b-vision", "bf16", context, 2, "a100-80gb-sxm"),
                         test::shippedCatalog());
            for (const Item &it : e.items)
                if (it.id == std::string_view(itemid::kKvCross))
                    b += it.bytes;
            return b;
        };
        // 8 layers x 2 x 8 KV heads x 128 x 2 B (f16) x 6,404 tokens x 2 sequences.
        QCOMPARE(crossBytes(4096), Bytes(8) * 2 * 8 * 128 * 2 * 6404 * 2);
        QCOMPARE(crossBytes(16384), crossBytes(4096));
        // The same model read from its config.json; the canonical key round-trips.
        json c = configFromArchitecture(a);
        QCOMPARE(c.value("cross_attention_tokens", 0), 6404);
        const ModelArchitecture back = architectureFromConfig(c);
        QCOMPARE(back.numCrossLayers(), 8u);
        QCOMPARE(back.crossAttentionTokens, a.crossAttentionTokens);
        // A cross-attention layer past the last layer names the key.
        const json bad = {{"model_type", "mllama"},    {"num_hidden_layers", 40},          {"hidden_size", 4096},
                          {"num_attention_heads", 32}, {"num_key_value_heads", 8},         {"intermediate_size", 14336},
                          {"vocab_size", 128256},      {"cross_attention_layers", {3, 40}}};
        QCOMPARE(errorKey([&] { architectureFromConfig(bad); }), QStringLiteral("cross_attention_layers"));
    }

    void plainTransformersUnchanged()
    {
        // Gemma 3's attention-only layer_types keep the old path: no per-layer list, 5/6 windowed.
        const ModelArchitecture &g = presetArch("gemma-3-27b");
        QVERIFY(!g.hasLayerKinds());
        QCOMPARE(g.numKvLayers(), g.numHiddenLayers);
        QCOMPARE(g.numRecurrentLayers(), 0u);
    }
};

QTEST_APPLESS_MAIN(TstLayerKinds)
#include "tst_layerkinds.moc"
