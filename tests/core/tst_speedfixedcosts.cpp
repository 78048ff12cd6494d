// Fixed costs of a decode step and the back end a machine states (issue 30). Golden values are
// arithmetic on the formula of docs/formulas.md ("Bound and expected"): expected step =
// bound step / η + layers × c_layer + c_step, with η and the costs of the row named in each check.
#include "error.h"
#include "estimator.h"
#include "scenario/scenariojson.h"
#include "speed/efficiency.h"
#include "speed/speedengine.h"
#include "speed/speedjson.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <cmath>

#include <QtTest>

using namespace memplan;

namespace {

Estimate run(const Scenario &s)
{
    return estimate(resolveScenario(s, test::shippedCatalog()));
}

Scenario onRuntime(const std::string &runtime, const std::string &model, const std::string &format,
                   const std::string &hw)
{
    Scenario s = test::theoryScenario(model, format, 512, 1, hw);
    s.runtime.preset = runtime;
    return s;
}

/// The expected decode step of a one-pool plan, from its bound and the row's middle values.
double expectedStep(const Estimate &e, const BackendEfficiency &row, double layers)
{
    return 1 / e.speed.decodePerSequence.bound / row.decode.mid + layers * row.decodeLayer.mid + row.decodeStep.mid;
}

} // namespace

class TestSpeedFixedCosts : public QObject {
    Q_OBJECT

private slots:
    void smallModelsStayFarUnderTheCeilingOnFastGpus()
    {
        // The same fixed cost per layer weighs more the fewer bytes a step reads: Llama 3.2 1B on an
        // H100 reaches a smaller share of its bound than Llama 3.1 70B on the same card.
        const Estimate small = run(onRuntime("llama.cpp", "llama-3.2-1b", "q4_k_m", "h100-sxm"));
        const Estimate large = run(onRuntime("llama.cpp", "llama-3.1-70b", "q4_k_m", "h100-sxm"));
        QVERIFY(small.speed.available && large.speed.available);
        const double smallShare = small.speed.decodePerSequence.expected / small.speed.decodePerSequence.bound;
        const double largeShare = large.speed.decodePerSequence.expected / large.speed.decodePerSequence.bound;
        QVERIFY2(smallShare < 0.6 * largeShare, qPrintable(QString("%1 vs %2").arg(smallShare).arg(largeShare)));
        // And the figure follows the formula with the ggml CUDA row for HBM (16 layers in Llama 3.2 1B).
        const BackendEfficiency &row = backendEfficiency("ggml", "cuda", "hbm");
        QCOMPARE(row.memory, std::string_view("hbm"));
        QVERIFY(qAbs(1 / small.speed.decodePerSequence.expected - expectedStep(small, row, 16)) < 1e-9);
        // The range keeps its order and the bound stays above all of it.
        const SpeedFigure &f = small.speed.decodePerSequence;
        QVERIFY(f.low < f.expected && f.expected < f.high && f.high < f.bound);
    }

    void pagedServersPayTheHostOncePerStep()
    {
        // vLLM: CUDA graphs make a layer cheap, the scheduler and sampling cost once per step.
        const Estimate e = run(onRuntime("vllm", "qwen3-8b", "bf16", "rtx-4090"));
        QVERIFY(e.speed.available);
        const BackendEfficiency &row = backendEfficiency("vllm", "cuda");
        QVERIFY(row.decodeStep.mid > 0);
        QCOMPARE(e.speed.stepCost, row.decodeStep);
        QVERIFY(qAbs(1 / e.speed.decodePerSequence.expected - expectedStep(e, row, 36)) < 1e-9);
    }

    void fixedCostsDoNotGrowWithConcurrency()
    {
        // Batching shares the fixed costs as it shares the weight reads: 8 sequences cost the same
        // fixed time per step as one (total speed grows almost 8x while memory-bound).
        const Estimate e = run(onRuntime("llama.cpp", "llama-3.1-8b", "q4_k_m", "rtx-4090"));
        const DecodeAt one = decodeAt(e.speed, 1), eight = decodeAt(e.speed, 8);
        const double eta = backendEfficiency("ggml", "cuda").decode.mid;
        const double fixed = 1 / one.perSequence.expected - 1 / one.perSequence.bound / eta;
        const double fixed8 = 1 / eight.perSequence.expected - 1 / eight.perSequence.bound / eta;
        QVERIFY(fixed > 0);
        QVERIFY(qAbs(fixed - fixed8) < 1e-9);
        QVERIFY(eight.total.expected > 7 * one.total.expected);
    }

    void aTypedInGpuGetsAMeasuredBackEnd_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("expectedBackend");
        QTest::newRow("discrete, none stated: cuda") << "discrete_gpu"
                                                     << ""
                                                     << "cuda";
        QTest::newRow("unified, none stated: metal") << "unified"
                                                     << ""
                                                     << "metal";
        QTest::newRow("stated vulkan") << "discrete_gpu"
                                       << "vulkan"
                                       << "vulkan";
        QTest::newRow("stated rocm") << "discrete_gpu"
                                     << "rocm"
                                     << "rocm";
    }
    void aTypedInGpuGetsAMeasuredBackEnd()
    {
        QFETCH(QString, kind);
        QFETCH(QString, backend);
        QFETCH(QString, expectedBackend);
        // A card typed in with the RTX 4090's memory and bandwidth but no preset: without a back
        // end it used to get the fallback row; now it gets CUDA's (or the one it states).
        Scenario s = onRuntime("llama.cpp", "llama-3.1-8b", "q4_k_m", "rtx-4090");
        s.hardware.preset.clear();
        s.hardware.kind = kind.toStdString();
        s.hardware.capacityBytes = 24 * GiB;
        s.hardware.bandwidthBytesPerSecond = 1008000000000ULL;
        s.hardware.backend = backend.toStdString();
        const Estimate typed = run(s);
        QVERIFY(typed.speed.available);
        QCOMPARE(QString::fromLatin1(typed.speed.pools.front().backend.data(),
                                     qsizetype(typed.speed.pools.front().backend.size())),
                 expectedBackend);
        const BackendEfficiency &row = backendEfficiency("ggml", typed.speed.pools.front().backend);
        QCOMPARE(row.backend, typed.speed.pools.front().backend); // a measured or stated row, not "any"
        if (kind == "discrete_gpu" && backend.isEmpty()) {
            // The same decode as the preset it copies (decode is memory-bound, so its FLOPs do not matter).
            const Estimate preset = run(onRuntime("llama.cpp", "llama-3.1-8b", "q4_k_m", "rtx-4090"));
            QVERIFY(qAbs(typed.speed.decodePerSequence.expected - preset.speed.decodePerSequence.expected) <
                    1e-9 * preset.speed.decodePerSequence.expected);
        }
    }

    void vulkanTakesTheRowOfTheGpusVendor()
    {
        // ggml-vulkan tunes its shaders per vendor, and the Arc A770's decode cases of the modelling
        // set run at about half the share of its bandwidth the GeForce and Radeon cases reach: an
        // Intel preset on Vulkan takes the Intel row, a GeForce preset and a machine typed in (no
        // vendor) the general one. Golden values: the formula of the header with each row's middle.
        Scenario arc = onRuntime("llama.cpp", "llama-2-7b", "q4_0", "arc-a770-16gb");
        arc.hardware.backend = "vulkan";
        Scenario geforce = onRuntime("llama.cpp", "llama-2-7b", "q4_0", "rtx-4090");
        geforce.hardware.backend = "vulkan";
        Scenario typed = geforce;
        typed.hardware.preset.clear();
        typed.hardware.kind = "discrete_gpu";
        typed.hardware.capacityBytes = 16 * GiB;
        typed.hardware.bandwidthBytesPerSecond = 560000000000ULL; // the A770's, without its vendor
        const Estimate onArc = run(arc), onGeforce = run(geforce), onTyped = run(typed);
        QVERIFY(onArc.speed.available && onGeforce.speed.available && onTyped.speed.available);
        const BackendEfficiency &intel = backendEfficiency("ggml", "vulkan", "any", "intel");
        const BackendEfficiency &general = backendEfficiency("ggml", "vulkan", "any", "nvidia");
        QCOMPARE(intel.vendor, std::string_view("intel"));
        QCOMPARE(general.vendor, std::string_view("any"));
        QVERIFY(intel.decode.mid < general.decode.mid);
        QCOMPARE(&backendEfficiency("ggml", "vulkan"), &general);
        QCOMPARE(onArc.speed.pools.front().decodeEfficiency, intel.decode);
        QCOMPARE(onGeforce.speed.pools.front().decodeEfficiency, general.decode);
        QCOMPARE(onTyped.speed.pools.front().decodeEfficiency, general.decode);
        QVERIFY(qAbs(1 / onArc.speed.decodePerSequence.expected - expectedStep(onArc, intel, 32)) < 1e-9);
        QVERIFY(qAbs(1 / onGeforce.speed.decodePerSequence.expected - expectedStep(onGeforce, general, 32)) < 1e-9);
        // The same bytes over the same bandwidth: the typed-in card decodes faster than the Arc.
        QCOMPARE(onTyped.speed.decodePerSequence.bound, onArc.speed.decodePerSequence.bound);
        QVERIFY(onTyped.speed.decodePerSequence.expected > onArc.speed.decodePerSequence.expected);
    }

    void aGpuWithoutAComputeRateGetsAPromptRangeFromItsBandwidth()
    {
        // A card typed in states no FLOP/s; before, its prompt was timed on bytes alone (an
        // Arc A770 at 15,000 prompt tokens per second where 900 were measured). Now its rate is
        // its bandwidth times the FP16 FLOP per byte of the discrete GPU presets (it states no
        // vendor): 450 (the highest) for the bound, 80 to 200 for the expected range, and the
        // estimate says so.
        Scenario s = onRuntime("llama.cpp", "llama-3.1-8b", "q4_k_m", "rtx-4090");
        s.hardware.preset.clear();
        s.hardware.kind = "discrete_gpu";
        s.hardware.capacityBytes = 24 * GiB;
        const double bandwidth = 1008e9;
        s.hardware.bandwidthBytesPerSecond = std::uint64_t(bandwidth);
        s.workload.contextTokens = 4096;
        const Estimate typed = run(s);
        QVERIFY(typed.speed.available);
        QVERIFY(test::hasNotice(typed, "warn.speed_no_compute_figure"));
        const PoolTraffic &p = typed.speed.pools.front();
        QCOMPARE(p.prefillFlops, bandwidth * 450);
        const BackendEfficiency &row = backendEfficiency("ggml", "cuda");
        QVERIFY(qAbs(p.prefillComputeEfficiency.mid - row.prefill.mid * 200 / 450) < 1e-12);
        QVERIFY(qAbs(p.prefillComputeEfficiency.low - row.prefill.low * 80 / 450) < 1e-12);
        QCOMPARE(p.prefillComputeEfficiency.high, row.prefill.high);
        const SpeedFigure &f = typed.speed.prefill;
        QVERIFY(std::isfinite(f.bound) && f.low < f.expected && f.expected < f.high && f.high <= f.bound);
        // The prompt is compute-bound: the expected rate is about the middle balance at the row's share.
        const double flops = 2.0 * double(typed.model.activeParameters);
        QVERIFY2(f.expected < bandwidth * 200 * row.prefill.mid / flops, qPrintable(QString::number(f.expected)));
        // The preset it copies states its rates: no notice, the preset's FLOP/s.
        const Estimate preset = run(onRuntime("llama.cpp", "llama-3.1-8b", "q4_k_m", "rtx-4090"));
        QVERIFY(!test::hasNotice(preset, "warn.speed_no_compute_figure"));
        QVERIFY(preset.speed.pools.front().prefillFlops != bandwidth * 450);
        // A preset of a known vendor takes that vendor's presets: the DGX Spark states only an FP4
        // rate, so a Q8_0 prompt there runs at 273 GB/s times NVIDIA's highest, 419 FLOP per byte
        // (not the unified machines', which are Apple's).
        const Estimate spark = run(onRuntime("llama.cpp", "qwen2.5-7b", "q8_0", "dgx-spark"));
        QVERIFY(test::hasNotice(spark, "warn.speed_no_compute_figure"));
        QCOMPARE(spark.speed.pools.front().prefillFlops, 273e9 * 419);
        // Its FP4 rate stays what an MXFP4 file is timed at.
        const Estimate sparkFp4 = run(onRuntime("vllm", "gpt-oss-20b", "mxfp4", "dgx-spark"));
        QVERIFY(!test::hasNotice(sparkFp4, "warn.speed_no_compute_figure"));
    }

    void scenarioFilesCarryTheBackEnd()
    {
        Scenario s = onRuntime("llama.cpp", "llama-3.1-8b", "q4_k_m", "rtx-4090");
        s.hardware.backend = "vulkan";
        const nlohmann::json j = scenarioToJson(s);
        QCOMPARE(j["hardware"]["backend"].get<std::string>(), std::string("vulkan"));
        QCOMPARE(scenarioFromJson(j).hardware.backend, std::string("vulkan"));
        nlohmann::json bad = j;
        bad["hardware"]["backend"] = "opencl";
        try {
            (void)scenarioFromJson(bad);
            QFAIL("an unknown back end was accepted");
        } catch (const InputError &e) {
            const std::string m = e.info().message();
            QVERIFY2(m.find("hardware.backend") != std::string::npos && m.find("vulkan") != std::string::npos,
                     m.c_str());
        }
    }

    void estimateJsonKeepsTheFixedCosts()
    {
        const Estimate e = run(onRuntime("vllm", "qwen3-8b", "bf16", "rtx-4090"));
        const nlohmann::json j = speedToJson(e.speed, e.pools);
        QVERIFY(j.contains("step_fixed_seconds") && j["pools"][0].contains("layer_fixed_seconds"));
        const SpeedEstimate back = speedFromJson(j, e.pools);
        QCOMPARE(back.stepCost, e.speed.stepCost);
        QCOMPARE(back.pools.front().layerCost, e.speed.pools.front().layerCost);
        QCOMPARE(back.pools.front().layers, e.speed.pools.front().layers);
    }
};

QTEST_GUILESS_MAIN(TestSpeedFixedCosts)
#include "tst_speedfixedcosts.moc"
