// The chart widgets apply the series exactly: one stacked bar per pool in guest
// order, the overflow only where a pool is over its limit, labels and tooltips
// from the estimate, the sweep's stacked areas and markers.

#include "charts/breakdownchart.h"
#include "charts/palette.h"
#include "charts/sweepchart.h"

#include "estimator.h"
#include "questions/chartseries.h"
#include "scenario/catalog.h"
#include "scenario/resolve.h"
#include "scenario/scenario.h"
#include "units.h"

#include <QSignalSpy>
#include <QTest>

#include <qcustomplot.h>

#include "reporttestsupport.h"

using namespace memplan;
using namespace memplan::ui;

Q_DECLARE_METATYPE(memplan::Scenario)

namespace {

using test::catalog;

using test::overCapacityOffload;

Scenario twoGpus()
{
    Scenario s = defaultScenario();
    s.model.preset = "qwen2.5-32b";
    s.weights.format = "q8_0";
    s.hardware.count = 2;
    return s;
}

QList<QCPItemText *> labels(QCustomPlot *plot, const QString &name)
{
    QList<QCPItemText *> out;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto *t = qobject_cast<QCPItemText *>(plot->item(i)); t && t->objectName() == name)
            out << t;
    return out;
}

} // namespace

class TestCharts : public QObject {
    Q_OBJECT
private slots:
    void palette();
    void barsFollowSeries_data();
    void barsFollowSeries();
    void labelsShowWhereTheyFit();
    void unitSwitch();
    void tooltipExplains();
    void clickActivatesSegment();
    void presentationMode();
    void sweepFollowsSeries_data();
    void sweepFollowsSeries();
    void compactCounts();
};

void TestCharts::palette()
{
    QSet<QRgb> colours;
    for (Guest g : kAllGuests) {
        colours.insert(guestColor(g).rgb());
        QVERIFY(!guestName(g).isEmpty());
        QVERIFY(guestColorHighContrast(g) != guestColor(g));
    }
    QCOMPARE(colours.size(), int(kGuestCount));
    QVERIFY(!colours.contains(overflowColor().rgb()));
}

void TestCharts::barsFollowSeries_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<int>("overflowing");
    QTest::newRow("llama-3.1-8b q4_k_m 8k rtx4090") << defaultScenario() << 0;
    QTest::newRow("llama-3.1-70b f16 half offloaded rtx4090") << overCapacityOffload() << 2; // GPU and host RAM
    QTest::newRow("qwen2.5-32b q8_0 x2 rtx4090") << twoGpus() << -1;
}

void TestCharts::barsFollowSeries()
{
    QFETCH(Scenario, scenario);
    QFETCH(int, overflowing);
    const Estimate e = estimate(scenario, catalog());
    const BarSeries series = buildBarSeries(e);
    BreakdownChart chart;
    chart.setData(series, e);

    int expectedOverflow = 0;
    for (const Bar &b : series.bars)
        expectedOverflow += b.overflow > 0 ? 1 : 0;
    if (overflowing >= 0)
        QCOMPARE(expectedOverflow, overflowing);

    const QCPBars *below = nullptr;
    for (Guest g : kAllGuests) {
        QCPBars *bars = chart.guestBars(g);
        QCOMPARE(bars->name(), guestName(g));
        QCOMPARE(bars->barBelow(), below);
        QCOMPARE(bars->data()->size(), int(series.bars.size()));
        for (int i = 0; i < int(series.bars.size()); ++i) {
            QCOMPARE(bars->data()->at(i)->key, double(i));
            QCOMPARE(bars->data()->at(i)->value, toGiB(series.bars[std::size_t(i)].guests[guestIndex(g)]));
        }
        below = bars;
    }
    QCOMPARE(chart.overflowBars()->data()->size(), expectedOverflow);
    QCOMPARE(chart.plot()->legend->hasItemWithPlottable(chart.overflowBars()), expectedOverflow > 0);
    QCOMPARE(chart.overflowBars()->brush().style(), Qt::BDiagPattern);
    QCOMPARE(labels(chart.plot(), QStringLiteral("overflowLabel")).size(), expectedOverflow);

    auto ticker = chart.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().size(), int(series.bars.size()));
    // 15 % above the series' maximum: room for each pool's total label above its bar.
    QCOMPARE(chart.plot()->yAxis->range().upper, toGiB(series.axisMax) * 1.15);

    // Every non-empty segment has a label (shown where it fits), in the chart's unit.
    const auto segmentLabels = labels(chart.plot(), QStringLiteral("segmentLabel"));
    int nonEmpty = 0;
    for (const Bar &b : series.bars)
        for (Bytes g : b.guests)
            nonEmpty += g > 0 ? 1 : 0;
    QCOMPARE(segmentLabels.size(), nonEmpty);
    const double weights = toGiB(series.bars.front().guests[0]);
    // The value carries its unit (issue 16 item 14: values had none).
    QCOMPARE(segmentLabels.front()->text(),
             QString::number(weights, 'f', weights < 10 ? 2 : 1) + QStringLiteral(" GiB"));

    // One capacity marker per bar, plus a usable marker where the limit differs.
    int lines = 0, expectedLines = 0;
    for (const Bar &b : series.bars)
        expectedLines += (b.capacity > 0) + (b.usable > 0 && b.usable != b.capacity);
    for (int i = 0; i < chart.plot()->itemCount(); ++i)
        lines += qobject_cast<QCPItemLine *>(chart.plot()->item(i)) ? 1 : 0;
    QCOMPARE(lines, expectedLines);
}

void TestCharts::labelsShowWhereTheyFit()
{
    const Estimate e = estimate(twoGpus(), catalog());
    BreakdownChart chart;
    chart.setData(buildBarSeries(e), e);
    auto weightsLabel = [&] { return labels(chart.plot(), QStringLiteral("segmentLabel")).front(); };
    chart.plot()->toPixmap(600, 900);
    QVERIFY(weightsLabel()->visible());
    chart.plot()->toPixmap(600, 60);
    QVERIFY(!weightsLabel()->visible());
}

void TestCharts::unitSwitch()
{
    const Estimate e = estimate(defaultScenario(), catalog());
    const BarSeries series = buildBarSeries(e);
    BreakdownChart chart;
    chart.setData(series, e);
    chart.setUnitSystem(UnitSystem::Decimal);
    QCOMPARE(chart.guestBars(Guest::Weights)->data()->at(0)->value, toGB(series.bars[0].guests[0]));
    QVERIFY(chart.plot()->yAxis->label().contains(QLatin1String("GB")));
    QVERIFY(!chart.plot()->yAxis->label().contains(QLatin1String("GiB")));
}

void TestCharts::tooltipExplains()
{
    const Estimate e = estimate(defaultScenario(), catalog());
    BreakdownChart chart;
    chart.setData(buildBarSeries(e), e);
    const QString tip = chart.segmentToolTip(0, Guest::KvCache);
    QVERIFY(tip.contains(guestName(Guest::KvCache)));
    QVERIFY(tip.contains(QLatin1String("GiB")));
    QVERIFY(tip.contains(QLatin1String("GB")));
    bool formulaShown = false;
    for (const Item &item : e.items)
        if (item.pool == 0 && item.guest == Guest::KvCache)
            formulaShown =
                formulaShown ||
                tip.contains(QString::fromUtf8(item.formula.data(), qsizetype(item.formula.size())).toHtmlEscaped());
    QVERIFY(formulaShown);
    QVERIFY(chart.segmentToolTip(99, Guest::Weights).isEmpty());
}

void TestCharts::clickActivatesSegment()
{
    const Estimate e = estimate(defaultScenario(), catalog());
    const BarSeries series = buildBarSeries(e);
    BreakdownChart chart;
    chart.resize(600, 400);
    chart.setData(series, e);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QSignalSpy spy(&chart, &BreakdownChart::segmentActivated);
    const QPoint at(int(chart.plot()->xAxis->coordToPixel(0)),
                    int(chart.plot()->yAxis->coordToPixel(toGiB(series.bars[0].guests[0]) / 2)));
    QTest::mouseClick(chart.plot(), Qt::LeftButton, {}, at);
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 0);
    QCOMPARE(spy.at(0).at(1).value<Guest>(), Guest::Weights);
}

void TestCharts::presentationMode()
{
    const Estimate e = estimate(defaultScenario(), catalog());
    BreakdownChart chart;
    chart.setData(buildBarSeries(e), e);
    const int normalSize = chart.plot()->xAxis->tickLabelFont().pointSize();
    chart.setPresentationMode(true);
    QVERIFY(chart.plot()->xAxis->tickLabelFont().pointSize() > normalSize);
    QCOMPARE(chart.guestBars(Guest::Weights)->brush().color(), guestColorHighContrast(Guest::Weights));

    SweepChart sweep;
    sweep.setData(buildSweep(resolveScenario(defaultScenario(), catalog()), SweepAxis::Context));
    const double pen = sweep.capacityGraph()->pen().widthF();
    sweep.setPresentationMode(true);
    QVERIFY(sweep.capacityGraph()->pen().widthF() > pen);
}

void TestCharts::sweepFollowsSeries_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<int>("axis");
    QTest::newRow("llama-3.1-8b context") << defaultScenario() << int(SweepAxis::Context);
    QTest::newRow("llama-3.1-8b concurrency") << defaultScenario() << int(SweepAxis::Concurrency);
    QTest::newRow("llama-3.1-70b f16 offload context") << overCapacityOffload() << int(SweepAxis::Context);
}

void TestCharts::sweepFollowsSeries()
{
    QFETCH(Scenario, scenario);
    QFETCH(int, axis);
    const SweepSeries series = buildSweep(resolveScenario(scenario, catalog()), SweepAxis(axis));
    SweepChart chart;
    chart.setData(series);

    QCOMPARE(chart.plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    const QCPGraph *below = nullptr;
    for (Guest g : kAllGuests) {
        QCPGraph *graph = chart.guestGraph(g);
        QCOMPARE(graph->channelFillGraph(), below);
        QCOMPARE(graph->data()->size(), int(series.points.size()));
        below = graph;
    }
    // The top area ends at each point's total.
    for (int i = 0; i < int(series.points.size()); ++i) {
        QCOMPARE(chart.guestGraph(Guest::System)->data()->at(i)->key, double(series.points[std::size_t(i)].x));
        QCOMPARE(chart.guestGraph(Guest::System)->data()->at(i)->value, toGiB(series.points[std::size_t(i)].total));
    }
    QCOMPARE(chart.capacityGraph()->data()->at(0)->value, toGiB(series.capacity));
    QCOMPARE(labels(chart.plot(), QStringLiteral("maxFittingMarker")).size(), series.maxFitting ? 1 : 0);
    QCOMPARE(labels(chart.plot(), QStringLiteral("currentMarker")).size(), series.current > 0 ? 1 : 0);
}

void TestCharts::compactCounts()
{
    QCOMPARE(compactCount(256), QStringLiteral("256"));
    QCOMPARE(compactCount(4096), QStringLiteral("4K"));
    QCOMPARE(compactCount(131072), QStringLiteral("128K"));
    QCOMPARE(compactCount(1 << 20), QStringLiteral("1M"));
    QCOMPARE(compactCount(1000), QStringLiteral("1000"));
}

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
