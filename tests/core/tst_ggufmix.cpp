// llama.cpp's K-quant mixes summed tensor by tensor (core/model/ggufmix.h). Golden values
// are the rules of src/llama-quant.cpp (llama_tensor_get_type) worked out by hand over
// the real shapes, checked against the tensor-type counts and buffer sizes that
// llama.cpp printed for real Q4_K_M files (tests/data/runtime-logs/).
#include "estimator.h"
#include "formats/tableformats.h"
#include "itemids.h"
#include "model/ggufmix.h"
#include "model/modelarch.h"
#include "scenario/resolve.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QtTest>
#include <fstream>

using namespace memplan;

namespace {

ModelArchitecture mistral7b()
{
    ModelArchitecture a;
    a.modelType = "mistral";
    a.numHiddenLayers = 32;
    a.hiddenSize = 4096;
    a.intermediateSize = 14336;
    a.numAttentionHeads = 32;
    a.numKeyValueHeads = 8;
    a.vocabSize = 32000;
    return a;
}

/// Bytes of n weights of a K-quant type: 256-weight blocks of 144 (Q4_K), 176 (Q5_K), 210 (Q6_K) bytes.
constexpr Bytes kq(std::uint64_t n, std::uint64_t blockBytes)
{
    return n / 256 * blockBytes;
}

/// The layers the _M mixes raise: the first and last eighth and every third layer between.
int moreBitsLayers(int n)
{
    int count = 0;
    for (int i = 0; i < n; ++i)
        count += i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
    return count;
}

Bytes repackGroups(const ggufmix::MixedWeights &w, std::string_view type)
{
    Bytes b = 0;
    for (std::uint32_t k = 0; k < w.groupCount; ++k)
        if (w.groups[k].format->id == type)
            b += w.groups[k].bytes;
    return b;
}

} // namespace

class TstGgufMix : public QObject {
    Q_OBJECT
private slots:
    // Issue 34 item 3: a GGUF of gpt-oss keeps the MoE experts in MXFP4 whatever its label;
    // the label's type covers only the rest (attention, router, embeddings). Published sizes:
    // the Q8_0 file of gpt-oss-120b is 63.4 GB, the same as the MXFP4 one, and the 20b's is
    // 12.1 GB (github.com/AlexsJones/llmfit pull 1059, "size and price MXFP4-native models at
    // MXFP4", reading the released GGUFs); every gpt-oss-20b GGUF, F16, Q8_0, Q4_K_M and Q2_K
    // included, holds its expert tensors as ggml type 39, MXFP4 (github.com/NousResearch/
    // hermes-agent issue 116681, from the files' headers).
    void gptOssGgufKeepsMxfp4Experts_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::addColumn<double>("publishedGB");
        QTest::newRow("120b Q8_0") << "gpt-oss-120b"
                                   << "q8_0" << 63.4;
        QTest::newRow("120b Q4_K_M") << "gpt-oss-120b"
                                     << "q4_k_m" << 63.4;
        QTest::newRow("20b Q8_0") << "gpt-oss-20b"
                                  << "q8_0" << 12.1;
        QTest::newRow("20b Q4_K_M") << "gpt-oss-20b"
                                    << "q4_k_m" << 12.1;
    }
    void gptOssGgufKeepsMxfp4Experts()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        QFETCH(double, publishedGB);
        Scenario s = test::theoryScenario(model.toStdString(), format.toStdString(), 8192, 1, "h100-sxm");
        s.runtime.preset = "llama.cpp";
        s.host.ramBytes = 256 * GiB;
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        QCOMPARE(std::string(r.expertFormat->id), std::string("mxfp4"));
        QCOMPARE(std::string(r.weightFormat->id), format.toStdString());
        const Estimate e = estimate(r);
        // Within 5 % of the published file; a Q4_K_M is at most that big (the non-expert
        // tensors are a few percent of the model, so the label moves the size little).
        const double gb = double(e.model.weightsBytes) / 1e9;
        QVERIFY2(gb > publishedGB * 0.95 && gb < publishedGB * 1.05, qPrintable(QString::number(gb)));
        // A stated expert format still wins.
        s.weights.expertFormat = format.toStdString();
        QCOMPARE(std::string(resolveScenario(s, test::shippedCatalog()).expertFormat->id), format.toStdString());
    }

    // llama.cpp's file types, tensor by tensor: each case's bytes are what llama-quantize
    // --dry-run (llama.cpp v0.5.0) gave every tensor of a weight-less F16 file of the model
    // (tests/data/gguf-recipes, tools/llamacpp-measure/recipe_sizes.py): the IQ3_M, IQ3_XS, IQ2_M
    // and Q2_K_S mixes, the IQ file types made with an importance matrix, the K-quant and
    // legacy file types, and Mixtral 8x7B (8 experts have their own rules), Qwen3 30B-A3B (128
    // experts), Phi-3/Phi-4 and GLM-4 (fused attn_qkv and gate+up tensors), DeepSeek V2-Lite/V3 and Kimi K2
    // (latent attention), and six hybrid models (Mamba-2 and gated delta nets beside attention) in all of them.
    // A third of each set was held
    // out while the rules were written; both must match to the byte, since every term is a tensor shape times its
    // type's block size.
    void fileTypesMatchLlamaQuantize_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::addColumn<bool>("heldOut");
        QTest::addColumn<qulonglong>("bytes");
        for (const char *file : {"dry-run-sizes.json", "iq-file-sizes.json", "k-quant-sizes.json",
                                 "eight-expert-sizes.json", "many-expert-sizes.json", "fused-qkv-sizes.json",
                                 "chatglm-sizes.json", "mla-sizes.json", "hybrid-sizes.json"}) {
            std::ifstream in(std::string(MEMPLAN_SOURCE_DIR "/tests/data/gguf-recipes/") + file);
            const nlohmann::json doc = nlohmann::json::parse(in);
            for (const nlohmann::json &c : doc["cases"]) {
                const std::string model = c["model"], ft = c["file_type"], format = c["format"];
                QTest::newRow(qPrintable(QString::fromStdString(model + " " + ft)))
                    << QString::fromStdString(model) << QString::fromStdString(format) << c["held_out"].get<bool>()
                    << qulonglong(c["total_bytes"].get<std::uint64_t>());
            }
        }
    }
    void fileTypesMatchLlamaQuantize()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        QFETCH(bool, heldOut);
        QFETCH(qulonglong, bytes);
        // On the CPU: with a GPU, llama.cpp's copy of a tied output head would be added.
        Scenario s = test::theoryScenario(model.toStdString(), format.toStdString(), 4096, 1, "cpu");
        s.runtime.preset = "llama.cpp";
        const Estimate e = estimate(s, test::shippedCatalog());
        const qint64 diff = qint64(e.model.weightsBytes) - qint64(bytes);
        qInfo("%s %s%s: planner %llu, llama-quantize %llu, %+lld B", qPrintable(model), qPrintable(format),
              heldOut ? " (held out)" : "", qulonglong(e.model.weightsBytes), bytes, diff);
        QCOMPARE(qulonglong(e.model.weightsBytes), bytes);
    }

    void mistralQ4KMMatchesTheFile()
    {
        // The Mistral-7B-v0.1 Q4_K_M log prints "type f32: 65, q4_K: 193, q6_K: 33 tensors" and a
        // CPU_Mapped buffer of 4,367,707,013 B (the whole file, 4165.37 MiB as printed).
        const ModelArchitecture a = mistral7b();
        QCOMPARE(moreBitsLayers(32), 16); // 16 attn_v + 16 ffn_down + the output head = 33 Q6_K
        const ParameterCounts pc = countParameters(a);
        const auto w = ggufmix::mixedWeights(a, *findQuantFormat("q4_k_m"), pc.layers + pc.finalNorm, 0);
        QVERIFY(w.has_value());
        const std::uint64_t h = 4096, kv = 1024, f = 14336, L = 32;
        const std::uint64_t q4 = L * (2 * h * h + h * kv + 2 * h * f) + 16 * h * kv + 16 * f * h;
        const std::uint64_t q6 = 16 * h * kv + 16 * f * h;
        const std::uint64_t f32 = 2 * h * L + h; // two norms per layer and the final norm
        QCOMPARE(w->layers, kq(q4, 144) + kq(q6, 210) + 4 * f32);
        QCOMPARE(w->experts, Bytes(0));
        QCOMPARE(repackGroups(*w, "q4_k"), kq(q4, 144));
        QCOMPARE(repackGroups(*w, "q6_k"), kq(q6, 210));
        // With the vocabulary tables (token embedding Q4_K, output head Q6_K; tableformats.h):
        const auto tables = vocabularyTableFormats(*findQuantFormat("q4_k_m"), *findQuantFormat("bf16"), h, false);
        const Bytes file = w->layers + tables->embedding->bytesFor(32000 * h) + tables->output->bytesFor(32000 * h);
        QCOMPARE(file, Bytes(4'367'704'064));
        QVERIFY(std::abs(double(file) - 4'367'707'013.0) < 5243); // the printed MiB's rounding
    }

    void layersWeighWhatTheirTypesStore()
    {
        // Q4_K_M raises attn_v and ffn_down to Q6_K in layers i < L/8, i >= 7L/8 and where
        // (i - L/8) % 3 == 2 (llama_tensor_get_type, use_more_bits). Mistral 7B, 32 layers:
        // layer 0 is raised, layer 4 is not; they differ by (h x kv + f x h) weights at 210
        // rather than 144 bytes per 256.
        const ModelArchitecture a = mistral7b();
        const ParameterCounts pc = countParameters(a);
        const auto w = ggufmix::mixedWeights(a, *findQuantFormat("q4_k_m"), pc.layers + pc.finalNorm, 0);
        QVERIFY(w.has_value());
        const std::vector<Bytes> &before = w->layersBefore;
        QCOMPARE(before.size(), std::size_t(33));
        QCOMPARE(before.front(), Bytes(0));
        QCOMPARE(before.back(), w->layers);
        const std::uint64_t raisedWeights = 4096 * 1024 + 14336 * 4096;
        const double delta = double(before[1] - before[0]) - double(before[5] - before[4]);
        QVERIFY(std::abs(delta - double(kq(raisedWeights, 210) - kq(raisedWeights, 144))) <= 1);

        // llama.cpp offloads the last layers, all raised here: four of them on the GPU weigh
        // more than an eighth of the layers. -ngl 5: the output layer goes first (PR #18148).
        Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, "rtx-4090");
        s.runtime.preset = "llama.cpp";
        s.runtime.settings = {{"n_gpu_layers", 5}};
        const Estimate e = estimate(s, test::shippedCatalog());
        const Bytes gpu = test::itemBytesById(e, itemid::kWeightsLayers, 0);
        const Bytes host = test::itemBytesById(e, itemid::kWeightsLayers, 1);
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        QCOMPARE(gpu, r.weightMix->layersBefore[32] - r.weightMix->layersBefore[28]);
        QVERIFY(gpu > (gpu + host) / 8);
        QCOMPARE(gpu + host, r.weightMix->layers);
    }

    void eightExpertsAndSeventyBGetTheirOwnTypes()
    {
        // Mixtral-like: attn_k and attn_v in Q8_0, attn_output in Q5_K, the routed experts'
        // ffn_down in Q6_K in the raised layers.
        ModelArchitecture a = mistral7b();
        a.numExperts = 8;
        a.numExpertsPerTok = 2;
        const ParameterCounts pc = countParameters(a);
        const auto w = ggufmix::mixedWeights(a, *findQuantFormat("q4_k_m"), pc.layers + pc.finalNorm, pc.routedExperts);
        QVERIFY(w.has_value());
        const std::uint64_t h = 4096, kv = 1024, f = 14336, L = 32;
        QCOMPARE(repackGroups(*w, "q8_0"), Bytes(2 * L * h * kv / 32 * 34));
        QCOMPARE(repackGroups(*w, "q5_k"), kq(L * h * h, 176));
        const std::uint64_t experts = 8 * (L * 2 * h * f + (L - 16) * f * h);
        const std::uint64_t expertsQ6 = 8 * 16 * f * h;
        QCOMPARE(w->experts, kq(experts, 144) + kq(expertsQ6, 210));

        // An 80-layer Llama is llama.cpp's 70B: attn_v is Q5_K where it would be Q4_K.
        ModelArchitecture l70;
        l70.modelType = "llama";
        l70.numHiddenLayers = 80;
        l70.hiddenSize = 8192;
        l70.intermediateSize = 28672;
        l70.numAttentionHeads = 64;
        l70.numKeyValueHeads = 8;
        l70.vocabSize = 128256;
        const ParameterCounts p70 = countParameters(l70);
        const auto w70 = ggufmix::mixedWeights(l70, *findQuantFormat("q4_k_m"), p70.layers + p70.finalNorm, 0);
        QVERIFY(w70.has_value());
        QCOMPARE(moreBitsLayers(80), 40);
        QCOMPARE(repackGroups(*w70, "q5_k"), kq(40ull * 8192 * 1024, 176));
    }

    void otherMixesFollowTheirRules()
    {
        const ModelArchitecture a = mistral7b();
        const ParameterCounts pc = countParameters(a);
        auto mix = [&](const char *id) {
            return *ggufmix::mixedWeights(a, *findQuantFormat(id), pc.layers + pc.finalNorm, 0);
        };
        const std::uint64_t h = 4096, kv = 1024, f = 14336;
        // Q4_K_S: attn_v of the first 4 layers and ffn_down of the first L/8 = 4 layers in Q5_K.
        QCOMPARE(repackGroups(mix("q4_k_s"), "q5_k"), kq(4 * h * kv + 4 * f * h, 176));
        // Q3_K_M: attn_v Q5_K in 2 layers, Q4_K after; ffn_down Q5_K in L/16 = 2, Q4_K after;
        // attn_output Q4_K.
        QCOMPARE(repackGroups(mix("q3_k_m"), "q5_k"), kq(2 * h * kv + 2 * f * h, 176));
        QCOMPARE(repackGroups(mix("q3_k_m"), "q4_k"), kq(30 * h * kv + 30 * f * h + 32 * h * h, 144));
        // Q5_K_S keeps everything in Q5_K.
        QCOMPARE(mix("q5_k_s").groupCount, 3u); // rows 4096 (q, o, down), 1024 (k, v), 14336 (gate, up)
        // A Q4_0 file: every matrix in Q4_0 (18 bytes per 32 weights), norms left in F32.
        const std::uint64_t matrices = 32 * (h * h * 2 + h * kv * 2 + h * f * 3);
        QCOMPARE(qulonglong(mix("q4_0").layers),
                 qulonglong(matrices / 32 * 18 + (pc.layers + pc.finalNorm - matrices) * 4));
        // A float format is not a GGUF file type, or layers that are not modelled: no answer.
        QVERIFY(!ggufmix::mixedWeights(a, *findQuantFormat("f16"), pc.layers + pc.finalNorm, 0));
        ModelArchitecture falcon = a; // Falcon's own rules (no Q4_K_M raises of ffn_down) are not modelled
        falcon.modelType = "falcon";
        QVERIFY(!ggufmix::mixedWeights(falcon, *findQuantFormat("q4_k_m"), pc.layers + pc.finalNorm, 0));
    }

    void onlyAnUnmodelledMixIsAnAverage()
    {
        auto warns = [](const Estimate &e) {
            for (const Notice &n : e.notices)
                if (n.id == "warn.mixed_format_average")
                    return true;
            return false;
        };
        // Llama's layers are summed per tensor: calculated, no warning.
        const Estimate llama =
            estimate(test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, "rtx-4090"), test::shippedCatalog());
        QCOMPARE(llama.model.weightsEvidence, Evidence::Calculated);
        QVERIFY(!warns(llama));
        // Falcon's layers are not modelled tensor by tensor: the recipe's average, said so.
        const Estimate falcon =
            estimate(test::theoryScenario("falcon-7b", "q4_k_m", 4096, 1, "h100-sxm"), test::shippedCatalog());
        QCOMPARE(falcon.model.weightsEvidence, Evidence::Estimated);
        QVERIFY(warns(falcon));
    }

    void estimateUsesTheMixAndRepacksOnlyQ4K()
    {
        // Llama 3.1 8B Q4_K_M on an x86 CPU (AVX2): the Q4_K matrices repack (q4_K_8x8), the
        // Q6_K ones have no x86 layout: 5,972,688,896 Q4_K layer weights = 3,359,637,504 B
        // (docs/formulas.md, "GGUF K-quant mixes").
        Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, "cpu-ddr5-5600-2ch");
        s.runtime.preset = "llama.cpp";
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.model.weightsEvidence, Evidence::Calculated);
        const Item *repack = nullptr;
        for (const Item &it : e.items)
            if (it.id == itemid::kWeightsRepacked)
                repack = &it;
        QVERIFY(repack);
        auto term = [&](std::string_view symbol) {
            for (const Term &t : repack->terms)
                if (t.symbol == symbol)
                    return t.value;
            return -1.0;
        };
        QCOMPARE(term("R"), 3'359'637'504.0);
        // mmap: the file stays mapped beside the copy, except its last tensor (blk.31.ffn_up, Q4_K,
        // 4096 x 14336 x 144/256 = 33,030,144 B), which lies past the last tensor read from the
        // mapping (measured: llamacpp-cpu-llama-3.2-1b-q4_k_m-ctx4096-ub512-np1-fa-on).
        QCOMPARE(term("T"), 33'030'144.0);
        QCOMPARE(repack->bytes, Bytes(3'359'637'504 - 33'030'144));
        // The whole file: 4,912,898,048 B, and the Llama-3-8B Q4_K_M log's model buffers add up
        // to 4,912,893,133 B (CUDA0 4403.49 MiB + CPU 281.81 MiB, as printed).
        QCOMPARE(e.model.weightsBytes, Bytes(4'912'898'048));
    }
};

QTEST_APPLESS_MAIN(TstGgufMix)
#include "tst_ggufmix.moc"
