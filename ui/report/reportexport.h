#pragma once
// One call per artifact, shared by the File menu, the command line and the tests,
// so the headless path is the one the GUI uses.

#include "pdfreport.h"
#include "reportbuilder.h"
#include "reportwriter.h"

#include "estimate.h"
#include "scenario/resolve.h"
#include "scenario/scenario.h"

#include <QByteArray>

namespace memplan::ui {

/// The `memplan.estimate/1` document carrying the scenario and the program version;
/// File > Open and `memplan-cli estimate` read it back.
QByteArray reportJson(const memplan::Estimate &estimate, const memplan::Scenario &scenario);

WriteResult exportPdf(const QString &path, const memplan::Estimate &estimate, const memplan::Scenario &scenario,
                      const memplan::ResolvedScenario &resolved, const ReportOptions &report = {},
                      const PdfOptions &pdf = {});
WriteResult exportJson(const QString &path, const memplan::Estimate &estimate, const memplan::Scenario &scenario);
WriteResult exportCsv(const QString &path, const memplan::Estimate &estimate);

} // namespace memplan::ui
