#pragma once
// "Show the math" for one speed figure (issue 13): its formula, every input with
// where it came from, the bound, the expected value and range, what limits it, and
// which of calculated / estimated / measured each part is. Reuses the memory items'
// dialog (ui/classroom/mathdialog); this only builds the HTML.

#include "estimate.h"

#include <QString>

namespace memplan::ui {

/// The explanation of Estimate::speed.items[index] as HTML.
QString speedMathHtml(const Estimate &estimate, int index);

} // namespace memplan::ui
