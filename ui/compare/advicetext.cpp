#include "advicetext.h"

#include "enginetext.h"

#include "units.h"

#include <QLocale>

namespace memplan::ui {

namespace {
QString adviceCount(std::uint64_t n)
{
    return QLocale().toString(qulonglong(n));
}
} // namespace

QString AdviceText::line(const Advice &a)
{
    switch (a.kind) {
    case AdviceKind::GrowContext:
        return tr("Context can grow to %1 tokens").arg(adviceCount(a.value));
    case AdviceKind::MoreSequences:
        return tr("Up to %1 concurrent sequences at this context").arg(adviceCount(a.value));
    case AdviceKind::ShorterContext:
        return tr("Shorten the context to %1 tokens").arg(adviceCount(a.value));
    case AdviceKind::KvFormat:
        return tr("Store the KV cache as %1").arg(engineText(a.formatLabel));
    case AdviceKind::WeightFormat:
    case AdviceKind::LowBitWeights:
        return tr("Quantize the weights to %1").arg(engineText(a.formatLabel));
    case AdviceKind::MoreGpus:
        return tr("Use %1 GPUs").arg(a.value);
    case AdviceKind::GpuLayers:
        return tr("Keep %1 of %2 layers on the GPU, the rest in host RAM").arg(a.value).arg(a.total);
    case AdviceKind::GpuLayersNotEnough:
        return tr("At most %1 of %2 layers fit on the GPU").arg(a.value).arg(a.total);
    case AdviceKind::ExpertsOnHost:
        return a.command.empty() ? tr("Keep the MoE experts in host RAM, attention and the KV cache on the GPU")
                                 : tr("Keep the MoE experts in host RAM (%1), attention and the KV cache on the GPU")
                                       .arg(QString::fromStdString(a.command));
    case AdviceKind::RaiseGpuLimit:
        return tr("Raise the GPU memory limit to %1 (%2)")
            .arg(QString::fromStdString(formatBoth(a.value)), QString::fromStdString(a.command));
    case AdviceKind::OllamaLayers:
        return tr("Ollama's own estimate puts %1 of %2 layers on the GPU when num_gpu is not set")
            .arg(a.value)
            .arg(a.total);
    }
    return {};
}

QString AdviceText::cost(const Advice &a)
{
    switch (a.kind) {
    case AdviceKind::GrowContext:
        return tr("none: the memory is already free");
    case AdviceKind::MoreSequences:
        return tr("none in memory; the sequences share the memory bandwidth");
    case AdviceKind::ShorterContext:
        return tr("workload: longer requests no longer fit");
    case AdviceKind::KvFormat:
        return tr("a small quality cost in attention");
    case AdviceKind::WeightFormat:
        return tr("some quality loss against the current format");
    case AdviceKind::LowBitWeights:
        return tr("below 3.5 bits per weight the quality loss is noticeable");
    case AdviceKind::MoreGpus:
        return tr("hardware: more GPUs");
    case AdviceKind::GpuLayers:
    case AdviceKind::GpuLayersNotEnough:
        return tr("speed: layers in host RAM run at host-RAM bandwidth");
    case AdviceKind::ExpertsOnHost:
        return tr("speed: the experts each token uses are read at host-RAM bandwidth");
    case AdviceKind::RaiseGpuLimit:
        return tr("a system setting: less memory is left for other programs");
    case AdviceKind::OllamaLayers:
        return tr("none to choose: this is what Ollama does; set num_gpu to override it");
    }
    return {};
}

QString AdviceText::full(const Advice &a, bool scenarioFits)
{
    QString text = line(a);
    if (!a.fits) // what Ollama will do is not a change that could be "not enough": it may simply not fit
        text += QLatin1Char(' ') + (a.kind == AdviceKind::OllamaLayers ? tr("(the planner expects it not to fit)")
                                                                       : tr("(not enough alone)"));
    if (!scenarioFits)
        text += QStringLiteral(" — ") + tr("cost: %1").arg(cost(a));
    return text;
}

} // namespace memplan::ui
