#pragma once
// A QCustomPlot that paints a frame from fewer pixels. QCustomPlot keeps its layers in
// paint buffers (full-size transparent pixmaps) and, on every paint, fills the background
// and blends every buffer over it; during a drag a chart repaints on every step although
// only its data layer (or the sweep chart's marker) changed. Pixel blending was the
// largest part of a slider step's wall time (perf: the raster engine's source-over blend
// ahead of everything else), a cost instruction counts understate.
//
// This plot keeps the background and the buffers below the lowest one that changes from
// step to step composed in one opaque image, and paints a frame as a copy of that image
// plus the blends of the buffers above it. A buffer counts as changed when a full replot
// drew it or when its layer was redrawn through replotLayer(); code that redraws one layer
// must go through replotLayer() (a layer's own replot() would leave the image stale).

#include <qcustomplot.h>

#include <QImage>

#include <climits>

namespace memplan::ui {

class LayeredPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit LayeredPlot(QWidget *parent = nullptr);

    /// QCPLayer::replot() for one buffered layer, recorded as a change of that layer's buffer.
    void replotLayer(QCPLayer *layer);
    /// How many buffers the last paint took from the composed image (tests).
    int composedBuffers() const { return m_composed; }
    /// The frame as QCustomPlot paints it (background, then every buffer), to compare.
    QImage referenceFrame() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    /// The index in mPaintBuffers of the buffer `layer` draws into (QCustomPlot's own
    /// assignment: logical layers share the buffer below them, a buffered layer has one of
    /// its own and the logical layers above it start the next).
    int bufferIndexOf(const QCPLayer *layer) const;
    bool canCompose() const;

    QImage m_image;          ///< background + mPaintBuffers[0, m_composed)
    int m_composed = 0;      ///< buffers in m_image
    int m_lowestChanged = 0; ///< lowest buffer drawn since the last paint (INT_MAX: none)
};

} // namespace memplan::ui
