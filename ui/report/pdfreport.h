#pragma once
// The report as a PDF: selectable text laid out by QTextDocument, the two charts
// drawn as vectors by QCustomPlot::toPainter, page numbers in the footer.

#include "reportbuilder.h"

#include <QByteArray>
#include <QFont>
#include <QPageSize>

namespace memplan::ui {

struct PdfOptions {
    QPageSize::PageSizeId pageSize = QPageSize::A4;
};

/// Renders the whole report into PDF bytes. Needs a QApplication (the charts are
/// widgets); QT_QPA_PLATFORM=offscreen is enough.
QByteArray renderPdf(const ReportDocument &doc, const PdfOptions &options = {});

/// The report's body font: Noto Sans CJK KR when the text contains Hangul (the Latin
/// fonts have none, and per-glyph fallback mixes metrics badly), otherwise DejaVu Sans.
QFont reportFont(const ReportDocument &doc);

/// A4 unless the locale measures in inches (Letter).
QPageSize::PageSizeId defaultPageSize();

} // namespace memplan::ui
