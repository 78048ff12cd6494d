// The CPU's own compute (issue 30): what sits in host RAM and is computed by the CPU is timed
// on its cores, at the thread count, not only on its memory. Golden values are arithmetic on
// docs/formulas.md ("CPU compute"): ceiling = 2 × threads on big cores × GHz × int8 MACs per
// cycle (+ little cores at half that per cycle); the expected time of a step is the slower of the
// bytes over the memory's share and the work over the CPU's share of that ceiling.
#include "error.h"
#include "estimator.h"
#include "hardware/cpucores.h"
#include "itemids.h"
#include "runtimes/ggml/ggmlcpuattention.h"
#include "runtimes/ggml/ggmlcpukernels.h"
#include "scenario/scenariojson.h"
#include "speed/efficiency.h"
#include "speed/speedengine.h"
#include "speed/speedjson.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace memplan;

namespace {

Estimate run(const Scenario &s)
{
    return estimate(resolveScenario(s, test::shippedCatalog()));
}

CpuCores cores(std::uint32_t big, double ghz, std::string simd = "avx2")
{
    CpuCores c;
    c.performanceCores = big;
    c.performanceGhz = ghz;
    c.simd = std::move(simd);
    return c;
}

/// Llama 2 7B Q4_0 on a dual-channel DDR5 desktop, llama.cpp on the CPU.
Scenario desktop(std::optional<CpuCores> cpu, std::optional<std::uint32_t> threads = std::nullopt)
{
    Scenario s = test::theoryScenario("llama-2-7b", "q4_0", 512, 1, "cpu-ddr5-5600-2ch");
    s.runtime.preset = "llama.cpp";
    s.host.cpu = std::move(cpu);
    if (threads)
        s.runtime.settings["threads"] = *threads;
    return s;
}

} // namespace

class TestCpuSpeed : public QObject {
    Q_OBJECT

private slots:
    void ceilingCountsBigThenLittleCores()
    {
        // AVX2: 64 int8 MACs per cycle, 16 fp32 FMAs. 4 big cores at 4 GHz, 2 threads:
        // 2 × 64 × 2 × 4e9 = 1.024e12 ops/s.
        CpuCores c = cores(4, 4.0);
        QCOMPARE(cpuPeakOps(c, 2, true), 1.024e12);
        QCOMPARE(cpuPeakOps(c, 4, true), 2.048e12);
        // Threads past the cores are SMT siblings: no more vector throughput.
        QCOMPARE(cpuPeakOps(c, 8, true), 2.048e12);
        QCOMPARE(cpuPeakOps(c, 4, false), 2 * 16 * 4 * 4e9);
        // Two little cores at 3 GHz after the big ones: half the per-cycle rate at their clock.
        c.efficiencyCores = 2;
        c.efficiencyGhz = 3.0;
        QCOMPARE(cpuPeakOps(c, 6, true), 2.0 * 64 * (4 * 4e9 + 2 * 3e9 * 0.5));
        // Arm with i8mm: smmla doubles the dot product's MACs; F16 runs in fp16 lanes.
        QCOMPARE(simdRate("neon_i8mm").int8MacsPerCycle, 2 * simdRate("neon_dotprod").int8MacsPerCycle);
        QCOMPARE(simdRate("neon_dotprod").floatFmasPerCycle, 2 * simdRate("avx2").floatFmasPerCycle);
    }

    void promptRateFollowsTheCores()
    {
        // pp512 on 4 AVX2 cores at 4 GHz: the work is 2 × P × T plus attention, the ceiling
        // 2.048e12 ops/s; the memory reads of one 512-token pass are tiny beside it.
        const Estimate e = run(desktop(cores(4, 4.0)));
        QVERIFY(e.speed.available);
        const PoolTraffic &p = e.speed.pools.front();
        QCOMPARE(p.backend, std::string_view("cpu"));
        QCOMPARE(p.prefillFlops, 2.048e12);
        const double T = 512;
        // The attention runs apart, on float FMAs: 2 × 16 per cycle on 4 cores at 4 GHz.
        QCOMPARE(p.attentionFlops, 5.12e11);
        const double seconds =
            2 * p.activeParameters * T / 2.048e12 + e.speed.attentionFlopsPerToken2 * p.layerShare * T * T / 5.12e11;
        QVERIFY(qAbs(e.speed.prefill.bound - T / seconds) < 1e-9 * e.speed.prefill.bound);
        const BackendEfficiency &row = backendEfficiency("ggml", "cpu");
        QVERIFY(qAbs(e.speed.prefill.expected - e.speed.prefill.bound * row.prefillCompute.mid) <
                1e-9 * e.speed.prefill.bound);
        // Twice the cores, twice the prompt rate. The decode of a 7B model on two DDR5 channels is
        // held by the memory from 8 cores on: 16 cores decode no faster than 8.
        const Estimate eight = run(desktop(cores(8, 4.0)));
        const Estimate sixteen = run(desktop(cores(16, 4.0)));
        QVERIFY(qAbs(eight.speed.prefill.expected / e.speed.prefill.expected - 2) < 1e-6);
        QVERIFY(qAbs(sixteen.speed.decodePerSequence.expected - eight.speed.decodePerSequence.expected) <
                1e-9 * eight.speed.decodePerSequence.expected);
        QVERIFY(e.speed.decodePerSequence.expected < eight.speed.decodePerSequence.expected);
    }

    void fewThreadsLimitTheDecode()
    {
        // One thread: the compute term (2 × P per token over one core's share) outlasts the
        // reads, so the decode rate drops below the memory's; the bound stays the memory's.
        const Estimate all = run(desktop(cores(8, 4.0)));
        const Estimate one = run(desktop(cores(8, 4.0), 1));
        const BackendEfficiency &row = backendEfficiency("ggml", "cpu");
        const PoolTraffic &p = one.speed.pools.front();
        QCOMPARE(p.flops, 2.0 * 64 * 4e9);
        const double attention = 2 * one.speed.attentionFlopsPerToken2 * p.layerShare * 512;
        const double comp = (2 * p.activeParameters + attention) / p.flops;
        const double mem = (p.weightBytes + p.kvBytesPerSequence) / p.bandwidth;
        QVERIFY(comp / row.decodeCompute.mid > mem / row.decode.mid);
        const double step = comp / row.decodeCompute.mid + p.layers * row.decodeLayer.mid + row.decodeStep.mid;
        QVERIFY(qAbs(one.speed.decodePerSequence.expected - 1 / step) < 1e-9 / step);
        QVERIFY(one.speed.decodePerSequence.expected < 0.5 * all.speed.decodePerSequence.expected);
        QCOMPARE(one.speed.decodePerSequence.bound, all.speed.decodePerSequence.bound);
    }

    void codebookTypesRunTheirOwnKernelRate()
    {
        // ik_llama.cpp discussion #164, mainline build 4384 on LLaMA-3.1-8B, llama.cpp column:
        // Ryzen 9 7950X tg128 on 2 threads, IQ3_S 3.71 t/s and Q4_K_S 9.57; pp512 on 16 threads
        // 30.20 and 108.40. Apple M2 Max tg128 on 4 threads, IQ2_M 6.77 and Q4_K_S 17.55.
        const auto rate = [](const char *format, const char *simd) {
            return runtimes::ggmlCpuKernelRate(*findQuantFormat(format), simd);
        };
        QCOMPARE(rate("iq3_s", "avx2").decode, 3.71 / 9.57);
        QCOMPARE(rate("iq3_s", "avx512").prefill, 30.20 / 108.40);
        QCOMPARE(rate("iq2_m", "neon_dotprod").decode, 6.77 / 17.55); // IQ2_M stores its matrices as IQ2_S
        QCOMPARE(rate("iq1_s", "avx2").decode, rate("iq2_xxs", "avx2").decode);
        // Every other type keeps the CPU row as measured (rate 1), float formats too.
        for (const char *f : {"q4_k_m", "q4_0", "q8_0", "q6_k", "iq4_xs", "mxfp4", "f16", "bf16"}) {
            QCOMPARE(rate(f, "avx2").decode, 1.0);
            QCOMPARE(rate(f, "neon_i8mm").prefill, 1.0);
        }

        // In the engine the rate scales the CPU's compute share, never its ceiling: one thread
        // decoding an IQ3_S Llama 2 7B is slower than Q4_0 by the kernel's rate, the bound is not.
        Scenario iq = desktop(cores(8, 4.0), 1);
        iq.weights.format = "iq3_s";
        const Estimate slow = run(iq);
        const Estimate q4 = run(desktop(cores(8, 4.0), 1));
        const PoolTraffic &p = slow.speed.pools.front();
        const BackendEfficiency &row = backendEfficiency("ggml", "cpu");
        QCOMPARE(p.cpuKernelRate, 3.71 / 9.57);
        QCOMPARE(p.decodeComputeEfficiency.mid, row.decodeCompute.mid * 3.71 / 9.57);
        QCOMPARE(p.prefillComputeEfficiency.mid, row.prefillCompute.mid * 30.20 / 108.40);
        QCOMPARE(p.flops, q4.speed.pools.front().flops);
        QCOMPARE(q4.speed.pools.front().cpuKernelRate, 1.0);
        QVERIFY(slow.speed.decodePerSequence.expected < 0.6 * q4.speed.decodePerSequence.expected);
        // The rate is shown beside the formula, and kept by the estimate JSON.
        bool shown = false;
        for (const SpeedItem &it : slow.speed.items)
            for (std::size_t i = 0; i < it.termCount; ++i)
                shown = shown || (it.terms[i].symbol == "κ" && it.terms[i].value == p.cpuKernelRate);
        QVERIFY(shown);
        const nlohmann::json j = speedToJson(slow.speed, slow.pools);
        QCOMPARE(j["pools"][0]["cpu_kernel_rate"].get<double>(), p.cpuKernelRate);
        QCOMPARE(speedFromJson(j, slow.pools).pools.front().cpuKernelRate, p.cpuKernelRate);
        QVERIFY(!speedToJson(q4.speed, q4.pools)["pools"][0].contains("cpu_kernel_rate"));
    }

    void promptAttentionRunsInTheKernelGgmlPicks()
    {
        // ggml-cpu/ops.cpp: flash attention runs tiled from PR #19012 (b7833) when K and V are both
        // f16 and a micro-batch has 64 rows or more, else one query row at a time; without flash
        // attention two float products cover the whole masked square. An 8,192-token prompt, so
        // the attention weighs. Expected time = weights' products + attention × square ÷ (float
        // ceiling × the CPU row's prefill share × the kernel's rate).
        const auto attentionSeconds = [](const Estimate &e) {
            const PoolTraffic &p = e.speed.pools.front();
            const double T = double(e.speed.promptTokens);
            const double weights = 2 * p.activeParameters * T / (p.prefillFlops * p.prefillComputeEfficiency.mid);
            return T / e.speed.prefill.expected - weights;
        };
        const auto scenario = [](nlohmann::json settings) {
            Scenario s = desktop(cores(8, 4.0), 8);
            s.workload.contextTokens = 8192;
            for (auto it = settings.begin(); it != settings.end(); ++it)
                s.runtime.settings[it.key()] = it.value();
            return s;
        };
        const Estimate tiled = run(scenario({{"flash_attn", true}}));
        const Estimate quantized =
            run(scenario({{"flash_attn", true}, {"cache_type_k", "q8_0"}, {"cache_type_v", "q8_0"}}));
        const Estimate older = run(scenario({{"flash_attn", true}, {"version", "b7832"}}));
        const Estimate products = run(scenario({{"flash_attn", false}}));
        const PoolTraffic &p = tiled.speed.pools.front();
        const double attention = tiled.speed.attentionFlopsPerToken2 * 8192.0 * 8192.0;
        const double rowShare = backendEfficiency("ggml", "cpu").prefillCompute.mid;
        QCOMPARE(p.attentionSquare, 1.0);
        QVERIFY(qAbs(attentionSeconds(tiled) - attention / (p.attentionFlops * rowShare)) <
                1e-6 * attentionSeconds(tiled));
        // One row at a time: a quarter of the tiled rate in the middle (PR #19012's table).
        const runtimes::CpuAttentionKernel vector =
            runtimes::ggmlCpuAttentionKernel(true, {false, false}, nullptr, nullptr, 512);
        QCOMPARE(vector.name, std::string_view("fa_vector"));
        QCOMPARE(vector.rate.mid, 0.25);
        QVERIFY(qAbs(attentionSeconds(older) - attentionSeconds(tiled) / vector.rate.mid) <
                1e-6 * attentionSeconds(older));
        // A q8_0 cache keeps the one-row kernel, and its attention costs the same as the older build's.
        QVERIFY(qAbs(attentionSeconds(quantized) - attentionSeconds(older)) < 1e-6 * attentionSeconds(older));
        // Without flash attention: every cell in use at the tiled rate. The 16 micro-batches of 512
        // rows meet 512, 1,024, … 8,192 cells (llama_kv_cache::get_n_kv): 136 blocks of 512² where
        // the causal half holds 128, so 136/128 of the tiled time.
        QCOMPARE(products.speed.pools.front().attentionSquare, 2.0);
        QCOMPARE(runtimes::ggmlMulMatAttentionShare(8192, 512), 136.0 / 128.0);
        QVERIFY(qAbs(attentionSeconds(products) - 136.0 / 128.0 * attentionSeconds(tiled)) <
                1e-6 * attentionSeconds(products));
        // Fewer than 64 rows per micro-batch fall back to the one-row kernel.
        QCOMPARE(runtimes::ggmlCpuAttentionKernel(true, {true, false}, nullptr, nullptr, 32).name,
                 std::string_view("fa_vector"));
        QCOMPARE(runtimes::ggmlCpuAttentionKernel(true, {true, false}, nullptr, nullptr, 64).name,
                 std::string_view("fa_tiled"));
        // Built for an SVE core (Graviton3/4, Grace): simd_gemm compiles its scalar loops only, 0.12
        // of the vector rate in the middle (PRs #21958 and #20627). The products without flash
        // attention keep their vector kernels.
        const auto arm = [&](bool flash, const char *simd) {
            Scenario s = scenario({{"flash_attn", flash}});
            s.host.cpu->simd = simd;
            return run(s);
        };
        const Estimate sve = arm(true, "neon_sve"), sveProducts = arm(false, "neon_sve"), i8mm = arm(true, "neon_i8mm");
        const runtimes::CpuAttentionKernel scalar =
            runtimes::ggmlCpuAttentionKernel(true, {true, true}, nullptr, nullptr, 512);
        QCOMPARE(scalar.name, std::string_view("fa_tiled_scalar"));
        QCOMPARE(scalar.rate.mid, 0.12);
        QVERIFY(qAbs(attentionSeconds(sve) - attentionSeconds(i8mm) / scalar.rate.mid) < 1e-6 * attentionSeconds(sve));
        QVERIFY(qAbs(attentionSeconds(sveProducts) - 136.0 / 128.0 * attentionSeconds(i8mm)) <
                1e-6 * attentionSeconds(sveProducts));
        QVERIFY(sve.speed.prefill.expected < sveProducts.speed.prefill.expected);
        // Before the tiled kernel an SVE build ran the one-row kernel like any other.
        QCOMPARE(runtimes::ggmlCpuAttentionKernel(true, {false, true}, nullptr, nullptr, 512).name,
                 std::string_view("fa_vector"));
    }

    void withoutFlashAttentionEachMicroBatchMeetsEveryCellInUse()
    {
        // llama.cpp pads the cells a micro-batch attends to a multiple of 256 and the two float
        // products compute them all, masked or not. Against the causal half T²/2:
        // one micro-batch of 512: 512 × 512 / (512² / 2) = 2, the whole square;
        QCOMPARE(runtimes::ggmlMulMatAttentionShare(512, 512), 2.0);
        // 2,048 tokens in four: 512² × (1 + 2 + 3 + 4) / (2048² / 2) = 10/8;
        QCOMPARE(runtimes::ggmlMulMatAttentionShare(2048, 512), 1.25);
        // 100 tokens still meet 256 padded cells: 100 × 256 / (100² / 2) = 5.12;
        QCOMPARE(runtimes::ggmlMulMatAttentionShare(100, 512), 5.12);
        // 600 tokens: 512 rows × 512 cells, then 88 rows × 768 cells, over 600² / 2.
        QCOMPARE(runtimes::ggmlMulMatAttentionShare(600, 512), (512.0 * 512 + 88.0 * 768) / (600.0 * 600 / 2));
        // Smaller micro-batches waste less: 8,192 tokens in 2,048-row ones, 2 × (1+2+3+4) / 16.
        QCOMPARE(runtimes::ggmlMulMatAttentionShare(8192, 2048), 1.25);
    }

    void armRepackedWeightsPrefillFaster()
    {
        // A CPU-only Arm run of a Q4_0 file: ggml repacks its matrices (q4_0_4x4 with the dot
        // product) and multiplies a prompt with GEMM kernels measured 1.9-2.6-3.7x the unrepacked
        // rate by the pull requests that added them (runtimes/ggml/ggmlrepackrate.h). The factor
        // applies to the repacked share of the weights read; x86 keeps the CPU row.
        Scenario arm = desktop(cores(8, 3.2, "neon_dotprod"), 8);
        arm.runtime.settings["cpu_features"] = "neon_dotprod";
        const Estimate e = run(arm);
        double repacked = 0;
        for (const Item &it : e.items)
            if (it.id == itemid::kWeightsRepacked)
                repacked += double(it.bytes);
        QVERIFY(repacked > 0);
        const PoolTraffic &p = e.speed.pools.front();
        const double share = std::min(1.0, repacked / p.weightBytes);
        const Efficiency &row = backendEfficiency("ggml", "cpu").prefillCompute;
        QVERIFY(qAbs(p.prefillComputeEfficiency.mid - row.mid * (1 + share * 1.6)) < 1e-12);
        QVERIFY(qAbs(p.prefillComputeEfficiency.low - row.low * (1 + share * 0.9)) < 1e-12);
        QVERIFY(qAbs(p.prefillComputeEfficiency.high - row.high * (1 + share * 2.7)) < 1e-12);
        // The same run on AVX2 cores keeps the row; decode is not scaled on either.
        const Estimate x86 = run(desktop(cores(8, 3.2), 8));
        QCOMPARE(x86.speed.pools.front().prefillComputeEfficiency.mid, row.mid);
        QCOMPARE(p.decodeComputeEfficiency, backendEfficiency("ggml", "cpu").decodeCompute);
    }

    void anUnstatedCpuIsAssumedAndSaid()
    {
        const Estimate assumed = run(desktop(std::nullopt));
        QVERIFY(test::hasNotice(assumed, "warn.speed_cpu_assumed"));
        QCOMPARE(assumed.speed.pools.front().prefillFlops, cpuPeakOps(defaultCpuCores(), 8, true));
        QVERIFY(!test::hasNotice(run(desktop(cores(4, 4.0))), "warn.speed_cpu_assumed"));
        // A GPU holding every layer computes nothing on the CPU: nothing to warn about.
        Scenario gpu = test::theoryScenario("llama-2-7b", "q4_0", 512, 1, "rtx-4090");
        gpu.runtime.preset = "llama.cpp";
        QVERIFY(!test::hasNotice(run(gpu), "warn.speed_cpu_assumed"));
    }

    void threadsReachTheLaunchCommand()
    {
        const Estimate e = run(desktop(cores(8, 4.0), 6));
        QVERIFY(e.launchCommand.find("--threads 6") != std::string::npos);
        QVERIFY(run(desktop(cores(8, 4.0))).launchCommand.find("--threads") == std::string::npos);
    }

    void hostCpuRoundTripsAndRejectsNonsense()
    {
        CpuCores c = cores(8, 5.8);
        c.efficiencyCores = 16;
        c.efficiencyGhz = 4.3;
        const Scenario s = desktop(c, 8);
        const Scenario back = scenarioFromJson(scenarioToJson(s));
        QVERIFY(back.host.cpu.has_value());
        QVERIFY(*back.host.cpu == c);
        const auto rejects = [&](nlohmann::json cpu, std::string_view field) {
            nlohmann::json j = scenarioToJson(s);
            j["host"]["cpu"] = std::move(cpu);
            try {
                scenarioFromJson(j);
            } catch (const InputError &e) {
                return std::string(e.what()).find(field) != std::string::npos;
            }
            return false;
        };
        QVERIFY(rejects({{"performance_cores", 8}, {"performance_ghz", 4}, {"simd", "sse9"}}, "host.cpu.simd"));
        QVERIFY(rejects({{"performance_cores", 8}}, "host.cpu"));
        QVERIFY(rejects({{"performance_cores", 8}, {"performance_ghz", 400}}, "performance_ghz"));
        QVERIFY(rejects({{"performance_cores", 8}, {"performance_ghz", 4}, {"efficiency_cores", 4}},
                        "host.cpu.efficiency_ghz"));
        QVERIFY(rejects({{"performance_cores", 8}, {"performance_ghz", 4}, {"cores", 4}}, "cores"));
        QVERIFY(rejects({{"performance_cores", 0}}, "host.cpu"));
        QVERIFY(rejects({{"performance_cores", 0}, {"efficiency_cores", 4}}, "host.cpu"));
    }

    void aCpuOfLittleCoresOnly()
    {
        // Intel's N100 (Alder Lake-N): four Gracemont cores, no big ones. Each issues half a big
        // core's vector work per cycle: 2 × 64 × 0.5 × 4 × 3.4e9 = 8.704e11 int8 ops/s. llama.cpp
        // runs on all four when -t is not set (cpu_get_num_math: every physical core of a CPU
        // that is not hybrid).
        CpuCores n100;
        n100.efficiencyCores = 4;
        n100.efficiencyGhz = 3.4;
        n100.simd = "avx2";
        QVERIFY(n100.stated());
        QCOMPARE(n100.defaultThreads(), 4u);
        QCOMPARE(cpuPeakOps(n100, 4, true), 2.0 * 64 * 0.5 * 4 * 3.4e9);
        const Scenario s = desktop(n100);
        const Estimate e = run(s);
        QCOMPARE(e.speed.pools.front().flops, 2.0 * 64 * 0.5 * 4 * 3.4e9);
        const Scenario back = scenarioFromJson(scenarioToJson(s));
        QVERIFY(back.host.cpu.has_value());
        QVERIFY(*back.host.cpu == n100);
        QVERIFY(!scenarioToJson(s)["host"]["cpu"].contains("performance_ghz"));
    }
};

QTEST_APPLESS_MAIN(TestCpuSpeed)
#include "tst_cpuspeed.moc"
