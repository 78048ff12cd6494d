#include "trainingsuggestions.h"

#include "training/trainingadvice.h"

#include <QLocale>

namespace memplan::ui {

namespace {

QString suggestionCount(std::uint64_t n)
{
    return QLocale().toString(qulonglong(n));
}

QString adviceText(const TrainingAdvice &a)
{
    const QString option = QString::fromStdString(a.option);
    switch (a.kind) {
    case TrainingAdviceKind::GrowMicroBatch:
        return VerdictBanner::tr("The micro-batch can grow to %1 sequences").arg(suggestionCount(a.value));
    case TrainingAdviceKind::GrowSequence:
        return VerdictBanner::tr("Training sequences can grow to %1 tokens").arg(suggestionCount(a.value));
    case TrainingAdviceKind::FullCheckpointing:
        return VerdictBanner::tr("Recompute every layer in the backward pass (full checkpointing)");
    case TrainingAdviceKind::Optimizer8bit:
        return VerdictBanner::tr("Keep the optimizer states in 8 bits (%1)").arg(option);
    case TrainingAdviceKind::ShardingStage:
        return VerdictBanner::tr("Shard the model states over the GPUs (%1, ZeRO stage %2)").arg(option).arg(a.value);
    case TrainingAdviceKind::OffloadOptimizer:
        return VerdictBanner::tr("Offload the optimizer states to host RAM (%1 with CPU offload)").arg(option);
    case TrainingAdviceKind::SmallerMicroBatch:
        return VerdictBanner::tr("Micro-batch %1 with %2 accumulation steps (same sequences per step)")
            .arg(suggestionCount(a.value), suggestionCount(a.total));
    case TrainingAdviceKind::UseLora:
        return VerdictBanner::tr("Train LoRA adapters instead of every weight");
    case TrainingAdviceKind::UseQlora:
        return VerdictBanner::tr("Keep the frozen base in 4-bit NF4 (QLoRA)");
    case TrainingAdviceKind::ShorterSequence:
        return VerdictBanner::tr("Shorten training sequences to %1 tokens").arg(suggestionCount(a.value));
    case TrainingAdviceKind::ChunkedLoss:
        return VerdictBanner::tr("Compute the loss in chunks (chunked cross-entropy)");
    case TrainingAdviceKind::Compile:
        return VerdictBanner::tr("Compile the model and loss (torch.compile)");
    case TrainingAdviceKind::OptimizerInBackward:
        return VerdictBanner::tr("Apply each gradient inside the backward pass (optimizer in backward)");
    case TrainingAdviceKind::ActivationOffload:
        return VerdictBanner::tr("Offload saved activations to host RAM");
    }
    return QString::fromStdString(trainingAdviceText(a));
}

} // namespace

QList<Suggestion> trainingSuggestions(const Scenario &scenario, const ResolvedScenario &resolved,
                                      const Estimate &estimate, const PresetCatalog &catalog)
{
    QList<Suggestion> out;
    for (const TrainingAdvice &a : adviseTraining(scenario, resolved, estimate, catalog))
        out << Suggestion{adviceText(a), a.scenario};
    return out;
}

} // namespace memplan::ui
