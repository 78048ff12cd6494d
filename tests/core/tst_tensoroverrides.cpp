// Issue 28: llama.cpp's -ts and -ot as users type them. The expected layer splits are worked
// out by hand from src/llama-model.cpp (load_tensors: slot s of the offloaded layers and the
// output goes to the first device whose cumulative share exceeds s / slots); the expert bytes
// from the plan's own expert total, split by mixture layer (the overrides decide where each
// layer's three *_exps matrices go, src/llama-model-loader.cpp: first matching entry wins).
#include "error.h"
#include "estimation/plan.h"
#include "estimator.h"
#include "logs/logparser.h"
#include "logs/reconcile.h"
#include "runtimes/llamacpp/tensoroverrides.h"
#include "runtimes/runtimemodel.h"
#include "testsupport.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace memplan;

namespace {

/// Qwen3-30B-A3B (48 layers, every one a mixture) Q4_K_M on RTX 4090s under llama.cpp.
Scenario qwenMoe(std::uint32_t gpus)
{
    Scenario s = test::theoryScenario("qwen3-30b-a3b", "q4_k_m", 4096, 1, "rtx-4090");
    s.runtime.preset = "llama.cpp";
    s.hardware.count = gpus;
    s.host.ramBytes = 256 * GiB;
    s.placement.gpuLayerFraction = 1.0;
    s.runtime.settings = {{"ctx_size", 4096}, {"n_gpu_layers", 99}, {"ubatch_size", 512}};
    return s;
}

/// DeepSeek-V3 (61 layers, the first 3 dense) on four GPUs.
Scenario deepseek()
{
    Scenario s = test::theoryScenario("deepseek-v3", "q2_k", 4096, 1, "rtx-4090");
    s.runtime.preset = "llama.cpp";
    s.hardware.count = 4;
    s.host.ramBytes = 1024 * GiB;
    s.placement.gpuLayerFraction = 1.0;
    s.runtime.settings = {{"ctx_size", 4096}, {"n_gpu_layers", 99}};
    return s;
}

estimation::Plan planOf(const ResolvedScenario &r)
{
    return estimation::makePlan(r);
}

const auto itemBytes = &test::itemBytesById;

} // namespace

class TstTensorOverrides : public QObject {
    Q_OBJECT
private slots:
    void tensorSplitSharesTheOffloadedLayers()
    {
        // 48 layers + output = 49 slots. -ts 1,3: cumulative 0.25, 1; slot s < 12.25 on GPU 0,
        // so 13 layers there and 35 (with the output) on GPU 1. As a string, as llama.cpp reads it.
        for (const nlohmann::json &ts : {nlohmann::json::array({1, 3}), nlohmann::json("1,3")}) {
            Scenario s = qwenMoe(2);
            s.runtime.settings["tensor_split"] = ts;
            const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
            const estimation::Plan pl = planOf(r);
            QCOMPARE(pl.layersOn(0), 13u);
            QCOMPARE(pl.layersOn(1), 35u);
        }
        // All zero is llama.cpp's "no split given": even, 25 / 23 (s < 24.5 on GPU 0).
        Scenario s = qwenMoe(2);
        s.runtime.settings["tensor_split"] = {0, 0};
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        QCOMPARE(planOf(r).layersOn(0), 25u);
        // Each GPU's KV cache follows its layers: 13 of 48 layers' cells on GPU 0.
        s.runtime.settings["tensor_split"] = {1, 3};
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.pools[0].guest(Guest::KvCache) * 35, e.pools[1].guest(Guest::KvCache) * 13);
    }

    void tensorSplitAsLogged()
    {
        // llama.cpp issue 11200 (docs/runtime-research.md): Qwen2.5-Coder-32B with -ts 10,6 put
        // 41 of 64 layers on the first GPU and 23 on the second (68 MiB of q8_0 KV per layer).
        // 65 slots, s < 0.625 x 65 = 40.6 on GPU 0.
        Scenario s = test::theoryScenario("qwen2.5-32b", "q4_k_m", 32768, 1, "rtx-4090");
        s.runtime.preset = "llama.cpp";
        s.hardware.count = 2;
        s.placement.gpuLayerFraction = 1.0;
        s.runtime.settings = {{"ctx_size", 32768},      {"n_gpu_layers", 99},     {"tensor_split", "10,6"},
                              {"cache_type_k", "q8_0"}, {"cache_type_v", "q8_0"}, {"flash_attn", true}};
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        const estimation::Plan pl = planOf(r);
        QCOMPARE(pl.layersOn(0), 41u);
        QCOMPARE(pl.layersOn(1), 23u);
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.pools[0].guest(Guest::KvCache), 41 * 68 * MiB);
        QCOMPARE(e.pools[1].guest(Guest::KvCache), 23 * 68 * MiB);
    }

    void allExpertsToTheHost()
    {
        // -ot exps=CPU: every layer's experts in host RAM, the rest still split over the GPUs.
        Scenario s = qwenMoe(2);
        s.runtime.settings["override_tensor"] = "exps=CPU";
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        const estimation::Plan pl = planOf(r);
        QCOMPARE(pl.experts.moe, 3u * 48);
        QCOMPARE(pl.experts.host, 3u * 48);
        const Estimate e = estimate(s, test::shippedCatalog());
        const std::size_t host = e.pools.size() - 1;
        QCOMPARE(itemBytes(e, itemid::kWeightsExperts, 0), Bytes(0));
        QCOMPARE(itemBytes(e, itemid::kWeightsExperts, 1), Bytes(0));
        QCOMPARE(itemBytes(e, itemid::kWeightsExperts, host), pl.w.experts);
        QVERIFY(itemBytes(e, itemid::kWeightsLayers, 0) > 0);
        // Same as --cpu-moe / n_cpu_moe over every layer.
        Scenario n = qwenMoe(2);
        n.runtime.settings["n_cpu_moe"] = 48;
        QCOMPARE(estimate(n, test::shippedCatalog()).pools[host].guest(Guest::Weights),
                 e.pools[host].guest(Guest::Weights));
    }

    void expertsPinnedPerGpuSkipDenseLayers()
    {
        // DeepSeek-V3's layers 0-2 are dense: blk.[0-7] pins the experts of 5 mixture layers to
        // CUDA0, blk.8-11 four to CUDA1 (whose own layers are elsewhere), the rest go to the CPU.
        Scenario s = deepseek();
        s.runtime.settings["override_tensor"] = {"blk\\.([0-7])\\..*_exps\\.=CUDA0",
                                                 "blk\\.([8-9]|1[0-1])\\..*_exps\\.=CUDA1", "blk\\..*_exps\\.=CPU"};
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        const estimation::Plan pl = planOf(r);
        QCOMPARE(pl.experts.moe, 3u * 58);
        QCOMPARE(pl.experts.on[0], 3u * 5);
        QCOMPARE(pl.experts.on[1], 3u * 4);
        QCOMPARE(pl.experts.on[2] + pl.experts.on[3], 0u);
        QCOMPARE(pl.experts.host, 3u * 49);
        const Estimate e = estimate(s, test::shippedCatalog());
        const Bytes gpu0 = itemBytes(e, itemid::kWeightsExperts, 0);
        QCOMPARE(gpu0, mulDiv(pl.w.experts, 15, 174, "test"));
        Bytes sum = 0;
        for (std::size_t p = 0; p < e.pools.size(); ++p)
            sum += itemBytes(e, itemid::kWeightsExperts, p);
        QCOMPARE(sum, pl.w.experts); // the parts add up to the whole
    }

    void firstMatchWinsAndMatricesMoveAlone()
    {
        // Entries are tried in order: layer 0's experts go to CUDA1 before "exps=CPU" is reached.
        Scenario s = qwenMoe(2);
        s.runtime.settings["override_tensor"] = "blk\\.0\\.ffn_.*_exps=CUDA1,exps=CPU";
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        const estimation::Plan pl = planOf(r);
        QCOMPARE(pl.experts.on[1], 3u);
        QCOMPARE(pl.experts.host, 3u * 47);
        // Only the down matrices: a third of every layer's experts in host RAM, and each of
        // those layers hands over to the CPU.
        s.runtime.settings["override_tensor"] = "ffn_down_exps=CPU";
        const ResolvedScenario down = resolveScenario(s, test::shippedCatalog());
        const estimation::Plan pd = planOf(down);
        QCOMPARE(pd.experts.host, 48u);
        QCOMPARE(pd.experts.hostOfGpuLayers, 48u);
        QCOMPARE(pd.experts.gpu, 96u);
    }

    void nCpuMoeCountsMixtureLayersOnly()
    {
        // --n-cpu-moe 3 on DeepSeek-V3 names blocks 0-2, which have no experts: nothing moves.
        Scenario s = deepseek();
        s.runtime.settings["n_cpu_moe"] = 3;
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        QCOMPARE(planOf(r).experts.host, 0u);
        s.runtime.settings["n_cpu_moe"] = 4;
        const ResolvedScenario r4 = resolveScenario(s, test::shippedCatalog());
        QCOMPARE(planOf(r4).experts.host, 3u);
    }

    void warningsNameWhatIsNotModelled()
    {
        Scenario s = qwenMoe(2);
        s.runtime.settings["override_tensor"] = {"attn=CPU", "exps=CUDA5"};
        const Estimate e = estimate(s, test::shippedCatalog());
        QVERIFY(test::hasNotice(e, "warn.override_tensor_other"));
        QVERIFY(test::hasNotice(e, "warn.override_tensor_device"));
        // The experts named for a missing GPU stay with their layers.
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        QCOMPARE(planOf(r).experts.host, 0u);
    }

    void badEntriesAreRefusedByName()
    {
        for (const char *bad : {"exps", "exps=GPU0", "(a*)*=CPU", "([a-z]=CPU", "x{1000}=CPU", "=CPU"}) {
            Scenario s = qwenMoe(2);
            s.runtime.settings["override_tensor"] = bad;
            bool refused = false;
            try {
                resolveScenario(s, test::shippedCatalog());
            } catch (const InputError &err) {
                refused = std::string(err.what()).find("override_tensor") != std::string::npos;
            }
            QVERIFY2(refused, bad);
        }
        Scenario s = qwenMoe(2);
        s.runtime.settings["tensor_split"] = "1,x";
        QVERIFY_THROWS_EXCEPTION(InputError, resolveScenario(s, test::shippedCatalog()));
    }

    void launchCommandRepeatsThem()
    {
        Scenario s = qwenMoe(2);
        s.runtime.settings["override_tensor"] = "exps=CPU";
        s.runtime.settings["tensor_split"] = {1, 3};
        const std::string cmd = estimate(s, test::shippedCatalog()).launchCommand;
        QVERIFY2(cmd.find("--override-tensor exps=CPU") != std::string::npos, cmd.c_str());
        QVERIFY2(cmd.find("--tensor-split 1,3") != std::string::npos, cmd.c_str());
        // A pattern a shell would expand is quoted, so the line pastes as it is.
        s.runtime.settings["override_tensor"] = "blk\\.1[0-9]\\.ffn_.*_exps=CPU";
        const std::string quoted = estimate(s, test::shippedCatalog()).launchCommand;
        QVERIFY2(quoted.find("--override-tensor 'blk\\.1[0-9]\\.ffn_.*_exps=CPU'") != std::string::npos,
                 quoted.c_str());
    }

    void logsContinuedOverLinesAndFreeMemorySplit()
    {
        // A command continued with backslashes (as in ik_llama.cpp issue 514's paste), quoted
        // -ot values, and llama.cpp's default split by the free memory it printed.
        const std::string log = "$ ./llama.cpp/llama-cli \\\n"
                                "    --model /m/Qwen3-30B-A3B-Q4_K_M.gguf \\\n"
                                "    --ctx-size 16384 \\\n"
                                "    -ot \".ffn_.*_exps.=CPU\" \\\n"
                                "    -cmoe \\\n"
                                "    --seed 3407\n"
                                "build: 5622 (97340b4c) with cc for x86_64-linux-gnu\n"
                                "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 4090) - "
                                "9862 MiB free\n"
                                "llama_model_load_from_file_impl: using device CUDA1 (NVIDIA GeForce RTX 5090) - "
                                "31518 MiB free\n";
        const MeasuredRun run = parseRuntimeLog(log);
        QCOMPARE(run.settings.value("ctx_size", 0), 16384);
        QCOMPARE(run.settings.value("override_tensor", nlohmann::json()), nlohmann::json({".ffn_.*_exps.=CPU"}));
        QVERIFY(run.settings.value("n_cpu_moe", 0) > 0);
        nlohmann::json settings = run.settings;
        Scenario sc;
        runtimeModel(Engine::LlamaCpp).settingsFromLog(run, settings, sc, nullptr);
        QCOMPARE(settings["tensor_split"], nlohmann::json({9862.0, 31518.0}));
    }
};

QTEST_GUILESS_MAIN(TstTensorOverrides)
#include "tst_tensoroverrides.moc"
