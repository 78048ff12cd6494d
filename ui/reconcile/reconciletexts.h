#pragma once
// Translated texts of a reconciliation (core/logs/reconcile): the likely cause of a
// difference by its id and arguments, and the guest a comparison is about. core/
// keeps its English sentence for the CLI and the JSON; the window shows these.

#include "logs/reconcile.h"

#include <QString>

namespace memplan::ui {

/// The cause of a comparison in the UI language; the English text for an id this program does not know.
QString reconcileCauseText(const Comparison &comparison);
/// "KV cache", "total", "KV tokens": the comparison's guest in the UI language.
QString reconcileGuestText(const Comparison &comparison);
/// What a start-up failure kind ("cuda_out_of_memory") means, in the UI language.
QString startupFailureKindText(const std::string &kind);
/// The lines a reconciliation adds beside its figures: which run of the log is shown, and for a
/// runtime that did not start, the failure with its figures, the planner's verdict and the
/// likely cause. Empty when the log holds one run that started.
QString runAndFailureText(const Reconciliation &r);
/// The English template of a cause id ("%1" placeholders), or nullptr (tests check every id has one).
const char *reconcileCauseTemplate(std::string_view id);

} // namespace memplan::ui
