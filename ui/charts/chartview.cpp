#include "chartview.h"

#include "layeredplot.h"

#include <algorithm>

#include <QEvent>
#include <QMetaObject>
#include <QVBoxLayout>

#include <qcustomplot.h>

namespace memplan::ui {

ChartView::ChartView(QWidget *parent, QSize minimumSize)
    : QWidget(parent), m_layered(new LayeredPlot(this)), m_plot(m_layered)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setMinimumSize(minimumSize);
    // A slider drag replots on every step: cached tick labels and fast polylines keep it
    // under a frame. Filled areas need no antialiasing (their outline pens keep it).
    m_plot->setPlottingHints(QCP::phFastPolylines | QCP::phCacheLabels);
    m_plot->setNotAntialiasedElements(QCP::aeFills);
    // Nothing here draws a selection rectangle: the overlay layer shares the axes' buffer
    // instead of adding one more full-size pixmap to compose on every paint.
    m_plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    // Every full replot (queued, immediate, PDF) records the frame it draws.
    connect(m_plot, &QCustomPlot::beforeReplot, this, [this] { m_drawnFrame = frameKey(); });
}

void ChartView::bufferDataLayer()
{
    m_plot->layer(QStringLiteral("main"))->setMode(QCPLayer::lmBuffered);
}

ChartView::Frame ChartView::frameKey() const
{
    // The tick marks and labels each axis would get for its range: two frames with the same
    // key draw the same axes, grid and legend pixels. Kept as numbers and texts, not one
    // formatted string (formatting every tick cost about 3 % of a slider step).
    Frame key;
    for (const QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        QVector<double> ticks, subTicks;
        QVector<QString> labels;
        const QString format = axis->numberFormat();
        axis->ticker()->generate(axis->range(), m_plot->locale(), format.isEmpty() ? QLatin1Char('g') : format.at(0),
                                 axis->numberPrecision(), ticks, &subTicks, &labels);
        key.numbers << axis->range().lower << axis->range().upper << double(axis->scaleType()) << double(ticks.size())
                    << double(subTicks.size());
        key.numbers << ticks << subTicks;
        key.texts << axis->label() << labels;
    }
    for (int i = 0; i < m_plot->legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(m_plot->legend->item(i)))
            key.texts << item->plottable()->name();
    key.numbers << double(m_plot->width()) << double(m_plot->height()) << double(m_plot->legend->visible());
    return key;
}

void ChartView::beginItems()
{
    for (int &used : m_itemsUsed)
        used = 0;
}

void ChartView::endItems()
{
    for (auto it = m_itemsBySite.begin(); it != m_itemsBySite.end(); ++it)
        for (qsizetype i = m_itemsUsed.value(it.key()); i < it->size(); ++i) {
            QCPAbstractItem *item = it->at(i);
            item->setVisible(false);
            item->setObjectName(QString());
            for (const QByteArray &name : item->dynamicPropertyNames())
                item->setProperty(name.constData(), QVariant());
        }
}

void ChartView::replotData()
{
    if (m_dataReplotQueued)
        return;
    m_dataReplotQueued = true;
    QMetaObject::invokeMethod(this, &ChartView::runDataReplot, Qt::QueuedConnection);
}

void ChartView::runDataReplot()
{
    m_dataReplotQueued = false;
    QCPLayer *data = m_plot->layer(QStringLiteral("main"));
    // QCPLayer::replot() itself falls back to a full replot when any buffer is stale
    // (a resize, a layer change) or the layer is not buffered.
    if (data->mode() == QCPLayer::lmBuffered && m_drawnFrame && *m_drawnFrame == frameKey())
        m_layered->replotLayer(data);
    else
        m_plot->replot();
}

void ChartView::setUnitSystem(UnitSystem units)
{
    if (units == m_units)
        return;
    m_units = units;
    rebuild();
}

void ChartView::setPresentationMode(bool large)
{
    if (large == m_large)
        return;
    m_large = large;
    applyStyle();
    rebuild();
}

double ChartView::toUnit(Bytes bytes) const
{
    return m_units == UnitSystem::Binary ? toGiB(bytes) : toGB(bytes);
}

QString ChartView::unitName() const
{
    return m_units == UnitSystem::Binary ? tr("GiB") : tr("GB");
}

void ChartView::changeEvent(QEvent *event)
{
    // Axis and label fonts are copies of the widget font: follow a new one (the PDF sets its own).
    if (event->type() == QEvent::FontChange) {
        applyStyle();
        rebuild();
    }
    QWidget::changeEvent(event);
}

void ChartView::applyStyle()
{
    const int base = m_large ? 16 : 9;
    QFont tickFont = font();
    tickFont.setPointSize(base);
    QFont labelFont = tickFont;
    labelFont.setPointSize(base + 1);
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setTickLabelFont(tickFont);
        axis->setLabelFont(labelFont);
        const QPen axisPen(m_large ? QColor(Qt::black) : QColor(0x40, 0x40, 0x40), m_large ? 2 : 1);
        axis->setBasePen(axisPen);
        axis->setTickPen(axisPen);
    }
    m_plot->legend->setFont(tickFont);
    styleSeries();
    m_drawnFrame.reset(); // new fonts and pens: the next replot draws everything
}

void ChartView::setValueAxisTitle(const QString &title)
{
    m_valueAxisTitle = title;
    fitValueAxisTitle();
}

void ChartView::fitValueAxisTitle()
{
    // The title is centred on the axis rect; before the first layout its height is unknown.
    const int rectHeight = m_plot->axisRect()->rect().height();
    const int room = rectHeight > 0 ? rectHeight + 8 : m_plot->height();
    const bool fits = QFontMetrics(m_plot->yAxis->labelFont()).horizontalAdvance(m_valueAxisTitle) <= room;
    const QString shown = fits ? m_valueAxisTitle : unitName();
    if (m_plot->yAxis->label() != shown)
        m_plot->yAxis->setLabel(shown);
}

void ChartView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (!m_valueAxisTitle.isEmpty()) {
        m_plot->replot(QCustomPlot::rpImmediateRefresh); // lays the axis rect out at the new size
        const QString before = m_plot->yAxis->label();
        fitValueAxisTitle();
        if (m_plot->yAxis->label() != before)
            m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    if (!m_plot->legend->visible())
        return;
    // An entry needs its icon and its longest label ("Physical capacity", "Over the usable limit").
    int widest = 0;
    for (int i = 0; i < m_plot->legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(m_plot->legend->item(i)))
            widest =
                std::max(widest, QFontMetrics(m_plot->legend->font()).horizontalAdvance(item->plottable()->name()));
    const int entry = widest + m_plot->legend->iconSize().width() + 14;
    const int columns = std::clamp(width() / std::max(entry, 1), 1, 3);
    if (m_plot->legend->wrap() != columns) {
        m_plot->legend->setWrap(columns);
        m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst, true);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void ChartView::setLegendShown(bool shown)
{
    QCPLayoutGrid *layout = m_plot->plotLayout();
    const bool placed = layout->hasElement(1, 0) && layout->element(1, 0) == m_plot->legend;
    if (shown == placed)
        return;
    if (shown) {
        layout->addElement(1, 0, m_plot->legend);
        layout->setRowStretchFactor(1, 0.001);
    } else {
        layout->take(m_plot->legend);
        layout->simplify();
    }
    m_plot->legend->setVisible(shown);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ChartView::placeLegendBelow()
{
    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(3);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setMargins(QMargins(4, 2, 4, 2));
}

} // namespace memplan::ui
