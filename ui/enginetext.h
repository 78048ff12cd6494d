#pragma once
// core/ speaks English (it has no Qt and no translator). The fixed texts it
// produces — item labels, term meanings, pool names — are known in advance, so
// the UI translates them here at the point where they become QStrings; model
// names, machine names and formulas pass through unchanged.

#include <QString>

#include <string>
#include <string_view>

namespace memplan::ui {

/// The translation of a fixed engine text, or the text itself when it is not one.
QString engineText(std::string_view english);
QString engineText(const std::string &english);

} // namespace memplan::ui
