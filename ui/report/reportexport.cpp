#include "reportexport.h"

#include "csvexport.h"
#include "formats/estimatejson.h"

#include <nlohmann/json.hpp>

namespace memplan::ui {

QByteArray reportJson(const Estimate &estimate, const Scenario &scenario)
{
    const std::string text = estimateToJson(estimate, &scenario).dump(2) + "\n";
    return QByteArray(text.data(), qsizetype(text.size()));
}

WriteResult exportPdf(const QString &path, const Estimate &estimate, const Scenario &scenario,
                      const ResolvedScenario &resolved, const ReportOptions &report, const PdfOptions &pdf)
{
    return writeExport(path, ExportFormat::Pdf, renderPdf(buildReport(estimate, scenario, resolved, report), pdf));
}

WriteResult exportJson(const QString &path, const Estimate &estimate, const Scenario &scenario)
{
    return writeExport(path, ExportFormat::Json, reportJson(estimate, scenario));
}

WriteResult exportCsv(const QString &path, const Estimate &estimate)
{
    // The memory breakdown, then (after an empty line) the speed table with its own header.
    QByteArray csv = breakdownCsv(estimate);
    if (!estimate.speed.items.empty())
        csv += "\r\n" + speedCsv(estimate);
    return writeExport(path, ExportFormat::Csv, csv);
}

} // namespace memplan::ui
