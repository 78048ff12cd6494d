// llama.cpp's allocation rules in core/runtimes/llamacpp, one function at a time.
// Golden values: llama.cpp v0.5.0 logs measured with tools/llamacpp-measure (case files
// in tests/data/runtime-logs/llamacpp-cpu-*.json, named per row) or the source rule cited
// in each header, worked by hand next to the row.
#include "error.h"
#include "runtimes/llamacpp/cpufeatures.h"
#include "runtimes/llamacpp/hostcaches.h"
#include "runtimes/llamacpp/mlalayout.h"
#include "runtimes/llamacpp/outputrows.h"
#include "runtimes/llamacpp/releaserules.h"
#include "runtimes/llamacpp/repack.h"
#include "runtimes/llamacpp/sequencecontext.h"
#include "runtimes/llamacpp/settingvalues.h"
#include "runtimes/llamacpp/swalayout.h"
#include "runtimes/vllm/mxfp4experts.h"
#include "testsupport.h"

#include "estimator.h"
#include "itemids.h"
#include "logs/logparser.h"
#include "runtimes/registry.h"
#include "runtimes/runtimemodel.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <optional>

using namespace memplan;
using namespace memplan::llamacpp;
using nlohmann::json;

class TstLlamaCppRules : public QObject {
    Q_OBJECT
private slots:
private slots:
    void mlaCacheFromPrintedKvSizes()
    {
        // DeepSeek-V3 (128 heads, K 128 + 64 and V 128 per head; latent 512 + 64). Lines as the
        // logs in tests/data/runtime-logs/gpu print them: Ollama's runner with deepseek-r1:671b
        // (a GGUF of January 2025: every head's K and V, 24,576 : 16,384 = 1.5) and llama.cpp
        // b5331 with a file converted after PR #12801 (latent K 576 beside latent V 512 = 1.125).
        const ModelArchitecture v3 = test::shippedCatalog().model("deepseek-v3")->arch;
        const MeasuredRun perHead = parseRuntimeLog(
            "llama_kv_cache_init: kv_size = 8192, offload = 1, type_k = 'f16', type_v = 'f16', n_layer = 61, "
            "can_shift = 0\n"
            "llama_init_from_model: KV self size  = 39040.00 MiB, K (f16): 23424.00 MiB, V (f16): 15616.00 MiB\n");
        QCOMPARE(mlaCacheFromLog(perHead, v3), std::optional<MlaCache>(MlaCache::PerHead));
        const MeasuredRun latentWithV = parseRuntimeLog(
            "llama_kv_cache_unified: kv_size = 16384, type_k = 'f16', type_v = 'f16', n_layer = 61, can_shift = 1, "
            "padding = 256\n"
            "llama_kv_cache_unified: KV self size  = 2074.00 MiB, K (f16): 1098.00 MiB, V (f16):  976.00 MiB\n");
        QCOMPARE(mlaCacheFromLog(latentWithV, v3), std::optional<MlaCache>(MlaCache::LatentWithV));
        // A model without latent attention implies nothing, whatever the sizes.
        QVERIFY(!mlaCacheFromLog(perHead, test::shippedCatalog().model("llama-3.1-8b")->arch));
        // The setting sizes the cache: 61 x 8,192 cells x (24,576 + 16,384) x 2 bytes =
        // 40,936,407,040, the 39,040 MiB the Ollama log printed.
        Scenario s = test::theoryScenario("deepseek-v3", "q4_k_m", 8192);
        s.runtime.preset = "llama.cpp";
        s.runtime.settings = json{{"ctx_size", 8192}, {"mla_cache", "per_head"}, {"n_gpu_layers", 0}};
        s.hardware.preset = "cpu-ddr5-5600-2ch";
        s.host.ramBytes = 1024 * GiB;
        Bytes kv = 0;
        for (const Pool &p : estimate(s, test::shippedCatalog()).pools)
            kv += p.guest(Guest::KvCache);
        QCOMPARE(kv, Bytes(40'936'407'040));
        s.runtime.settings["mla_cache"] = "per head";
        QVERIFY_THROWS_EXCEPTION(InputError, estimate(s, test::shippedCatalog()));
        QCOMPARE(mlaCacheId(parseMlaCache(json("latent_with_v"), "k")), std::string_view("latent_with_v"));
    }

    void swaFullFromPrintedKSize()
    {
        // Llama 4 Scout (48 layers, 8 KV heads of 128, three in four layers chunked at 8,192) at
        // -c 256000 in a build before PR #13194: the TrashCanLLM log prints K (f16) 24000.00 MiB,
        // 256,000 x 48 x 1,024 x 2 bytes, every layer at every cell. Since that PR the chunked
        // layers keep their chunk and a micro-batch (8,704 cells): 6,000 + 612 MiB of K.
        const ModelArchitecture scout = test::shippedCatalog().model("llama-4-scout")->arch;
        const MeasuredRun full = parseRuntimeLog(
            "init: kv_size = 256000, offload = 0, type_k = 'f16', type_v = 'f16', n_layer = 48, can_shift = 1\n"
            "llama_context: KV self size  = 48000.00 MiB, K (f16): 24000.00 MiB, V (f16): 24000.00 MiB\n");
        QCOMPARE(swaFullFromLog(full, scout), std::optional<bool>(true));
        const MeasuredRun windowed = parseRuntimeLog(
            "llama_kv_cache_unified: kv_size = 256000, type_k = 'f16', type_v = 'f16', n_layer = 48, can_shift = 1\n"
            "llama_kv_cache_unified: KV self size  = 13224.00 MiB, K (f16): 6612.00 MiB, V (f16): 6612.00 MiB\n");
        QCOMPARE(swaFullFromLog(windowed, scout), std::optional<bool>(false));
        // A model without windowed layers, or a log without the K total, implies nothing.
        QVERIFY(!swaFullFromLog(full, test::shippedCatalog().model("llama-3.1-8b")->arch));
        QVERIFY(!swaFullFromLog(parseRuntimeLog("init: kv_size = 256000, type_k = 'f16', type_v = 'f16'\n"), scout));
    }

    void releaseFromTheLogItself()
    {
        // A log is sized with the release that wrote it: the printed build, or with none, the last
        // build that still named its lines this way (PR #11110 retired llm_load_print_meta and
        // llama_new_context_with_model at b4463; PR #15467 llama_kv_cache_unified at b6233).
        const RuntimeModel &llama = runtimeModel(Engine::LlamaCpp);
        auto implied = [&](const char *log) {
            json settings = json::object();
            Scenario s;
            llama.settingsFromLog(parseRuntimeLog(log), settings, s, nullptr);
            return settings.value("version", std::string());
        };
        QCOMPARE(implied("build: 4897 (b3c9a656) with cc (GCC) 13.2 for x86_64-linux-gnu\n"
                         "print_info: n_layer          = 32\n"),
                 std::string("b4897"));
        // The ROCm log of llama.cpp issue 11337 (tests/data/runtime-logs/gpu) prints no build.
        const char *old = "llm_load_print_meta: n_layer          = 64\n"
                          "llama_new_context_with_model:      ROCm0 compute buffer size =   307.00 MiB\n";
        QCOMPARE(parseRuntimeLog(old).wordedBefore, std::string("b4463"));
        QCOMPARE(implied(old), std::string("b4462"));
        QCOMPARE(implied("llama_kv_cache_unified: kv_size = 4096, type_k = 'f16', type_v = 'f16', n_layer = 16\n"),
                 std::string("b6232"));
        // Today's wording dates nothing; a scenario's own release is never replaced.
        QCOMPARE(implied("print_info: n_layer          = 32\nllama_kv_cache: size = 96.00 MiB\n"), std::string());
        json set = json{{"version", "b5000"}};
        Scenario s;
        llama.settingsFromLog(parseRuntimeLog(old), set, s, nullptr);
        QCOMPARE(set["version"].get<std::string>(), std::string("b5000"));
        // That release sizes the compute buffer as llama.cpp did then: Qwen2.5-32B, 32,768 cells of
        // q8_0 with flash attention on one RX 7900 XTX, 307.00 MiB printed (the whole micro-batch of
        // logits, 152,064 x 512 x 4 bytes, is reserved; current builds keep one row per slot).
        Scenario q = test::theoryScenario("qwen2.5-32b", "q4_k_m", 32768, 1, "rx-7900-xtx");
        q.runtime.preset = "llama.cpp";
        q.runtime.settings = json{{"ctx_size", 32768},  {"cache_type_k", "q8_0"}, {"cache_type_v", "q8_0"},
                                  {"flash_attn", true}, {"n_gpu_layers", 99},     {"version", implied(old)}};
        const Estimate e = estimate(q, test::shippedCatalog());
        Bytes compute = 0;
        for (const Item &it : e.items)
            if (it.pool == 0 && it.id == "act.ggml.peak")
                compute += it.bytes;
        QCOMPARE(compute, Bytes(307 * MiB));
    }

    void sequenceContextSplitPadsEachSequence()
    {
        // llamacpp-cpu-llama-3.2-1b-q4_0-ctx4096-ub512-np3-fa-on-split-out3: "n_ctx = 4608",
        // "n_ctx_seq = 1536": 4096 / 3 = 1365 -> padded to 1536, x 3 = 4608 cells.
        SequenceContext c = sequenceContext(4096, 3, false);
        QCOMPARE(c.nCtxSeq, 1536u);
        QCOMPARE(c.nCtx, 4608u);
        QCOMPARE(c.streams, 3u);
        QCOMPARE(c.cellsPerStream, 1536u);
        // llamacpp-cpu-qwen3-0.6b-q4_0-ctx10000-ub512-np3-fa-on-split-out3: 10000 -> 10240 first,
        // / 3 = 3413 -> 3584 per sequence, 10752 in all.
        c = sequenceContext(10000, 3, false);
        QCOMPARE(c.nCtxSeq, 3584u);
        QCOMPARE(c.nCtx, 10752u);
        // Unified: one stream of n_ctx cells, only padded to 256.
        c = sequenceContext(4096, 3, true);
        QCOMPARE(c.nCtx, 4096u);
        QCOMPARE(c.nCtxSeq, 4096u);
        QCOMPARE(c.streams, 1u);
        QCOMPARE(sequenceContext(1000, 1, false).nCtx, 1024u);
        // Sliding-window cache, gpt-oss (n_swa 128), -c 8192 -np 2, ubatch 512: split, each slot
        // keeps min(4096, 128 + 512) = 640 -> 768 cells, 1536 in all; unified, one stream of
        // 2 x 128 + 512 = 768 cells.
        QCOMPARE(windowCells(sequenceContext(8192, 2, false), 128, 2, 512), 1536u);
        QCOMPARE(windowCells(sequenceContext(8192, 2, true), 128, 2, 512), 768u);
        // A window wider than the slot's context is capped by it.
        QCOMPARE(windowCells(sequenceContext(1024, 2, false), 4096, 2, 512), 1024u);
    }
    void outputRowsServerVersusCli()
    {
        // llama-server: one logit row per slot; llama-cli and library users (n_outputs_max 0 =
        // n_batch): the whole reserve micro-batch.
        QCOMPARE(outputLimits(Program::Server, 3, 2048, 512).graphRows, 3u);
        QCOMPARE(outputLimits(Program::Cli, 3, 2048, 512).graphRows, 512u);
        // n_batch below the micro-batch caps it; an explicit n_outputs_max wins over the program.
        QCOMPARE(outputLimits(Program::Cli, 1, 256, 512).graphRows, 256u);
        QCOMPARE(outputLimits(Program::Cli, 4, 2048, 512, 4u).graphRows, 4u);
        QCOMPARE(outputLimits(Program::Server, 4, 2048, 512, 0u).graphRows, 512u);
        // The host output buffer: one row per sequence ("output buffer size = 1.47 MiB" for three
        // sequences of a 128256-token vocabulary: 3 x 128256 x 4 B).
        QCOMPARE(outputLimits(Program::Server, 3, 2048, 512).bufferRows, 3u);
        QCOMPARE(parseProgram("llama-completion"), std::optional<Program>(Program::Cli));
        QCOMPARE(parseProgram("llama-server"), std::optional<Program>(Program::Server));
        QVERIFY(!parseProgram("ollama"));
    }
    void repackLayoutsFollowTheCpu()
    {
        const CpuFeatures avx2 = *parseCpuFeatures("avx2"), avx512 = *parseCpuFeatures("avx512");
        const CpuFeatures dot = *parseCpuFeatures("neon_dotprod"), i8mm = *parseCpuFeatures("neon_i8mm");
        const CpuFeatures none = *parseCpuFeatures("none");
        QCOMPARE(repackLayout(2, 2048, avx2), std::string_view("q4_0_8x8")); // Q4_0 on AVX2
        QCOMPARE(repackLayout(2, 2048, i8mm), std::string_view("q4_0_4x8"));
        QCOMPARE(repackLayout(2, 2048, dot), std::string_view("q4_0_4x4"));
        QCOMPARE(repackLayout(2, 2048, none), std::string_view());
        // Granite's 49155-row vocabulary does not divide into 8-row groups: its head stays as stored.
        QCOMPARE(repackLayout(2, 49155, avx2), std::string_view());
        QCOMPARE(repackLayout(8, 2048, avx2), std::string_view()); // Q8_0: Arm only
        QCOMPARE(repackLayout(8, 2048, i8mm), std::string_view("q8_0_4x8"));
        QCOMPARE(repackLayout(10, 2048, avx2), std::string_view()); // Q2_K needs AVX-512
        QCOMPARE(repackLayout(10, 2048, avx512), std::string_view("q2_K_8x8"));
        QCOMPARE(repackLayout(12, 2048, avx2), std::string_view("q4_K_8x8"));
        QCOMPARE(repackLayout(14, 2048, avx2), std::string_view()); // Q6_K: Arm only
        QCOMPARE(repackLayout(39, 2880, avx2), std::string_view("mxfp4_8x8"));
        QCOMPARE(repackLayout(1, 2048, avx512), std::string_view()); // F16 never
        QCOMPARE(cpuFeaturesName(defaultCpuFeatures("m1-8gb", "Apple")), std::string("neon_dotprod"));
        QCOMPARE(cpuFeaturesName(defaultCpuFeatures("m4-pro-48gb", "Apple")), std::string("neon_i8mm"));
        QCOMPARE(cpuFeaturesName(defaultCpuFeatures("epyc-genoa-12ch", "generic")), std::string("avx512"));
        // Grace and GB10 have SVE2; SVE implies i8mm and the dot product, so the layouts stay Arm's.
        QCOMPARE(cpuFeaturesName(defaultCpuFeatures("dgx-spark", "nvidia")), std::string("neon_sve"));
        const CpuFeatures sve = *parseCpuFeatures("neon_sve");
        QVERIFY(sve.sve && sve.neonI8mm && sve.neonDotprod && !sve.avx2);
        QCOMPARE(repackLayout(8, 2048, sve), std::string_view("q8_0_4x8"));
        QCOMPARE(cpuFeaturesName(defaultCpuFeatures("cpu-ddr5-5600-2ch", "generic")), std::string("avx2"));
        QVERIFY(!parseCpuFeatures("sse4"));
    }
    void repackedWeightsWithAndWithoutMmap()
    {
        // Llama-3.2-1B Q4_0 as llama-quantize writes it (llamacpp-cpu-llama-3.2-1b-q4_0-ctx4096-ub512-
        // np1-fa-on and its -no-mmap twin): layer matrices 16 x (2 x 2048^2 + 2 x 2048 x 512 +
        // 3 x 2048 x 8192) x 18/32 = 547,356,672 B; the tied embedding table in Q6_K, 128256 x 2048 x
        // 210/256 = 215,470,080 B; F32 norms 270,336 B. Stored: 763,097,088 B.
        RepackInput in;
        in.storedBytes = 763097088;
        in.matrixBytes = 547356672;
        in.outputHeadBytes = 215470080;
        in.outputHeadTied = true;
        in.matricesRepack = true;
        in.outputHeadRepacks = false; // Q6_K does not repack on x86
        // mmap: the file mapped (727.75 MiB in a file made in the converter's order) and
        // "CPU_REPACK ... = 522.00 MiB"; no repacked tensor at the file's end in this input.
        RepackedWeights w = repackedWeights(in);
        QCOMPARE(w.repackBytes, Bytes(547356672));
        QCOMPARE(w.plainBytes, Bytes(763097088));
        // No mmap: "CPU model buffer size = 205.75 MiB" (embedding table + norms) and the same repack.
        in.mmap = false;
        w = repackedWeights(in);
        QCOMPARE(w.plainBytes, Bytes(215470080 + 270336));
        // Were the tied head of a repacking type, it would repack as the output head and stay
        // behind as the embedding table for the row lookup: stored size plus the head.
        in.outputHeadRepacks = true;
        in.outputHeadBytes = 147750912; // the same table in Q4_0
        in.storedBytes = 763097088 - 215470080 + 147750912;
        w = repackedWeights(in);
        QCOMPARE(w.repackBytes, Bytes(547356672 + 147750912));
        QCOMPARE(w.total(), in.storedBytes + 147750912);
        // An F16 model does not repack: everything stays in the plain buffer.
        in.matricesRepack = in.outputHeadRepacks = false;
        in.mmap = true;
        QCOMPARE(repackedWeights(in).repackBytes, Bytes(0));
        QCOMPARE(repackedWeights(in).plainBytes, in.storedBytes);
    }
    void repackFollowsTheBuild()
    {
        // Read off ggml-org/ci's logs of each merge (releaserules.h): no online repack on x86 before
        // build 4282 (PR #10446), Q4_K's x86 layout from build 4929 (PR #12332), and the host layers
        // of a GPU run repacked from 4282 until build 4936 (PR #12498) stopped it (the next test).
        auto rules = [](const char *build) {
            return releaseRules(RuntimeRelease{build, *parseBuildRelease(build), false});
        };
        const CpuFeatures avx2 = *parseCpuFeatures("avx2");
        QCOMPARE(repackLayout(2, 2048, avx2, rules("b4281").repack), std::string_view());
        // Arm's Q4_0 came first (PR #9921, build 4081); its other types with the rest.
        const CpuFeatures i8mm = *parseCpuFeatures("neon_i8mm");
        QCOMPARE(repackLayout(2, 2048, i8mm, rules("b4080").repack), std::string_view());
        QCOMPARE(repackLayout(2, 2048, i8mm, rules("b4081").repack), std::string_view("q4_0_4x8"));
        QCOMPARE(repackLayout(20, 2048, i8mm, rules("b4281").repack), std::string_view()); // IQ4_NL
        QCOMPARE(repackLayout(20, 2048, i8mm, rules("b4282").repack), std::string_view("iq4_nl_4x4"));
        QCOMPARE(repackLayout(2, 2048, avx2, rules("b4282").repack), std::string_view("q4_0_8x8"));
        QCOMPARE(repackLayout(12, 2048, avx2, rules("b4928").repack), std::string_view());
        QCOMPARE(repackLayout(12, 2048, avx2, rules("b4929").repack), std::string_view("q4_K_8x8"));
    }
    void repackedHostLayersKeepTheirProductsOnTheCpu()
    {
        // Llama 2 7B Q4_0 with 20 of 32 layers on an RTX 3090, micro-batches of 512: at build 4629
        // the 12 host layers' matrices are copied into CPU_REPACK (every Q4_0 matrix of this model has
        // rows divisible by 8) and the CPU computes their products, so the pinned host buffer also
        // holds a product's f32 input and output, the FFN's 512 x (4096 + 11008) x 4 B, less the
        // embedding rows' 512 x 4096 x 4 B whose slot it reuses: 512 x 11008 x 4 = 22,544,384 B more
        // (the ggml-org/ci Pythia 2.8B log at -ngl 10 shows this rule, 9.01 -> 29.01 MiB). From
        // build 4936 neither.
        auto run = [](const char *build) {
            Scenario q = test::theoryScenario("llama-2-7b", "q4_0", 4096, 1, "rtx-3090");
            q.runtime.preset = "llama.cpp";
            q.runtime.settings = json{{"ctx_size", 4096}, {"n_gpu_layers", 20}, {"version", build}};
            return estimate(q, test::shippedCatalog());
        };
        auto hostItem = [](const Estimate &e, std::string_view id) {
            Bytes b = 0;
            for (const Item &it : e.items)
                if (e.pools[it.pool].id == "host" && it.id == id)
                    b += it.bytes;
            return b;
        };
        const Estimate old = run("b4629"), fixed = run("b4936");
        QCOMPARE(hostItem(fixed, itemid::kWeightsRepacked), Bytes(0));
        QCOMPARE(hostItem(run("b4281"), itemid::kWeightsRepacked), Bytes(0)); // before any online repack
        QCOMPARE(hostItem(run("b4935"), itemid::kWeightsRepacked), hostItem(old, itemid::kWeightsRepacked));
        const Bytes repacked = hostItem(old, itemid::kWeightsRepacked);
        const Bytes layers = hostItem(old, itemid::kWeightsLayers);
        QVERIFY2(layers > 0 && repacked > 0.99 * double(layers) && repacked <= layers,
                 qPrintable(QString("repacked %1 of the host layers' %2 bytes").arg(repacked).arg(layers)));
        QCOMPARE(hostItem(old, itemid::kActGgmlHostInputs) - hostItem(fixed, itemid::kActGgmlHostInputs),
                 Bytes(512ull * 11008 * 4));
        // The prompt: op offload (micro-batches from 32 tokens) takes the host layers' products to the
        // GPU at build 4936, while build 4629's CPU computes them, several times slower (issue
        // #12481 measured 420 against 37 prompt tokens/s on a laptop).
        QCOMPARE(fixed.speed.opOffloadMinBatch, std::uint64_t(32));
        QCOMPARE(old.speed.opOffloadMinBatch, std::uint64_t(0));
        QVERIFY2(old.speed.prefill.expected * 3 < fixed.speed.prefill.expected,
                 qPrintable(QString("prompt %1 against %2 tokens/s")
                                .arg(old.speed.prefill.expected)
                                .arg(fixed.speed.prefill.expected)));
    }
    void pipelineCopiesAsTheLogShowsThem()
    {
        // Two GPUs holding every layer run pipeline parallelism: the scheduler keeps n_copies (4) of
        // its graph inputs, in the pinned host buffer too. A log that shows it off (a build without
        // peer copies; tst_logparsers reads that) states pipeline_copies 1, and one copy is planned:
        // b_pad x T x 4 + b x 4 per copy (512 x 4096 x 4 + 512 x 4 B), plus the embedding rows once.
        auto hostInputs = [](std::optional<int> copies, const char *build = nullptr) {
            Scenario q = test::theoryScenario("llama-2-7b", "q4_0", 4096, 1, "rtx-3090");
            q.hardware.count = 2;
            q.runtime.preset = "llama.cpp";
            q.runtime.settings = json{{"ctx_size", 4096}, {"n_gpu_layers", 99}};
            if (copies)
                q.runtime.settings["pipeline_copies"] = *copies;
            if (build)
                q.runtime.settings["version"] = build;
            const Estimate e = estimate(q, test::shippedCatalog());
            for (const Item &it : e.items)
                if (it.id == itemid::kActGgmlHostInputs)
                    return it.bytes;
            return Bytes(0);
        };
        const Bytes perCopy = 512ull * 4096 * 4 + 512 * 4;
        QCOMPARE(hostInputs(std::nullopt) - hostInputs(1), 3 * perCopy);
        QCOMPARE(hostInputs(4), hostInputs(std::nullopt));
        // Pipeline parallelism came with PR #6017 (b2413): a build before it keeps one copy, and a log
        // that prints the separate "input buffer" of those builds is dated before it.
        QCOMPARE(hostInputs(std::nullopt, "b2412"), hostInputs(1));
        QCOMPARE(hostInputs(std::nullopt, "b2413"), hostInputs(std::nullopt));
        json settings = json::object();
        Scenario s;
        runtimeModel(Engine::LlamaCpp)
            .settingsFromLog(
                parseRuntimeLog("llama_new_context_with_model:  CUDA_Host input buffer size   =    13.02 MiB\n"
                                "llama_new_context_with_model:      CUDA0 compute buffer size =   164.01 MiB\n"),
                settings, s, nullptr);
        QCOMPARE(settings.value("version", std::string()), std::string("b2412"));
    }
    void ollamasOwnEngineKeepsItsInputsOutOfTheScheduler()
    {
        // Ollama's own engine (gpt-oss, Gemma 3) allocates the mask and positions as tensors of their
        // own for each batch; its CPU "compute graph" holds the embedding rows alone: 512 x 2880 x 4 B
        // for gpt-oss (5.6 MiB in the Strix Halo log of tests/data/runtime-logs/gpu).
        Scenario q = test::theoryScenario("gpt-oss-20b", "mxfp4_moe", 8192, 1, "rtx-4090");
        q.runtime.preset = "ollama";
        const Estimate e = estimate(q, test::shippedCatalog());
        Bytes inputs = 0;
        for (const Item &it : e.items)
            if (e.pools[it.pool].id == "host" && it.id == itemid::kActGgmlHostInputs)
                inputs += it.bytes;
        QCOMPARE(inputs, Bytes(512ull * 2880 * 4));
    }
    void hostCachesOnlyInTheServer()
    {
        HostCacheInput in;
        in.slotCount = 2;
        in.checkpointStateBytes = 10 * MiB;
        HostCaches c = hostCaches(in);
        QCOMPARE(c.promptCacheLimit, Bytes(8192) * MiB);   // --cache-ram default (common/common.h)
        QCOMPARE(c.checkpoints, Bytes(2 * 32 * 10) * MiB); // 2 slots x 32 checkpoints x 10 MiB
        in.cacheRamMib = 0;
        QCOMPARE(hostCaches(in).promptCacheLimit, Bytes(0));
        in.program = Program::Cli;
        QCOMPARE(hostCaches(in).checkpoints, Bytes(0));
    }
    void llamaCppSettingValues()
    {
        QCOMPARE(parseFlashAttn(json("auto"), "runtime.flash_attn"), FlashAttn::Auto);
        QCOMPARE(parseFlashAttn(json(false), "runtime.flash_attn"), FlashAttn::Off);
        QVERIFY(resolveFlashAttn(FlashAttn::Auto));
        QVERIFY_THROWS_EXCEPTION(InputError, parseFlashAttn(json("maybe"), "runtime.flash_attn"));
        QCOMPARE(gpuLayersFor(parseGpuLayers(json(999), "n"), 33, 0), 33u);
        QCOMPARE(gpuLayersFor(parseGpuLayers(json("all"), "n"), 33, 0), 33u);
        QCOMPARE(gpuLayersFor(parseGpuLayers(json(-2), "n"), 33, 0), 33u);
        QCOMPARE(gpuLayersFor(parseGpuLayers(json("auto"), "n"), 33, 20), 20u);
        QCOMPARE(gpuLayersFor(parseGpuLayers(json(-1), "n"), 33, 20), 20u);
        QCOMPARE(gpuLayersFor(parseGpuLayers(json(12), "n"), 33, 20), 12u);
        QVERIFY_THROWS_EXCEPTION(InputError, parseGpuLayers(json("most"), "runtime.n_gpu_layers"));
        QCOMPARE(resolveContextSize(0, 131072), 131072u);
        QCOMPARE(resolveContextSize(4096, 131072), 4096u);
    }
    void vllmMxfp4ExpertPadding()
    {
        // gpt-oss-120b experts (hidden 2880, intermediate 2880, vllm .../quantization/mxfp4.py).
        using namespace memplan::vllm;
        // Marlin on one GPU: 3072 x 2944, +9.04 %: 56.7 GiB of MXFP4 experts grow by 5.1 GiB,
        // the 60.7 -> 64-66 GiB the H100 logs show (issue 12 item 4).
        const ExpertDims one{2880, 2880};
        QCOMPARE(paddedExpertDims(Mxfp4Backend::Marlin, one).hidden, 3072u);
        QCOMPARE(paddedExpertDims(Mxfp4Backend::Marlin, one).intermediate, 2944u);
        QVERIFY(std::abs(expertPaddingFactor(Mxfp4Backend::Marlin, one) - 3072.0 * 2944 / (2880.0 * 2880)) < 1e-12);
        // Tensor parallelism 4: 720 per GPU -> 768.
        QCOMPARE(paddedExpertDims(Mxfp4Backend::Marlin, ExpertDims{2880, 720}).intermediate, 768u);
        // Triton pads the intermediate size to 64 only: 2880 stays.
        QCOMPARE(expertPaddingFactor(Mxfp4Backend::Triton, one), 1.0);
        QCOMPARE(paddedExpertDims(Mxfp4Backend::FlashInfer256, one).intermediate, 3072u);
        QCOMPARE(paddedExpertDims(Mxfp4Backend::FlashInfer128, one).hidden, 2944u);
        QCOMPARE(defaultMxfp4Backend("h100-sxm"), Mxfp4Backend::Marlin);
        QCOMPARE(defaultMxfp4Backend("b200"), Mxfp4Backend::FlashInfer256);
        QCOMPARE(parseMxfp4Backend("triton"), std::optional<Mxfp4Backend>(Mxfp4Backend::Triton));
        QVERIFY(!parseMxfp4Backend("cutlass"));
    }
};

QTEST_APPLESS_MAIN(TstLlamaCppRules)
#include "tst_llamacpprules.moc"
