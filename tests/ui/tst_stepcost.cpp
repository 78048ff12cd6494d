// What a slider step may cost (issue 16, p95 under 4 ms): during a drag the window is not
// laid out again, the charts redraw their data layer and not their axes and legends, the
// table repaints the cells whose text changed, and the sweep chart moves only its marker.
// Each shortcut must keep what the user sees right: a longer text gets its room at once,
// and a held speed axis is fitted to the curves again once the drag pauses.

#include "mainwindow.h"

#include "charts/breakdownchart.h"
#include "charts/layeredplot.h"
#include "charts/sweepchart.h"
#include "models/breakdowntablemodel.h"
#include "panels/runtimepicker.h"
#include "panels/whatifpanel.h"
#include "speed/speedchart.h"
#include "speed/speedpanel.h"
#include "speed/speedseries.h"
#include "widgets/logslider.h"
#include "widgets/steadytext.h"
#include "widgets/verdictbanner.h"

#include "presetloader.h"
#include "scenariocontroller.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QScreen>
#include <QSignalSpy>
#include <QSlider>
#include <QTabWidget>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QToolTip>
#include <QUndoStack>
#include <QVBoxLayout>

#include <qcustomplot.h>

using namespace memplan;
using namespace memplan::ui;

namespace {
/// Counts one event type arriving at one object.
class EventCounter : public QObject {
public:
    EventCounter(QObject *target, QEvent::Type type) : m_type(type) { target->installEventFilter(this); }
    int count = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == m_type)
            ++count;
        return false;
    }

private:
    QEvent::Type m_type;
};

/// Speed falling as 1/x from a ceiling of `ceiling` tokens/s at one sequence; the
/// expected band stays where it is.
SpeedSeries speedSeries(double ceiling)
{
    SpeedSeries s;
    for (double x : {1.0, 2.0, 4.0, 8.0, 16.0}) {
        SpeedPoint p;
        p.x = x;
        p.perSequence.bound = ceiling / x;
        p.perSequence.expected = 60 / x;
        p.perSequence.low = 40 / x;
        p.perSequence.high = 80 / x;
        s.points.push_back(p);
    }
    s.current = 1;
    return s;
}
} // namespace

class TestStepCost : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<MainWindow> m_window;
    QSlider *m_slider = nullptr;
    int m_a = 0, m_b = 0;
    bool m_flip = false;

    void step()
    {
        m_flip = !m_flip;
        m_slider->setValue(m_flip ? m_b : m_a);
        QCoreApplication::processEvents();
    }

private slots:
    void init()
    {
        m_window = std::make_unique<MainWindow>(app::loadCatalog({}, false), false);
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QCoreApplication::processEvents();
        m_slider = m_window->whatIfPanel()->contextSlider()->slider();
        m_a = m_slider->value();
        m_b = m_a > m_slider->minimum() ? m_a - 1 : m_a + 1;
        // The first steps of a drag settle the layout once (labels take their held boxes, the
        // banner its held height, the speed axis its range).
        for (int i = 0; i < 4; ++i)
            step();
    }
    void cleanup() { m_window.reset(); }

    void dragDoesNotRelayoutTheWindow()
    {
        // The verdict headline and the speed summary change on every step; before they kept
        // their boxes, each step asked the main window for a new layout.
        EventCounter layouts(m_window.get(), QEvent::LayoutRequest);
        const QString headline = m_window->verdictBanner()->headline();
        for (int i = 0; i < 11; ++i)
            step();
        QCOMPARE(layouts.count, 0);
        QVERIFY(m_window->verdictBanner()->headline() != headline); // it did follow the slider
    }

    // The What-if panel mirrors the scenario after each step: it used to refill the GQA box
    // and set the context range again, and each of those asked the panel for a new layout.
    void dragDoesNotRelayoutTheWhatIfPanel()
    {
        EventCounter layouts(m_window->whatIfPanel(), QEvent::LayoutRequest);
        for (int i = 0; i < 11; ++i)
            step();
        QCOMPARE(layouts.count, 0);
    }

    // A drag that comes back to where it started leaves nothing to undo, so the Undo
    // button's step changes on every other step: naming it on hover instead of setting the
    // action's tooltip keeps the toolbar (and with it the window) from being laid out again.
    void undoButtonNamesItsStepWithoutRelayout()
    {
        QString error;
        QVERIFY(m_window->loadScenarioFile(
            QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/llama-70b-offload-4090.scenario.json"), &error));
        QCoreApplication::processEvents();
        auto *bar = m_window->findChild<QToolBar *>(QStringLiteral("MainToolBar"));
        QVERIFY(bar);
        // Opening a file starts a fresh undo history (issue 34): one edit first, so Undo stays
        // available and only the name of its step changes during the drag below.
        m_slider->setValue(m_slider->value() + 2);
        QCoreApplication::processEvents();
        EventCounter barLayouts(bar, QEvent::LayoutRequest), windowLayouts(m_window.get(), QEvent::LayoutRequest);
        QTest::qWait(500);       // the load's own layout settles first
        m_a = m_slider->value(); // the drag goes back and forth from the loaded context
        m_b = m_a - 1;
        m_flip = false;
        for (int i = 0; i < 4; ++i)
            step(); // as in init(): the first steps of a drag take the held boxes
        barLayouts.count = windowLayouts.count = 0;
        for (int i = 0; i < 11; ++i)
            step();
        QCOMPARE(barLayouts.count, 0);
        QCOMPARE(windowLayouts.count, 0);

        QToolButton *undo = nullptr;
        for (QToolButton *b : bar->findChildren<QToolButton *>())
            if (b->text() == QLatin1String("Undo"))
                undo = b;
        QVERIFY(undo);
        const QString expected = m_window->controller()->undoStack()->undoText();
        QVERIFY(!expected.isEmpty());
        QHelpEvent hover(QEvent::ToolTip, QPoint(2, 2), undo->mapToGlobal(QPoint(2, 2)));
        QCoreApplication::sendEvent(undo, &hover);
        QTRY_COMPARE(QToolTip::text(), expected);
        QToolTip::hideText();
    }

    void dragRedrawsDataLayersOnly()
    {
        QCustomPlot *bars = m_window->breakdownChart()->plot();
        QCustomPlot *sweep = m_window->sweepChart()->plot();
        QCustomPlot *speed = m_window->speedPanel()->findChild<SpeedChart *>()->plot();
        QSignalSpy barsFull(bars, &QCustomPlot::beforeReplot), sweepFull(sweep, &QCustomPlot::beforeReplot),
            speedFull(speed, &QCustomPlot::beforeReplot);
        const auto segmentTexts = [bars] {
            QStringList out;
            for (int i = 0; i < bars->itemCount(); ++i)
                if (auto *t = qobject_cast<QCPItemText *>(bars->item(i)); t && t->objectName() == "segmentLabel")
                    out << t->text();
            return out;
        };
        const QStringList before = segmentTexts();
        for (int i = 0; i < 11; ++i)
            step();
        QCOMPARE(barsFull.count(), 0);
        QCOMPARE(sweepFull.count(), 0);
        QCOMPARE(speedFull.count(), 0);
        QVERIFY(segmentTexts() != before); // the KV cache segment's label did follow the slider
    }

    void sweepMarkerFollowsTheSlider()
    {
        SweepChart *chart = m_window->sweepChart();
        QCPItemText *marker = nullptr;
        for (int i = 0; i < chart->plot()->itemCount(); ++i)
            if (chart->plot()->item(i)->objectName() == QLatin1String("currentMarker"))
                marker = qobject_cast<QCPItemText *>(chart->plot()->item(i));
        QVERIFY(marker);
        for (int i = 0; i < 3; ++i) {
            step();
            const std::uint64_t current = chart->series().current;
            QCOMPARE(marker->position->key(), double(current));
            QVERIFY2(marker->text().contains(QString::fromStdString(formatCount(current))), qPrintable(marker->text()));
        }
    }

    void tableRepaintsChangedCellsOnly()
    {
        QSignalSpy changed(m_window->breakdownModel(), &QAbstractItemModel::dataChanged);
        step();
        QVERIFY(!changed.isEmpty());
        int drawn = 0;
        for (const QList<QVariant> &args : changed) {
            const auto from = args[0].value<QModelIndex>(), to = args[1].value<QModelIndex>();
            const auto roles = args[2].value<QList<int>>();
            if (from == to) {
                ++drawn; // one cell whose text changed
                continue;
            }
            // A range only for what no view paints, which the breakdown view skips.
            QCOMPARE(roles, BreakdownTableModel::kUndrawnRoles);
        }
        QVERIFY(drawn > 0); // the KV cache row's figures did change
    }

    void heldLabelGivesLongerTextItsRoom()
    {
        QWidget host;
        auto *layout = new QVBoxLayout(&host);
        auto *label = new QLabel(QStringLiteral("short"));
        label->setWordWrap(true);
        layout->addWidget(label);
        layout->addStretch();
        host.resize(200, 400);
        host.show();
        QVERIFY(QTest::qWaitForWindowExposed(&host));
        SteadyText steady(label, 400);
        steady.setText(QStringLiteral("shorter"));
        QVERIFY(steady.holding());
        const int oneLine = label->height();
        steady.setText(QStringLiteral("a much longer text that cannot fit on one line of a two hundred pixel wide "
                                      "window and needs several"));
        QVERIFY(!steady.holding()); // released at once: never clipped
        QTRY_VERIFY(label->height() > oneLine);
        // Held again, a text that differs only in its digits (a slider's numbers) keeps the
        // box without being measured again, and it does fit it.
        steady.setText(QStringLiteral("12.5 GiB free, 1,024 tokens"));
        QVERIFY(steady.holding());
        steady.setText(QStringLiteral("98.0 GiB free, 7,305 tokens"));
        QVERIFY(steady.holding());
        QVERIFY(label->heightForWidth(label->width()) <= label->height());
        steady.setText(QStringLiteral("a much longer text that cannot fit on one line of a two hundred pixel wide "
                                      "window and needs several, longer than the one before it"));
        QVERIFY(!steady.holding());
        QTRY_VERIFY(label->height() >= label->heightForWidth(label->width()));
    }

    void heldSpeedAxisIsFittedAgainAfterThePause()
    {
        SpeedChart chart;
        chart.resize(500, 250);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setData(speedSeries(100), SpeedChart::Axis::Concurrency);
        // Fitted: 0.7 × the lowest low (40/16) to 1.4 × the highest ceiling (100).
        QCOMPARE(chart.plot()->yAxis->range().lower, 0.7 * 40 / 16);
        QCOMPARE(chart.plot()->yAxis->range().upper, 1.4 * 100);
        // A quick second update whose curves fit in the shown range keeps it...
        chart.setData(speedSeries(90), SpeedChart::Axis::Concurrency);
        QCOMPARE(chart.plot()->yAxis->range().upper, 1.4 * 100);
        // ...and once the updates pause, the axis fits the new curves as a fresh chart would.
        QTRY_COMPARE_WITH_TIMEOUT(chart.plot()->yAxis->range().upper, 1.4 * 90, 2000);
        QCOMPARE(chart.plot()->yAxis->range().lower, 0.7 * 40 / 16);
        // A quick update that does not fit widens the axis at once (never a curve off the chart).
        chart.setData(speedSeries(100), SpeedChart::Axis::Concurrency);
        chart.setData(speedSeries(300), SpeedChart::Axis::Concurrency);
        QVERIFY(chart.plot()->yAxis->range().upper >= 1.4 * 300);
    }

    // During a drag the speed chart strokes its lines without antialiasing (a 2 px smooth
    // polyline was the most expensive thing a step drew); the first update of a gesture and
    // the chart after the pause are drawn smooth, as a fresh chart would be.
    void speedLinesSmoothAgainAfterThePause()
    {
        SpeedChart chart;
        chart.resize(500, 250);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QTest::qWait(500); // no burst left from the first layout
        chart.setData(speedSeries(100), SpeedChart::Axis::Concurrency);
        QVERIFY(chart.expectedGraph()->antialiased());
        chart.setData(speedSeries(90), SpeedChart::Axis::Concurrency);
        QVERIFY(!chart.expectedGraph()->antialiased());       // mid-gesture
        QCOMPARE(chart.expectedGraph()->pen().widthF(), 2.0); // same weight, only the edges differ
        QTRY_VERIFY_WITH_TIMEOUT(chart.expectedGraph()->antialiased(), 2000);
        const QImage settled = chart.grab().toImage();
        SpeedChart fresh;
        fresh.resize(500, 250);
        fresh.show();
        QVERIFY(QTest::qWaitForWindowExposed(&fresh));
        fresh.setData(speedSeries(90), SpeedChart::Axis::Concurrency);
        QCoreApplication::processEvents();
        QCOMPARE(settled, fresh.grab().toImage());
    }

    // In a short window the speed strip is a tab; while another tab is in front, the speed
    // series (one estimate per point) waits, and showing the tab draws what a fresh
    // computation for the latest scenario gives.
    void hiddenSpeedTabWaitsForItsSeries()
    {
        m_window->resize(1400, 700);
        QCoreApplication::processEvents();
        SpeedPanel *speed = m_window->speedPanel();
        auto *tabs = qobject_cast<QTabWidget *>(speed->parentWidget()->parentWidget());
        QVERIFY(tabs); // the panel sits in the lower tab widget's stack
        QVERIFY(tabs->currentWidget() != speed);
        QVERIFY(!speed->isVisible());
        const auto expectedOf = [](const SpeedSeries &series) {
            QList<double> out;
            for (const SpeedPoint &p : series.points)
                out << p.perSequence.expected << double(p.fits);
            return out;
        };
        const QList<double> before = expectedOf(speed->chart()->series());
        for (int i = 0; i < 3; ++i)
            step(); // three steps: the context ends where it was not before
        const QList<double> fresh = expectedOf(concurrencySeries(*m_window->controller()->resolved(), 256));
        QVERIFY(fresh != before);                               // the context moved the curve
        QCOMPARE(expectedOf(speed->chart()->series()), before); // not worked out while hidden
        tabs->setCurrentWidget(speed);
        QVERIFY(speed->isVisible());
        QCOMPARE(expectedOf(speed->chart()->series()), fresh);
    }

    // Mid-drag the banner puts its suggestions off (core advise() is the most expensive engine
    // call of a step); once the drag pauses, its lines are those of a banner given only the
    // final result, and the links apply the suggestions listed.
    void suggestionsAfterADragEqualAFreshBanner()
    {
        VerdictBanner *banner = m_window->verdictBanner();
        QLabel *lines = nullptr;
        for (QLabel *l : banner->findChildren<QLabel *>())
            if (l->textFormat() == Qt::RichText)
                lines = l;
        QVERIFY(lines);
        for (int i = 0; i < 5; ++i)
            step();
        QVERIFY(banner->suggestionsPending());
        QTRY_VERIFY_WITH_TIMEOUT(!banner->suggestionsPending(), 2000);
        QTRY_VERIFY_WITH_TIMEOUT(!lines->text().isEmpty(), 2000);

        VerdictBanner fresh;
        fresh.setResult(m_window->scenario(), m_window->controller()->resolved(), m_window->estimate(), QString(),
                        m_window->controller()->catalog());
        QCOMPARE(lines->text(), fresh.details());
        QCOMPARE(banner->details(), fresh.details());
        QCOMPARE(banner->suggestions().size(), fresh.suggestions().size());
        for (qsizetype i = 0; i < fresh.suggestions().size(); ++i) {
            QCOMPARE(banner->suggestions()[i].id, fresh.suggestions()[i].id);
            QCOMPARE(banner->suggestions()[i].value, fresh.suggestions()[i].value);
            QCOMPARE(banner->suggestions()[i].text, fresh.suggestions()[i].text);
        }
        // Asked mid-drag, the banner works the put-off suggestions out for the latest step
        // (the first step after the pause starts a new burst; the second is put off).
        step();
        step();
        QVERIFY(banner->suggestionsPending());
        VerdictBanner now;
        now.setResult(m_window->scenario(), m_window->controller()->resolved(), m_window->estimate(), QString(),
                      m_window->controller()->catalog());
        QCOMPARE(banner->details(), now.details());
        QVERIFY(!banner->suggestionsPending());
    }

    // The speed summary and the launch command follow the slider but are not what a user
    // watches mid-drag: they keep the drag's first text, dimmed, and catch up at the pause
    // with the texts a window given only the final scenario shows.
    void secondaryTextCatchesUpAfterThePause()
    {
        QLabel *summary = nullptr;
        for (QLabel *l : m_window->speedPanel()->findChildren<QLabel *>())
            if (l->accessibleName() == QLatin1String("Speed"))
                summary = l;
        auto *command = m_window->runtimePicker()->launchCommand();
        QVERIFY(summary && command);
        const QColor ink = summary->palette().color(QPalette::WindowText);
        EventCounter summaryPaints(summary, QEvent::Paint), commandPaints(command, QEvent::Paint);
        for (int i = 0; i < 10; ++i) // ends at the other value than the drag's first step
            step();
        QCOMPARE(summaryPaints.count, 0);
        QCOMPARE(commandPaints.count, 0);
        QVERIFY(summary->text() != m_window->speedPanel()->summaryText()); // the drag's first text, waiting
        QVERIFY(command->text() != QString::fromStdString(m_window->estimate().launchCommand));
        QVERIFY(summary->palette().color(QPalette::WindowText) != m_window->palette().color(QPalette::WindowText));
        QTRY_COMPARE_WITH_TIMEOUT(summary->palette().color(QPalette::WindowText),
                                  m_window->palette().color(QPalette::WindowText), 2000);
        QCOMPARE(command->text(), QString::fromStdString(m_window->estimate().launchCommand));
        QCOMPARE(summary->text(), m_window->speedPanel()->summaryText());
        QVERIFY(ink != summary->palette().color(QPalette::WindowText)); // it was dimmed when the test began
        QVERIFY(!command->testAttribute(Qt::WA_SetPalette));            // inherits the window's palette again

        SpeedPanel fresh;
        fresh.setResult(m_window->controller()->resolved(), m_window->estimate());
        QCOMPARE(summary->text(), fresh.summaryText());
    }

    // The headline is a plain label (one text layout per new headline, not four) and is
    // copied from its context menu.
    void headlineIsCopiedFromItsMenu()
    {
        VerdictBanner *banner = m_window->verdictBanner();
        QLabel *headline = nullptr;
        for (QLabel *l : banner->findChildren<QLabel *>())
            if (l->text() == banner->headline())
                headline = l;
        QVERIFY(headline);
        QCOMPARE(headline->textInteractionFlags() & Qt::TextSelectableByMouse, Qt::TextInteractionFlags());
        QCOMPARE(headline->contextMenuPolicy(), Qt::ActionsContextMenu);
        QCOMPARE(headline->actions().size(), 1);
        QGuiApplication::clipboard()->clear();
        headline->actions().constFirst()->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), banner->headline());
    }

    // Mid-drag each chart paints the layers that did not change from one composed image
    // (ui/charts/layeredplot.h): what reaches the screen must be the frame QCustomPlot
    // itself would paint from the same layers, pixel for pixel.
    void drawnChartsEqualTheirLayers()
    {
        for (int i = 0; i < 11; ++i)
            step();
        const QList<QCustomPlot *> plots = {m_window->breakdownChart()->plot(), m_window->sweepChart()->plot(),
                                            m_window->speedPanel()->findChild<SpeedChart *>()->plot()};
        for (QCustomPlot *plot : plots) {
            auto *layered = qobject_cast<LayeredPlot *>(plot);
            QVERIFY(layered);
            // The layers under the data were copied, not blended again (under the sweep
            // chart's marker, its curve too: a context drag moves only the marker).
            QVERIFY2(layered->composedBuffers() >= 1, qPrintable(plot->parent()->metaObject()->className()));
            const QPoint at = plot->mapTo(m_window.get(), QPoint(0, 0));
            QImage onScreen = m_window->screen()
                                  ->grabWindow(m_window->winId(), at.x(), at.y(), plot->width(), plot->height())
                                  .toImage()
                                  .convertToFormat(QImage::Format_RGB32);
            QImage reference = layered->referenceFrame().convertToFormat(QImage::Format_RGB32);
            onScreen.setDevicePixelRatio(1);
            reference.setDevicePixelRatio(1);
            QCOMPARE(onScreen.size(), reference.size());
            QVERIFY2(onScreen == reference, qPrintable(plot->parent()->metaObject()->className()));
        }
    }
};

QTEST_MAIN(TestStepCost)
#include "tst_stepcost.moc"
