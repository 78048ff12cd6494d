#include "reconcile/reconciletexts.h"
#include "koreanparticles.h"

#include "enginetext.h"
#include "evidence.h"

#include <QCoreApplication>

#include <array>

namespace memplan::ui {

namespace {

// A named constant, so the source scan in tst_translations does not take the context for a text.
constexpr const char *kReconcileContext = "ReconcileText";

struct CauseText {
    std::string_view id;
    const char *english;
};

// One per id core/logs/reconcile.cpp sets; the arguments fill %1, %2, ... in order.
constexpr std::array kCauses = {
    CauseText{"cause.setting_missing",
              QT_TRANSLATE_NOOP("ReconcileText", "the log shows %1 = %2, the scenario does not set it")},
    CauseText{"cause.setting_not_modelled",
              QT_TRANSLATE_NOOP("ReconcileText", "the log shows %1 = %2, which the planner does not model")},
    CauseText{"cause.setting_differs",
              QT_TRANSLATE_NOOP("ReconcileText", "the log shows %1 = %2, the scenario has %3")},
    CauseText{"cause.pipeline_copies",
              QT_TRANSLATE_NOOP("ReconcileText", "pipeline parallelism (n_copies=%1) keeps several copies of the "
                                                 "cross-device inputs")},
    CauseText{"cause.weights_format_unprinted",
              QT_TRANSLATE_NOOP("ReconcileText", "the log does not print the weights format; the scenario assumes the "
                                                 "model's own")},
    CauseText{"cause.release_unprinted",
              QT_TRANSLATE_NOOP("ReconcileText", "the log does not print its release; the runtime's accounting changes "
                                                 "between releases")},
    CauseText{"cause.release_differs",
              QT_TRANSLATE_NOOP("ReconcileText", "a different release (%1) than the runtime profile describes, or a "
                                                 "setting the log does not print")},
    CauseText{"cause.cpu_mapped_span",
              QT_TRANSLATE_NOOP("ReconcileText",
                                "CPU_Mapped beside GPU weights is the mapped file span from the first to "
                                "the last host tensor (GPU tensors in between included): address space, "
                                "not resident memory")},
    CauseText{"cause.non_torch_without_graphs",
              QT_TRANSLATE_NOOP("ReconcileText", "the log prints the non-torch memory but not the CUDA graphs: part of "
                                                 "this guest")},
};

} // namespace

const char *reconcileCauseTemplate(std::string_view id)
{
    for (const CauseText &c : kCauses)
        if (c.id == id)
            return c.english;
    return nullptr;
}

QString reconcileCauseText(const Comparison &c)
{
    const char *tmpl = reconcileCauseTemplate(c.causeId);
    if (!tmpl)
        return QString::fromStdString(c.cause);
    QString text = QCoreApplication::translate(kReconcileContext, tmpl);
    for (const std::string &a : c.causeArgs)
        text = text.arg(QString::fromStdString(a));
    return withParticles(text); // "%2(으)로": the value decides
}

QString startupFailureKindText(const std::string &kind)
{
    struct KindText {
        std::string_view kind;
        const char *english;
    };
    // One per kind core/logs/startupfailure.cpp recognises (StartupFailure::kind).
    static constexpr std::array kKinds = {
        KindText{"kv_cache_too_small",
                 QT_TRANSLATE_NOOP("ReconcileText", "the KV cache left over cannot hold one request's context")},
        KindText{"no_kv_cache_memory", QT_TRANSLATE_NOOP("ReconcileText", "no memory was left for the KV cache")},
        KindText{"cuda_out_of_memory", QT_TRANSLATE_NOOP("ReconcileText", "PyTorch ran out of GPU memory")},
        KindText{"device_allocation_failed",
                 QT_TRANSLATE_NOOP("ReconcileText", "a device buffer could not be allocated")},
        KindText{"context_failed", QT_TRANSLATE_NOOP("ReconcileText", "the context could not be created")},
        KindText{"host_memory_insufficient",
                 QT_TRANSLATE_NOOP("ReconcileText", "the model needs more system memory than is available")},
        KindText{"metal_out_of_memory", QT_TRANSLATE_NOOP("ReconcileText", "Metal ran out of memory")},
    };
    for (const KindText &k : kKinds)
        if (k.kind == kind)
            return QCoreApplication::translate(kReconcileContext, k.english);
    return QString::fromStdString(kind);
}

namespace {

QString gibText(Bytes b)
{
    return b ? QStringLiteral("%1 GiB").arg(double(b) / double(1ULL << 30), 0, 'f', 2) : QStringLiteral("—");
}

QString verdictCauseText(const Reconciliation &r)
{
    const auto arg = [&](std::size_t i) {
        return i < r.verdictCauseArgs.size() ? QString::fromStdString(r.verdictCauseArgs[i]) : QString();
    };
    if (r.verdictCauseId == "verdict.device_shared")
        return QCoreApplication::translate(
                   kReconcileContext,
                   QT_TRANSLATE_NOOP("ReconcileText", "The planner expects a fit, but only %1 of %2 was free: other "
                                                      "processes held the rest."))
            .arg(arg(0), arg(1));
    if (r.verdictCauseId == "verdict.runtime_used_more")
        return QCoreApplication::translate(kReconcileContext,
                                           QT_TRANSLATE_NOOP("ReconcileText",
                                                             "The planner expects a fit, but the runtime itself held "
                                                             "%1 and asked for %2 more; the plan for that device is "
                                                             "%3."))
            .arg(arg(0), arg(1), arg(2));
    if (r.verdictCauseId == "verdict.context_too_long")
        return QCoreApplication::translate(kReconcileContext,
                                           QT_TRANSLATE_NOOP("ReconcileText",
                                                             "The runtime needs the context to fit in one request's KV "
                                                             "cache: it suggests %1 tokens instead of %2."))
            .arg(arg(0), arg(1));
    return QCoreApplication::translate(
        kReconcileContext,
        QT_TRANSLATE_NOOP("ReconcileText", "The planner expects a fit; a setting the log does not print, or "
                                           "memory outside the plan, made the difference."));
}

} // namespace

QString runAndFailureText(const Reconciliation &r)
{
    QStringList lines;
    if (r.run.runCount > 1)
        lines << QCoreApplication::translate(
                     kReconcileContext,
                     QT_TRANSLATE_NOOP("ReconcileText", "The log holds %1 runs; run %2 (lines %3–%4) is shown."))
                     .arg(r.run.runCount)
                     .arg(r.run.runNumber)
                     .arg(r.run.firstLine)
                     .arg(r.run.lastLine);
    if (const auto &f = r.run.failure) {
        lines << QCoreApplication::translate(
                     kReconcileContext,
                     QT_TRANSLATE_NOOP("ReconcileText",
                                       "Did not start: %1 (%2, line %3). Wanted %4, free %5, total %6."))
                     .arg(startupFailureKindText(f->kind),
                          f->device.empty() ? QStringLiteral("—") : QString::fromStdString(f->device))
                     .arg(f->line)
                     .arg(gibText(f->wanted), gibText(f->free), gibText(f->total));
        if (f->suggestedMaxModelLen)
            lines << QCoreApplication::translate(
                         kReconcileContext,
                         QT_TRANSLATE_NOOP("ReconcileText",
                                           "The runtime estimates the longest context that fits: %1 tokens."))
                         .arg(f->suggestedMaxModelLen);
        if (r.planned)
            lines << (r.estimate.fits
                          ? QCoreApplication::translate(
                                kReconcileContext, QT_TRANSLATE_NOOP("ReconcileText", "The planner's verdict: fits."))
                          : QCoreApplication::translate(
                                kReconcileContext,
                                QT_TRANSLATE_NOOP("ReconcileText", "The planner's verdict: does not fit.")));
        if (!r.verdictCauseId.empty())
            lines << verdictCauseText(r);
    }
    return lines.join(QLatin1Char('\n'));
}

QString reconcileGuestText(const Comparison &c)
{
    if (c.guest == "total")
        return QCoreApplication::translate("ReconcileText", "total (weights, KV cache and activation)");
    if (c.guest == "kv_tokens")
        return QCoreApplication::translate("ReconcileText", "KV cache tokens");
    if (const auto g = guestFromId(c.guest))
        return guestText(*g);
    return QString::fromStdString(c.guest);
}

} // namespace memplan::ui
