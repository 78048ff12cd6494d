#include "speedchart.h"

#include "charts/dashedcurve.h"
#include "charts/palette.h"

#include <qcustomplot.h>

#include <algorithm>

#include <QTimer>

namespace memplan::ui {

SpeedChart::SpeedChart(QWidget *parent) : ChartView(parent, QSize(240, 180))
{
    m_low = m_plot->addGraph();
    m_low->setName(tr("Expected range"));
    m_high = m_plot->addGraph();
    m_high->setChannelFillGraph(m_low);
    m_high->removeFromLegend();
    m_expected = m_plot->addGraph();
    m_expected->setName(tr("Expected tokens/s per user"));
    // Dashed: drawn by DashedCurve, cheap while a drag draws it without antialiasing.
    m_bound = new DashedCurve(m_plot->xAxis, m_plot->yAxis);
    m_bound->setName(tr("Ceiling (bandwidth and compute)"));
    m_noFit = m_plot->addGraph();
    m_noFit->setName(tr("Does not fit in memory"));
    m_noFit->setLineStyle(QCPGraph::lsNone);
    m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    m_plot->yAxis->setLabel(tr("tokens/s per user"));
    applyStyle();
    // The legend takes a row above the plot: inside it, it covered the lines wherever they
    // were high (the top left, against concurrency). Its rows cost the lines the same height.
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->axisRect()->insetLayout()->simplify();
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setMargins(QMargins(4, 2, 4, 0));
    bufferDataLayer();
    m_burst = new QTimer(this);
    m_burst->setSingleShot(true);
    m_burst->setInterval(400);
    connect(m_burst, &QTimer::timeout, this, [this] {
        // Fitted to the curves again, as a fresh chart would show them, and the lines smooth again.
        if (m_rangeHeld || !m_expected->antialiased()) {
            m_settling = true; // this rebuild ends the burst, it does not start another
            rebuild();
            m_settling = false;
        }
    });
}

void SpeedChart::setData(const SpeedSeries &series, Axis axis)
{
    m_series = series;
    m_axis = axis;
    rebuild();
}

void SpeedChart::resizeEvent(QResizeEvent *event)
{
    ChartView::resizeEvent(event);
    fitLegendInOneRow();
}

void SpeedChart::fitLegendInOneRow()
{
    fitLegendToWidth(m_plot->width());
}

void SpeedChart::fitLegendToWidth(int width)
{
    // The strip is short: its four legend entries take one row when they fit the width, else
    // as many to a row as fit, measured by QCustomPlot itself. The PDF draws the hidden chart at
    // the page's width, so it asks again with that width (it drew one row cut short before).
    QCPLegend *legend = m_plot->legend;
    const int before = legend->wrap();
    int columns = std::max(legend->itemCount(), 1);
    for (; columns > 1; --columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true);
        if (legend->minimumOuterSizeHint().width() <= width)
            break;
    }
    legend->setWrap(columns);
    legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    if (legend->wrap() != before)
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void SpeedChart::styleSeries()
{
    const int w = m_large ? 3 : 2;
    QColor band = QColor(70, 130, 180);
    m_expected->setPen(QPen(band.darker(120), w));
    band.setAlpha(60);
    m_low->setPen(Qt::NoPen);
    m_high->setPen(Qt::NoPen);
    m_high->setBrush(band);
    m_low->setBrush(band);
    m_bound->setPen(QPen(capacityColor(m_large), w, Qt::DashLine));
    m_noFit->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QColor(200, 40, 40), m_large ? 12 : 8));
    if (m_plot->width() > 0)
        fitLegendInOneRow(); // larger type needs the room checked again
}

void SpeedChart::rebuild()
{
    beginItems();
    QVector<double> xs, low, high, mid, bound, nx, ny;
    for (const SpeedPoint &p : m_series.points) {
        if (p.perSequence.bound <= 0)
            continue;
        xs << p.x;
        low << p.perSequence.low;
        high << p.perSequence.high;
        mid << p.perSequence.expected;
        bound << p.perSequence.bound;
        if (!p.fits) {
            nx << p.x;
            ny << p.perSequence.expected;
        }
    }
    m_low->setData(xs, low, true);
    m_high->setData(xs, high, true);
    m_expected->setData(xs, mid, true);
    m_bound->setData(xs, bound, true);
    m_noFit->setData(nx, ny, true);
    // During a drag the lines are drawn without antialiasing: the raster engine strokes a 2 px
    // antialiased polyline as a filled path, which cost more than anything else in a slider
    // step (callgrind, bench_gui stepsForProfilers: 2.6 M of 14.7 M instructions). Same width
    // and colour, so the curve keeps its weight while it moves; smooth again after the pause.
    const bool gesture = m_burst->isActive() && isVisible();
    m_expected->setAntialiased(!gesture);
    m_bound->setAntialiased(!gesture);
    const bool concurrency = m_axis == Axis::Concurrency;
    m_plot->xAxis->setScaleType(concurrency ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (concurrency)
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    else
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    m_plot->xAxis->setLabel(concurrency ? tr("concurrent sequences") : tr("decoder layers on the GPU"));
    if (!xs.isEmpty()) {
        double top = 0, bottom = 1e300;
        for (int i = 0; i < xs.size(); ++i) {
            top = std::max(top, bound[i]);
            bottom = std::min(bottom, low[i]);
        }
        if (m_series.readableRate > 0) {
            bottom = std::min(bottom, m_series.readableRate);
            top = std::max(top, m_series.readableRate);
        }
        // Some room above and below the curves and the readable rate.
        QCPRange fitted(std::max(bottom * 0.7, 1e-3), top * 1.4);
        const QCPRange held = m_plot->yAxis->range();
        m_rangeHeld = false;
        if (m_burst->isActive() && m_axis == m_burstAxis && isVisible()) {
            if (held.lower <= fitted.lower && held.upper >= fitted.upper) {
                fitted = held; // the curves still fit: the axes, grid and legend stay as drawn
                m_rangeHeld = true;
            } else if (held.upper > held.lower) {
                // Grow with room to spare (a drag keeps moving the same way), not step by step.
                fitted = QCPRange(std::min(held.lower, fitted.lower / 2), std::max(held.upper, fitted.upper * 2));
                m_rangeHeld = true;
            }
        }
        m_plot->yAxis->setRange(fitted);
        m_burstAxis = m_axis;
        if (!m_settling)
            m_burst->start();
        m_plot->xAxis->setRange(concurrency ? std::max(1.0, xs.front()) : 0.0,
                                concurrency ? std::max(2.0, xs.back()) : std::max(1.0, m_series.layers));
        // The scenario's own value and the readable rate.
        auto *now = reuseItem<QCPItemStraightLine>("current");
        now->point1->setCoords(m_series.current, 1);
        now->point2->setCoords(m_series.current, 2);
        now->setPen(QPen(QColor(90, 90, 90), 1, Qt::DotLine));
        if (m_series.readableRate > 0) {
            auto *readable = reuseItem<QCPItemStraightLine>("readable");
            readable->point1->setCoords(1, m_series.readableRate);
            readable->point2->setCoords(2, m_series.readableRate);
            readable->setPen(QPen(QColor(200, 120, 0), 1, Qt::DashDotLine));
        }
    }
    endItems();
    replotData();
}

} // namespace memplan::ui
