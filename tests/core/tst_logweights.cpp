// Which weights format a llama.cpp log is sized with (core/logs/reconcile.cpp): the printed file
// type names llama-quantize's stock mix, and a published recipe in the command's file name says
// more than that (the file type of a UD-Q2_K_XL or a Q4_K_L file is the stock mix of its bits).
#include "logs/logparser.h"
#include "logs/reconcile.h"
#include "model/ggufrecipe.h"
#include "runtimes/llamacpp/llamacpplog.h"

#include "testsupport.h"

#include "estimator.h"
#include "itemids.h"
#include "scenario/scenariojson.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace memplan;

namespace {

// The lines llama.cpp prints for DeepSeek-V3-0324 UD-Q2_K_XL (the command and the print_info lines
// of tests/data/runtime-logs/gpu/llamacpp-deepseek-v3-0324-ud-q2_k_xl-…-b5331.json, shortened).
std::string deepSeekLog(const std::string &file)
{
    return "./llama-server -m '/GGUFs/" + file +
           "' -c 16384 -ngl 99\n"
           "build: 5331 (33eff402) with gcc-14 (GCC) 14.2.1 for x86_64-redhat-linux\n"
           "print_info: file type   = Q2_K - Medium\n"
           "print_info: file size   = 233.18 GiB (2.98 BPW) \n"
           "print_info: arch             = deepseek2\n"
           "print_info: general.name     = Deepseek-V3-0324\n"
           "load_tensors:        CUDA0 model buffer size = 22412.07 MiB\n";
}

} // namespace

class TstLogWeights : public QObject {
    Q_OBJECT
private slots:
    void q2kFileTypeIsTheMix()
    {
        // llama_model_ftype_name prints LLAMA_FTYPE_MOSTLY_Q2_K (10) as "Q2_K - Medium": the Q2_K
        // mix of llama-quantize (attn_v, ffn_down and the output head raised), not the Q2_K block.
        QCOMPARE(llamaFileTypeFormat("Q2_K - Medium"), std::string("q2_k_mix"));
        QCOMPARE(llamaFileTypeFormat("10"), std::string("q2_k_mix"));
        const MeasuredRun run = parseRuntimeLog(deepSeekLog("DeepSeek-V3-0324-Q2_K.gguf"));
        QCOMPARE(run.model.fileName, std::string("DeepSeek-V3-0324-Q2_K.gguf"));
        QCOMPARE(run.model.name, std::string("Deepseek-V3-0324"));
        QCOMPARE(scenarioFromLog(run, test::shippedCatalog()).scenario.weights.format, std::string("q2_k_mix"));
    }

    void aRecipeInTheFileNameOutranksThePrintedType()
    {
        const MeasuredRun run = parseRuntimeLog(deepSeekLog("DeepSeek-V3-0324-UD-Q2_K_XL-merged.gguf"));
        const LogScenario ls = scenarioFromLog(run, test::shippedCatalog());
        QCOMPARE(ls.scenario.weights.format, std::string("ud_q2_k_xl"));
        bool said = false;
        for (const std::string &n : ls.notes)
            said = said || n == "weights sized as the recipe 'UD-Q2_K_XL' the file name "
                                "'DeepSeek-V3-0324-UD-Q2_K_XL-merged.gguf' carries";
        QVERIFY(said);
        // A stock name in the file is no more than the printed type says: the type decides.
        const MeasuredRun stock = parseRuntimeLog(deepSeekLog("DeepSeek-V3-0324-Q4_K_M.gguf"));
        QCOMPARE(scenarioFromLog(stock, test::shippedCatalog()).scenario.weights.format, std::string("q2_k_mix"));
    }

    void aPerModelRecipeIsSizedToThePrintedFile()
    {
        // Unsloth chose UD-Q2_K_XL's types for this model, so the log's "file size = 233.18 GiB" is
        // the one exact figure: it becomes weights.file_bytes, and the total is that size. The
        // routed experts keep the recipe's types; the other parts take the rest in proportion.
        const MeasuredRun run = parseRuntimeLog(deepSeekLog("DeepSeek-V3-0324-UD-Q2_K_XL-merged.gguf"));
        const LogScenario ls = scenarioFromLog(run, test::shippedCatalog());
        const Bytes file = run.model.fileBytes;
        QVERIFY(std::abs(double(file) - 233.18 * double(GiB)) < double(MiB));
        QCOMPARE(ls.scenario.weights.fileBytes, std::uint64_t(file));
        QVERIFY(std::find(ls.notes.begin(), ls.notes.end(),
                          "the file's printed size (233.18 GiB) fixes the weights' total; the routed experts keep "
                          "the recipe's types") != ls.notes.end());
        Scenario sized = ls.scenario;
        sized.hardware.preset = "cpu-ddr5-5600-2ch";
        sized.host.ramBytes = 1024 * GiB;
        Scenario recipe = sized;
        recipe.weights.fileBytes = 0;
        auto weights = [](const Scenario &s, const char *id) {
            const Estimate e = estimate(resolveScenario(s, test::shippedCatalog()));
            Bytes sum = 0;
            for (const Item &it : e.items)
                // the file's tensors; not the CPU's repacked copies of some of them
                if (it.guest == Guest::Weights && it.id != itemid::kWeightsRepacked && (id == nullptr || it.id == id))
                    sum += it.bytes;
            return sum;
        };
        QCOMPARE(weights(sized, nullptr), file);
        QCOMPARE(weights(sized, itemid::kWeightsExperts), weights(recipe, itemid::kWeightsExperts));
        // k = (file − experts) / (layers + embedding + head), the same factor on each of those parts.
        const double rest = double(weights(recipe, nullptr) - weights(recipe, itemid::kWeightsExperts));
        const double k = double(file - weights(recipe, itemid::kWeightsExperts)) / rest;
        QVERIFY(k > 1.5 && k < 2.2); // Unsloth kept those parts near 4-6 bits, the Q2_K mix near 3
        QVERIFY(std::abs(double(weights(sized, itemid::kWeightsEmbedding)) -
                         k * double(weights(recipe, itemid::kWeightsEmbedding))) < 1.0);
        // The JSON form keeps the size.
        QCOMPARE(scenarioFromJson(scenarioToJson(sized)).weights.fileBytes, std::uint64_t(file));
        // A size no part of this model could reach (below its experts) is not its file: unused.
        Scenario wrong = sized;
        wrong.weights.fileBytes = 100 * GiB;
        QCOMPARE(weights(wrong, nullptr), weights(recipe, nullptr));
        // A stock mix in the name keeps the printed type; its printed size is stated too, and where
        // the mix's own sum is within 0.5 % of it (here the UD file's size is far off: no file of
        // this mix) the plan keeps that sum.
        const MeasuredRun stock = parseRuntimeLog(deepSeekLog("DeepSeek-V3-0324-Q2_K.gguf"));
        Scenario stockPlan = scenarioFromLog(stock, test::shippedCatalog()).scenario;
        QCOMPARE(stockPlan.weights.fileBytes, std::uint64_t(file));
        stockPlan.hardware.preset = "cpu-ddr5-5600-2ch";
        stockPlan.host.ramBytes = 1024 * GiB;
        Scenario unstated = stockPlan;
        unstated.weights.fileBytes = 0;
        const Bytes sum = weights(unstated, nullptr);
        stockPlan.weights.fileBytes = sum + sum / 400; // 0.25 % off: the print's rounding, not the file
        QCOMPARE(weights(stockPlan, nullptr), sum);
    }

    void aStockMixQuantizedByOtherRulesTakesThePrintedSize()
    {
        // Ollama's 2024 Dolphin-Mixtral Q5_K_M (tests/data/runtime-logs/gpu, ollama#3158) prints
        // "model size = 30.02 GiB" where this build's Q5_K_M sums to about 3 % more: the file was
        // quantized by older rules. Beyond 0.5 % the printed size fixes the total and every part
        // takes the same factor k = file / sum, experts included (estimation/plan.cpp).
        Scenario s;
        s.model.preset = "mixtral-8x7b";
        s.weights.format = "q5_k_m";
        s.runtime.preset = "llama.cpp";
        s.hardware.preset = "cpu-ddr5-5600-2ch";
        s.host.ramBytes = 256 * GiB;
        auto parts = [](const Scenario &sc) {
            const Estimate e = estimate(resolveScenario(sc, test::shippedCatalog()));
            std::map<std::string, Bytes> by;
            for (const Item &it : e.items)
                if (it.guest == Guest::Weights && it.id != itemid::kWeightsRepacked)
                    by[std::string(it.id)] += it.bytes;
            return by;
        };
        const auto mix = parts(s);
        Bytes sum = 0;
        for (const auto &[id, b] : mix)
            sum += b;
        const Bytes file = Bytes(30.02 * double(GiB));
        QVERIFY(double(sum) > 1.02 * double(file)); // the current rules' Q5_K_M is larger
        s.weights.fileBytes = file;
        const auto scaled = parts(s);
        Bytes total = 0;
        for (const auto &[id, b] : scaled)
            total += b;
        QCOMPARE(total, file);
        const double k = double(file) / double(sum);
        QVERIFY(std::abs(double(scaled.at(itemid::kWeightsExperts)) - k * double(mix.at(itemid::kWeightsExperts))) <
                double(MiB));
        // A size no file of this model could have (a third of the sum) is not its file: unused.
        s.weights.fileBytes = sum / 3;
        QCOMPARE(parts(s), mix);
    }

    void theLoaderLineNamesTheFile()
    {
        // A server log without its command line names the file on the loader's first line.
        const MeasuredRun run =
            parseRuntimeLog("llama_model_loader: loaded meta data with 32 key-value pairs and 339 tensors from "
                            "/media/m/unsloth_Qwen2.5-VL-7B-Instruct-UD-Q6_K_XL.gguf (version GGUF V3 (latest))\n");
        QCOMPARE(run.model.fileName, std::string("unsloth_Qwen2.5-VL-7B-Instruct-UD-Q6_K_XL.gguf"));
    }

    void quantizeAliasesInANameAreTheMixes()
    {
        // llama-quantize's QUANT_OPTIONS take "Q3_K", "Q4_K" and "Q5_K" as aliases of the _M mixes,
        // so a log that prints no file type and loads "…-Q4_K.gguf" holds Q4_K_M, not the uniform
        // Q4_K block type.
        QCOMPARE(fileNameQuantFormat("Q4_K"), std::string("q4_k_m"));
        QCOMPARE(fileNameQuantFormat("q5_k"), std::string("q5_k_m"));
        QCOMPARE(fileNameQuantFormat("Q3_K"), std::string("q3_k_m"));
        QCOMPARE(fileNameQuantFormat("Q6_K"), std::string("q6_k"));
        QCOMPARE(fileNameQuantFormat("Q4_K_S"), std::string("q4_k_s"));
        const MeasuredRun run =
            parseRuntimeLog("./llama-server -m /models/Meta-Llama-3.1-8B-Instruct-Q4_K.gguf -c 4096\n"
                            "build: 5331 (33eff402) with gcc-14 for x86_64-linux\n"
                            "print_info: arch             = llama\n"
                            "print_info: n_layer          = 32\n"
                            "load_tensors:   CPU_Mapped model buffer size =  4685.30 MiB\n");
        QVERIFY(run.model.fileType.empty());
        const LogScenario ls = scenarioFromLog(run, test::shippedCatalog());
        QCOMPARE(ls.scenario.weights.format, std::string("q4_k_m"));
    }

    void overlappingMappedViewsCountTheFileOnce()
    {
        // llama.cpp's CI on an Apple M4 (tests/data/runtime-logs/gpu/llamacpp-pythia-1.4b-…-b4897.json):
        // Metal_Mapped 1435.25 MiB spans the whole 1.40 GiB file, token embedding included, beside
        // a CPU_Mapped 104.39 MiB view of that embedding. Both map the same pages, so the unified
        // pool holds the file once: summed, the two read 7.3 % over the plan.
        const std::string head = "build: 4897 (b3c9a656) with Apple clang version 16.0.0 for arm64-apple-darwin24.1.0\n"
                                 "llama_model_load_from_file_impl: using device Metal (Apple M4) - 10922 MiB free\n"
                                 "print_info: file type   = Q8_0\n"
                                 "print_info: file size   = 1.40 GiB (8.51 BPW) \n"
                                 "print_info: arch             = gptneox\n"
                                 "print_info: n_ctx_train      = 2048\n"
                                 "print_info: n_embd           = 2048\n"
                                 "print_info: n_layer          = 24\n"
                                 "print_info: n_head           = 16\n"
                                 "print_info: n_head_kv        = 16\n"
                                 "print_info: n_embd_head_k    = 128\n"
                                 "print_info: n_ff             = 8192\n"
                                 "print_info: model params     = 1.41 B\n"
                                 "print_info: n_vocab          = 50304\n";
        auto weights = [](const Reconciliation &r) {
            for (const Comparison &c : r.comparisons)
                if (c.guest == "weights")
                    return c;
            return Comparison{};
        };
        auto saysOverlap = [](const Reconciliation &r) {
            for (const std::string &n : r.notes)
                if (n.starts_with("the mapped model buffers overlap by "))
                    return true;
            return false;
        };
        const Reconciliation overlap = reconcileWithLogPlan(
            parseRuntimeLog(head + "load_tensors: Metal_Mapped model buffer size =  1435.25 MiB\n"
                                   "load_tensors:   CPU_Mapped model buffer size =   104.39 MiB\n"),
            test::shippedCatalog());
        const Comparison w = weights(overlap);
        QVERIFY(w.compared);
        QVERIFY2(std::abs(w.relative) < 0.01, std::to_string(w.relative).c_str());
        QVERIFY(std::abs(w.measured - 1.40 * double(GiB)) < 1.0); // the printed file size
        QVERIFY(saysOverlap(overlap));
        // Views that do not overlap (the embedding first in the file) add up to the file: as printed.
        const Reconciliation apart = reconcileWithLogPlan(
            parseRuntimeLog(head + "load_tensors: Metal_Mapped model buffer size =  1330.86 MiB\n"
                                   "load_tensors:   CPU_Mapped model buffer size =   104.39 MiB\n"),
            test::shippedCatalog());
        QVERIFY(std::abs(weights(apart).measured - 1435.25 * double(MiB)) < 0.01 * double(MiB));
        QVERIFY(!saysOverlap(apart));
    }

    void aChipNewerThanThePresetsIsStoodInFor()
    {
        // llama.cpp of March 2026 on an Apple M5 (tests/data/runtime-logs/gpu/llamacpp-gpt-oss-20b-…-m5-…):
        // no preset describes the M5, so the newest earlier base chip holding the free memory stands
        // in, a unified machine, rather than a discrete card with a host pool beside it.
        const MeasuredRun run = parseRuntimeLog(
            "build: 8185 (2afcdb977) with AppleClang 17.0.0.17000404 for Darwin arm64\n"
            "llama_model_load_from_file_impl: using device MTL0 (Apple M5) (unknown id) - 18185 MiB free\n"
            "print_info: file type   = MXFP4 MoE\n"
            "print_info: file size   = 11.27 GiB (4.63 BPW) \n"
            "print_info: general.name          = Gpt Oss 20b\n"
            "load_tensors:  MTL0_Mapped model buffer size = 11536.18 MiB\n"
            "load_tensors:   CPU_Mapped model buffer size =   586.82 MiB\n");
        const Reconciliation r = reconcileWithLogPlan(run, test::shippedCatalog());
        QVERIFY(r.planned);
        const HardwarePreset *hw = test::shippedCatalog().hardwareById(r.scenario.hardware.preset);
        QVERIFY(hw);
        QCOMPARE(hw->spec.kind, HardwareKind::Unified);
        QVERIFY(r.scenario.hardware.preset.rfind("m4", 0) == 0);
        bool said = false;
        for (const std::string &n : r.notes)
            said = said || n.find("stands in for the printed device 'Apple M5'") != std::string::npos;
        QVERIFY(said);
        for (const Comparison &c : r.comparisons)
            if (c.guest == "weights")
                QVERIFY2(std::abs(c.relative) < 0.01, std::to_string(c.relative).c_str());
    }

    void anOllamaLogWithoutItsVersionIsDatedByTheVendoredWording()
    {
        // tests/data/runtime-logs/gpu/ollama-0.5-gemma-2-9b-it-q2_k-…: no Ollama version line, but the
        // vendored llama.cpp still words its lines llm_load_* (renamed in b4463), so the tree is
        // planned as b4462, whose graph reserves a logit row for every token of the micro-batch.
        const MeasuredRun run = parseRuntimeLog(
            "time=2025-01-14T21:43:08.638+08:00 level=INFO source=server.go:376 msg=\"starting llama server\" "
            "cmd=\"ollama_llama_server.exe runner --model sha256-2efce51c --ctx-size 2048 --n-gpu-layers 43\"\n"
            "llm_load_print_meta: arch             = gemma2\n"
            "llm_load_print_meta: general.name     = gemma-2-9b-it\n"
            "llm_load_print_meta: n_vocab          = 256000\n"
            "llm_load_tensors:        CUDA0 model buffer size =  3622.11 MiB\n");
        QCOMPARE(run.runtime, std::string("ollama"));
        const Reconciliation r = reconcileWithLogPlan(run, test::shippedCatalog());
        QCOMPARE(r.scenario.runtime.settings.value("version", std::string()), std::string("b4462"));
    }

    void ollamasOwnEngineNamesItsDevicesBuffersAndModel()
    {
        // tests/data/runtime-logs/gpu/ollama-0.9.6-gemma-3-27b-…-780m-…: Ollama's own engine prints
        // no llama.cpp lines. Its buffers name their device as buffer= (weights) and buffer_type=
        // (graphs), each reservation prints the graphs again, the GPU is listed as id=0 with its
        // name, and only the architecture and the layer count (layers.model less the output
        // layer) say which model it is: gemma3 with 62 layers is one preset.
        const MeasuredRun run = parseRuntimeLog(
            "time=2025-07-24T18:29:06.398+09:00 level=INFO source=types.go:130 msg=\"inference compute\" id=0 "
            "library=rocm variant=\"\" compute=gfx1103 driver=6.1 name=\"AMD Radeon 780M Graphics\" total=\"33.7 "
            "GiB\" available=\"33.6 GiB\"\n"
            "time=2025-07-24T18:29:07.462+09:00 level=INFO source=server.go:175 msg=offload library=rocm "
            "layers.requested=-1 layers.model=63 layers.offload=63 memory.required.full=\"20.1 GiB\"\n"
            "time=2025-07-24T18:29:07.610+09:00 level=INFO source=ggml.go:92 msg=\"\" architecture=gemma3 "
            "file_type=Q4_K_M name=\"\" description=\"\" num_tensors=1247 num_key_values=37\n"
            "time=2025-07-24T18:29:34.425+09:00 level=INFO source=ggml.go:377 msg=\"model weights\" buffer=ROCm0 "
            "size=\"16.2 GiB\"\n"
            "time=2025-07-24T18:29:34.425+09:00 level=INFO source=ggml.go:377 msg=\"model weights\" buffer=CPU "
            "size=\"1.1 GiB\"\n"
            "time=2025-07-24T18:29:34.657+09:00 level=INFO source=ggml.go:666 msg=\"compute graph\" backend=ROCm0 "
            "buffer_type=ROCm0 size=\"1.1 GiB\"\n"
            "time=2025-07-24T18:29:34.657+09:00 level=INFO source=ggml.go:666 msg=\"compute graph\" backend=CPU "
            "buffer_type=CPU size=\"0 B\"\n"
            "time=2025-07-24T18:29:35.056+09:00 level=INFO source=ggml.go:666 msg=\"compute graph\" backend=ROCm0 "
            "buffer_type=ROCm0 size=\"1.1 GiB\"\n"
            "time=2025-07-24T18:29:35.056+09:00 level=INFO source=ggml.go:666 msg=\"compute graph\" backend=CPU "
            "buffer_type=CPU size=\"10.5 MiB\"\n");
        QCOMPARE(run.runtime, std::string("ollama"));
        QCOMPARE(run.model.architecture, std::string("gemma3"));
        QCOMPARE(run.model.layers, 62u);
        QCOMPARE(run.model.fileType, std::string("Q4_K_M"));
        std::map<std::string, double> gib;
        for (const MeasuredFigure &f : run.figures)
            gib[f.kind + " " + f.device] += double(f.bytes) / double(GiB);
        QCOMPARE(gib.size(), std::size_t(4));
        QVERIFY(std::abs(gib["model_buffer ROCm0"] - 16.2) < 1e-6);
        QVERIFY(std::abs(gib["compute_buffer ROCm0"] - 1.1) < 1e-6); // the second reservation, not both summed
        QVERIFY(std::abs(gib["compute_buffer CPU"] - 10.5 / 1024) < 1e-9);
        QCOMPARE(run.devices.size(), std::size_t(1));
        QCOMPARE(run.devices.front().id, std::string("gpu0"));
        QCOMPARE(run.devices.front().name, std::string("AMD Radeon 780M Graphics"));
        const Reconciliation r = reconcileWithLogPlan(run, test::shippedCatalog());
        QVERIFY(r.planned);
        QCOMPARE(r.scenario.model.preset, std::string("gemma-3-27b"));
        QCOMPARE(r.scenario.weights.format, std::string("q4_k_m"));
        // Layers alone are not enough where presets of one architecture share them (Qwen3 4B and 8B).
        const MeasuredRun qwen = parseRuntimeLog(
            "time=2025-07-24T18:29:07.462+09:00 level=INFO source=server.go:175 msg=offload library=cuda "
            "layers.model=37 layers.offload=37\n"
            "time=2025-07-24T18:29:07.610+09:00 level=INFO source=ggml.go:92 msg=\"\" architecture=qwen3 "
            "file_type=Q4_K_M name=\"\"\n"
            "time=2025-07-24T18:29:34.425+09:00 level=INFO source=ggml.go:377 msg=\"model weights\" buffer=CUDA0 "
            "size=\"4.2 GiB\"\n");
        QVERIFY(!reconcileWithLogPlan(qwen, test::shippedCatalog()).planned);
        // Ollama's own gpt-oss file (tests/data/runtime-logs/gpu/ollama-0.11.10-gpt-oss-120b-…) prints
        // file_type=MXFP4: the release's layout, BF16 beside MXFP4 experts, where llama.cpp's own
        // "MXFP4 MoE" GGUF keeps Q8_0 there (its host embedding 1.1 GiB: 201,088 x 2,880 x 2 B).
        const MeasuredRun oss = parseRuntimeLog(
            "time=2025-09-11T00:42:49.545+02:00 level=INFO source=server.go:543 msg=offload library=rocm "
            "layers.model=37 layers.offload=37\n"
            "time=2025-09-11T00:42:49.560+02:00 level=INFO source=runner.go:1006 msg=\"starting ollama engine\"\n"
            "time=2025-09-11T00:42:49.588+02:00 level=INFO source=ggml.go:131 msg=\"\" architecture=gptoss "
            "file_type=MXFP4 name=\"\" description=\"\" num_tensors=471\n"
            "time=2025-09-11T00:42:50.484+02:00 level=INFO source=backend.go:310 msg=\"model weights\" device=ROCm0 "
            "size=\"59.8 GiB\"\n"
            "time=2025-09-11T00:42:50.484+02:00 level=INFO source=backend.go:315 msg=\"model weights\" device=CPU "
            "size=\"1.1 GiB\"\n");
        const Reconciliation o = reconcileWithLogPlan(oss, test::shippedCatalog());
        QVERIFY(o.planned);
        QCOMPARE(o.scenario.model.preset, std::string("gpt-oss-120b"));
        QCOMPARE(o.scenario.weights.format, std::string("bf16"));
        QCOMPARE(o.scenario.weights.expertFormat, std::string("mxfp4"));
        // ... and on its own engine, whose sliding-window layers keep 4096 tokens a sequence.
        QCOMPARE(oss.settings.value("swa_memory", 0), 4096);
        QCOMPARE(o.scenario.runtime.settings.value("swa_memory", 0), 4096);
        QVERIFY(!qwen.settings.contains("swa_memory"));
    }

    void anOllamaLogIsPlannedWithTheLlamaCppItVendors()
    {
        // tests/data/runtime-logs/gpu/ollama-0.17.0-codegeex4-…: Ollama 0.17.0 pins llama.cpp
        // ec98e2002 (Makefile.sync), a December 2025 tree older than PR #23861, so its graph
        // reserves a logit row for every token of the micro-batch (Metal: 304.00 MiB, nearly all
        // 512 x 151552 x 4 logits), which the newest rules would cut to one row per slot.
        const MeasuredRun run = parseRuntimeLog(
            "time=2026-02-25T18:13:51.328+08:00 level=INFO source=routes.go:1718 msg=\"Listening on [::]:11434 "
            "(version 0.17.0)\"\n"
            "llama_model_load_from_file_impl: using device Metal (Apple M4) (unknown id) - 25557 MiB free\n"
            "print_info: file type   = Q4_0\n"
            "print_info: file size   = 5.08 GiB (4.64 BPW) \n"
            "print_info: arch             = chatglm\n"
            "print_info: n_embd           = 4096\n"
            "print_info: n_layer          = 40\n"
            "print_info: general.name     = codegeex4-all-9b\n"
            "print_info: n_vocab          = 151552\n"
            "load_tensors:   CPU_Mapped model buffer size =   333.00 MiB\n"
            "load_tensors: Metal_Mapped model buffer size =  4863.84 MiB\n"
            "llama_context: n_ctx         = 32768\n"
            "llama_context: n_batch       = 512\n"
            "llama_context: n_ubatch      = 512\n"
            "llama_context:      Metal compute buffer size =   304.00 MiB\n"
            "llama_context:        CPU compute buffer size =    72.01 MiB\n");
        const Reconciliation r = reconcileWithLogPlan(run, test::shippedCatalog());
        QVERIFY(r.planned);
        QCOMPARE(r.scenario.runtime.settings.value("version", std::string()), std::string("b7400"));
        bool said = false;
        for (const std::string &n : r.notes)
            said = said || n == "Ollama 0.17.0 runs llama.cpp b7400, the tree it vendors";
        QVERIFY(said);
        // Both compute buffers share the one memory: the GPU's and the CPU backend's graph inputs
        // (the f32 mask 512 x 32768 x 4, positions, 512 embedding rows of 4096 floats: 72.01 MiB).
        bool compared = false;
        for (const Comparison &c : r.comparisons)
            if (c.guest == "activation") {
                compared = true;
                QVERIFY2(std::abs(c.relative) < 0.01, std::to_string(c.relative).c_str());
            }
        QVERIFY(compared);
    }
};

QTEST_APPLESS_MAIN(TstLogWeights)
#include "tst_logweights.moc"
