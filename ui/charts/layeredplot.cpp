#include "layeredplot.h"

#include <algorithm>

namespace memplan::ui {

LayeredPlot::LayeredPlot(QWidget *parent) : QCustomPlot(parent)
{
    // A full replot redraws every buffer (and may have made new ones).
    connect(this, &QCustomPlot::afterReplot, this, [this] { m_lowestChanged = 0; });
}

void LayeredPlot::replotLayer(QCPLayer *layer)
{
    m_lowestChanged = std::min(m_lowestChanged, bufferIndexOf(layer));
    layer->replot(); // falls back to a full replot when a buffer is stale
}

int LayeredPlot::bufferIndexOf(const QCPLayer *layer) const
{
    int index = 0;
    for (int i = 0; i < layerCount(); ++i) {
        const QCPLayer *l = this->layer(i);
        const bool buffered = l->mode() == QCPLayer::lmBuffered;
        if (buffered)
            ++index;
        if (l == layer)
            return index;
        if (buffered && i + 1 < layerCount() && this->layer(i + 1)->mode() == QCPLayer::lmLogical)
            ++index;
    }
    return 0; // not one of ours: count everything as changed
}

bool LayeredPlot::canCompose() const
{
    // The composed image is opaque: only for a solid background, and not while QCustomPlot
    // is about to adapt its buffers to a new device pixel ratio (its paintEvent does that).
    if (mPaintBuffers.isEmpty() || mBackgroundBrush.style() != Qt::SolidPattern ||
        mBackgroundBrush.color().alpha() != 255 || !mBackgroundPixmap.isNull())
        return false;
    if (!qFuzzyCompare(mBufferDevicePixelRatio, devicePixelRatioF()))
        return false;
    for (const QSharedPointer<QCPAbstractPaintBuffer> &buffer : mPaintBuffers)
        if (buffer->size() != mViewport.size())
            return false;
    return true;
}

QImage LayeredPlot::referenceFrame() const
{
    QImage frame((QSizeF(mViewport.size()) * mBufferDevicePixelRatio).toSize(), QImage::Format_RGB32);
    frame.setDevicePixelRatio(mBufferDevicePixelRatio);
    QCPPainter painter(&frame);
    painter.fillRect(QRect(QPoint(0, 0), mViewport.size()), mBackgroundBrush);
    for (const QSharedPointer<QCPAbstractPaintBuffer> &buffer : mPaintBuffers)
        buffer->draw(&painter);
    return frame;
}

void LayeredPlot::paintEvent(QPaintEvent *event)
{
    const int changed = std::min<int>(m_lowestChanged, int(mPaintBuffers.size()));
    m_lowestChanged = INT_MAX;
    if (!canCompose()) {
        m_composed = 0;
        m_image = QImage();
        QCustomPlot::paintEvent(event);
        return;
    }
    const QSize pixels = (QSizeF(mViewport.size()) * mBufferDevicePixelRatio).toSize();
    if (m_image.size() != pixels || changed < m_composed) {
        // A buffer in the image changed: compose again from the background up to it.
        if (m_image.size() != pixels)
            m_image = QImage(pixels, QImage::Format_RGB32);
        m_image.setDevicePixelRatio(mBufferDevicePixelRatio);
        QCPPainter painter(&m_image);
        painter.fillRect(QRect(QPoint(0, 0), mViewport.size()), mBackgroundBrush);
        m_composed = 0;
    }
    if (changed > m_composed) {
        // The buffers up to the lowest changed one have stayed: fold them into the image, so
        // the next frames copy them instead of blending them.
        QCPPainter painter(&m_image);
        for (int i = m_composed; i < changed; ++i)
            mPaintBuffers.at(i)->draw(&painter);
        m_composed = changed;
    }
    QCPPainter painter(this);
    if (!painter.isActive())
        return;
    painter.drawImage(mViewport.topLeft(), m_image);
    for (int i = m_composed; i < int(mPaintBuffers.size()); ++i)
        mPaintBuffers.at(i)->draw(&painter);
}

} // namespace memplan::ui
