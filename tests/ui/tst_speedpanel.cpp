// The speed strip beside the verdict (ui/speed): it shows Estimate::speed, warns when a
// fitting plan is slower per user than the readable rate, and its chart draws the
// series core/speed computes (the offload cliff against GPU layers).
#include "speed/speedchart.h"
#include "speed/speedpanel.h"

#include "../core/testsupport.h"
#include "estimator.h"

#include <QSettings>
#include <QtTest>

#include <qcustomplot.h>

using namespace memplan;
using namespace memplan::ui;

class TestSpeedPanel : public QObject {
    Q_OBJECT

    static ResolvedScenario resolved(double gpuFraction)
    {
        Scenario s = test::theoryScenario("llama-3.1-70b", "q4_k_m", 8192, 1, "rtx-4090");
        s.runtime.preset = "llama.cpp";
        s.host.ramBytes = 128 * GiB;
        s.placement.gpuLayerFraction = gpuFraction;
        return resolveScenario(s, test::shippedCatalog());
    }

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("memplan-test-speedpanel"));
        QSettings().clear();
    }

    void warnsWhenAFittingPlanIsSlow()
    {
        // 70B Q4_K_M with 40 % of its layers in dual-channel DDR5: it fits, at a few tokens/s.
        SpeedPanel panel;
        const ResolvedScenario r = resolved(0.5);
        const Estimate e = estimate(r);
        QVERIFY(e.fits);
        QVERIFY(e.speed.decodePerSequence.expected < 10);
        panel.setResult(r, e);
        QCOMPARE(panel.readableRate(), 10.0);
        QVERIFY(panel.warningShown());
        QVERIFY(panel.warningText().contains(QLatin1String("readable")));
        QVERIFY(panel.summaryText().contains(QLatin1String("tokens/s per user")));
        // The chart's expected line is the speed series, point for point.
        const SpeedSeries &series = panel.chart()->series();
        QVERIFY(!series.points.empty());
        QCOMPARE(panel.chart()->expectedGraph()->dataCount(), int(series.points.size()));
    }

    void offloadAxisShowsTheCliff()
    {
        SpeedPanel panel;
        const ResolvedScenario r = resolved(0.5);
        panel.showOffloadAxis(true);
        panel.setResult(r, estimate(r));
        const SpeedSeries &series = panel.chart()->series();
        QVERIFY(series.points.size() > 10);
        // More layers on the GPU never make decode slower, and the last layers matter most.
        for (std::size_t i = 1; i < series.points.size(); ++i)
            QVERIFY(series.points[i].perSequence.bound >= series.points[i - 1].perSequence.bound * 0.999);
        QVERIFY(series.points.back().perSequence.bound > 3 * series.points[series.points.size() / 2].perSequence.bound);
    }

    // The legend sits inside the short strip: in the top corner over the lines' low end, so
    // the lines stay visible where they are high (falling against concurrency, rising against
    // the layers on the GPU).
    void legendStaysOffTheLines_data()
    {
        QTest::addColumn<bool>("falling");
        QTest::newRow("against concurrency (falling)") << true;
        QTest::newRow("against GPU layers (rising)") << false;
    }
    // Issue 34 item 11: the PDF draws the hidden chart at the page's width; its legend was laid
    // out in one row for another width and every entry was cut short ("Expected ra").
    void legendEntriesKeepTheirWidthAtThePdfsWidth()
    {
        SpeedSeries series;
        for (int i = 0; i <= 8; ++i) {
            SpeedPoint p;
            p.x = 10.0 * i;
            p.perSequence = {.bound = 3.0 + i, .expected = 2.0 + i, .low = 1.0 + i, .high = 2.5 + i};
            p.fits = i > 3;
            series.points.push_back(p);
        }
        series.layers = 80;
        SpeedChart chart; // never shown, as in the PDF
        QFont font = chart.font();
        font.setPointSizeF(9.5);
        chart.setFont(font);
        chart.setData(series, SpeedChart::Axis::GpuLayers);
        for (int width : {680, 420}) {
            chart.fitLegendToWidth(width);
            QCustomPlot *plot = chart.plot();
            plot->toPixmap(width, 235); // lays the plot out at that size, as toPainter does
            for (int i = 0; i < plot->legend->elementCount(); ++i) { // a short last row leaves empty cells
                auto *item = qobject_cast<QCPAbstractLegendItem *>(plot->legend->elementAt(i));
                if (!item)
                    continue;
                QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width(),
                         qPrintable(QStringLiteral("entry %1 is %2 px of %3 at %4 px")
                                        .arg(i)
                                        .arg(item->outerRect().width())
                                        .arg(item->minimumOuterSizeHint().width())
                                        .arg(width)));
            }
        }
    }

    void legendStaysOffTheLines()
    {
        QFETCH(bool, falling);
        SpeedSeries series;
        for (int i = 0; i <= 8; ++i) {
            SpeedPoint p;
            p.x = falling ? std::pow(2.0, i) : 10.0 * i;
            const double v = falling ? 200.0 / std::pow(2.0, i) : 1.0 + 20.0 * i;
            p.perSequence = {.bound = v * 1.5, .expected = v, .low = v * 0.7, .high = v * 1.3};
            p.fits = true;
            series.points.push_back(p);
        }
        series.current = series.points[2].x;
        series.layers = 80;
        SpeedChart chart;
        chart.resize(700, 230);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setData(series, falling ? SpeedChart::Axis::Concurrency : SpeedChart::Axis::GpuLayers);
        QCustomPlot *plot = chart.plot();
        plot->replot();
        const QRect legend = plot->legend->outerRect();
        QVERIFY(legend.isValid());
        for (const SpeedPoint &p : series.points)
            for (double y : {p.perSequence.expected, p.perSequence.bound}) {
                const QPoint at(int(plot->xAxis->coordToPixel(p.x)), int(plot->yAxis->coordToPixel(y)));
                QVERIFY2(!legend.contains(at),
                         qPrintable(QStringLiteral("point (%1, %2) under the legend").arg(p.x).arg(y)));
            }
    }

    void noWarningWhenFast()
    {
        SpeedPanel panel;
        Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, "rtx-4090");
        s.runtime.preset = "llama.cpp";
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        panel.setResult(r, estimate(r));
        QVERIFY(!panel.warningShown());
    }
};

QTEST_MAIN(TestSpeedPanel)
#include "tst_speedpanel.moc"
