#include "lessonhandout.h"

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "classroom/guestmask.h"
#include "classroom/lessonwalkthrough.h"
#include "classroom/mathdialog.h"
#include "report/pdffont.h"
#include "scenariocontroller.h"

#include "questions/chartseries.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QBuffer>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPicture>
#include <QTextDocument>

#include <qcustomplot.h>

namespace memplan::ui {

namespace {
constexpr int kHandoutDpi = 300;

/// One step's charts drawn as vectors into rect (bars left, sweep right), as the PDF
/// report draws its charts: laid out in the page's own pixels, fonts in points.
void drawCharts(QPainter &painter, const QRectF &rect, BreakdownChart &bars, SweepChart &sweep, double k)
{
    // A slide's chart is drawn nearly at its own size: two legend columns, not three, keep every
    // entry whole at the larger labels.
    for (QCustomPlot *plot : {bars.plot(), sweep.plot()})
        if (k < 1.5 && plot->legend->wrap() != 2) {
            plot->legend->setWrap(2);
            plot->legend->setFillOrder(QCPLegend::foColumnsFirst, true);
        }
    const double gap = rect.width() * 0.03;
    const double w = (rect.width() - gap) / 2;
    QCustomPlot *plots[2] = {bars.plot(), sweep.plot()};
    for (int i = 0; i < 2; ++i) {
        // toPainter needs a QCPPainter and the PDF already has an active painter: record the
        // plot into a QPicture (vector commands, text stays text) and replay it.
        QPicture picture;
        // Replaying scales the picture from its own resolution to the page's: record it at the
        // size that lands on rect once scaled.
        // k > 1 lays the chart out on a larger canvas drawn smaller, so its labels and legend fit.
        const double f = k * double(picture.logicalDpiX()) / painter.device()->logicalDpiX();
        {
            QCPPainter cp(&picture);
            cp.setMode(QCPPainter::pmVectorized);
            cp.setMode(QCPPainter::pmNoCaching);
            cp.setMode(QCPPainter::pmNonCosmetic); // hairlines would vanish on paper
            plots[i]->toPainter(&cp, int(w * f), int(rect.height() * f));
        }
        painter.save();
        painter.translate(rect.left() + i * (w + gap), rect.top());
        painter.scale(1 / k, 1 / k);
        painter.drawPicture(QPointF(0, 0), picture);
        painter.restore();
    }
}
/// One step as a 16:9 slide: the title and step counter on top, the charts on the left and the
/// step's text on the right, shrunk until it fits.
void drawSlide(QPainter &painter, const QRectF &content, const QString &title, const QString &counter,
               const std::pair<QFont, QFont> &fonts, QTextDocument &td, const QString &html, BreakdownChart &bars,
               SweepChart &sweep)
{
    const double mm = kHandoutDpi / 25.4;
    const auto &[font, titleFont] = fonts;
    painter.setFont(titleFont);
    // The title leaves room for the step counter beside it (a long one wraps).
    painter.drawText(QRectF(content.left(), content.top(), content.width() - 40 * mm, 11 * mm),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, title);
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() * 0.8);
    painter.setFont(small);
    painter.drawText(QRectF(content.left(), content.top(), content.width(), 10 * mm), Qt::AlignRight | Qt::AlignVCenter,
                     counter);
    const QRectF body = content.adjusted(0, 12 * mm, 0, 0);
    const QRectF chartRect(body.left(), body.top(), body.width() * 0.55, body.height());
    drawCharts(painter, chartRect, bars, sweep, lessonChartCanvasScale(LessonPrintLayout::Slides));
    const QRectF textRect(chartRect.right() + 6 * mm, body.top(), body.right() - chartRect.right() - 6 * mm,
                          body.height());
    // Shrink until the step fits its half of the slide.
    for (double pt = font.pointSizeF(); pt >= 6; pt -= 1.0) {
        QFont f = font;
        f.setPointSizeF(pt);
        td.setDefaultFont(f);
        td.setHtml(html);
        td.setTextWidth(textRect.width());
        if (td.size().height() <= textRect.height())
            break;
    }
    painter.save();
    painter.translate(textRect.topLeft());
    td.drawContents(&painter, QRectF(0, 0, textRect.width(), textRect.height()));
    painter.restore();
}

} // namespace

double lessonChartFontPoints(LessonPrintLayout layout)
{
    return layout == LessonPrintLayout::Slides ? 10 : 9;
}

double lessonChartCanvasScale(LessonPrintLayout layout)
{
    // A handout's charts are 62 mm tall: a canvas 1.8 times larger keeps their legends whole. A
    // slide's charts have the room: nearly their own size keeps the labels readable (10 / 1.1 pt).
    return layout == LessonPrintLayout::Slides ? 1.1 : 1.8;
}

double lessonChartLabelPoints(LessonPrintLayout layout)
{
    return lessonChartFontPoints(layout) / lessonChartCanvasScale(layout);
}

QByteArray renderLessonPdf(const PresetCatalog &catalog, const QString &lessonId, const LessonPrintOptions &options,
                           int *pagesOut)
{
    ScenarioController controller(catalog);
    LessonWalkthrough walk(&controller);
    walk.setUnitSystem(options.units);
    if (!walk.openLesson(lessonId))
        return {};
    const Lesson &lesson = *walk.lesson();
    const bool slides = options.layout == LessonPrintLayout::Slides;

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    int pages = 1;
    {
        QPdfWriter writer(&buffer);
        writer.setResolution(kHandoutDpi);
        writer.setPageSize(slides ? QPageSize(QSizeF(254, 142.875), QPageSize::Millimeter, QStringLiteral("16:9"))
                                  : QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter);
        writer.setTitle(lesson.title.text());
        writer.setCreator(QStringLiteral("memplan %1").arg(QStringLiteral(MEMPLAN_VERSION)));
        const double mm = kHandoutDpi / 25.4;
        const QRectF page(0, 0, writer.width(), writer.height());
        const QRectF content = page.adjusted(12 * mm, 10 * mm, -12 * mm, -10 * mm);

        BreakdownChart bars;
        SweepChart sweep;
        QFont font = extractableFont(QApplication::font()); // digits must copy out of the PDF
        font.setPointSizeF(slides ? 13 : 9.5);
        QFont chartFont = font;
        chartFont.setPointSizeF(lessonChartFontPoints(options.layout));
        for (ChartView *c : {static_cast<ChartView *>(&bars), static_cast<ChartView *>(&sweep)}) {
            c->setFont(chartFont);
            c->setUnitSystem(options.units);
        }

        QPainter painter(&writer);
        double y = content.top();
        const auto newPage = [&] {
            writer.newPage();
            ++pages;
            y = content.top();
        };
        QFont titleFont = font;
        titleFont.setBold(true);
        titleFont.setPointSizeF(font.pointSizeF() * 1.5);
        if (!slides) {
            painter.setFont(titleFont);
            const QRectF titleRect(content.left(), y, content.width(), 12 * mm);
            painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, lesson.title.text());
            y += 14 * mm;
        }
        for (int s = 0; s < walk.stepCount(); ++s) {
            walk.setStep(s);
            const Estimate &e = controller.estimate();
            const GuestMask mask = walk.visibleGuests();
            bars.setData(maskBarSeries(buildBarSeries(e), mask), e);
            sweep.setData(maskSweepSeries(controller.sweep(SweepAxis::Context), mask));

            QString html = walk.stepHtml();
            // A handout also carries the math of the guest a step introduces.
            if (!slides)
                if (const std::optional<Guest> g = walk.guestAtStep(s); g && !e.pools.empty())
                    html += mathHtml(e, controller.scenario(), MathSubject::forSegment(0, *g), options.units);
            QTextDocument td;
            td.documentLayout()->setPaintDevice(&writer);
            td.setDefaultFont(font);
            td.setDocumentMargin(0);
            const QString counter = walk.counterText();

            if (slides) {
                if (s > 0)
                    newPage();
                drawSlide(painter, content, lesson.title.text(), counter, {font, titleFont}, td, html, bars, sweep);
                continue;
            }

            td.setHtml(QStringLiteral("<p><b>%1</b></p>").arg(counter.toHtmlEscaped()) + html);
            td.setTextWidth(content.width());
            const double chartHeight = 62 * mm;
            const double need = chartHeight + 3 * mm + std::min(td.size().height(), content.height() - chartHeight);
            if (y + need > content.bottom() && y > content.top() + 1)
                newPage();
            drawCharts(painter, QRectF(content.left(), y, content.width(), chartHeight), bars, sweep,
                       lessonChartCanvasScale(LessonPrintLayout::Handout));
            y += chartHeight + 3 * mm;
            // Long steps (a question's math) continue on the next page.
            double offset = 0;
            const double total = td.size().height();
            while (offset < total) {
                const double room = content.bottom() - y;
                const double slice = std::min(room, total - offset);
                painter.save();
                painter.translate(content.left(), y - offset);
                td.drawContents(&painter, QRectF(0, offset, content.width(), slice));
                painter.restore();
                offset += slice;
                y += slice + 6 * mm;
                if (offset < total)
                    newPage();
            }
        }
        painter.end();
    }
    if (pagesOut)
        *pagesOut = pages;
    return bytes;
}

FileWriteResult writeLessonPdf(const PresetCatalog &catalog, const QString &lessonId, const LessonPrintOptions &options,
                               const QString &path)
{
    const QByteArray bytes = renderLessonPdf(catalog, lessonId, options);
    if (bytes.isEmpty()) {
        FileWriteResult r;
        r.path = path.toStdString();
        r.reason = "no lesson " + lessonId.toStdString();
        return r;
    }
    return writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace memplan::ui
