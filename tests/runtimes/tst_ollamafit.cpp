// Ollama's own pre-load estimate (core/runtimes/ollama/ollamafit.h) against the "offload to"
// lines Ollama printed on users' machines. Each case of tests/data/ollama-offload/cases.json
// states the model the log names, the request (context × parallel, batch, cache type), the
// library and the free memory the line printed, and what Ollama decided: the planner's own
// weights and shapes go in, Ollama's arithmetic comes out. Printed sizes carry one decimal of
// GiB or MiB, so sizes are compared within half a printed unit plus 1 %.
#include "estimator.h"
#include "itemids.h"
#include "logs/measuredrun.h"
#include "runtimes/ollama/ollamafit.h"
#include "runtimes/ollama/ownengine.h"
#include "scenario/resolve.h"
#include "scenario/scenariojson.h"

#include "../core/testsupport.h"

#include <nlohmann/json.hpp>

#include <QtTest>
#include <fstream>

using namespace memplan;
using json = nlohmann::json;

namespace {

/// "23.7 GiB", "640.0 MiB" as bytes, with the half unit the rounding allows.
Bytes printed(const std::string &text, Bytes &halfUnit)
{
    const double v = std::stod(text);
    const bool gib = text.find("GiB") != std::string::npos;
    const bool kib = text.find("KiB") != std::string::npos;
    const Bytes unit = gib ? GiB : kib ? KiB : MiB;
    halfUnit = unit / 20; // one decimal
    return Bytes(v * double(unit));
}

bool near(Bytes got, const std::string &text)
{
    Bytes half = 0;
    const Bytes want = printed(text, half);
    const double slack = double(half) + 0.01 * double(want);
    return std::abs(double(got) - double(want)) <= slack;
}

} // namespace

class TstOllamaFit : public QObject {
    Q_OBJECT
private slots:
    // GraphSize's qwen2 branch worked by hand for Qwen2-72B at ctx 2048, batch 512 (vocab 152,064,
    // embedding 8,192, 64 heads): full = 4·512·(8192 + 152064) = 328,204,288 B = 313.0 MiB; partial
    // adds the output matrix at 105/128 byte per weight: + 8192·152064·105/128 = 1,350,074,368 B.
    void qwen2GraphByHand()
    {
        ollama::ModelFacts m;
        m.architecture = "qwen2";
        m.blockCount = 80;
        m.embedding = 8192;
        m.heads = 64;
        m.headsKv = 8;
        m.headDimK = m.headDimV = 128;
        m.vocab = 152064;
        ollama::Request q;
        q.context = 2048;
        Bytes kv = 0, partial = 0, full = 0;
        ollama::graphSize(m, q, kv, partial, full);
        QCOMPARE(kv, Bytes(640) * MiB);
        QCOMPARE(full, Bytes(328204288));
        QCOMPARE(partial, Bytes(1350074368));
    }

    void offloadLinesOfUsers_data()
    {
        QTest::addColumn<QString>("id");
        std::ifstream in(MEMPLAN_SOURCE_DIR "/tests/data/ollama-offload/cases.json");
        const json doc = json::parse(in);
        for (const json &c : doc["cases"])
            QTest::newRow(c["id"].get<std::string>().c_str()) << QString::fromStdString(c["id"]);
    }
    void offloadLinesOfUsers()
    {
        QFETCH(QString, id);
        std::ifstream in(MEMPLAN_SOURCE_DIR "/tests/data/ollama-offload/cases.json");
        const json doc = json::parse(in);
        const json *found = nullptr;
        for (const json &c : doc["cases"])
            if (c["id"] == id.toStdString())
                found = &c;
        QVERIFY(found);
        const json &c = *found;
        Scenario s = test::theoryScenario(c["model"], c["format"], c["ctx_size"], 1, "cpu");
        s.runtime.preset = "llama.cpp";
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        ollama::ModelFacts m = ollama::modelFacts(r);
        ollama::Request q;
        q.context = c["ctx_size"];
        q.batch = c.value("batch_size", 512);
        q.library = c["library"];
        q.kvCacheType = c.value("kv_cache_type", "");
        for (const json &a : c["printed"]["available"]) {
            Bytes half = 0;
            q.freeMemory.push_back(printed(a.get<std::string>(), half));
        }
        if (c.contains("gpu_overhead")) {
            Bytes half = 0;
            q.overhead = printed(c["gpu_overhead"].get<std::string>(), half);
        }
        const ollama::Offload got = ollama::estimateGpuLayers(m, q);
        const json &p = c["printed"];
        qInfo("%s%s: layers %d (printed %d), kv %.1f MiB (%s), graph %.1f/%.1f MiB (%s/%s), full %.2f GiB (%s)",
              qPrintable(id), c.value("held_out", false) ? " [held out]" : "", got.layers, p["offload"].get<int>(),
              double(got.kv) / double(MiB), p["kv"].get<std::string>().c_str(), double(got.graphFull) / double(MiB),
              double(got.graphPartial) / double(MiB), p["graph_full"].get<std::string>().c_str(),
              p["graph_partial"].get<std::string>().c_str(), double(got.requiredFull) / double(GiB),
              p["required_full"].get<std::string>().c_str());
        QCOMPARE(got.layersModel, p["model_layers"].get<int>());
        QVERIFY(near(got.kv, p["kv"]));
        QVERIFY(near(got.graphFull, p["graph_full"]));
        QVERIFY(near(got.graphPartial, p["graph_partial"]));
        QVERIFY(std::abs(got.layers - p["offload"].get<int>()) <= 1);
        QVERIFY(near(got.requiredFull, p["required_full"]));
        if (p.contains("split")) { // layers.split: the layers of each GPU, output layer included
            QString split;
            for (int n : got.layersPerGpu)
                split += (split.isEmpty() ? "" : ",") + QString::number(n);
            QCOMPARE(split, QString::fromStdString(p["split"]));
        }
    }

    void blocksKeepTheirOwnSizes()
    {
        // llm/memory.go (v0.5.7) reads blk.i's size for every layer ("Some models have inconsistent
        // layer sizes") and blk.0's for the buffer each GPU keeps. Q4_K_M raises attn_v and
        // ffn_down in Llama 3.1 8B's layers 0-3, 28-31 and every third between, not in layer 4.
        Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, "cpu");
        s.runtime.preset = "llama.cpp";
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        const ollama::ModelFacts m = ollama::modelFacts(r);
        QCOMPARE(m.blockBytes.size(), std::size_t(32));
        Bytes sum = 0;
        for (Bytes b : m.blockBytes)
            sum += b;
        QCOMPARE(sum, r.weightMix->layers);
        QVERIFY(m.blockBytes[0] > m.blockBytes[4]);
        QVERIFY(m.blockBytes[0] - m.blockBytes[31] + 1 <= 2); // both raised, equal but for rounding
    }

    void severalGpusGetOllamasOwnSplit()
    {
        // Ollama's EstimateGPULayers places block i on GPU i % n, then the output layer on GPU
        // blocks % n, and passes the counts as --tensor-split; llama.cpp gives slot s to the first
        // GPU whose cumulative share exceeds s / slots. DeepSeek-R1 (61 blocks and the output) on
        // eight GCDs: counts 8,8,8,8,8,8,7,7 and so 8,8,8,8,8,8,7,6 blocks. The log of that run
        // (tests/data/runtime-logs/gpu, uv-genai/llm-setonix) prints KV buffers of 5120 MiB six
        // times, then 4480 and 3840 MiB: 640 MiB a layer. Even shares would give 8,8,8,7,8,8,8,6.
        QCOMPARE(ollama::roundRobinSplit(61, true, 8), (std::vector<double>{8, 8, 8, 8, 8, 8, 7, 7}));
        QCOMPARE(ollama::roundRobinSplit(5, false, 2), (std::vector<double>{3, 2}));
        const Scenario s = scenarioFromText(
            R"({"schema":"memplan.scenario/1","model":{"preset":"deepseek-v3"},"weights":{"format":"q4_k_m"},)"
            R"("hardware":{"preset":"mi250x","count":8},"runtime":{"preset":"ollama","ctx_size":8192,"parallel":4,)"
            R"("flash_attn":false,"mla_cache":"per_head"},"workload":{"context_tokens":2048,"concurrency":4}})",
            "ollama.json");
        const Estimate e = estimate(s, test::shippedCatalog());
        std::vector<Bytes> kv(8, 0);
        for (const Item &it : e.items)
            if (it.guest == Guest::KvCache && it.pool < 8)
                kv[it.pool] += it.bytes;
        const Bytes layer = kv[0] / 8;
        QVERIFY(layer > 0);
        const std::vector<Bytes> layers = {8, 8, 8, 8, 8, 8, 7, 6};
        for (std::size_t g = 0; g < 8; ++g)
            QCOMPARE(kv[g], layers[g] * layer);
    }

    void aGpuWithLessFreeMemoryStopsTakingLayersFirst()
    {
        // The journalctl log of Ollama 0.5 on an RTX 3090 and an RTX 4060 Ti (tests/data/runtime-logs/
        // gpu/ollama-0.5-qwen2.5-32b-…-journalctl.json): 23877 and 15837 MiB free at load, Qwen2.5-32B
        // Q5_K_M (22.11 GiB), all 65 layers offloaded at n_ctx 32768. Its KV lines (5120 and 3072
        // MiB, 128 MiB a layer) show 40 and 24 layers: the round-robin leaves the smaller card
        // once its next layer no longer fits beside its graph (default batch 512, f16 cache).
        const PresetCatalog &catalog = test::shippedCatalog();
        const ModelArchitecture &qwen = catalog.model("qwen2.5-32b")->arch;
        MeasuredRun run;
        run.model.fileBytes = Bytes(22.11 * double(GiB));
        run.device("CUDA0").freeAtLoadBytes = 23877 * MiB;
        run.device("CUDA1").freeAtLoadBytes = 15837 * MiB;
        for (int g = 0; g < 2; ++g) {
            MeasuredFigure f;
            f.kind = "kv_buffer";
            f.device = "CUDA" + std::to_string(g);
            f.gpu = g;
            run.figures.push_back(f);
        }
        json settings = {{"n_gpu_layers", 65}, {"ctx_size", 32768}};
        ollama::splitFromLog(run, settings, &qwen, 0);
        // 40 and 25 of the 65 slots: llama.cpp gives the first GPU slots 0-39 (blocks 0-39), the
        // second blocks 40-63 and the output layer, the 40 and 24 layers of cache the log shows.
        QCOMPARE(settings["tensor_split"], json::array({40, 25}));
        // Without the free memory the log would print, every GPU is taken to have room.
        MeasuredRun bare = run;
        bare.devices.clear();
        json even = {{"n_gpu_layers", 65}, {"ctx_size", 32768}};
        ollama::splitFromLog(bare, even, &qwen, 0);
        QCOMPARE(even["tensor_split"], json::array({33, 32}));
        // A fill that cannot place the layers the log shows offloaded (memory read wrong) is not
        // trusted either.
        run.device("CUDA1").freeAtLoadBytes = 2048 * MiB;
        json small = {{"n_gpu_layers", 65}, {"ctx_size", 32768}};
        ollama::splitFromLog(run, small, &qwen, 0);
        QCOMPARE(small["tensor_split"], json::array({33, 32}));
    }

    void ownEngineKeepsMoreThanTheWindow()
    {
        // Ollama runs gpt-oss on its own engine, whose cache is kvcache.NewSWAMemCache(window, 4096):
        // a sliding-window layer keeps sequences x 4096 + batch cells (Causal.Init), where
        // llama.cpp keeps PAD(window x sequences + ubatch, 256). gpt-oss-120b at 8192 cells, one
        // sequence: 18 full layers x 8192 and 18 windowed layers x (4096 + 512), 2,048 B a cell
        // (8 KV heads x 64 x K and V x 2 B) = 288 + 162 = 450 MiB, the ROCm0 KV buffer of the
        // Strix Halo log (tests/data/runtime-logs/gpu/ollama-0.11.10-gpt-oss-120b-…); llama.cpp
        // keeps 18 x 768 windowed cells, 315 MiB.
        const auto kvOf = [](const std::string &runtime) {
            const Scenario s = scenarioFromText(
                R"({"schema":"memplan.scenario/1","model":{"preset":"gpt-oss-120b"},)"
                R"("hardware":{"preset":"h100-sxm","count":1},"runtime":{"preset":")" +
                    runtime +
                    R"(","ctx_size":8192,"parallel":1,"flash_attn":true},"workload":{"context_tokens":8192,"concurrency":1}})",
                "ollama.json");
            Bytes kv = 0;
            for (const Item &it : estimate(s, test::shippedCatalog()).items)
                kv += it.guest == Guest::KvCache ? it.bytes : 0;
            return kv;
        };
        QCOMPARE(kvOf("ollama"), Bytes(450) * MiB);
        QCOMPARE(kvOf("llama.cpp"), Bytes(315) * MiB);
    }

    void multimodalModelsLoadTheirTower()
    {
        // Ollama's gemma3 blobs carry the SigLIP tower, which its engine loads onto the GPU: the
        // Radeon 780M log (tests/data/runtime-logs/gpu/ollama-0.9.6-gemma-3-27b-…) prints 16.2 GiB of
        // ROCm0 weights where the text model alone is 15.4, and its estimate line projector.weights
        // "795.9 MiB". The preset's 423,060,336 tower and projector parameters at 2 bytes are 806.9 MiB.
        const auto towerOf = [](bool textOnly) {
            Scenario s = scenarioFromText(
                R"({"schema":"memplan.scenario/1","model":{"preset":"gemma-3-27b"},"weights":{"format":"q4_k_m"},)"
                R"("hardware":{"preset":"rtx-4090","count":1},"runtime":{"preset":"ollama"},)"
                R"("workload":{"context_tokens":8192,"concurrency":1}})",
                "ollama.json");
            if (textOnly)
                s.model.textOnly = true;
            Bytes tower = 0;
            for (const Item &it : estimate(s, test::shippedCatalog()).items)
                tower += it.label == "vision tower and projector" ? it.bytes : 0;
            return tower;
        };
        QCOMPARE(towerOf(false), Bytes(423060336) * 2);
        QCOMPARE(towerOf(true), Bytes(0));
    }

    void theVisionEncodersGraphFillsTheFirstGpu()
    {
        // Ollama's engine attends over Gemma 3's 4,096 image patches without flash attention by
        // building each of the 16 heads' whole f32 score matrix (ml/nn/attention.go), next to Q, K,
        // V and the residual (4 × 4096 × 1152 × 4 B): 1,073,741,824 + 75,497,472 = 1,149,239,296 B
        // (1096 MiB). The 780M log prints a 1.1 GiB GPU graph, and Ollama's own estimate a 1.0 GiB
        // projector.graph (tests/data/runtime-logs/gpu/ollama-0.9.6-gemma-3-27b-…).
        const auto run = [](bool flash, bool textOnly) {
            Scenario s = scenarioFromText(
                R"({"schema":"memplan.scenario/1","model":{"preset":"gemma-3-27b"},"weights":{"format":"q4_k_m"},)"
                R"("hardware":{"preset":"rtx-4090","count":1},"runtime":{"preset":"ollama"},)"
                R"("workload":{"context_tokens":8192,"concurrency":1}})",
                "ollama.json");
            s.runtime.settings["flash_attn"] = flash;
            s.model.textOnly = textOnly;
            return estimate(s, test::shippedCatalog());
        };
        const auto bytesOf = [](const Estimate &e, std::string_view id) {
            Bytes b = 0;
            for (const Item &it : e.items)
                b += it.id == id && it.pool == 0 ? it.bytes : 0;
            return b;
        };
        const Estimate vision = run(false, false), textOnly = run(false, true), flash = run(true, false);
        const Bytes text = bytesOf(vision, itemid::kActGgmlCopies) + bytesOf(vision, itemid::kActGgmlPeak);
        QVERIFY(text > 0 && text < Bytes(1149239296));
        // The buffer holds the larger graph: the text one plus what the encoder needs beyond it.
        QCOMPARE(bytesOf(vision, itemid::kActVisionGraph), Bytes(1149239296) - text);
        QCOMPARE(vision.pools[0].guests[guestIndex(Guest::Activation)] -
                     textOnly.pools[0].guests[guestIndex(Guest::Activation)],
                 Bytes(1149239296) - text);
        // Text only: no encoder. Flash attention: no score matrix, and the MLP stage (4096 × (4304 +
        // 2 × 1152) × 4 B = 103 MiB) stays below the text graph.
        QCOMPARE(bytesOf(textOnly, itemid::kActVisionGraph), Bytes(0));
        QCOMPARE(bytesOf(flash, itemid::kActVisionGraph), Bytes(0));
        QCOMPARE(ollama::visionEncoderGraphBytes(*ollama::ownEngineVisionEncoder("gemma3"), true),
                 4096.0 * (4304 + 2 * 1152) * 4);
        QVERIFY(!ollama::ownEngineVisionEncoder("llama"));
    }

    void theOwnEngineReservesOneLogitRowPerSequence()
    {
        // runner/ollamarunner reserveWorstCaseGraph: batch.Outputs holds `parallel` rows, so the
        // graph never holds a whole micro-batch of logits: for gpt-oss (201,088-token vocabulary) 512
        // rows would be 512 × 201,088 × 4 B = 411,828,224 B alone. The Strix Halo log of Ollama
        // 0.11.10 prints a 121.8 MiB GPU graph (tests/data/runtime-logs/gpu/ollama-0.11.10-…).
        Scenario s = scenarioFromText(
            R"({"schema":"memplan.scenario/1","model":{"preset":"gpt-oss-20b"},"weights":{"format":"mxfp4"},)"
            R"("hardware":{"preset":"rtx-4090","count":1},"runtime":{"preset":"ollama","flash_attn":true},)"
            R"("workload":{"context_tokens":8192,"concurrency":1}})",
            "ollama.json");
        Bytes peak = 0;
        for (const Item &it : estimate(s, test::shippedCatalog()).items)
            peak += it.id == itemid::kActGgmlPeak && it.pool == 0 ? it.bytes : 0;
        QVERIFY(peak > 0);
        QVERIFY(peak < Bytes(512) * 201088 * 4);
        QVERIFY(ollama::runsOnOwnEngine("gptoss") && ollama::runsOnOwnEngine("gemma3"));
        QVERIFY(!ollama::runsOnOwnEngine("llama"));
    }
};

QTEST_APPLESS_MAIN(TstOllamaFit)
#include "tst_ollamafit.moc"
