#include "reconcile/reconciletexts.h"
#include "koreanparticles.h"

#include "enginetext.h"
#include "evidence.h"

#include <QCoreApplication>

#include <array>

namespace memplan::ui {

namespace {

// A named constant, so the source scan in tst_translations does not take the context for a text.
constexpr const char *kContext = "ReconcileText";

struct CauseText {
    std::string_view id;
    const char *english;
};

// One per id core/logs/reconcile.cpp sets; the arguments fill %1, %2, ... in order.
constexpr std::array kCauses = {
    CauseText{"cause.setting_missing",
              QT_TRANSLATE_NOOP("ReconcileText", "the log shows %1 = %2, the scenario does not set it")},
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
    QString text = QCoreApplication::translate(kContext, tmpl);
    for (const std::string &a : c.causeArgs)
        text = text.arg(QString::fromStdString(a));
    return withParticles(text); // "%2(으)로": the value decides
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
