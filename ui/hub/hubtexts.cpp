#include "hubtexts.h"

#include <QCoreApplication>

namespace memplan::ui {

namespace {
class HubTexts {
    Q_DECLARE_TR_FUNCTIONS(memplan::ui::HubTexts)
};
} // namespace

QString hubFailureText(SourceUnavailable::Reason reason, const QString &reference, const QString &detail,
                       bool inputError)
{
    if (inputError)
        return HubTexts::tr("%1 cannot be sized: %2").arg(reference, detail);
    using R = SourceUnavailable::Reason;
    switch (reason) {
    case R::Denied:
        return HubTexts::tr(
                   "Access denied to %1: the repository is gated or private. Accept its terms on huggingface.co and "
                   "set HF_TOKEN to a token with access.")
            .arg(reference);
    case R::NotFound:
        return HubTexts::tr("Not found (HTTP 404): check the repository name, revision and file of %1.").arg(reference);
    case R::Timeout:
        return HubTexts::tr("No answer from the server in time (timeout). Try again later.");
    case R::NotCached:
        return HubTexts::tr(
                   "%1 is not in the header cache on this computer. Fetch it with File → Import from Hugging Face….")
            .arg(reference);
    case R::Unreachable:
        return HubTexts::tr(
                   "Cannot reach the server, and %1 is not in the header cache. Connect to the network and try again.")
            .arg(reference);
    case R::Cancelled:
        return HubTexts::tr("Cancelled.");
    case R::Other:
        break;
    }
    return HubTexts::tr("Could not read %1: %2").arg(reference, detail);
}

} // namespace memplan::ui
