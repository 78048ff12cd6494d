// Issue 15 in the window: a training scenario gets training advice (checkpointing,
// 8-bit optimizer, ZeRO stage, offload, LoRA/QLoRA, batch shape) from core, never the
// inference advice (context, KV cache, GPU layers), and training sweeps over the
// micro-batch and the sequence length agree with the training solvers.

#include "questions/advice.h"
#include "questions/chartseries.h"
#include "training/trainingadvice.h"
#include "training/trainingsolvers.h"
#include "trainingsupport.h"

#include <QtTest>

#include <algorithm>

using namespace memplan;

namespace {

struct Run {
    Scenario s;
    ResolvedScenario r;
    Estimate e;
    std::vector<TrainingAdvice> advice;
};

Run adviseFor(const Scenario &s)
{
    Run run{s, resolveScenario(s, test::shippedCatalog()), {}, {}};
    run.e = estimate(run.r);
    run.advice = adviseTraining(s, run.r, run.e, test::shippedCatalog());
    return run;
}

bool has(const Run &run, TrainingAdviceKind kind)
{
    return std::any_of(run.advice.begin(), run.advice.end(), [&](const TrainingAdvice &a) { return a.kind == kind; });
}

/// Every piece of advice fits when estimated afresh and changes only the training choice.
void checkEveryAdviceFits(const Run &run)
{
    for (const TrainingAdvice &a : run.advice) {
        QVERIFY2(a.fits, std::string(trainingAdviceId(a.kind)).c_str());
        QVERIFY2(estimate(a.scenario, test::shippedCatalog()).fits, std::string(trainingAdviceId(a.kind)).c_str());
        Scenario sameElse = a.scenario;
        sameElse.workload.training = run.s.workload.training;
        QVERIFY2(sameElse == run.s, std::string(trainingAdviceId(a.kind)).c_str());
        QVERIFY(!trainingAdviceText(a).empty());
    }
}

} // namespace

class TstTrainingAdvice : public QObject {
    Q_OBJECT
private slots:
    void fullFineTuningOnOneCardSuggestsAdapters()
    {
        // Llama-3.1-8B full fine-tuning with AdamW needs 8.03 B x 16 B = 128 GB of model states:
        // nothing but a change of method brings it onto a 24 GB card.
        Scenario s = test::trainingScenario("llama-3.1-8b", TrainingMethod::Full, "hf-trainer", "rtx-4090");
        const Run run = adviseFor(s);
        QVERIFY(!run.e.fits);
        QVERIFY(!run.advice.empty());
        checkEveryAdviceFits(run);
        QVERIFY(has(run, TrainingAdviceKind::UseLora) || has(run, TrainingAdviceKind::UseQlora));
        QVERIFY(!has(run, TrainingAdviceKind::ShardingStage)); // one rank has nothing to shard over
        // The inference advice on the same scenario would talk about context; this one never does.
        for (const TrainingAdvice &a : run.advice)
            QVERIFY(trainingAdviceText(a).find("context") == std::string::npos);
    }

    void severalGpusSuggestTheLowestZeroStageThatFits()
    {
        // Llama-3.1-8B full fine-tuning on 8 x H100 with DDP: every rank holds the 128 GB of model
        // states, over the 80 GB card; ZeRO-3 divides them by 8 (16 GB per rank).
        Scenario s = test::trainingScenario("llama-3.1-8b", TrainingMethod::Full, "deepspeed", "h100-sxm", 8);
        s.workload.training.sharding = Sharding::None;
        s.host.ramBytes = 1024 * GiB; // eight training processes load the model: the GPUs are the question here
        const Run run = adviseFor(s);
        QVERIFY(!run.e.fits);
        checkEveryAdviceFits(run);
        const auto zero = std::find_if(run.advice.begin(), run.advice.end(), [](const TrainingAdvice &a) {
            return a.kind == TrainingAdviceKind::ShardingStage;
        });
        QVERIFY(zero != run.advice.end());
        QVERIFY(zero->value >= 1 && zero->value <= 3);
        // The lowest stage that fits: one stage less does not.
        if (zero->value > 1) {
            Scenario lower = s;
            lower.workload.training.sharding = zero->value == 3 ? Sharding::Zero2 : Sharding::Zero1;
            QVERIFY(!estimate(lower, test::shippedCatalog()).fits);
        }
    }

    void executionSwitchesAreOfferedWhereTheFrameworkHasThem()
    {
        // Llama 3.2 3B full fine-tuning in pure bf16 (25.7 GB of model states) with 2 x 4096
        // packed tokens on a 40 GB card: each of torchtune's switches (chunked loss, compile,
        // optimizer in backward, activation offload) alone brings it under the card.
        Scenario s = test::trainingScenario("llama-3.2-3b", TrainingMethod::Full, "torchtune", "a100-40gb-pcie");
        s.workload.training.precision = TrainingPrecision::Bf16;
        s.workload.training.microBatch = 2;
        s.workload.training.sequenceLength = 4096;
        s.workload.training.packing = true;
        const Run run = adviseFor(s);
        QVERIFY(!run.e.fits);
        checkEveryAdviceFits(run);
        for (TrainingAdviceKind k : {TrainingAdviceKind::ChunkedLoss, TrainingAdviceKind::Compile,
                                     TrainingAdviceKind::OptimizerInBackward, TrainingAdviceKind::ActivationOffload})
            QVERIFY2(has(run, k), std::string(trainingAdviceId(k)).c_str());
        // HF Trainer has no chunked loss, optimizer in backward or activation offload switch.
        s.runtime.preset = "hf-trainer";
        const Run hf = adviseFor(s);
        checkEveryAdviceFits(hf);
        QVERIFY(!has(hf, TrainingAdviceKind::ChunkedLoss));
        QVERIFY(!has(hf, TrainingAdviceKind::OptimizerInBackward));
        QVERIFY(!has(hf, TrainingAdviceKind::ActivationOffload));
        // With gradient accumulation torchtune refuses optimizer_in_bwd: never offered then.
        s.runtime.preset = "torchtune";
        s.workload.training.gradientAccumulation = 4;
        QVERIFY(!has(adviseFor(s), TrainingAdviceKind::OptimizerInBackward));
    }

    void fittingRunSaysHowFarTheBatchCanGrow()
    {
        Scenario s = test::trainingScenario("llama-3.1-8b", TrainingMethod::Qlora, "hf-trainer", "rtx-4090");
        s.workload.training.microBatch = 1;
        const Run run = adviseFor(s);
        QVERIFY(run.e.fits);
        checkEveryAdviceFits(run);
        QCOMPARE(run.advice.front().kind, TrainingAdviceKind::GrowMicroBatch);
        QCOMPARE(run.advice.front().value, *solveMaxMicroBatch(run.r, 1024));
        QVERIFY(run.advice.front().value > 1);
    }

    void smallerMicroBatchKeepsTheSequencesPerStep()
    {
        Scenario s = test::trainingScenario("llama-3.1-8b", TrainingMethod::Qlora, "hf-trainer", "rtx-4090");
        s.workload.training.checkpointing = Checkpointing::Full;
        s.workload.training.microBatch = 64;
        s.workload.training.gradientAccumulation = 2;
        const Run run = adviseFor(s);
        QVERIFY(!run.e.fits);
        checkEveryAdviceFits(run);
        const auto smaller = std::find_if(run.advice.begin(), run.advice.end(), [](const TrainingAdvice &a) {
            return a.kind == TrainingAdviceKind::SmallerMicroBatch;
        });
        QVERIFY(smaller != run.advice.end());
        QVERIFY(smaller->value < 64);
        QVERIFY(smaller->value * smaller->total >= 128); // 64 x 2 sequences per step, rounded up
        QCOMPARE(smaller->value, *solveMaxMicroBatch(run.r, 63));
    }

    void inferenceScenarioGetsNoTrainingAdvice()
    {
        Scenario s;
        s.model.preset = "llama-3.1-70b";
        s.hardware.preset = "rtx-4090";
        s.runtime.preset = "llama.cpp";
        const Run run = adviseFor(s);
        QVERIFY(run.advice.empty());
    }

    void trainingSweepsFollowTheTrainingSolvers()
    {
        const Scenario s = test::trainingScenario("llama-3.1-8b", TrainingMethod::Lora, "hf-trainer", "rtx-4090");
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        const SweepSeries mb = buildSweep(r, SweepAxis::MicroBatch);
        QCOMPARE(mb.current, s.workload.training.microBatch);
        QCOMPARE(mb.points.front().x, std::uint64_t(1));
        QCOMPARE(mb.points.back().x, std::uint64_t(256));
        QCOMPARE(mb.maxFitting, solveMaxMicroBatch(r, 256));
        const SweepSeries seq = buildSweep(r, SweepAxis::SequenceLength);
        QCOMPARE(seq.current, s.workload.training.sequenceLength);
        QCOMPARE(seq.points.front().x, std::uint64_t(128));
        QCOMPARE(seq.points.back().x, r.model.maxContext);
        QCOMPARE(seq.maxFitting, solveMaxSequenceLength(r, r.model.maxContext));
        // Memory grows with both, and the points are the training estimate's own main pool.
        for (const SweepSeries *series : {&mb, &seq})
            for (std::size_t i = 1; i < series->points.size(); ++i)
                QVERIFY(series->points[i].total >= series->points[i - 1].total);
        Scenario at = s;
        at.workload.training.microBatch = 8;
        const auto p8 = std::find_if(mb.points.begin(), mb.points.end(), [](const SweepPoint &p) { return p.x == 8; });
        QVERIFY(p8 != mb.points.end());
        QCOMPARE(p8->total, estimate(at, test::shippedCatalog()).mainPool().totalBytes);
    }
};

QTEST_APPLESS_MAIN(TstTrainingAdvice)
#include "tst_trainingadvice.moc"
