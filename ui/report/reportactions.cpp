#include "reportactions.h"
#include "koreanparticles.h"

#include "chartexport.h"
#include "reportexport.h"

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "mainwindow.h"
#include "scenariocontroller.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

#include <QRegularExpression>
#include <QStandardPaths>
#include <QStatusBar>
#include <qcustomplot.h>

namespace memplan::ui {

namespace {

class ReportActionsText {
    Q_DECLARE_TR_FUNCTIONS(ReportActionsText)
};
QString tr(const char *s)
{
    return ReportActionsText::tr(s);
}

QString suggestedPath(MainWindow *w, const QString &suffix)
{
    QString base = QString::fromStdString(w->scenario().name).trimmed();
    if (base.isEmpty())
        base = QStringLiteral("memplan-report");
    base.replace(QRegularExpression(QStringLiteral("[^\\w.-]+")), QStringLiteral("-"));
    return QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation)).filePath(base + suffix);
}

void report(MainWindow *w, const WriteResult &result)
{
    if (result.ok)
        w->statusBar()->showMessage(withParticles(tr("Wrote %1").arg(QDir::toNativeSeparators(result.path))), 5000);
    else
        QMessageBox::warning(w, tr("Export failed"), result.error);
}

/// The report describes the estimate on screen; an invalid scenario has none of its own.
bool checkExportable(MainWindow *w)
{
    const QString error = w->controller()->error();
    if (error.isEmpty() && w->controller()->resolved())
        return true;
    QMessageBox::information(w, tr("Nothing to export"),
                             tr("The current scenario cannot be estimated:\n%1").arg(error));
    return false;
}

void exportPdfDialog(MainWindow *w)
{
    if (!checkExportable(w))
        return;
    const QString a4 = tr("PDF, A4 (*.pdf)");
    const QString letter = tr("PDF, US Letter (*.pdf)");
    QString filter = defaultPageSize() == QPageSize::Letter ? letter : a4;
    const QString path = QFileDialog::getSaveFileName(w, tr("Export Report"), suggestedPath(w, QStringLiteral(".pdf")),
                                                      a4 + QStringLiteral(";;") + letter, &filter);
    if (path.isEmpty())
        return;
    ReportOptions options;
    options.units = w->unitSystem();
    options.catalog = &w->controller()->catalog();
    PdfOptions pdf;
    pdf.pageSize = filter == letter ? QPageSize::Letter : QPageSize::A4;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const WriteResult result =
        exportPdf(path, w->estimate(), w->scenario(), *w->controller()->resolved(), options, pdf);
    QApplication::restoreOverrideCursor();
    report(w, result);
}

void exportJsonDialog(MainWindow *w)
{
    if (!checkExportable(w))
        return;
    const QString path =
        QFileDialog::getSaveFileName(w, tr("Export Estimate as JSON"), suggestedPath(w, QStringLiteral(".json")),
                                     tr("Scenario and estimate (*.json)"));
    if (!path.isEmpty())
        report(w, exportJson(path, w->estimate(), w->scenario()));
}

void exportCsvDialog(MainWindow *w)
{
    if (!checkExportable(w))
        return;
    const QString path =
        QFileDialog::getSaveFileName(w, tr("Export Breakdown as CSV"), suggestedPath(w, QStringLiteral(".csv")),
                                     tr("Comma-separated values (*.csv)"));
    if (!path.isEmpty())
        report(w, exportCsv(path, w->estimate()));
}

void exportChartDialog(MainWindow *w, QCustomPlot *plot, const QString &title, const QString &suffix)
{
    const QString png = tr("PNG image (*.png)");
    const QString svg = tr("SVG drawing (*.svg)");
    QString filter = png;
    const QString path = QFileDialog::getSaveFileName(w, title, suggestedPath(w, suffix + QStringLiteral(".png")),
                                                      png + QStringLiteral(";;") + svg, &filter);
    if (path.isEmpty())
        return;
    // A typed extension wins over the filter, so "chart.svg" with the PNG filter is an SVG.
    const QString ext = QFileInfo(path).suffix().toLower();
    const bool asSvg = ext == QLatin1String("svg") || (ext != QLatin1String("png") && filter == svg);
    const WriteResult result = asSvg ? writeExport(path, ExportFormat::Svg, chartSvg(plot, plot->size(), title))
                                     : writeExport(path, ExportFormat::Png, chartPng(plot, plot->size()));
    report(w, result);
}

} // namespace

void installReportActions(MainWindow *w)
{
    QMenu *menu = w->fileMenu();
    // Before the separator that precedes Quit, so Quit stays last.
    const QList<QAction *> actions = menu->actions();
    QAction *before =
        actions.size() >= 2 && actions[actions.size() - 2]->isSeparator() ? actions[actions.size() - 2] : nullptr;
    auto add = [&](const QString &text, auto slot) {
        auto *action = new QAction(text, menu);
        QObject::connect(action, &QAction::triggered, w, slot);
        menu->insertAction(before, action);
        return action;
    };
    menu->insertSeparator(before);
    add(tr("Export &Report (PDF)…"), [w] { exportPdfDialog(w); })->setShortcut(QKeySequence::Print);
    add(tr("Export &JSON…"), [w] { exportJsonDialog(w); });
    add(tr("Export &CSV…"), [w] { exportCsvDialog(w); });
    add(tr("Export Pool &Chart (PNG/SVG)…"),
        [w] { exportChartDialog(w, w->breakdownChart()->plot(), tr("Export Pool Chart"), QStringLiteral("-pools")); });
    add(tr("Export &Sweep Chart (PNG/SVG)…"),
        [w] { exportChartDialog(w, w->sweepChart()->plot(), tr("Export Sweep Chart"), QStringLiteral("-sweep")); });
}

} // namespace memplan::ui
