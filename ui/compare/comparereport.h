#pragma once
// The comparison as a report a manager can read: the recommendation line at the
// top, the reasons under it, one bar per machine (its main pool against its
// capacity), the table, and what the figures assume. It reuses the sizing
// report's document model and PDF renderer, so both look alike.

#include "comparesession.h"

#include "report/pdfreport.h"
#include "report/reportbuilder.h"
#include "report/reportwriter.h"

#include <QDateTime>

namespace memplan::ui {

ReportDocument buildComparisonReport(const CompareSession &session, memplan::UnitSystem units,
                                     const QDateTime &generatedAt = {});

/// Renders and writes the PDF atomically (core/atomicfile via writeExport): a failed write
/// leaves an existing file as it was.
WriteResult exportComparisonPdf(const QString &path, const CompareSession &session, memplan::UnitSystem units,
                                const PdfOptions &pdf = {});

} // namespace memplan::ui
