// Layout that holds (issue 16 items 12-15): the window starts inside the screen,
// the classroom panel becomes a tab when three columns do not fit, the sweep chart
// keeps the capacity in view (curve cut off and marked, "nothing fits" said), the
// bar chart labels carry units and never sit under a limit line, every pool shows
// its total, and the banner keeps its height while a slider is dragged.

#include "mainwindow.h"

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "classroom/lessonwalkthrough.h"
#include "panels/whatifpanel.h"
#include "scenariocontroller.h"
#include "speed/speedchart.h"
#include "speed/speedpanel.h"
#include "widgets/logslider.h"
#include "widgets/verdictbanner.h"

#include "presetloader.h"

#include <QDockWidget>
#include <QFontMetrics>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>

#include <qcustomplot.h>

using namespace memplan;
using namespace memplan::ui;

namespace {
QList<QCPItemText *> texts(QCustomPlot *plot, const QString &name)
{
    QList<QCPItemText *> out;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto *t = qobject_cast<QCPItemText *>(plot->item(i)); t && t->objectName() == name)
            out << t;
    return out;
}

SweepSeries steepSweep(bool anyFits)
{
    SweepSeries s;
    s.poolName = "GPU 0 (GeForce RTX 4090)";
    s.capacity = 24 * GiB;
    s.usable = 23 * GiB;
    for (std::uint64_t x = 256, i = 0; x <= (1u << 20); x *= 4, ++i) {
        SweepPoint p;
        p.x = x;
        p.total = (anyFits && i == 0) ? 10 * GiB : Bytes(30 * GiB) << i; // up to 1.9 TiB at 1M tokens
        p.guests[0] = p.total;
        p.fits = p.total <= s.usable;
        s.points.push_back(p);
    }
    if (anyFits)
        s.maxFitting = 300;
    s.current = 8192;
    return s;
}
} // namespace

class TestLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_catalog = app::loadCatalog({}, false);
    }

    void startsInsideTheScreen()
    {
        MainWindow w(m_catalog, false);
        const QRect avail = w.screen()->availableGeometry();
        QVERIFY2(w.width() <= avail.width() && w.height() <= avail.height(), qPrintable(QStringLiteral("%1x%2 on %3x%4")
                                                                                            .arg(w.width())
                                                                                            .arg(w.height())
                                                                                            .arg(avail.width())
                                                                                            .arg(avail.height())));
        QVERIFY(w.minimumWidth() <= avail.width());
    }

    void narrowWindowTabsTheClassroom()
    {
        MainWindow w(m_catalog, false);
        w.resize(1024, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openLesson(w.walkthrough()->lessons().front().id));
        QTRY_VERIFY(w.docksTabbed());
        QVERIFY(w.tabifiedDockWidgets(w.scenarioDock()).contains(w.classroomDock()));
        // The charts keep at least their minimum width: nothing overlaps.
        QTRY_VERIFY(w.breakdownChart()->width() >= w.breakdownChart()->minimumWidth());
        w.resize(1600, 900);
        QTRY_VERIFY(!w.docksTabbed());
        QVERIFY(w.classroomDock()->isVisible());
        QCOMPARE(w.dockWidgetArea(w.classroomDock()), Qt::RightDockWidgetArea);
    }

    void threeColumnsAt1280x720()
    {
        MainWindow w(m_catalog, false);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openLesson(w.walkthrough()->lessons().front().id));
        QCoreApplication::processEvents();
        QVERIFY(!w.docksTabbed());
        QVERIFY(w.breakdownChart()->width() >= w.breakdownChart()->minimumWidth());
        QVERIFY(w.sweepChart()->width() >= w.sweepChart()->minimumWidth());
    }

    // Issue 34 item 11: at 1280x720 the what-if sliders sat below the fold of the scenario dock;
    // every one of them shows without scrolling now, for the 70B offload example (whose launch
    // command carries a note) as for the default scenario.
    void whatIfSlidersShowWithoutScrollingAt1280x720()
    {
        MainWindow w(m_catalog, false);
        QString error;
        QVERIFY2(w.loadScenarioFile(
                     QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/llama-70b-offload-4090.scenario.json"), &error),
                 qPrintable(error));
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCoreApplication::processEvents();
        auto *scroll = qobject_cast<QScrollArea *>(w.scenarioDock()->widget());
        QVERIFY(scroll);
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
        const QList<QSlider *> sliders = w.whatIfPanel()->findChildren<QSlider *>();
        QVERIFY(sliders.size() >= 3);
        for (QSlider *slider : sliders) {
            if (!slider->isVisible())
                continue;
            const QPoint bottom = slider->mapTo(scroll->viewport(), QPoint(0, slider->height()));
            QVERIFY2(bottom.y() <= scroll->viewport()->height(), qPrintable(QStringLiteral("%1 ends at %2 of %3 px")
                                                                                .arg(slider->objectName())
                                                                                .arg(bottom.y())
                                                                                .arg(scroll->viewport()->height())));
        }
    }

    // At 1280x720 with the classroom open the speed strip left the bar chart ~90 px and its
    // legend's rows were cut off under the strip; in a short window the strip is a tab beside
    // the table, and every legend row and x tick label fits inside its chart.
    void shortWindowTabsTheSpeedStrip()
    {
        MainWindow w(m_catalog, false);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openLesson(w.walkthrough()->lessons().front().id));
        QTRY_VERIFY(w.speedTabbed());
        QCoreApplication::processEvents();
        for (QCustomPlot *plot : {w.breakdownChart()->plot(), w.sweepChart()->plot()}) {
            plot->replot();
            QVERIFY2(plot->legend->outerRect().bottom() <= plot->height(),
                     qPrintable(QStringLiteral("legend ends at %1 of %2")
                                    .arg(plot->legend->outerRect().bottom())
                                    .arg(plot->height())));
            QVERIFY(plot->axisRect()->height() >= 80);
        }
        // Tick labels on the sweep's x axis do not run into each other.
        QCustomPlot *sweep = w.sweepChart()->plot();
        const int ticks = int(sweep->xAxis->tickVector().size());
        const QFontMetrics fm(sweep->xAxis->tickLabelFont());
        QVERIFY2(ticks * (fm.horizontalAdvance(QStringLiteral("128K")) + 4) <= sweep->axisRect()->width(),
                 qPrintable(QStringLiteral("%1 ticks on %2 px").arg(ticks).arg(sweep->axisRect()->width())));
        w.resize(1600, 1000);
        QTRY_VERIFY(!w.speedTabbed());
        QVERIFY(w.speedPanel()->isVisible());
        QCOMPARE(w.speedPanel()->parentWidget()->objectName(), QStringLiteral("CentralSplitter"));
    }

    // Under the 70B offload example's four-line banner the speed strip is short: its legend
    // (a row above the plot, as many entries to a row as fit) and its axis titles must still
    // fit inside the chart, as the other charts' do.
    void chartsKeepTheirAxesUnderATallBanner()
    {
        MainWindow w(m_catalog, false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QString error;
        QVERIFY2(w.loadScenarioFile(
                     QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/llama-70b-offload-4090.scenario.json"), &error),
                 qPrintable(error));
        QTest::qWait(600); // the banner's settle and the charts' queued replots
        QVERIFY(w.speedPanel()->isVisible());
        QCustomPlot *speed = w.speedPanel()->findChild<SpeedChart *>()->plot();
        QCOMPARE(speed->plotLayout()->element(0, 0), speed->legend); // above the plot
        QCOMPARE(speed->legend->rowCount(), 1);                      // its four entries in one row
        for (QCustomPlot *plot : {w.breakdownChart()->plot(), w.sweepChart()->plot(), speed}) {
            plot->replot();
            const QRect outer = plot->axisRect()->outerRect();
            QVERIFY2(outer.bottom() <= plot->height() && outer.top() >= 0,
                     qPrintable(QStringLiteral("%1: axes from %2 to %3 in %4 px")
                                    .arg(plot->parent()->metaObject()->className())
                                    .arg(outer.top())
                                    .arg(outer.bottom())
                                    .arg(plot->height())));
            QVERIFY(plot->axisRect()->height() >= 60);
        }
        QVERIFY(!speed->xAxis->label().isEmpty());
    }

    void sweepKeepsCapacityInView()
    {
        SweepChart chart;
        chart.resize(500, 350);
        chart.setData(steepSweep(true));
        QVERIFY(chart.offScale());
        QVERIFY(!chart.nothingFits());
        const double upper = chart.plot()->yAxis->range().upper;
        // Capacity 24 GiB: the axis ends at the round value above 1.5 × that (36 GiB -> 50), not at
        // the curve's 1.9 TiB, so the capacity line sits about half-way up.
        QVERIFY2(upper <= 3.2 * 24 && upper >= 24.0, qPrintable(QString::number(upper)));
        QCOMPARE(texts(chart.plot(), QStringLiteral("offScaleMarker")).size(), 1);
        QCOMPARE(texts(chart.plot(), QStringLiteral("nothingFitsMarker")).size(), 0);
    }

    void sweepSaysNothingFits()
    {
        SweepChart chart;
        chart.setData(steepSweep(false));
        QVERIFY(chart.nothingFits());
        const auto notes = texts(chart.plot(), QStringLiteral("nothingFitsMarker"));
        QCOMPARE(notes.size(), 1);
        QVERIFY(notes.front()->text().simplified().contains(QStringLiteral("Nothing fits at any context")));
    }

    // Issue 34 item 11: the comparison PDF puts seven machines side by side, and their one-line
    // "23.9 of 24.0 GiB" labels ran into each other; no two total labels overlap now.
    void manyBarsKeepTheirLabelsApart()
    {
        BarSeries series;
        for (int i = 0; i < 7; ++i) {
            Bar b;
            b.poolName = "Machine " + std::to_string(i + 1);
            b.capacity = Bytes(24 + (i % 2)) * GiB; // tops level with each other, as on the PDF
            b.usable = b.capacity - GiB / 2;
            b.total = b.usable - GiB;
            b.guests[0] = b.total;
            series.bars.push_back(b);
        }
        series.axisMax = 100 * GiB;
        BreakdownChart chart; // never shown, drawn at the PDF's width
        QFont font = chart.font();
        font.setPointSizeF(9.5);
        chart.setFont(font);
        chart.setData(series, Estimate{});
        QCustomPlot *plot = chart.plot();
        plot->setViewport(QRect(0, 0, 680, 235)); // the size toPainter gives it in the PDF
        plot->replot();
        const QList<QCPItemText *> labels = texts(plot, QStringLiteral("totalLabel"));
        QCOMPARE(labels.size(), 7);
        for (int i = 0; i + 1 < labels.size(); ++i) {
            const QRectF a(labels[i]->topLeft->pixelPosition(), labels[i]->bottomRight->pixelPosition());
            const QRectF b(labels[i + 1]->topLeft->pixelPosition(), labels[i + 1]->bottomRight->pixelPosition());
            QVERIFY2(!a.intersects(b), qPrintable(QStringLiteral("labels %1 and %2 overlap: %3 and %4")
                                                      .arg(i)
                                                      .arg(i + 1)
                                                      .arg(labels[i]->text(), labels[i + 1]->text())));
        }
    }

    void barLabelsHaveUnitsAndTotals()
    {
        MainWindow w(m_catalog, false);
        QString error;
        QVERIFY2(w.loadScenarioFile(
                     QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/llama-70b-offload-4090.scenario.json"), &error),
                 qPrintable(error));
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCustomPlot *plot = w.breakdownChart()->plot();
        plot->replot();
        const int pools = int(w.estimate().pools.size());
        QVERIFY(pools >= 2); // GPU and host RAM
        QCOMPARE(texts(plot, QStringLiteral("totalLabel")).size() + texts(plot, QStringLiteral("overflowLabel")).size(),
                 pools);
        for (QCPItemText *t : texts(plot, QStringLiteral("totalLabel")))
            QVERIFY2(t->text().contains(QStringLiteral(" of ")) && t->text().contains(QStringLiteral("GiB")),
                     qPrintable(t->text()));
        for (QCPItemText *t : texts(plot, QStringLiteral("segmentLabel")))
            QVERIFY2(t->text().endsWith(QStringLiteral("GiB")), qPrintable(t->text()));
        // No visible segment label under a capacity or usable line of its own bar.
        for (QCPItemText *t : texts(plot, QStringLiteral("segmentLabel"))) {
            if (!t->visible())
                continue;
            const QRectF box(t->position->pixelPosition() - QPointF(20, QFontMetricsF(t->font()).height() / 2),
                             QSizeF(40, QFontMetricsF(t->font()).height()));
            for (int i = 0; i < plot->itemCount(); ++i) {
                auto *line = qobject_cast<QCPItemLine *>(plot->item(i));
                if (!line || line->property("bar") != t->property("bar"))
                    continue;
                const double y = line->start->pixelPosition().y();
                QVERIFY2(y < box.top() || y > box.bottom(), qPrintable(t->text()));
            }
        }
    }

    void bannerHoldsHeightDuringDrag()
    {
        MainWindow w(m_catalog, false);
        QString error;
        QVERIFY(w.loadScenarioFile(
            QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/llama-70b-offload-4090.scenario.json"), &error));
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSlider *slider = w.whatIfPanel()->contextSlider()->slider();
        QVector<int> heights, chartTops;
        slider->setSliderDown(true);
        for (int pos = slider->minimum(); pos <= slider->maximum(); ++pos) {
            slider->setValue(pos);
            QCoreApplication::processEvents();
            heights << w.verdictBanner()->height();
            chartTops << w.breakdownChart()->mapTo(&w, QPoint(0, 0)).y();
        }
        for (int pos = slider->maximum(); pos >= slider->minimum(); --pos) {
            slider->setValue(pos);
            QCoreApplication::processEvents();
            heights << w.verdictBanner()->height();
            chartTops << w.breakdownChart()->mapTo(&w, QPoint(0, 0)).y();
        }
        slider->setSliderDown(false);
        // Never shrinks during the gesture (it may grow once to hold a longer verdict).
        for (int i = 1; i < heights.size(); ++i)
            QVERIFY2(heights[i] >= heights[i - 1],
                     qPrintable(QStringLiteral("step %1: %2 -> %3").arg(i).arg(heights[i - 1]).arg(heights[i])));
        int moves = 0;
        for (int i = 1; i < chartTops.size(); ++i)
            moves += chartTops[i] != chartTops[i - 1];
        QVERIFY2(moves <= 2, qPrintable(QString::number(moves)));
    }

    // During a burst of updates the banner's suggestion lines are laid out once when it pauses
    // (they cost more than the rest of a slider step); details() always has the latest, the
    // verdict line follows every step, and the shown lines catch up within the settle time.
    void bannerLinesCatchUpAfterABurst()
    {
        MainWindow w(m_catalog, false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QLabel *lines = nullptr;
        for (QLabel *l : w.verdictBanner()->findChildren<QLabel *>())
            if (l->textFormat() == Qt::RichText)
                lines = l;
        QVERIFY(lines);
        QSlider *slider = w.whatIfPanel()->contextSlider()->slider();
        const QString before = w.verdictBanner()->details();
        slider->setValue(slider->value() - 3);
        slider->setValue(slider->value() - 3); // the second update comes within the settle time
        const QString latest = w.verdictBanner()->details();
        QVERIFY(latest != before); // "Up to N concurrent sequences at this context" moved
        QVERIFY(w.verdictBanner()->headline().startsWith(QStringLiteral("Fits")));
        QTRY_COMPARE_WITH_TIMEOUT(lines->text(), latest, 2000);
    }

private:
    PresetCatalog m_catalog;
};

QTEST_MAIN(TestLayout)
#include "tst_layout.moc"
