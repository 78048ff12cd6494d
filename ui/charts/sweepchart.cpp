#include "sweepchart.h"

#include "layeredplot.h"

#include "enginetext.h"
#include "palette.h"

#include <QEvent>
#include <QFontMetrics>
#include <QLocale>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <bit>
#include <cmath>

namespace memplan::ui {

QString compactCount(std::uint64_t value)
{
    if (value >= (1u << 20) && value % (1u << 20) == 0)
        return QStringLiteral("%1M").arg(value >> 20);
    if (value >= 1024 && value % 1024 == 0)
        return QStringLiteral("%1K").arg(value >> 10);
    return QString::number(value);
}

namespace {
QString axisLabel(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Context:
        return SweepChart::tr("Context length (tokens per sequence)");
    case SweepAxis::Concurrency:
        return SweepChart::tr("Concurrent sequences");
    case SweepAxis::MicroBatch:
        return SweepChart::tr("Micro-batch (sequences per GPU and step)");
    case SweepAxis::SequenceLength:
        return SweepChart::tr("Training sequence length (tokens)");
    }
    return {};
}

/// The same in a few words, for a chart too narrow for the full label.
QString shortAxisLabel(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Context:
        return SweepChart::tr("Context (tokens)");
    case SweepAxis::Concurrency:
        return SweepChart::tr("Sequences");
    case SweepAxis::MicroBatch:
        return SweepChart::tr("Micro-batch");
    case SweepAxis::SequenceLength:
        return SweepChart::tr("Sequence (tokens)");
    }
    return {};
}

QString nothingFitsText(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Context:
        return SweepChart::tr("Nothing fits at any context length");
    case SweepAxis::Concurrency:
        return SweepChart::tr("Nothing fits at any concurrency");
    case SweepAxis::MicroBatch:
        return SweepChart::tr("Not even a micro-batch of one fits");
    case SweepAxis::SequenceLength:
        return SweepChart::tr("Nothing fits at any sequence length");
    }
    return {};
}
} // namespace

SweepChart::SweepChart(QWidget *parent) : ChartView(parent, QSize(240, 200))
{

    QCPGraph *below = nullptr;
    for (Guest g : kAllGuests) {
        QCPGraph *graph = m_plot->addGraph();
        graph->setName(guestName(g));
        // Each area fills down to the running total of the guests below it.
        if (below)
            graph->setChannelFillGraph(below);
        m_graphs[guestIndex(g)] = graph;
        below = graph;
    }
    m_capacity = m_plot->addGraph();
    m_capacity->setName(tr("Physical capacity"));
    m_usable = m_plot->addGraph();
    m_usable->setName(tr("Usable limit"));

    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->xAxis->setSubTicks(false);
    m_plot->addLayer(QStringLiteral("marker"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
    m_plot->layer(QStringLiteral("marker"))->setMode(QCPLayer::lmBuffered);
    placeLegendBelow();
    applyStyle();
}

void SweepChart::resizeEvent(QResizeEvent *event)
{
    ChartView::resizeEvent(event);
    // Tick labels and the axis title are chosen for a width: choose again when it changes.
    if (m_plot->width() != m_builtWidth && !m_series.points.empty())
        rebuild();
}

QCPGraph *SweepChart::guestGraph(Guest guest) const
{
    return m_graphs[guestIndex(guest)];
}

void SweepChart::setData(const SweepSeries &series)
{
    // Many controls do not change the sweep (units aside, a re-estimate often yields the
    // same points); a replot is the most expensive part of a slider step, so skip it.
    if (series == m_series && !m_series.points.empty())
        return;
    // Dragging the slider of the axis swept moves only the marker: the curve is the same.
    SweepSeries sameButCurrent = series;
    sameButCurrent.current = m_series.current;
    if (m_currentLabel && series.current > 0 && sameButCurrent == m_series) {
        m_series.current = series.current;
        placeCurrentMarker();
        m_layered->replotLayer(m_currentLabel->layer()); // the whole plot instead when its buffers are stale
        return;
    }
    m_series = series;
    rebuild();
}

bool SweepChart::currentOnRight() const
{
    return inRightHalf(m_series.current);
}

bool SweepChart::inRightHalf(std::uint64_t x) const
{
    // A label sits beside its line, on the side with room (the axis is logarithmic).
    if (m_series.points.size() < 2 || x == 0)
        return false;
    const double lo = std::log(double(m_series.points.front().x));
    const double hi = std::log(double(m_series.points.back().x));
    return std::log(double(x)) > (lo + hi) / 2;
}

void SweepChart::placeCurrentMarker()
{
    const double x = double(m_series.current);
    m_currentLine->point1->setCoords(x, 0);
    m_currentLine->point2->setCoords(x, 1);
    m_currentLabel->setText(tr("current: %1").arg(QString::fromStdString(formatCount(m_series.current))));
    m_currentLabel->position->setCoords(x, 0.02);
    m_currentLabel->setPositionAlignment(currentOnRight() ? Qt::AlignRight | Qt::AlignTop
                                                          : Qt::AlignLeft | Qt::AlignTop);
}

void SweepChart::styleSeries()
{
    for (Guest g : kAllGuests) {
        QColor c = guestColor(g, m_large);
        m_graphs[guestIndex(g)]->setPen(QPen(c.darker(130), m_large ? 2 : 1));
        c.setAlpha(m_large ? 255 : 220);
        m_graphs[guestIndex(g)]->setBrush(c);
    }
    m_capacity->setPen(QPen(capacityColor(m_large), m_large ? 4 : 2));
    m_usable->setPen(QPen(usableColor(m_large), m_large ? 4 : 2, Qt::DashLine));
}

void SweepChart::rebuild()
{
    m_plot->clearItems();
    m_currentLine = nullptr;
    m_currentLabel = nullptr;
    const Bytes top = plotSeries();
    setAxes(top);
    addMarkers(top);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

std::pair<double, double> SweepChart::xRange() const
{
    const auto &points = m_series.points;
    return {points.empty() ? 1 : double(points.front().x), points.empty() ? 2 : double(points.back().x)};
}

Bytes SweepChart::plotSeries()
{
    const auto &points = m_series.points;
    QVector<double> xs;
    for (const SweepPoint &p : points)
        xs << double(p.x);
    std::array<QVector<double>, kGuestCount> stacked;
    Bytes top = 0;
    for (const SweepPoint &p : points) {
        Bytes running = 0;
        for (Guest g : kAllGuests) {
            running += p.guests[guestIndex(g)];
            stacked[guestIndex(g)] << toUnit(running);
        }
        top = std::max(top, p.total);
    }
    for (Guest g : kAllGuests)
        m_graphs[guestIndex(g)]->setData(xs, stacked[guestIndex(g)], true);

    const auto [xMin, xMax] = xRange();
    m_capacity->setData({xMin, xMax}, {toUnit(m_series.capacity), toUnit(m_series.capacity)}, true);
    if (m_series.usable != m_series.capacity && m_series.usable > 0) {
        m_usable->setData({xMin, xMax}, {toUnit(m_series.usable), toUnit(m_series.usable)}, true);
        if (!m_plot->legend->hasItemWithPlottable(m_usable))
            m_usable->addToLegend();
    } else {
        m_usable->data()->clear();
        m_usable->removeFromLegend();
    }

    return top;
}

void SweepChart::setAxes(Bytes top)
{
    const auto &points = m_series.points;
    const auto [xMin, xMax] = xRange();
    // Ticks on the powers of two, thinned so labels never collide.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    std::vector<std::uint64_t> powers;
    for (const SweepPoint &p : points)
        if (std::has_single_bit(p.x))
            powers.push_back(p.x);
    // As many labels as fit side by side on this chart's width ("256512 1K 2K" ran together at 1280x720).
    const QFontMetrics tickMetrics(m_plot->xAxis->tickLabelFont());
    // A chart not on screen (one rendered straight to a PDF) keeps every other label past ten.
    const bool laidOut = isVisible() && m_plot->width() >= 100;
    const int axisWidth = laidOut ? m_plot->width() - 70 : 1 << 20; // less the y axis, its label and margins
    const std::size_t fitting =
        laidOut ? std::max<std::size_t>(
                      2, std::size_t(axisWidth / (tickMetrics.horizontalAdvance(QStringLiteral("128K")) + 12)))
                : (powers.size() > 10 ? (powers.size() + 1) / 2 : powers.size());
    std::size_t step = 1;
    while ((powers.size() + step - 1) / step > fitting)
        ++step;
    m_builtWidth = m_plot->width();
    for (std::size_t i = 0; i < powers.size(); i += step)
        ticker->addTick(double(powers[i]), compactCount(powers[i]));
    m_plot->xAxis->setTicker(ticker);
    // A little room on the log axis so the end ticks and markers are not clipped.
    m_plot->xAxis->setRange(xMin / 1.06, xMax * 1.06);
    // The capacity stays in view: a curve that climbs past twice the capacity is cut off
    // at the top and marked, instead of scaling the axis until the capacity line lies
    // flat on it (a 70B model at 1M tokens needs thousands of GiB next to a 24 GiB card).
    const Bytes limit = std::max(m_series.capacity, m_series.usable);
    m_offScale = limit > 0 && top > 2 * limit;
    const Bytes yMax = niceAxisMax(m_offScale ? limit + limit / 2 : std::max(top, limit));
    m_plot->yAxis->setRange(0, toUnit(yMax));
    // "GPU 0 (GeForce RTX 4090)" -> "GPU 0": the long name does not fit beside a small chart.
    const QString pool = engineText(m_series.poolName);
    setValueAxisTitle(tr("%1 memory (%2)").arg(pool.section(QStringLiteral(" ("), 0, 0), unitName()));
    const QString fullLabel = axisLabel(m_series.axis);
    m_plot->xAxis->setLabel(QFontMetrics(m_plot->xAxis->labelFont()).horizontalAdvance(fullLabel) > axisWidth
                                ? shortAxisLabel(m_series.axis)
                                : fullLabel);
}

void SweepChart::addMarkers(Bytes top)
{
    const auto &points = m_series.points;
    QFont markFont = font();
    markFont.setPointSize(m_large ? 14 : 8);
    QCPItemStraightLine *lastLine = nullptr;
    auto addVertical = [&](std::uint64_t x, const QPen &pen, const QString &text, Qt::Alignment align, double yShare) {
        auto *line = lastLine = new QCPItemStraightLine(m_plot);
        line->setPen(pen);
        line->point1->setCoords(double(x), 0);
        line->point2->setCoords(double(x), 1);
        auto *label = new QCPItemText(m_plot);
        label->setText(text);
        label->setFont(markFont);
        label->setColor(pen.color());
        label->setBrush(QBrush(QColor(255, 255, 255, 220)));
        label->setPadding(QMargins(2, 1, 2, 1));
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(double(x), yShare);
        label->setPositionAlignment(align);
        return label;
    };
    const bool markBoth = m_series.maxFitting.has_value();
    QCPItemText *currentLabel = nullptr;
    QCPItemText *lowestLabel = nullptr; ///< the last of the stacked marker labels
    if (m_series.current > 0) {
        auto *label = currentLabel = addVertical(m_series.current, QPen(Qt::black, m_large ? 3 : 1.5, Qt::DotLine),
                                                 QString(), Qt::AlignLeft | Qt::AlignTop, 0.02);
        label->setObjectName(QStringLiteral("currentMarker"));
        m_currentLabel = label;
        m_currentLine = lastLine;
        m_currentLine->setLayer(QStringLiteral("marker"));
        m_currentLabel->setLayer(QStringLiteral("marker"));
        placeCurrentMarker();
        lowestLabel = currentLabel;
    }
    if (markBoth) {
        const QColor green(0x00, 0x7a, 0x3d);
        auto *label =
            addVertical(*m_series.maxFitting, QPen(green, m_large ? 4 : 2, Qt::DashDotLine),
                        tr("largest that fits: %1").arg(QString::fromStdString(formatCount(*m_series.maxFitting))),
                        // Right of its line near the axis start, where a label to the left would be cut.
                        (inRightHalf(*m_series.maxFitting) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop, 0.12);
        label->setObjectName(QStringLiteral("maxFittingMarker"));
        lowestLabel = label;
        // Stacked under the current value's label, whatever the font and chart height:
        // a fixed share of the height overlapped in large type and on short charts.
        if (currentLabel) {
            label->position->setTypeY(QCPItemPosition::ptAbsolute); // pixels below the parent anchor
            if (label->position->setParentAnchorY(currentLabel->bottom))
                label->position->setCoords(double(*m_series.maxFitting), 3);
        }
    }
    QFont noteFont = markFont;
    noteFont.setBold(true);
    auto addNote = [&](const QString &text, double x, double y, Qt::Alignment align, const char *name) {
        auto *note = new QCPItemText(m_plot);
        // Two lines rather than one cut by a narrow chart: break at the space nearest the middle.
        QString wrapped = text;
        if (wrapped.size() > 24) {
            const int mid = int(wrapped.size() / 2);
            const int before = int(wrapped.lastIndexOf(QLatin1Char(' '), mid)),
                      after = int(wrapped.indexOf(QLatin1Char(' '), mid));
            const int at = before < 0 ? after : (after < 0 || mid - before <= after - mid ? before : after);
            if (at > 0)
                wrapped[at] = QLatin1Char('\n');
        }
        note->setText(wrapped);
        note->setFont(noteFont);
        note->setColor(QColor(0x9a, 0x00, 0x00));
        note->setBrush(QBrush(QColor(255, 255, 255, 230)));
        note->setPadding(QMargins(3, 2, 3, 2));
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(x, y);
        note->setPositionAlignment(align);
        note->setClipToAxisRect(true);
        note->setObjectName(QString::fromLatin1(name));
        return note;
    };
    if (m_offScale) {
        QCPItemText *note =
            addNote(tr("↑ off scale: up to %1 %2").arg(QLocale().toString(toUnit(top), 'f', 0), unitName()), 0.99, 0.24,
                    Qt::AlignRight | Qt::AlignTop, "offScaleMarker");
        // Below the marker labels, whatever their length: a long one (Korean) ran under it.
        if (lowestLabel) {
            note->position->setTypeY(QCPItemPosition::ptAbsolute);
            if (note->position->setParentAnchorY(lowestLabel->bottom))
                note->position->setCoords(0.99, 3);
        }
    }
    m_nothingFits = !points.empty() && !m_series.maxFitting &&
                    std::none_of(points.begin(), points.end(), [](const SweepPoint &p) { return p.fits; });
    if (m_nothingFits)
        addNote(nothingFitsText(m_series.axis), 0.5, 0.62, Qt::AlignCenter, "nothingFitsMarker");
}

} // namespace memplan::ui
