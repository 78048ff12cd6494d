// The speed chart's dashed ceiling drawn cheaply during a drag (ui/charts/dashedcurve.h):
// without antialiasing it must look like the line QCPGraph itself draws without
// antialiasing (same colour, width and dashes), and antialiased or printed it is
// QCPGraph's own drawing.

#include "charts/dashedcurve.h"

#include <QImage>
#include <QTest>

#include <qcustomplot.h>

using namespace memplan::ui;

namespace {
const QColor kInk(200, 40, 40);

/// A 2 px dashed, not antialiased curve (falling, then flat) drawn by `graph` on a 400×300 plot.
QImage render(QCustomPlot &plot, QCPGraph *graph, int width = 2)
{
    plot.resize(400, 300);
    plot.xAxis->setRange(0, 10);
    plot.yAxis->setRange(0, 10);
    QVector<double> x, y;
    for (int i = 0; i <= 10; ++i) {
        x << i;
        y << (i < 5 ? 9.0 - 1.2 * i : 3.0);
    }
    graph->setData(x, y);
    graph->setPen(QPen(kInk, width, Qt::DashLine));
    graph->setAntialiased(false);
    plot.replot();
    return plot.toPixmap(400, 300).toImage();
}

int inked(const QImage &image)
{
    int n = 0;
    for (int yy = 0; yy < image.height(); ++yy)
        for (int xx = 0; xx < image.width(); ++xx)
            n += QColor(image.pixel(xx, yy)) == kInk;
    return n;
}

/// Runs of inked and blank pixels along row `y` (the flat part of the curve): the dashes.
int dashesOnRow(const QImage &image, int y, int from, int to)
{
    int runs = 0;
    bool in = false;
    for (int xx = from; xx < to; ++xx) {
        const bool ink = QColor(image.pixel(xx, y)) == kInk;
        runs += ink && !in;
        in = ink;
    }
    return runs;
}

int flatRow(QCustomPlot &plot)
{
    return int(std::lround(plot.yAxis->coordToPixel(3.0)));
}
} // namespace

class TestDashedCurve : public QObject {
    Q_OBJECT
private slots:
    void looksLikeTheGraphsOwnLine_data()
    {
        QTest::addColumn<int>("width");
        QTest::newRow("2 px") << 2;
        QTest::newRow("3 px (presentation)") << 3;
    }
    void looksLikeTheGraphsOwnLine()
    {
        QFETCH(int, width);
        QCustomPlot own, fast;
        const QImage reference = render(own, own.addGraph(), width);
        const QImage drawn = render(fast, new DashedCurve(fast.xAxis, fast.yAxis), width);
        // As much ink (the same width and dash lengths), within a tenth.
        const int a = inked(reference), b = inked(drawn);

        QVERIFY2(a > 500, qPrintable(QString::number(a)));
        QVERIFY2(std::abs(a - b) <= a / 10, qPrintable(QStringLiteral("%1 vs %2").arg(a).arg(b)));
        // Dashed, not solid: the flat part shows as many dashes, give or take one.
        const int row = flatRow(fast);
        const int from = int(fast.xAxis->coordToPixel(5.5)), to = int(fast.xAxis->coordToPixel(9.5));
        int ownDashes = 0, fastDashes = 0;
        for (int dy = -2; dy <= 2; ++dy) {
            ownDashes = std::max(ownDashes, dashesOnRow(reference, row + dy, from, to));
            fastDashes = std::max(fastDashes, dashesOnRow(drawn, row + dy, from, to));
        }
        QVERIFY2(ownDashes >= 5, qPrintable(QString::number(ownDashes)));
        QVERIFY2(std::abs(ownDashes - fastDashes) <= 1,
                 qPrintable(QStringLiteral("%1 vs %2").arg(ownDashes).arg(fastDashes)));
        // As thick: on the flat part the line covers `width` rows.
        int rows = 0;
        for (int dy = -3; dy <= 3; ++dy)
            rows += dashesOnRow(drawn, row + dy, from, to) > 0;
        QCOMPARE(rows, width);
    }

    void antialiasedIsTheGraphsOwnDrawing()
    {
        QCustomPlot own, fast;
        QCPGraph *a = own.addGraph();
        auto *b = new DashedCurve(fast.xAxis, fast.yAxis);
        render(own, a);
        render(fast, b);
        a->setAntialiased(true);
        b->setAntialiased(true);
        own.replot();
        fast.replot();
        QCOMPARE(fast.toPixmap(400, 300).toImage(), own.toPixmap(400, 300).toImage());
    }
};

QTEST_MAIN(TestDashedCurve)
#include "tst_dashedcurve.moc"
