#include "breakdownchart.h"
#include "enginetext.h"

#include "palette.h"

#include <QEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>

namespace memplan::ui {

namespace {
constexpr double kBarWidth = 0.6;
constexpr double kMarkerOverhang = 0.08; ///< capacity markers stick out beside the bar
constexpr double kMeasuredGap = 0.02;    ///< between a planned bar and its measured bar
constexpr double kMeasuredWidth = 0.16;  ///< the measured bar fits in the gap to the next pool

QString chartText(const std::string &s)
{
    return memplan::ui::engineText(s);
}
} // namespace

BreakdownChart::BreakdownChart(QWidget *parent) : ChartView(parent, QSize(240, 240))
{

    for (Guest g : kAllGuests) {
        auto *bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(guestName(g));
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        bars->setSelectable(QCP::stNone);
        if (g != Guest::Weights)
            bars->moveAbove(m_bars[guestIndex(g) - 1]);
        m_bars[guestIndex(g)] = bars;
    }
    // The overflow sits on an invisible base at the usable limit, drawn over the guest stack.
    m_overflowBase = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_overflowBase->setWidth(kBarWidth);
    m_overflowBase->setStackingGap(0);
    m_overflowBase->setPen(Qt::NoPen);
    m_overflowBase->setBrush(Qt::NoBrush);
    m_overflowBase->removeFromLegend();
    m_overflow = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_overflow->setName(tr("Over the usable limit"));
    m_overflow->setWidth(kBarWidth);
    m_overflow->setStackingGap(0);
    m_overflow->moveAbove(m_overflowBase);

    // Legend-only graphs: the markers themselves are items, which a legend cannot show.
    auto *capacityKey = m_plot->addGraph();
    capacityKey->setName(tr("Physical capacity"));
    auto *usableKey = m_plot->addGraph();
    usableKey->setName(tr("Usable limit"));
    auto *measuredKey = m_plot->addGraph();
    measuredKey->setName(tr("Measured (runtime log)"));
    measuredKey->removeFromLegend();

    placeLegendBelow();
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->xAxis->setSubTicks(false);
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &BreakdownChart::onMouseMove);
    // Bars are not selectable (selection would recolour the palette), so QCustomPlot's
    // plottableClick never fires: hit-test the click ourselves.
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) { m_pressPos = event->position(); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, &BreakdownChart::onMouseRelease);
    connect(m_plot, &QCustomPlot::afterLayout, this, &BreakdownChart::updateLabelVisibility);
    bufferDataLayer();
    applyStyle();
}

QCPBars *BreakdownChart::guestBars(Guest guest) const
{
    return m_bars[guestIndex(guest)];
}
QCPBars *BreakdownChart::overflowBars() const
{
    return m_overflow;
}

void BreakdownChart::setData(const BarSeries &series, const Estimate &estimate)
{
    m_series = series;
    m_estimate = estimate;
    rebuild();
}

void BreakdownChart::styleSeries()
{
    const int outline = m_large ? 2 : 1;
    for (Guest g : kAllGuests) {
        const QColor c = guestColor(g, m_large);
        m_bars[guestIndex(g)]->setBrush(c);
        m_bars[guestIndex(g)]->setPen(QPen(c.darker(140), outline));
    }
    const QColor red = m_large ? overflowColorHighContrast() : overflowColor();
    m_overflow->setPen(QPen(red, m_large ? 4 : 2.5));
    m_overflow->setBrush(QBrush(red, Qt::BDiagPattern));
    m_plot->graph(0)->setPen(QPen(capacityColor(m_large), m_large ? 4 : 2));
    m_plot->graph(1)->setPen(QPen(usableColor(m_large), m_large ? 4 : 2, Qt::DashLine));
    m_plot->graph(2)->setPen(QPen(measuredColor(), m_large ? 4 : 2));
    m_plot->graph(2)->setBrush(QBrush(measuredColor(), Qt::Dense5Pattern));
}

void BreakdownChart::placeTotalLabel(const Bar &bar, double x, int labelPt)
{
    // Each pool's total against its own limit, above everything drawn for that pool,
    // so a small GPU load beside a large host pool still reads as a number with a unit.
    const Bytes limit = bar.usable ? bar.usable : bar.capacity;
    // Above the hatched part too: a full KV pool's requested cache reaches past the total.
    const Bytes above = std::max({bar.total, bar.capacity, bar.usable, bar.usable + bar.overflow});
    auto *total = reuseItem<QCPItemText>("totalLabel");
    total->setObjectName(bar.overflow > 0 ? QStringLiteral("overflowLabel") : QStringLiteral("totalLabel"));
    total->position->setCoords(x, toUnit(above));
    total->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    // On unified memory the limit holds the total without the OS share (core/poolfigures.h):
    // the label compares what the headline compares, so "of" and "over" agree.
    const Bytes held =
        bar.kind == PoolKind::Unified && bar.usable ? bar.total - bar.guests[guestIndex(Guest::System)] : bar.total;
    QString text = tr("%1 of %2 %3")
                       .arg(QString::number(toUnit(held), 'f', 1), QString::number(toUnit(limit), 'f', 1), unitName());
    // Many bars side by side (the comparison's machines): one line ran into the next bar's label.
    if (const qsizetype space = text.indexOf(QLatin1Char(' ')); m_series.bars.size() > 4 && space > 0)
        text[space] = QLatin1Char('\n');
    if (bar.overflow > 0)
        text += QLatin1Char('\n') + tr("%1 %2 over").arg(QString::number(toUnit(bar.overflow), 'f', 2), unitName());
    if (bar.kvShortTokens > 0) // the full KV pool: the hatched part is the cache it lacks
        text +=
            QLatin1Char('\n') + tr("KV pool short by %1 tokens").arg(QLocale().toString(qulonglong(bar.kvShortTokens)));
    total->setText(text);
    QFont f = font();
    f.setPointSize(labelPt + (bar.overflow > 0 ? 1 : 0));
    f.setBold(bar.overflow > 0);
    total->setFont(f);
    total->setColor(bar.overflow > 0 ? (m_large ? overflowColorHighContrast() : overflowColor()) : QColor(Qt::black));
    total->setClipToAxisRect(false);
}

void BreakdownChart::rebuild()
{
    beginItems();
    const auto &bars = m_series.bars;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys;
    // "GPU 0 (GeForce RTX 4090)": the device's name on a second line, unless several bars share it
    // (two or more equal GPUs), where the names would run into each other and say nothing new.
    auto deviceOf = [](const QString &name) {
        const qsizetype open = name.indexOf(QLatin1String(" ("));
        return open < 0 ? QString() : name.mid(open);
    };
    for (std::size_t i = 0; i < bars.size(); ++i) {
        keys << double(i);
        const QString name = chartText(bars[i].poolName);
        const QString device = deviceOf(name);
        int sharing = 0;
        for (const Bar &b : bars)
            sharing += !device.isEmpty() && deviceOf(chartText(b.poolName)) == device ? 1 : 0;
        ticker->addTick(double(i), sharing > 1 ? name.left(name.size() - device.size())
                                               : QString(name).replace(QLatin1String(" ("), QLatin1String("\n(")));
    }
    m_plot->xAxis->setTicker(ticker);

    for (Guest g : kAllGuests) {
        QVector<double> values;
        for (const Bar &bar : bars)
            values << toUnit(bar.guests[guestIndex(g)]);
        m_bars[guestIndex(g)]->setData(keys, values, true);
    }
    QVector<double> overflowKeys, bases, overflows;
    for (std::size_t i = 0; i < bars.size(); ++i) {
        if (bars[i].overflow == 0)
            continue;
        overflowKeys << double(i);
        bases << toUnit(bars[i].usable);
        overflows << toUnit(bars[i].overflow);
    }
    m_overflowBase->setData(overflowKeys, bases, true);
    m_overflow->setData(overflowKeys, overflows, true);
    // Keep the legend free of the overflow entry while nothing overflows.
    if (overflows.isEmpty())
        m_overflow->removeFromLegend();
    else if (!m_plot->legend->hasItemWithPlottable(m_overflow))
        m_overflow->addToLegend();

    // The usable marker only exists where the limit differs from the capacity; so does its legend entry.
    bool anyUsable = false;
    for (const Bar &bar : bars)
        anyUsable = anyUsable || (bar.usable > 0 && bar.usable != bar.capacity);
    if (!anyUsable)
        m_plot->graph(1)->removeFromLegend();
    else if (!m_plot->legend->hasItemWithPlottable(m_plot->graph(1)))
        m_plot->graph(1)->addToLegend();

    const int labelPt = m_large ? 14 : 8;
    const double axisMax = toUnit(m_series.axisMax);
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const Bar &bar = bars[i];
        const double x = double(i);
        auto addMarker = [&](Bytes at, const QPen &pen) {
            auto *line = reuseItem<QCPItemLine>("limitMarker");
            line->setObjectName(QStringLiteral("limitMarker"));
            line->setProperty("bar", int(i));
            line->setProperty("value", toUnit(at));
            line->setPen(pen);
            line->start->setCoords(x - kBarWidth / 2 - kMarkerOverhang, toUnit(at));
            line->end->setCoords(x + kBarWidth / 2 + kMarkerOverhang, toUnit(at));
        };
        if (bar.capacity > 0)
            addMarker(bar.capacity, m_plot->graph(0)->pen());
        if (bar.usable > 0 && bar.usable != bar.capacity)
            addMarker(bar.usable, m_plot->graph(1)->pen());

        double bottom = 0;
        for (Guest g : kAllGuests) {
            const double h = toUnit(bar.guests[guestIndex(g)]);
            if (h > 0) {
                auto *label = reuseItem<QCPItemText>("segmentLabel");
                label->setObjectName(QStringLiteral("segmentLabel"));
                label->setProperty("bar", int(i));
                label->setProperty("segmentLow", bottom);
                label->setProperty("segmentHigh", bottom + h);
                label->position->setCoords(x, bottom + h / 2);
                label->setText(tr("%1 %2").arg(QString::number(h, 'f', h < 10 ? 2 : 1), unitName()));
                QFont f = font();
                f.setPointSize(labelPt);
                label->setFont(f);
                label->setColor(g == Guest::KvCache || g == Guest::Workspace ? Qt::black : Qt::white);
                label->setClipToAxisRect(true);
            }
            bottom += h;
        }
        placeTotalLabel(bar, x, labelPt);
    }

    drawMeasured();
    endItems();
    m_plot->xAxis->setRange(-0.6, std::max<double>(0.6, double(bars.size()) - 0.4));
    // Room above the highest bar, marker or measured bar for its total label.
    const double top = std::max(axisMax, toUnit(Bytes(m_measured.maxTop())));
    m_plot->yAxis->setRange(0, (top > 0 ? top : 1) * 1.15);
    setValueAxisTitle(tr("Memory (%1)").arg(unitName()));
    updateLabelVisibility();
    replotData();
}

void BreakdownChart::setMeasured(const MeasuredOverlay &overlay, bool redraw)
{
    if (overlay.empty() && m_measured.empty())
        return; // the usual case on every slider step: nothing to draw or remove
    m_measured = overlay;
    if (m_measured.empty())
        m_plot->graph(2)->removeFromLegend();
    else if (!m_plot->legend->hasItemWithPlottable(m_plot->graph(2)))
        m_plot->graph(2)->addToLegend();
    if (redraw)
        rebuild();
}

void BreakdownChart::drawMeasured()
{
    const QColor outline = measuredColor();
    for (const MeasuredBar &mb : m_measured.bars) {
        if (mb.pool >= m_series.bars.size())
            continue;
        const double left = double(mb.pool) + kBarWidth / 2 + kMeasuredGap;
        for (const MeasuredSegment &seg : mb.segments) {
            if (!seg.compared || seg.bytes <= 0)
                continue;
            auto *rect = reuseItem<QCPItemRect>("measuredSegment");
            rect->setObjectName(QStringLiteral("measuredSegment"));
            rect->setProperty("bar", int(mb.pool));
            rect->setProperty("guest", seg.guest ? int(guestIndex(*seg.guest)) : -1);
            rect->setProperty("value", toUnit(Bytes(seg.bytes)));
            rect->topLeft->setCoords(left, toUnit(Bytes(seg.base + seg.bytes)));
            rect->bottomRight->setCoords(left + kMeasuredWidth, toUnit(Bytes(seg.base)));
            // The guest's colour, hatched so it never reads as a planned segment; red outline when outside the range.
            const QColor fill = seg.guest ? guestColor(*seg.guest, m_large) : QColor(Qt::gray);
            rect->setBrush(QBrush(fill, Qt::Dense3Pattern));
            rect->setPen(QPen(seg.inRange ? outline : (m_large ? overflowColorHighContrast() : overflowColor()),
                              m_large ? 3 : 1.5));
        }
        if (mb.top <= 0)
            continue;
        auto *label = reuseItem<QCPItemText>("measuredLabel");
        label->setObjectName(QStringLiteral("measuredLabel"));
        label->setProperty("bar", int(mb.pool));
        label->position->setCoords(left + kMeasuredWidth / 2, toUnit(Bytes(mb.top)));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setRotation(-90);
        label->setText(tr("measured %1").arg(QString::number(toUnit(Bytes(mb.top)), 'f', 1)));
        QFont f = font();
        f.setPointSize(m_large ? 12 : 7);
        label->setFont(f);
        label->setColor(outline);
        label->setClipToAxisRect(false);
    }
}

QString BreakdownChart::measuredToolTip(int poolIndex) const
{
    for (const MeasuredBar &mb : m_measured.bars) {
        if (int(mb.pool) != poolIndex)
            continue;
        QString text = QStringLiteral("<b>%1</b> — %2")
                           .arg(tr("Measured (runtime log)").toHtmlEscaped(),
                                chartText(m_measured.runtime + ", " + m_measured.origin).toHtmlEscaped());
        for (const MeasuredSegment &seg : mb.segments) {
            const QString guest = seg.guest ? guestName(*seg.guest) : tr("total");
            QString line =
                tr("%1: %2 measured, planned %3 – %4")
                    .arg(guest, chartText(formatGiB(Bytes(seg.bytes))), chartText(formatGiB(Bytes(seg.plannedLow))),
                         chartText(formatGiB(Bytes(seg.plannedHigh))));
            if (!seg.compared)
                line += QLatin1Char(' ') + tr("(not compared)");
            else if (!seg.inRange)
                line += QLatin1Char(' ') + tr("(outside the planned range)");
            text += QStringLiteral("<br>") + line.toHtmlEscaped();
        }
        return text;
    }
    return {};
}

int BreakdownChart::hitTestMeasured(const QPointF &pos) const
{
    const double key = m_plot->xAxis->pixelToCoord(pos.x());
    for (const MeasuredBar &mb : m_measured.bars) {
        const double left = double(mb.pool) + kBarWidth / 2 + kMeasuredGap;
        if (key >= left && key <= left + kMeasuredWidth)
            return int(mb.pool);
    }
    return -1;
}

QString BreakdownChart::segmentToolTip(int poolIndex, Guest guest) const
{
    if (poolIndex < 0 || std::size_t(poolIndex) >= m_series.bars.size())
        return {};
    const Bar &bar = m_series.bars[std::size_t(poolIndex)];
    const Bytes bytes = bar.guests[guestIndex(guest)];
    QString text = QStringLiteral("<b>%1</b> — %2<br>%3 GiB / %4 GB")
                       .arg(guestName(guest).toHtmlEscaped(), chartText(bar.poolName).toHtmlEscaped(),
                            chartText(formatGiBNumber(bytes)), chartText(formatGBNumber(bytes)));
    for (const Item &item : m_estimate.items) {
        if (item.pool != poolIndex || item.guest != guest)
            continue;
        text += QStringLiteral("<br>%1: <i>%2</i> = %3")
                    .arg(memplan::ui::itemText(item).toHtmlEscaped(),
                         QString::fromUtf8(item.formula.data(), qsizetype(item.formula.size())).toHtmlEscaped(),
                         chartText(formatGiB(item.bytes)));
    }
    return text;
}

bool BreakdownChart::hitTest(const QPointF &pos, int *poolIndex, Guest *guest) const
{
    const double key = m_plot->xAxis->pixelToCoord(pos.x());
    const double value = m_plot->yAxis->pixelToCoord(pos.y());
    const long index = std::lround(key);
    if (index < 0 || std::size_t(index) >= m_series.bars.size() || std::abs(key - double(index)) > kBarWidth / 2)
        return false;
    const Bar &bar = m_series.bars[std::size_t(index)];
    double bottom = 0;
    for (Guest g : kAllGuests) {
        const double top = bottom + toUnit(bar.guests[guestIndex(g)]);
        if (value >= bottom && value < top) {
            *poolIndex = int(index);
            *guest = g;
            return true;
        }
        bottom = top;
    }
    return false;
}

void BreakdownChart::onMouseMove(QMouseEvent *event)
{
    int pool = 0;
    Guest guest = Guest::Weights;
    if (hitTest(event->position(), &pool, &guest))
        QToolTip::showText(event->globalPosition().toPoint(), segmentToolTip(pool, guest), m_plot);
    else if (const int measured = hitTestMeasured(event->position()); measured >= 0)
        QToolTip::showText(event->globalPosition().toPoint(), measuredToolTip(measured), m_plot);
    else
        QToolTip::hideText();
}

void BreakdownChart::onMouseRelease(QMouseEvent *event)
{
    int pool = 0;
    Guest guest = Guest::Weights;
    if (event->button() == Qt::LeftButton && (event->position() - m_pressPos).manhattanLength() <= 4 &&
        hitTest(event->position(), &pool, &guest))
        emit segmentActivated(pool, guest);
}

void BreakdownChart::updateLabelVisibility()
{
    // A label shows only where its segment is tall enough for the text, which is
    // known in pixels only once the plot is laid out (window, PDF or image).
    for (int i = 0; i < m_plot->itemCount(); ++i) {
        auto *label = qobject_cast<QCPItemText *>(m_plot->item(i));
        if (!label || label->objectName() != QLatin1String("segmentLabel"))
            continue;
        const double low = label->property("segmentLow").toDouble();
        const double high = label->property("segmentHigh").toDouble();
        const double pixels = std::abs(m_plot->yAxis->coordToPixel(high) - m_plot->yAxis->coordToPixel(low));
        bool visible = pixels >= QFontMetricsF(label->font()).height() + 2;
        // Never under a line: a label the capacity or usable marker would strike through is hidden
        // (its value is in the tooltip, the table and the total above the bar).
        const double centre = m_plot->yAxis->coordToPixel((low + high) / 2);
        const double halfText = QFontMetricsF(label->font()).height() / 2 + 1;
        for (int j = 0; visible && j < m_plot->itemCount(); ++j) {
            QCPAbstractItem *marker = m_plot->item(j);
            if (marker->objectName() != QLatin1String("limitMarker") ||
                marker->property("bar") != label->property("bar"))
                continue;
            const double y = m_plot->yAxis->coordToPixel(marker->property("value").toDouble());
            visible = std::abs(y - centre) > halfText;
        }
        label->setVisible(visible);
    }
}

} // namespace memplan::ui
