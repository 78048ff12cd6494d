#include "pdfreport.h"
#include "pdffont.h"

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "speed/speedchart.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>
#include <QPdfWriter>
#include <QPicture>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextList>
#include <QTextObjectInterface>
#include <QTextTable>

#include <cmath>

#include <qcustomplot.h>

namespace memplan::ui {

namespace {

class PdfText {
    Q_DECLARE_TR_FUNCTIONS(PdfText)
};

// 96 dpi makes one device pixel the same size as on screen, so the charts keep
// the pen widths and font sizes they have in the window.
constexpr int kPdfDpi = 96;
constexpr double kMarginMm = 17.0;
constexpr double kFooterMm = 8.0;
constexpr double kChartHeight = 235.0;
constexpr int kChartObject = QTextFormat::UserObject + 1;
constexpr int kChartKind = QTextFormat::UserProperty + 1;
constexpr int kChartWidth = QTextFormat::UserProperty + 2;

bool containsHangul(const QString &s)
{
    for (QChar c : s)
        if ((c.unicode() >= 0xAC00 && c.unicode() <= 0xD7A3) || (c.unicode() >= 0x1100 && c.unicode() <= 0x11FF))
            return true;
    return false;
}

/// Draws a chart widget's plot as vectors in place of an inline object.
class ChartObject : public QObject, public QTextObjectInterface {
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    ChartObject(QCustomPlot *breakdown, QCustomPlot *sweep, QCustomPlot *speed)
        : m_breakdown(breakdown), m_sweep(sweep), m_speed(speed)
    {
    }

    QSizeF intrinsicSize(QTextDocument *, int, const QTextFormat &format) override
    {
        return QSizeF(format.doubleProperty(kChartWidth), kChartHeight);
    }

    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int, const QTextFormat &format) override
    {
        // A QPicture replay replaces the page clip, so a chart laid out on another page
        // would bleed into this one: draw only the charts of the current page.
        if (!m_page.adjusted(-1, -1, 1, 1).contains(rect))
            return;
        const int kind = format.intProperty(kChartKind);
        QCustomPlot *plot = kind == int(ReportChart::Breakdown) ? m_breakdown
                            : kind == int(ReportChart::Speed)   ? m_speed
                                                                : m_sweep;
        // toPainter needs a QCPPainter, and the PDF already has an active painter: record
        // the plot into a QPicture (vector commands, text stays text) and replay it.
        QPicture picture;
        {
            QCPPainter cp(&picture);
            cp.setMode(QCPPainter::pmVectorized);
            cp.setMode(QCPPainter::pmNoCaching);
            cp.setMode(QCPPainter::pmNonCosmetic); // hairlines would vanish on paper
            plot->toPainter(&cp, int(rect.width()), int(rect.height()));
        }
        painter->drawPicture(rect.topLeft(), picture);
    }

    void setPage(const QRectF &page) { m_page = page; }

private:
    QRectF m_page;
    QCustomPlot *m_breakdown;
    QCustomPlot *m_sweep;
    QCustomPlot *m_speed;
};

struct Styles {
    QTextCharFormat body, small, bold, heading, title, subtitle, meta, tableHeader, tableCell, emphasized, verdict;
};

Styles makeStyles(const QFont &base)
{
    Styles s;
    auto make = [&](double pt, bool bold, QColor color = Qt::black) {
        QTextCharFormat f;
        QFont font = base;
        font.setPointSizeF(pt);
        font.setBold(bold);
        f.setFont(font);
        f.setForeground(color);
        return f;
    };
    s.body = make(9.5, false);
    s.small = make(8, false, QColor(0x33, 0x33, 0x33));
    s.bold = make(9.5, true);
    s.heading = make(13, true, QColor(0x10, 0x30, 0x60));
    s.title = make(20, true);
    s.subtitle = make(13, false, QColor(0x20, 0x20, 0x20));
    s.meta = make(8.5, false, QColor(0x55, 0x55, 0x55));
    s.tableHeader = make(7.5, true);
    s.tableCell = make(7.5, false);
    s.emphasized = make(7.5, true, QColor(0xb0, 0x00, 0x00));
    s.verdict = make(12, true);
    return s;
}

QTextBlockFormat blockFormat(double topMargin, double bottomMargin = 0)
{
    QTextBlockFormat f;
    f.setTopMargin(topMargin);
    f.setBottomMargin(bottomMargin);
    return f;
}

void insertTable(QTextCursor &c, const ReportTable &t, const Styles &st, const QList<double> &widths)
{
    if (t.header.isEmpty())
        return;
    c.insertBlock(blockFormat(4), st.body);
    QTextTableFormat tf;
    tf.setHeaderRowCount(1);
    tf.setCellPadding(2.5);
    tf.setCellSpacing(0);
    tf.setBorder(0.5);
    tf.setBorderBrush(QColor(0xb0, 0xb0, 0xb0));
    tf.setBorderCollapse(true);
    tf.setWidth(QTextLength(QTextLength::PercentageLength, 100));
    QList<QTextLength> constraints;
    for (double w : widths)
        constraints << QTextLength(QTextLength::PercentageLength, w);
    tf.setColumnWidthConstraints(constraints);
    QTextTable *table = c.insertTable(int(t.rows.size()) + 1, int(t.header.size()), tf);
    auto fill = [&](int row, const QStringList &cells, const QTextCharFormat &fmt, bool header) {
        for (int col = 0; col < cells.size() && col < t.header.size(); ++col) {
            QTextTableCell cell = table->cellAt(row, col);
            if (header) {
                QTextCharFormat cf = cell.format();
                cf.setBackground(QColor(0xe8, 0xec, 0xf2));
                cell.setFormat(cf);
            }
            QTextCursor cc = cell.firstCursorPosition();
            QTextBlockFormat bf;
            bf.setAlignment(t.numericColumns.contains(col) ? Qt::AlignRight : Qt::AlignLeft);
            cc.setBlockFormat(bf);
            cc.insertText(cells[col], fmt);
        }
    };
    fill(0, t.header, st.tableHeader, true);
    for (int r = 0; r < t.rows.size(); ++r)
        fill(r + 1, t.rows[r], t.emphasizedRows.contains(r) ? st.emphasized : st.tableCell, false);
    c.movePosition(QTextCursor::End);
}

void insertFigures(QTextCursor &c, const QList<ReportFigure> &figures, const Styles &st, int pairsPerRow)
{
    if (figures.isEmpty())
        return;
    c.insertBlock(blockFormat(4), st.body);
    QTextTableFormat tf;
    tf.setBorder(0);
    tf.setCellPadding(2);
    tf.setCellSpacing(0);
    tf.setWidth(QTextLength(QTextLength::PercentageLength, 100));
    QList<QTextLength> constraints;
    for (int i = 0; i < pairsPerRow; ++i)
        constraints << QTextLength(QTextLength::PercentageLength, pairsPerRow == 1 ? 22 : 21)
                    << QTextLength(QTextLength::PercentageLength, pairsPerRow == 1 ? 78 : 29);
    tf.setColumnWidthConstraints(constraints);
    const int rows = int((figures.size() + pairsPerRow - 1) / pairsPerRow);
    QTextTable *table = c.insertTable(rows, pairsPerRow * 2, tf);
    for (int i = 0; i < figures.size(); ++i) {
        const int row = i / pairsPerRow;
        const int col = (i % pairsPerRow) * 2;
        table->cellAt(row, col).firstCursorPosition().insertText(figures[i].label, st.small);
        QTextCursor value = table->cellAt(row, col + 1).firstCursorPosition();
        if (!figures[i].code) {
            value.insertText(figures[i].value, st.bold);
            continue;
        }
        // A command: one line per flag, each kept whole (a break inside "--cache-type-k"
        // would not survive copy and paste).
        QTextCharFormat mono = st.small;
        QFont f = mono.font();
        f.setFamilies(
            {QStringLiteral("DejaVu Sans Mono"), QStringLiteral("Noto Sans Mono CJK KR"), QStringLiteral("monospace")});
        f.setStyleHint(QFont::Monospace);
        mono.setFont(extractableFont(f));
        QTextBlockFormat keep;
        keep.setNonBreakableLines(true);
        const QStringList lines = figures[i].value.split(QLatin1Char('\n'));
        for (int l = 0; l < lines.size(); ++l) {
            if (l > 0)
                value.insertBlock(keep, mono);
            else
                value.setBlockFormat(keep);
            value.insertText(lines[l], mono);
        }
    }
    c.movePosition(QTextCursor::End);
}

struct Heading {
    int block;
    double neededBelow; ///< the heading's first content: a whole chart, or a few lines
};

/// QTextDocument has no keep-with-next: move each heading whose first content would
/// not fit below it to the next page. Done after building, in document order, so
/// the layout runs about once instead of once per section.
void keepHeadingsWithContent(QTextDocument &td, const QList<Heading> &headings)
{
    const double pageHeight = td.pageSize().height();
    for (const Heading &h : headings) {
        const QTextBlock block = td.findBlockByNumber(h.block);
        const QRectF rect = td.documentLayout()->blockBoundingRect(block);
        const double top = rect.top();
        if (top <= 0 || pageHeight - std::fmod(top, pageHeight) >= rect.height() + h.neededBelow)
            continue;
        QTextBlockFormat f;
        f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(block).mergeBlockFormat(f);
    }
}

void buildDocument(QTextDocument &td, const ReportDocument &doc, const Styles &st, double width,
                   QList<Heading> *headings)
{
    QTextCursor c(&td);
    // One edit block: otherwise every insertion re-lays out the tables (seconds instead of milliseconds).
    c.beginEditBlock();
    c.setBlockFormat(blockFormat(0));
    c.insertText(doc.title, st.title);
    c.insertBlock(blockFormat(2), st.body);
    c.insertText(doc.subtitle, st.subtitle);
    if (!doc.recommendation.isEmpty()) {
        c.insertBlock(blockFormat(4), st.body);
        QTextCharFormat rf = st.bold;
        rf.setForeground(doc.fits ? QColor(0x0d, 0x5c, 0x2a) : QColor(0xa0, 0x00, 0x00));
        c.insertText(doc.recommendation, rf);
    }
    c.insertBlock(blockFormat(2, 6), st.body);
    c.insertText(
        PdfText::tr("Generated %1 by memplan %2 (LLM Memory Planner)").arg(doc.generatedAt, doc.programVersion),
        st.meta);

    for (const ReportSection &s : doc.sections) {
        c.insertBlock(blockFormat(12, 3), st.heading);
        c.insertText(s.heading, st.heading);
        headings->append({c.blockNumber(), s.chart != ReportChart::None ? kChartHeight + 30 : 90});

        if (s.id == QLatin1String("verdict")) {
            // The verdict is the answer a reader looks for first: a coloured box.
            c.insertBlock(blockFormat(4), st.body);
            QTextFrameFormat ff;
            ff.setBackground(doc.fits ? QColor(0xe3, 0xf4, 0xe8) : QColor(0xfd, 0xe4, 0xe4));
            ff.setBorder(1.5);
            ff.setBorderBrush(doc.fits ? QColor(0x1e, 0x8a, 0x44) : QColor(0xc0, 0x10, 0x10));
            ff.setPadding(6);
            ff.setWidth(QTextLength(QTextLength::PercentageLength, 100));
            c.insertFrame(ff);
            QTextCharFormat vf = st.verdict;
            vf.setForeground(doc.fits ? QColor(0x0d, 0x5c, 0x2a) : QColor(0xa0, 0x00, 0x00));
            c.insertText(doc.verdict, vf);
            c.movePosition(QTextCursor::End);
            insertFigures(c, doc.keyFigures, st, 2);
            insertTable(c, s.table, st, {28, 16, 14, 14, 14, 14});
            continue;
        }
        for (const QString &p : s.paragraphs) {
            c.insertBlock(blockFormat(3), st.body);
            c.insertText(p, st.body);
        }
        if (s.chart != ReportChart::None) {
            c.insertBlock(blockFormat(4), st.body);
            QTextCharFormat of;
            of.setObjectType(kChartObject);
            of.setProperty(kChartKind, int(s.chart));
            of.setProperty(kChartWidth, width);
            c.insertText(QString(QChar::ObjectReplacementCharacter), of);
            if (!s.caption.isEmpty()) {
                c.insertBlock(blockFormat(2), st.body);
                c.insertText(s.caption, st.small);
            }
        }
        insertFigures(c, s.figures, st, 1);
        if (s.id == QLatin1String("breakdown"))
            insertTable(c, s.table, st, {7, 10, 17, 7, 7, 15, 37});
        else
            insertTable(c, s.table, st, {});
        if (!s.bullets.isEmpty()) {
            c.insertBlock(blockFormat(3), st.body);
            QTextListFormat lf;
            lf.setStyle(QTextListFormat::ListDisc);
            lf.setIndent(1);
            QTextList *list = c.createList(lf);
            for (int i = 0; i < s.bullets.size(); ++i) {
                if (i > 0) {
                    c.insertBlock(blockFormat(2), st.body);
                    list->add(c.block());
                }
                c.insertText(s.bullets[i], st.body);
            }
        }
    }
    c.endEditBlock();
}

} // namespace

QFont reportFont(const ReportDocument &doc)
{
    bool hangul = containsHangul(doc.title) || containsHangul(doc.verdict);
    for (const ReportSection &s : doc.sections)
        hangul = hangul || containsHangul(s.heading);
    QFont f;
    f.setFamilies(hangul ? QStringList{QStringLiteral("Noto Sans CJK KR")}
                         : QStringList{QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK KR")});
    f.setPointSizeF(9.5);
    return extractableFont(f);
}

QPageSize::PageSizeId defaultPageSize()
{
    // A4 unless the locale is one that uses Letter; the C/POSIX locale (a bare terminal, CI)
    // reports the US measurement system but says nothing about paper, so it gets A4 too,
    // in the window and in `memplan-cli report` alike.
    const QLocale l;
    if (l.language() == QLocale::C)
        return QPageSize::A4;
    return l.measurementSystem() == QLocale::ImperialUSSystem ? QPageSize::Letter : QPageSize::A4;
}

QByteArray renderPdf(const ReportDocument &doc, const PdfOptions &options)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setResolution(kPdfDpi);
        writer.setPageSize(QPageSize(options.pageSize));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter);
        writer.setTitle(doc.title + QStringLiteral(" — ") + doc.subtitle);
        writer.setCreator(QStringLiteral("memplan %1").arg(doc.programVersion));

        const double mm = kPdfDpi / 25.4;
        const QRectF page(0, 0, writer.width(), writer.height());
        const QRectF content =
            page.adjusted(kMarginMm * mm, kMarginMm * mm, -kMarginMm * mm, -(kMarginMm + kFooterMm) * mm);
        const QFont font = reportFont(doc);

        // The charts are rendered from real chart widgets so the PDF shows what the window shows.
        BreakdownChart breakdown;
        breakdown.setFont(font);
        breakdown.setUnitSystem(doc.units);
        breakdown.setData(doc.bars, doc.estimate);
        SweepChart sweep;
        sweep.setFont(font);
        sweep.setUnitSystem(doc.units);
        sweep.setData(doc.sweep);
        SpeedChart speed;
        speed.setFont(font);
        speed.setData(doc.speed,
                      doc.speedAgainstGpuLayers ? SpeedChart::Axis::GpuLayers : SpeedChart::Axis::Concurrency);
        speed.fitLegendToWidth(int(content.width())); // the page's width, not the hidden widget's

        QTextDocument td;
        td.documentLayout()->setPaintDevice(&writer);
        td.setDefaultFont(font);
        td.setDocumentMargin(0);
        td.setPageSize(content.size());
        ChartObject charts(breakdown.plot(), sweep.plot(), speed.plot());
        td.documentLayout()->registerHandler(kChartObject, &charts);
        const Styles styles = makeStyles(font);
        QList<Heading> headings;
        buildDocument(td, doc, styles, content.width(), &headings);
        keepHeadingsWithContent(td, headings);

        const int pages = td.pageCount();
        QPainter painter(&writer);
        QFont footerFont = font;
        footerFont.setPointSizeF(7.5);
        for (int i = 0; i < pages; ++i) {
            if (i > 0)
                writer.newPage();
            painter.save();
            painter.translate(content.left(), content.top() - i * content.height());
            QAbstractTextDocumentLayout::PaintContext ctx;
            ctx.clip = QRectF(0, i * content.height(), content.width(), content.height());
            ctx.palette.setColor(QPalette::Text, Qt::black);
            painter.setClipRect(ctx.clip);
            charts.setPage(ctx.clip);
            td.documentLayout()->draw(&painter, ctx);
            painter.restore();

            painter.setFont(footerFont);
            painter.setPen(QColor(0x55, 0x55, 0x55));
            const QRectF footer(content.left(), content.bottom() + 3 * mm, content.width(), kFooterMm * mm);
            painter.drawLine(QPointF(footer.left(), footer.top()), QPointF(footer.right(), footer.top()));
            // The page number keeps its place; a long scenario title is cut short before it.
            const QString pageLabel = PdfText::tr("Page %1 of %2").arg(i + 1).arg(pages);
            const QFontMetricsF metrics(footerFont, &writer);
            const qreal titleWidth = footer.width() - metrics.horizontalAdvance(pageLabel) - 4 * mm;
            const QString title = metrics.elidedText(
                PdfText::tr("memplan %1 — %2").arg(doc.programVersion, doc.subtitle), Qt::ElideRight, titleWidth);
            painter.drawText(footer.adjusted(0, 1.5 * mm, 0, 0), Qt::AlignLeft | Qt::AlignTop, title);
            painter.drawText(footer.adjusted(0, 1.5 * mm, 0, 0), Qt::AlignRight | Qt::AlignTop, pageLabel);
        }
        painter.end();
    }
    return bytes;
}

} // namespace memplan::ui

#include "pdfreport.moc"
