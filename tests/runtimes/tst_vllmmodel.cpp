// vLLM's module (core/runtimes/vllm/): CUDA graphs inside or outside the KV
// budget, the profiling run's items, and the launch command.
#include "../core/testsupport.h"
#include "estimator.h"
#include "itemids.h"
#include "logs/logparser.h"
#include "runtimes/pytorch/ropetables.h"
#include "runtimes/runtimemodel.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>

using namespace memplan;

namespace {

Scenario vllm(nlohmann::json settings)
{
    Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 8192, 1, "h100-sxm");
    s.runtime.preset = "vllm";
    s.host.ramBytes = 256 * GiB;
    s.runtime.settings = settings;
    return s;
}

Bytes kvPool(const Estimate &e)
{
    for (const Item &it : e.items)
        if (it.label == "KV block pool (preallocated)" && it.pool == 0)
            return it.bytes;
    return 0;
}

} // namespace

class TstVllmModel : public QObject {
    Q_OBJECT
private slots:
    void graphsCapturedAfterThePoolSitOutsideTheBudget()
    {
        // Since vLLM 0.21 the profiler counts the CUDA graphs into the budget; before (or with
        // VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0) they are captured after the pool is sized.
        const ResolvedScenario inside = resolveScenario(vllm(nlohmann::json::object()), test::shippedCatalog());
        const ResolvedScenario outside =
            resolveScenario(vllm({{"memory_profiler_estimate_cudagraphs", false}}), test::shippedCatalog());
        const RuntimeModel &m = runtimeModel(Engine::Vllm);
        QCOMPARE(m.outsideKvBudget(inside), Bytes(0));
        QVERIFY(inside.runtime.cudaGraphBytes > 0);
        QCOMPARE(m.outsideKvBudget(outside), outside.runtime.cudaGraphBytes);
        // The pool grows by exactly the graphs' bytes.
        QCOMPARE(kvPool(estimate(outside)) - kvPool(estimate(inside)), inside.runtime.cudaGraphBytes);
        const std::string cmd = estimate(outside).launchCommand;
        QVERIFY2(cmd.rfind("VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0 vllm serve ", 0) == 0, cmd.c_str());
    }

    void aLogIsSizedWithItsOwnRelease()
    {
        // "vLLM API server version 0.10.1.1" becomes runtime.version (older releases then apply
        // their rules: graphs captured after the pool, tokens from blocks); a scenario's own wins.
        const MeasuredRun run = parseRuntimeLog("INFO 08-20 10:00:00 [api_server.py:1805] vLLM API server "
                                                "version 0.10.1.1\n");
        const RuntimeModel &m = runtimeModel(Engine::Vllm);
        nlohmann::json settings = nlohmann::json::object();
        Scenario s;
        m.settingsFromLog(run, settings, s, nullptr);
        QCOMPARE(settings.value("version", std::string()), std::string("0.10.1.1"));
        QCOMPARE(settings.value("memory_profiler_estimate_cudagraphs", true), false);
        nlohmann::json own = {{"version", "0.21.0"}};
        m.settingsFromLog(run, own, s, nullptr);
        QCOMPARE(own["version"].get<std::string>(), std::string("0.21.0"));
        // A log of another runtime names no vLLM release.
        nlohmann::json other = nlohmann::json::object();
        m.settingsFromLog(parseRuntimeLog("build: 4897 (b3c9a656) with cc for x86_64\n"), other, s, nullptr);
        QVERIFY(!other.contains("version"));
    }

    void ropeTablesSitBesideTheWeights()
    {
        // get_rope keeps one cos/sin table per distinct setup, [positions, rotary_dim], cast to the
        // model dtype (vllm/model_executor/layers/rotary_embedding/base.py and __init__.py).
        // Gemma 3 1B: sliding layers (base 10,000) and global ones (base 1e6), both 32,768
        // positions of 256 dims: 2 x 32768 x 256 x 2 B = 32 MiB.
        auto tables = [](const std::string &model, const std::string &runtime, std::uint32_t gpus, std::size_t pool) {
            Scenario s = test::theoryScenario(model, "bf16", 2048, 1, "h100-sxm");
            s.runtime.preset = runtime;
            s.hardware.count = gpus;
            s.host.ramBytes = 256 * GiB;
            return test::itemBytesById(estimate(resolveScenario(s, test::shippedCatalog())), itemid::kWeightsRopeTables,
                                       pool);
        };
        QCOMPARE(tables("gemma-3-1b", "vllm", 1, 0), Bytes(2) * 32768 * 256 * 2);
        // Gemma 3 4B's global layers scale linearly by 8, so their table spans 8 x 131,072
        // positions (LinearScalingRotaryEmbedding): (131072 + 1048576) x 256 x 2 B = 576 MiB.
        QCOMPARE(tables("gemma-3-4b", "vllm", 1, 0), Bytes(131072 + 8 * 131072) * 256 * 2);
        // Tensor parallelism splits heads, not positions: each GPU keeps the whole table.
        QCOMPARE(tables("llama-3.1-8b", "vllm", 2, 1), Bytes(131072) * 128 * 2);
        // SGLang keeps its tables in float32 on CUDA (rotary_embedding.py); llama.cpp has none.
        QCOMPARE(tables("gemma-3-1b", "sglang", 1, 0), Bytes(2) * 32768 * 256 * 4);
        QCOMPARE(tables("gemma-3-1b", "llama.cpp", 1, 0), Bytes(0));
        // An absurd scaling factor is an overflow error, not a wrapped count.
        ModelArchitecture a = test::shippedCatalog().model("gemma-3-4b")->arch;
        a.rope.factor = 1e300;
        QVERIFY_THROWS_EXCEPTION(OverflowError, runtimes::ropeTables(a));
    }

    void weightsMatchThePublishedLoadFigures()
    {
        // "Model loading took" on one or two H100s, vLLM 0.11.0, as tabulated in llm-d/llm-d-benchmark
        // config_explorer (empirical vLLM memory results), in GiB to two decimals. None of these rows
        // was used to model anything. Without the RoPE tables Qwen3-0.6B reads +0.88 % (a 10 MiB
        // table beside 1.1 GiB of weights), outside this bound; Qwen3-32B on two GPUs is +0.22 %.
        struct Row {
            const char *model, *format;
            std::uint32_t gpus;
            double gib;
        };
        for (const Row &row : {Row{"qwen3-0.6b", "bf16", 1, 1.12}, Row{"qwen3-32b", "bf16", 1, 61.03},
                               Row{"qwen3-32b", "bf16", 2, 30.59}, Row{"llama-3.1-8b", "bf16", 1, 14.99},
                               Row{"llama-3.3-70b", "fp8", 2, 33.88}}) {
            Scenario s = test::theoryScenario(row.model, row.format, 16000, 1, "h100-sxm");
            s.runtime.preset = "vllm";
            s.hardware.count = row.gpus;
            s.host.ramBytes = 512 * GiB;
            const Estimate e = estimate(resolveScenario(s, test::shippedCatalog()));
            Bytes weights = 0;
            for (const Item &it : e.items)
                if (it.pool == 0 && it.guest == Guest::Weights)
                    weights += it.bytes;
            const double planned = double(weights) / double(GiB);
            const double bound = 0.0025 + 0.005 / row.gib; // 0.25 %, plus the printed figure's rounding
            QVERIFY2(std::abs(row.gib / planned - 1) <= bound,
                     qPrintable(QStringLiteral("%1 TP%2: printed %3 GiB, planned %4 GiB")
                                    .arg(row.model)
                                    .arg(row.gpus)
                                    .arg(row.gib)
                                    .arg(planned, 0, 'f', 3)));
        }
    }

    void profilingRunHasForwardAndSamplerItems()
    {
        const Estimate e = estimate(resolveScenario(vllm(nlohmann::json::object()), test::shippedCatalog()));
        int found = 0;
        for (const Item &it : e.items)
            found += it.label == "forward pass (profiling run)" || it.label == "sampler (profiling run)";
        QCOMPARE(found, 2);
        // On an H100 (>= 70 GiB) vllm serve profiles 8192 tokens and samples 1024 rows.
        const ResolvedScenario r = resolveScenario(vllm(nlohmann::json::object()), test::shippedCatalog());
        QCOMPARE(r.settings.maxNumBatchedTokens, std::uint64_t(8192));
        QCOMPARE(r.settings.maxNumSeqs, 1024u);
    }

    void aV0LogIsPlannedAsV0()
    {
        // A V0 log printing no release (tests/data/runtime-logs/gpu/vllm-0.6-phi-4-…: worker.py's
        // one-line budget and gpu_executor's "# GPU blocks / # CPU blocks") is dated before 0.8.0,
        // so V0's defaults apply: 256 sequences, and the profiling sampler that sorts the logits
        // (profile_run samples with top_p 0.99 and top_k V - 1; VLLM_USE_FLASHINFER_SAMPLER was 0).
        const MeasuredRun run = parseRuntimeLog(
            "INFO 12-22 10:55:34 model_runner.py:1097] Loading model weights took 8.5107 GB\n"
            "INFO 12-22 10:55:34 worker.py:241] model weights take 8.51GiB; non_torch_memory takes 0.26GiB; "
            "PyTorch activation peak memory takes 0.94GiB; the rest of the memory reserved for KV Cache is 2.18GiB.\n"
            "INFO 12-22 10:55:35 gpu_executor.py:76] # GPU blocks: 715, # CPU blocks: 1310\n");
        nlohmann::json settings = nlohmann::json::object();
        Scenario s;
        runtimeModel(Engine::Vllm).settingsFromLog(run, settings, s, nullptr);
        QCOMPARE(settings.value("version", std::string()), std::string("0.7.3"));
        const ResolvedScenario v0 = resolveScenario(vllm(settings), test::shippedCatalog());
        QCOMPARE(v0.settings.maxNumSeqs, 256u);
        QVERIFY(!v0.settings.flashinferSampler);
        QCOMPARE(v0.runtime.logitsBytesPerElement, v0.runtime.samplerSortBytesPerLogit);
        // V1 keeps FlashInfer's sampler unless told otherwise.
        const ResolvedScenario v1 = resolveScenario(vllm({{"version", "0.10.1"}}), test::shippedCatalog());
        QVERIFY(v1.settings.flashinferSampler);
        QVERIFY(v1.runtime.logitsBytesPerElement < v1.runtime.samplerSortBytesPerLogit);
    }
};

QTEST_APPLESS_MAIN(TstVllmModel)
#include "tst_vllmmodel.moc"
