// Advice and the buyer's searches must agree with the estimator: every piece of advice
// that claims to fit does fit when estimated again, rankings follow the documented order,
// and each candidate's badge matches its own estimate.
#include "estimator.h"
#include "model/quantformat.h"
#include "questions/advice.h"
#include "questions/fitsearch.h"
#include "testsupport.h"

#include <QtTest>

#include <algorithm>

using namespace memplan;

namespace {

Scenario llamaCpp(const std::string &model, const std::string &format, std::uint64_t context, const std::string &hw)
{
    Scenario s = test::theoryScenario(model, format, context, 1, hw);
    s.runtime.preset = "llama.cpp";
    return s;
}

int position(const std::vector<Advice> &advice, AdviceKind kind)
{
    const auto it = std::find_if(advice.begin(), advice.end(), [&](const Advice &a) { return a.kind == kind; });
    return it == advice.end() ? -1 : int(it - advice.begin());
}

} // namespace

class TstAdvice : public QObject {
    Q_OBJECT
private slots:
    void adviceThatClaimsToFitFits_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("context");
        QTest::addColumn<QString>("hardware");
        QTest::newRow("llama-3.1-70b q4_k_m 8k rtx-4090") << "llama-3.1-70b"
                                                          << "q4_k_m" << 8192 << "rtx-4090";
        QTest::newRow("llama-3.1-8b bf16 32k rtx-4060-ti") << "llama-3.1-8b"
                                                           << "bf16" << 32768 << "rtx-4060-ti-16gb";
        QTest::newRow("qwen2.5-32b q8_0 16k rtx-3090") << "qwen2.5-32b"
                                                       << "q8_0" << 16384 << "rtx-3090";
        QTest::newRow("llama-3.1-8b q4_k_m 8k rtx-4090 (fits)") << "llama-3.1-8b"
                                                                << "q4_k_m" << 8192 << "rtx-4090";
    }
    void adviceThatClaimsToFitFits()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        QFETCH(int, context);
        QFETCH(QString, hardware);
        const Scenario s =
            llamaCpp(model.toStdString(), format.toStdString(), std::uint64_t(context), hardware.toStdString());
        const auto &catalog = test::shippedCatalog();
        const bool fitsNow = estimate(s, catalog).fits;
        const std::vector<Advice> advice = advise(s, catalog);
        QVERIFY(!advice.empty());
        for (const Advice &a : advice) {
            QCOMPARE(estimate(a.scenario, catalog).fits, a.fits);
            QVERIFY2(a.scenario != s, std::string(adviceId(a.kind)).c_str());
            QVERIFY(!adviceText(a).empty());
            QVERIFY(!adviceCost(a).empty());
        }
        if (fitsNow) {
            // Nothing needs to change: only the room that is left is reported.
            for (const Advice &a : advice)
                QVERIFY(a.kind == AdviceKind::GrowContext || a.kind == AdviceKind::MoreSequences);
            QCOMPARE(advice.front().kind, AdviceKind::GrowContext);
            QVERIFY(advice.front().value > std::uint64_t(context));
        }
    }

    void rankingPutsQualityRisksLast()
    {
        // 70B on one 24 GB card: q4_k_m does not fit, offloading does. A format below 3.5 bits per
        // weight, when offered at all, comes after offload, more GPUs and a shorter context.
        const Scenario s = llamaCpp("llama-3.1-70b", "q4_k_m", 8192, "rtx-4090");
        const std::vector<Advice> advice = advise(s, test::shippedCatalog());
        const int layers = position(advice, AdviceKind::GpuLayers);
        QVERIFY(layers >= 0);
        QVERIFY(advice[layers].value > 0 && advice[layers].value < advice[layers].total);
        const int lowBits = position(advice, AdviceKind::LowBitWeights);
        if (lowBits >= 0) {
            QVERIFY(lowBits > layers);
            QVERIFY(advice[lowBits].bitsPerWeight < 3.5);
        }
        const int weights = position(advice, AdviceKind::WeightFormat);
        if (weights >= 0)
            QVERIFY(advice[weights].bitsPerWeight >= 3.5);
        const int kv = position(advice, AdviceKind::KvFormat);
        if (kv >= 0 && weights >= 0)
            QVERIFY(kv < weights);
    }

    void smallerFormatIsTheLargestThatFits()
    {
        // Llama 3.1 8B in bf16 at 32K on a 16 GB card: the weight advice is the format with the most
        // bits that fits, so the next larger format must not fit.
        const Scenario s = llamaCpp("llama-3.1-8b", "bf16", 32768, "rtx-4060-ti-16gb");
        const auto &catalog = test::shippedCatalog();
        const std::vector<Advice> advice = advise(s, catalog);
        const int w = position(advice, AdviceKind::WeightFormat);
        QVERIFY(w >= 0);
        const double bits = advice[w].bitsPerWeight;
        for (const QuantFormat &f : allQuantFormats()) {
            if (f.bitsPerWeight() <= bits || f.bitsPerWeight() >= 16)
                continue;
            Scenario bigger = s;
            bigger.weights.format = std::string(f.id);
            QVERIFY2(!estimate(bigger, catalog).fits, std::string(f.id).c_str());
        }
    }

    // Issue 34 item 8: on a unified machine whose GPU limit, not its memory, is what the plan
    // passes, the advice raises the limit with the platform's own setting; a mixture of experts
    // on a separate GPU can keep its experts in host RAM (llama.cpp --n-cpu-moe).
    void gpuLimitAndExpertsAdvice_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("context");
        QTest::addColumn<QString>("hardware");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("command"); // the start of the setting, for the limit advice
        // gpt-oss-120b at 128K passes the Strix Halo's 62.82 GiB GTT limit, not its 128 GiB.
        QTest::newRow("strix halo: ttm.pages_limit")
            << "gpt-oss-120b"
            << "mxfp4" << 131072 << "strix-halo-128gb" << int(AdviceKind::RaiseGpuLimit) << "ttm.pages_limit=";
        // Llama 3.1 70B Q8_0 at 128K wants about 110 GiB: over the Mac's 96 GiB default limit.
        QTest::newRow("mac: iogpu.wired_limit_mb")
            << "llama-3.1-70b"
            << "q8_0" << 131072 << "m4-max-128gb" << int(AdviceKind::RaiseGpuLimit)
            << "sudo sysctl iogpu.wired_limit_mb=";
        // Qwen3 30B-A3B Q4_K_M (about 17 GiB) on a 16 GiB card: its experts go to host RAM.
        QTest::newRow("moe on a 16 GiB card")
            << "qwen3-30b-a3b"
            << "q4_k_m" << 8192 << "rtx-4060-ti-16gb" << int(AdviceKind::ExpertsOnHost) << "";
    }
    void gpuLimitAndExpertsAdvice()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        QFETCH(int, context);
        QFETCH(QString, hardware);
        QFETCH(int, kind);
        QFETCH(QString, command);
        const Scenario s =
            llamaCpp(model.toStdString(), format.toStdString(), std::uint64_t(context), hardware.toStdString());
        const auto &catalog = test::shippedCatalog();
        QVERIFY(!estimate(s, catalog).fits);
        const std::vector<Advice> advice = advise(s, catalog);
        const int at = position(advice, AdviceKind(kind));
        QVERIFY2(at >= 0, adviceText(advice.empty() ? Advice{} : advice.front()).c_str());
        const Advice &a = advice[std::size_t(at)];
        QVERIFY(a.fits);
        QVERIFY(estimate(a.scenario, catalog).fits);
        QVERIFY(a.command.rfind(command.toStdString(), 0) == 0);
        if (AdviceKind(kind) == AdviceKind::RaiseGpuLimit) {
            // The new limit is the memory less the OS share, in whole MiB, and the setting says it.
            const ResolvedScenario r = resolveScenario(s, catalog);
            QCOMPARE(a.value, (r.hardware.capacityBytes - r.host.reservedBytes) / MiB * MiB);
            QCOMPARE(a.scenario.hardware.gpuUsableBytes, a.value);
            const std::string n =
                std::to_string(hardware.startsWith(QLatin1String("m4")) ? a.value / MiB : a.value / 4096);
            QVERIFY2(a.command.find("=" + n) != std::string::npos, a.command.c_str());
        } else {
            QVERIFY(a.scenario.placement.expertsOnHost);
            QVERIFY(adviceText(a).find("--n-cpu-moe") != std::string::npos);
            // Cheaper than moving whole layers: offered before them.
            const int layers = position(advice, AdviceKind::GpuLayers);
            QVERIFY(layers < 0 || layers > at);
        }
    }

    void fitMachinesRanksByBadgeThenHeadroom()
    {
        const Scenario s = llamaCpp("llama-3.1-8b", "q4_k_m", 8192, "rtx-4090");
        const auto &catalog = test::shippedCatalog();
        const std::vector<CandidateResult> all = fitMachines(s, catalog);
        QCOMPARE(all.size(), catalog.hardware().size());
        auto rank = [](FitBadge b) { return b == FitBadge::Fits ? 0 : b == FitBadge::FitsWithOffload ? 1 : 2; };
        for (std::size_t i = 0; i + 1 < all.size(); ++i) {
            QVERIFY(rank(all[i].badge) <= rank(all[i + 1].badge));
            if (all[i].badge == all[i + 1].badge && all[i].badge != FitBadge::DoesNotFit)
                QVERIFY(all[i].headroomBytes >= all[i + 1].headroomBytes);
        }
        for (const CandidateResult &c : all) {
            if (!c.error.empty())
                continue;
            QCOMPARE(c.estimate.fits, c.badge != FitBadge::DoesNotFit);
            if (c.badge == FitBadge::FitsWithOffload)
                QVERIFY(c.gpuLayers < c.totalLayers);
        }
        const auto rtx4090 = std::find_if(all.begin(), all.end(),
                                          [](const CandidateResult &c) { return c.candidate.hardware == "rtx-4090"; });
        QVERIFY(rtx4090 != all.end());
        QCOMPARE(rtx4090->badge, FitBadge::Fits);
        QVERIFY(rtx4090->maxContext && *rtx4090->maxContext > 8192);
    }

    // Ollama decides the GPU layers itself (core/runtimes/ollama/ollamafit.h). On a 24 GB card,
    // Qwen2-72B Q4_K_S at 2048 tokens: Ollama printed layers.offload=43 of 81 for a 24.0 GiB
    // ROCm GPU (ollama/ollama#5913, tests/data/ollama-offload); the RTX 4090's 23.99 GiB
    // gives the same 43. The advice comes first, applies that placement, and is gone once
    // the scenario states n_gpu_layers or runs on llama.cpp itself.
    void ollamaSaysWhatItWillPlace()
    {
        Scenario s = test::theoryScenario("qwen2.5-72b", "q4_k_s", 2048, 1, "rtx-4090");
        s.runtime.preset = "ollama";
        s.runtime.settings = {{"flash_attn", false}};
        std::vector<Advice> a = advise(s, test::shippedCatalog());
        QVERIFY(!a.empty());
        QCOMPARE(int(a.front().kind), int(AdviceKind::OllamaLayers));
        QCOMPARE(a.front().value, quint64(43));
        QCOMPARE(a.front().total, quint64(81));
        QCOMPARE(a.front().scenario.placement.gpuLayerFraction, 43.0 / 80.0);
        QCOMPARE(std::string(adviceId(a.front().kind)), std::string("advice.ollama_layers"));
        s.runtime.settings["n_gpu_layers"] = 81;
        QCOMPARE(position(advise(s, test::shippedCatalog()), AdviceKind::OllamaLayers), -1);
        s.runtime.settings.erase("n_gpu_layers");
        s.runtime.preset = "llama.cpp";
        QCOMPARE(position(advise(s, test::shippedCatalog()), AdviceKind::OllamaLayers), -1);
    }

    void compareBuyersShortlist()
    {
        // The shortlist for a 70B Q4_K_M model at 8K: one 24 GB card needs offload; the
        // 128 GB unified machines and an 80 GB H100 hold it whole.
        Scenario s = llamaCpp("llama-3.1-70b", "q4_k_m", 8192, "rtx-4090");
        const std::vector<Candidate> shortlist{{"rtx-4090", 1},     {"rtx-3090", 2},  {"rtx-5090", 1},
                                               {"m4-max-128gb", 1}, {"dgx-spark", 1}, {"strix-halo-128gb", 1},
                                               {"h100-sxm", 1}};
        const std::vector<CandidateResult> r = compareCandidates(s, shortlist, test::shippedCatalog());
        QCOMPARE(r.size(), shortlist.size());
        for (std::size_t i = 0; i < r.size(); ++i) {
            QVERIFY2(r[i].error.empty(), r[i].error.c_str());
            QCOMPARE(r[i].candidate, shortlist[i]);
        }
        QCOMPARE(r[0].badge, FitBadge::FitsWithOffload);
        QCOMPARE(r[3].badge, FitBadge::Fits);
        QCOMPARE(r[4].badge, FitBadge::Fits);
        QCOMPARE(r[6].badge, FitBadge::Fits);
        QCOMPARE(r[1].name, std::string("2× GeForce RTX 3090"));
        QCOMPARE(r[1].deviceCapacityBytes, 2 * r[1].estimate.pools[0].capacityBytes);
    }

    void unknownCandidateIsReportedNotThrown()
    {
        const Scenario s = llamaCpp("llama-3.1-8b", "q4_k_m", 8192, "rtx-4090");
        const auto r = compareCandidates(s, {{"no-such-gpu", 1}, {"rtx-4090", 1}}, test::shippedCatalog());
        QVERIFY(!r[0].error.empty());
        QCOMPARE(r[0].badge, FitBadge::DoesNotFit);
        QVERIFY(r[1].error.empty());
    }

    void fitModelsPicksTheMostBitsThatFit()
    {
        Scenario s = llamaCpp("llama-3.1-8b", "q4_k_m", 8192, "rtx-4090");
        const auto &catalog = test::shippedCatalog();
        const std::vector<ModelFit> fits = fitModels(s, catalog);
        QCOMPARE(fits.size(), catalog.models().size());
        const auto find = [&](const std::string &id) {
            return *std::find_if(fits.begin(), fits.end(), [&](const ModelFit &f) { return f.model == id; });
        };
        const ModelFit small = find("llama-3.2-1b");
        QCOMPARE(small.badge, FitBadge::Fits);
        QCOMPARE(small.format, std::string("bf16")); // 2.5 GB of weights: the native dtype fits
        const ModelFit huge = find("llama-3.1-405b");
        QVERIFY(huge.badge != FitBadge::Fits);
        // The chosen format fits and the next larger published one does not.
        const ModelFit eight = find("llama-3.1-8b");
        QCOMPARE(eight.badge, FitBadge::Fits);
        Scenario check = s;
        check.weights.format = eight.format;
        QVERIFY(estimate(check, catalog).fits);
        QVERIFY(eight.maxContext && *eight.maxContext >= 8192);
    }
};

QTEST_APPLESS_MAIN(TstAdvice)
#include "tst_advice.moc"
