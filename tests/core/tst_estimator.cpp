// The estimator: pools, guests, evidence, the fit verdict and its failure modes.
#include "error.h"
#include "estimator.h"
#include "itemids.h"
#include "scenario/scenariojson.h"
#include "testsupport.h"

#include <QtTest>

using namespace memplan;

namespace {

Bytes sumGuests(const Pool &p)
{
    Bytes s = 0;
    for (Guest g : kAllGuests)
        s += p.guest(g);
    return s;
}

} // namespace

class TstEstimator : public QObject {
    Q_OBJECT
private slots:
    void weightsMatchSeedTable()
    {
        // Seed 003 §22: an 8B model at 4 bits has a raw lower bound of 4 GB; the real Llama-3.1-8B
        // (8,030,261,248 parameters) at raw int4 is exactly 4,015,130,624 bytes.
        const Estimate e = estimate(test::theoryScenario("llama-3.1-8b", "int4", 4096), test::shippedCatalog());
        QCOMPARE(e.model.weightsBytes, Bytes(4'015'130'624ULL));
        QCOMPARE(e.model.weightsEvidence, Evidence::Calculated);
    }

    void theoryHasNoOverheads()
    {
        const Estimate e = estimate(test::theoryScenario("llama-3.1-8b", "bf16", 4096), test::shippedCatalog());
        const Pool &gpu = e.pools[0];
        QCOMPARE(gpu.id, std::string("gpu0"));
        for (Guest g : {Guest::Activation, Guest::Workspace, Guest::Allocator, Guest::System})
            QCOMPARE(gpu.guest(g), Bytes(0));
        // 8,030,261,248 x 2 bytes of weights + 512 MiB of KV.
        QCOMPARE(gpu.totalBytes, Bytes(16'060'522'496ULL) + 512 * MiB);
        QVERIFY(e.fits);
    }

    void poolsAreConsistent_data()
    {
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QString>("hardware");
        QTest::addColumn<uint>("count");
        QTest::addColumn<double>("gpuFraction");
        QTest::newRow("llama.cpp rtx-4090 full") << "llama.cpp"
                                                 << "rtx-4090" << 1u << 1.0;
        QTest::newRow("llama.cpp rtx-4090 half offload") << "llama.cpp"
                                                         << "rtx-4090" << 1u << 0.5;
        QTest::newRow("vllm h100 x2") << "vllm"
                                      << "h100-sxm" << 2u << 1.0;
        QTest::newRow("transformers a100") << "transformers"
                                           << "a100-80gb-sxm" << 1u << 1.0;
        QTest::newRow("mlx m4-max-128gb") << "mlx"
                                          << "m4-max-128gb" << 1u << 1.0;
        QTest::newRow("llama.cpp cpu only") << "llama.cpp"
                                            << "cpu" << 1u << 1.0;
        QTest::newRow("sglang h100") << "sglang"
                                     << "h100-sxm" << 1u << 1.0;
        QTest::newRow("ollama dgx-spark") << "ollama"
                                          << "dgx-spark" << 1u << 1.0;
    }
    void poolsAreConsistent()
    {
        QFETCH(QString, runtime);
        QFETCH(QString, hardware);
        QFETCH(uint, count);
        QFETCH(double, gpuFraction);
        Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 8192, 2, hardware.toStdString());
        s.runtime.preset = runtime.toStdString();
        s.hardware.count = count;
        s.placement.gpuLayerFraction = gpuFraction;
        const Estimate e = estimate(s, test::shippedCatalog());
        bool allFit = true;
        Bytes weights = 0;
        for (const Pool &p : e.pools) {
            QCOMPARE(p.totalBytes, sumGuests(p));
            QVERIFY(p.loadingPeakBytes >= p.totalBytes);
            allFit = allFit && p.fits;
            weights += p.guest(Guest::Weights);
        }
        // A runtime that would refuse the settings (here Transformers with GGUF weights) never fits.
        QCOMPARE(e.fits, allFit && e.willStart());
        // Every weight byte is in exactly one pool; the CPU backend's repacked copy of a llama.cpp
        // CPU run (CPU_REPACK, a Q4_K_M file's Q4_K matrices on AVX2) comes on top, as do the RoPE
        // tables vLLM and SGLang build on every GPU (131,072 x 128 x 2 B here, 4 B on SGLang).
        Bytes repacked = 0;
        for (const Item &it : e.items)
            if (it.id == itemid::kWeightsRepacked || it.id == itemid::kWeightsRopeTables)
                repacked += it.bytes;
        QCOMPARE(weights, e.model.weightsBytes + repacked);
        // Each estimated item carries a range around its value; calculated ones are exact.
        for (const Item &it : e.items) {
            QVERIFY(it.low <= it.high);
            if (it.evidence == Evidence::Calculated)
                QCOMPARE(it.low, it.bytes);
            QVERIFY(!it.formula.empty());
        }
    }

    void unifiedIsOnePool()
    {
        Scenario s = test::theoryScenario("llama-3.1-70b", "q4_k_m", 32768, 1, "m4-max-128gb");
        s.runtime.preset = "mlx";
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.pools.size(), std::size_t(1));
        QCOMPARE(e.pools[0].kind, PoolKind::Unified);
        QCOMPARE(e.pools[0].guest(Guest::Weights), e.model.weightsBytes);
        // The GPU may use the working-set limit (3/4 of 128 GiB = 96 GiB), not the whole machine.
        QCOMPARE(e.pools[0].usableBytes, Bytes(96 * GiB));
        QCOMPARE(e.pools[0].capacityBytes, Bytes(128 * GiB));
    }

    void aCountOfOneDeviceMachinesIsSaid()
    {
        // A unified-memory machine or a CPU-only one is one device (core/scenario/resolve.cpp): a count
        // of two plans one, and the estimate says so instead of dropping the count silently.
        for (const char *machine : {"dgx-spark", "cpu"}) {
            Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, machine);
            s.hardware.count = 2;
            const Estimate two = estimate(s, test::shippedCatalog());
            s.hardware.count = 1;
            const Estimate one = estimate(s, test::shippedCatalog());
            QCOMPARE(two.pools.size(), one.pools.size());
            QCOMPARE(two.pools[0].totalBytes, one.pools[0].totalBytes);
            const auto said = [](const Estimate &e) {
                for (const Notice &n : e.notices)
                    if (n.id == "warn.one_device_count" && n.arg("count") && n.arg("count")->number == 2)
                        return true;
                return false;
            };
            QVERIFY2(said(two), machine);
            QVERIFY2(!said(one), machine);
        }
        // Several GPUs are counted, and nothing is said.
        Scenario gpus = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, "rtx-4090");
        gpus.hardware.count = 2;
        for (const Notice &n : estimate(gpus, test::shippedCatalog()).notices)
            QVERIFY(n.id != "warn.one_device_count");
    }

    void cpuOnlyIsHostRam()
    {
        Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, "cpu");
        s.host.ramBytes = 16 * GiB;
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.pools.size(), std::size_t(1));
        QCOMPARE(e.pools[0].kind, PoolKind::Ram);
        QCOMPARE(e.pools[0].capacityBytes, Bytes(16 * GiB));
        QCOMPARE(e.pools[0].guest(Guest::Weights), e.model.weightsBytes);
    }

    void offloadMovesLayersToHost()
    {
        // 70B at Q4_K_M does not fit a 24 GB card; with 30 % of layers on the GPU the rest is in RAM.
        Scenario s = test::theoryScenario("llama-3.1-70b", "q4_k_m", 8192, 1, "rtx-4090");
        s.runtime.preset = "llama.cpp";
        s.host.ramBytes = 128 * GiB;
        const Estimate full = estimate(s, test::shippedCatalog());
        QVERIFY(!full.fits);
        QVERIFY(full.pools[0].overflow() > 0);
        s.placement.gpuLayerFraction = 0.3;
        const Estimate split = estimate(s, test::shippedCatalog());
        QVERIFY(split.fits);
        QVERIFY(split.pools[1].guest(Guest::Weights) > split.pools[0].guest(Guest::Weights));
        // 24 of 80 layers on the GPU keep their KV there; 56 layers' KV is in host RAM.
        QCOMPARE(split.pools[0].guest(Guest::KvCache), Bytes(24) * 4096 * 8192);
        QCOMPARE(split.pools[1].guest(Guest::KvCache), Bytes(56) * 4096 * 8192);
    }

    void moreContextNeverNeedsLess_data()
    {
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QString>("model");
        for (const char *rt : {"theory", "llama.cpp", "vllm", "transformers", "mlx", "sglang", "ollama"})
            for (const char *m : {"llama-3.1-8b", "gemma-3-27b", "gpt-oss-20b", "deepseek-v2-lite", "qwen3-30b-a3b"})
                QTest::newRow((std::string(rt) + " " + m).c_str()) << rt << m;
    }
    void moreContextNeverNeedsLess()
    {
        QFETCH(QString, runtime);
        QFETCH(QString, model);
        Bytes previousKv = 0;
        Bytes previousTotal = 0;
        for (std::uint64_t c = 256; c <= 131072; c *= 2) {
            Scenario s = test::theoryScenario(model.toStdString(), "q4_k_m", c, 2, "h100-sxm");
            s.runtime.preset = runtime.toStdString();
            const Estimate e = estimate(s, test::shippedCatalog());
            const Pool &p = e.pools[0];
            if (runtime == "vllm" || runtime == "sglang") {
                // The KV pool is preallocated; what grows is the tokens asked of it.
                QVERIFY(e.requestedKvTokens >= previousKv);
                previousKv = e.requestedKvTokens;
            } else {
                QVERIFY2(p.guest(Guest::KvCache) >= previousKv, qPrintable(QString::number(c)));
                QVERIFY2(p.totalBytes >= previousTotal, qPrintable(QString::number(c)));
                previousKv = p.guest(Guest::KvCache);
                previousTotal = p.totalBytes;
            }
        }
    }

    void vllmKvPoolTakesTheRest()
    {
        // vLLM: weights + activation + workspace + KV pool = 0.9 x capacity.
        Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 8192, 1, "h100-sxm");
        s.runtime.preset = "vllm";
        const Estimate e = estimate(s, test::shippedCatalog());
        const Pool &p = e.pools[0];
        QCOMPARE(p.totalBytes, p.usableBytes);
        QVERIFY(e.kvCapacityTokens > 100'000);
        QCOMPARE(e.kvCapacityTokens % 16, quint64(0));
        QVERIFY(e.launchCommand.find("vllm serve meta-llama/Llama-3.1-8B") == 0);
    }

    void llamaCppComputeBufferFromLog()
    {
        // tests/data/runtime-logs/llamacpp-llama-3-8b-q4_k_m-ctx512-full-offload-fa-off.json:
        // "CUDA0 KV buffer size = 64.00 MiB", "CUDA0 compute buffer size = 258.50 MiB".
        // KV: 512 cells x 32 layers x 2048 x 2 bytes = 64 MiB (calculated).
        // Compute: 512 x 4096 x 4 (hidden) + max(512 x 128256 x 4 logits, 32 x 512 x 512 x 4 scores) = 258.5 MiB.
        Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 512, 1, "rtx-3090");
        s.runtime.preset = "llama.cpp";
        // The log is from a build before n_outputs_max and the GLU op: the legacy graph rules.
        s.runtime.settings = {{"ctx_size", 512},     {"batch_size", 512},  {"ubatch_size", 512},
                              {"flash_attn", false}, {"n_gpu_layers", 33}, {"graph_rules", "legacy"}};
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.pools[0].guest(Guest::KvCache), Bytes(64 * MiB));
        QCOMPARE(e.pools[0].guest(Guest::Activation), Bytes(258 * MiB + 512 * KiB));
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        const QString head = R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b"},)";
        QTest::newRow("unknown model") << R"({"schema":"memplan.scenario/1","model":{"preset":"llama-9"}})"
                                       << "model.preset: 'llama-9' is not a known model preset";
        QTest::newRow("unknown format") << head + R"("weights":{"format":"q9"}})"
                                        << "weights.format: 'q9'";
        QTest::newRow("weight format as KV") << head + R"("kv_cache":{"dtype":"q4_k"}})"
                                             << "kv_cache.dtype: 'q4_k' is not a KV cache type";
        QTest::newRow("unknown hardware") << head + R"("hardware":{"preset":"gtx-9999"}})"
                                          << "hardware.preset: 'gtx-9999'";
        QTest::newRow("unknown runtime") << head + R"("runtime":{"preset":"tgi"}})"
                                         << "runtime.preset: 'tgi'";
        QTest::newRow("setting of another runtime") << head + R"("runtime":{"preset":"vllm","ctx_size":4096}})"
                                                    << "runtime.ctx_size: is not a setting of the vLLM runtime";
        QTest::newRow("quantized V without flash attention")
            << head + R"("runtime":{"preset":"llama.cpp","cache_type_v":"q8_0","flash_attn":false}})"
            << "runtime.cache_type_v: a quantized V cache needs flash attention";
        QTest::newRow("what-if heads that do not divide")
            << R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b","num_key_value_heads":5}})"
            << "model.num_key_value_heads: must divide";
    }
    void badInput()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        try {
            const Scenario s = scenarioFromText(json.toStdString(), "bad.json");
            estimate(s, test::shippedCatalog());
            QFAIL("expected an InputError");
        } catch (const InputError &e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
        }
    }

    void absurdSizesFailCleanly()
    {
        // 10^13 parameters is allowed; 10^7 tokens x 10^5 sequences of a 1,000-layer, 1,024-KV-head model
        // is ~5 x 10^23 bytes: the engine must refuse to count it, not wrap around.
        Scenario s;
        s.model.config = {{"num_hidden_layers", 1000},   {"hidden_size", 131072}, {"num_attention_heads", 1024},
                          {"num_key_value_heads", 1024}, {"vocab_size", 256000},  {"intermediate_size", 524288}};
        s.model.parameters = 10'000'000'000'000ULL;
        s.workload.contextTokens = 10'000'000;
        s.workload.concurrency = 100'000;
        s.hardware.preset = "h100-sxm";
        s.runtime.preset = "theory";
        QVERIFY_THROWS_EXCEPTION(OverflowError, estimate(s, test::shippedCatalog()));
        // The same model with one short sequence counts exactly: 10^13 x 2 bytes of weights.
        s.workload.contextTokens = 16;
        s.workload.concurrency = 1;
        s.weights.format = "bf16";
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.model.parameters, quint64(10'000'000'000'000ULL));
        QCOMPARE(e.model.weightsBytes, Bytes(20'000'000'000'000ULL));
        QVERIFY(!e.fits);
    }

    void runtimeSettingsTranslate()
    {
        // MLX: raising iogpu.wired_limit_mb to 112 GiB raises the GPU's usable share of a 128 GiB Mac.
        Scenario s = test::theoryScenario("llama-3.1-70b", "q8_0", 8192, 1, "m4-max-128gb");
        s.runtime.preset = "mlx";
        QCOMPARE(estimate(s, test::shippedCatalog()).pools[0].usableBytes, Bytes(96 * GiB));
        s.runtime.settings = {{"wired_limit_mb", 114688}};
        QCOMPARE(estimate(s, test::shippedCatalog()).pools[0].usableBytes, Bytes(112 * GiB));
        // MLX's rotating cache keeps 4096 tokens however long the conversation: 4096 x 327,680 bytes.
        s.runtime.settings = {{"max_kv_size", 4096}};
        s.workload.contextTokens = 65536;
        QCOMPARE(estimate(s, test::shippedCatalog()).pools[0].guest(Guest::KvCache), Bytes(4096) * 327'680);

        // Transformers: a static cache is allocated for the whole context even if fewer tokens are used;
        // loading without low_cpu_mem_usage holds the checkpoint in RAM (loading peak = total + weights).
        Scenario t = test::theoryScenario("llama-3.1-8b", "bf16", 4096, 1, "a100-80gb-sxm");
        t.runtime.preset = "transformers";
        t.runtime.settings = {{"low_cpu_mem_usage", false}};
        const Estimate full = estimate(t, test::shippedCatalog());
        QCOMPARE(full.pools[1].loadingPeakBytes, full.pools[1].totalBytes + full.model.weightsBytes);
        t.runtime.settings = {{"low_cpu_mem_usage", true}};
        const Estimate streamed = estimate(t, test::shippedCatalog());
        QVERIFY(streamed.pools[1].loadingPeakBytes < full.pools[1].loadingPeakBytes);
        // Pickled .bin shards: torch.load holds one whole shard (5 GB) beside the materialized model.
        t.runtime.settings = {{"low_cpu_mem_usage", false}, {"use_safetensors", false}};
        const Estimate pickled = estimate(t, test::shippedCatalog());
        QCOMPARE(pickled.pools[1].loadingPeakBytes, full.pools[1].loadingPeakBytes + 5'000'000'000ULL);
        QVERIFY(pickled.launchCommand.find("low_cpu_mem_usage=False, use_safetensors=False") != std::string::npos);

        // vLLM: tensor_parallel_size sets the GPU count; enforce_eager drops the CUDA graph memory.
        Scenario v = test::theoryScenario("llama-3.1-70b", "bf16", 8192, 1, "h100-sxm");
        v.runtime.preset = "vllm";
        v.runtime.settings = {{"tensor_parallel_size", 4}};
        const Estimate tp4 = estimate(v, test::shippedCatalog());
        QCOMPARE(tp4.pools.size(), std::size_t(5));
        v.runtime.settings = {{"tensor_parallel_size", 4}, {"enforce_eager", true}};
        const Estimate eager = estimate(v, test::shippedCatalog());
        QVERIFY(eager.pools[0].guest(Guest::Workspace) < tp4.pools[0].guest(Guest::Workspace));
        QVERIFY(eager.kvCapacityTokens > tp4.kvCapacityTokens);
        QVERIFY(eager.launchCommand.find("--enforce-eager") != std::string::npos);
    }

    void vllmBudgetIsAFractionOfTheDriverTotal()
    {
        // presets/hardware/h100-sxm.json: the driver reports 79.18 GiB (85,018,877,624 B) of the
        // card's 81,559 MiB; gpu_memory_utilization 0.9 is a fraction of that figure.
        Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 8192, 1, "h100-sxm");
        s.runtime.preset = "vllm";
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.pools[0].usableBytes, fractionOf(85018877624ULL, 0.9));
        QCOMPARE(e.pools[0].capacityBytes, Bytes(81559) * MiB);
        // A stated memory size replaces the preset's card, driver figure included.
        s.hardware.capacityBytes = 96 * GiB;
        QCOMPARE(estimate(s, test::shippedCatalog()).pools[0].usableBytes, fractionOf(96 * GiB, 0.9));
    }

    void vllmCudaGraphsBeforeAndAfterTheKvPool()
    {
        // Since vLLM 0.21 the CUDA graphs are profiled and come out of the KV budget;
        // VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0 (and every older release) captures them after
        // the pool is sized, outside gpu_memory_utilization.
        Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 8192, 1, "h100-sxm");
        s.runtime.preset = "vllm";
        const Estimate profiled = estimate(s, test::shippedCatalog());
        s.runtime.settings = {{"memory_profiler_estimate_cudagraphs", false}};
        const Estimate after = estimate(s, test::shippedCatalog());
        const Bytes graphs = test::shippedCatalog().runtime("vllm")->cudaGraphBytes;
        const Bytes perToken = 131072; // 32 layers x 8 KV heads x 128 x 2 x 2 B
        const Bytes gained = (after.kvCapacityTokens - profiled.kvCapacityTokens) * perToken;
        QVERIFY2(gained + 16 * perToken >= graphs && gained <= graphs + 16 * perToken,
                 qPrintable(QString::number(gained)));
        QCOMPARE(after.pools[0].totalBytes, after.pools[0].usableBytes + graphs);
        QVERIFY(after.launchCommand.rfind("VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0 vllm serve", 0) == 0);
        QVERIFY(profiled.launchCommand.rfind("vllm serve", 0) == 0);
    }

    void vllmDefaultsAndSamplerPath()
    {
        // vllm serve's batch defaults follow the device (EngineArgs.get_batch_defaults).
        Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 8192, 1, "h100-sxm");
        s.runtime.preset = "vllm";
        const Estimate h100 = estimate(s, test::shippedCatalog());
        QVERIFY(h100.launchCommand.find("--max-num-seqs 1024 --max-num-batched-tokens 8192") != std::string::npos);
        s.hardware.preset = "a100-80gb-sxm";
        const Estimate a100 = estimate(s, test::shippedCatalog());
        QVERIFY(a100.launchCommand.find("--max-num-seqs 256 --max-num-batched-tokens 2048") != std::string::npos);

        // The profiling sampler: r x V x 4 bytes by default, x 36 on PyTorch's sorting path.
        s.hardware.preset = "h100-sxm";
        auto sampler = [](const Estimate &e) {
            for (const Item &it : e.items)
                if (it.pool == 0 && it.label == "sampler (profiling run)")
                    return it.bytes;
            return Bytes(0);
        };
        QCOMPARE(sampler(h100), Bytes(1024) * 128256 * 4);
        s.runtime.settings = {{"use_flashinfer_sampler", false}};
        const Estimate sorting = estimate(s, test::shippedCatalog());
        QCOMPARE(sampler(sorting), Bytes(1024) * 128256 * 36);
        QVERIFY(sorting.kvCapacityTokens < h100.kvCapacityTokens);
        QVERIFY(sorting.launchCommand.rfind("VLLM_USE_FLASHINFER_SAMPLER=0 vllm serve", 0) == 0);

        // Every tensor-parallel rank samples the whole vocabulary.
        s.runtime.settings = {{"tensor_parallel_size", 2}};
        QCOMPARE(sampler(estimate(s, test::shippedCatalog())), Bytes(1024) * 128256 * 4);
    }

    void llamaCppPipelineParallelism()
    {
        // Two GPUs with every layer and the output: llama.cpp keeps 4 copies of each tensor that
        // crosses into a device ("pipeline parallelism enabled (n_copies=4)"); the logits live
        // on the last GPU only. Keeping the experts on the host (a tensor override) turns it off.
        Scenario s = test::theoryScenario("qwen2.5-32b", "q8_0", 32768, 1, "rtx-3090");
        s.hardware.count = 2;
        s.runtime.preset = "llama.cpp";
        // A log of a build before n_outputs_max and the GLU op (f32 mask): the legacy graph rules.
        s.runtime.settings = {{"ctx_size", 32768},
                              {"ubatch_size", 256},
                              {"flash_attn", true},
                              {"n_gpu_layers", 99},
                              {"graph_rules", "legacy"}};
        const Estimate e = estimate(s, test::shippedCatalog());
        auto item = [&](const Estimate &est, std::uint16_t pool, std::string_view label) -> const Item * {
            for (const Item &it : est.items)
                if (it.pool == pool && it.label == label)
                    return &it;
            return nullptr;
        };
        const Item *copies0 = item(e, 0, "pipeline-parallel input copies");
        QVERIFY(copies0);
        QCOMPARE(copies0->bytes, Bytes(4) * (256 * 5120 * 4 + 256 * 4 + 256ULL * 32768 * 4));
        // CUDA0 233.00 and CUDA1 237.51 MiB in tests/data/runtime-logs/llamacpp-qwen2.5-32b-...-2gpu.json.
        QCOMPARE(std::round(double(e.pools[0].guest(Guest::Activation)) / MiB * 100) / 100, 233.00);
        QCOMPARE(std::round(double(e.pools[1].guest(Guest::Activation)) / MiB * 10) / 10, 237.5);
        s.runtime.settings["n_gpu_layers"] = 40;
        const Estimate partial = estimate(s, test::shippedCatalog());
        QVERIFY(!item(partial, 0, "pipeline-parallel input copies"));
    }

    void ggufOutputHeadIsRaised()
    {
        // A Q4_K_M file stores token_embd in Q4_K and output.weight in Q6_K (src/llama-quant.cpp):
        // for Llama 3.1 8B, 128256 x 4096 x 144/256 and x 210/256 bytes.
        Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, "rtx-4090");
        s.runtime.preset = "llama.cpp";
        const Estimate e = estimate(s, test::shippedCatalog());
        Bytes embedding = 0, output = 0;
        for (const Item &it : e.items) {
            if (it.label == "token embedding")
                embedding += it.bytes;
            if (it.label == "output head")
                output += it.bytes;
        }
        QCOMPARE(embedding, Bytes(128256) * 4096 * 144 / 256);
        QCOMPARE(output, Bytes(128256) * 4096 * 210 / 256);
    }

    void hypotheticalGqaIsMarked()
    {
        Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 4096);
        s.model.config = {{"num_key_value_heads", 1}};
        const Estimate e = estimate(s, test::shippedCatalog());
        QVERIFY(e.model.hypothetical);
        // MQA: a single KV head is 1/8 of the GQA cache: 16,384 bytes per token.
        QCOMPARE(e.model.kvBytesPerToken, Bytes(16'384));
    }
};

QTEST_APPLESS_MAIN(TstEstimator)
#include "tst_estimator.moc"
