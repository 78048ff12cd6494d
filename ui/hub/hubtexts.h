#pragma once
// What went wrong with a Hugging Face repository, as one line in the user's language:
// the import dialog and the banner (a scenario's model.hub missing from the cache) say it
// the same way. The English detail from the network layer goes in a tooltip.

#include "import/modelsource.h"

#include <QString>

namespace memplan::ui {

QString hubFailureText(SourceUnavailable::Reason reason, const QString &reference, const QString &detail,
                       bool inputError);

} // namespace memplan::ui
