#pragma once
// A graph whose dashed line is cheap to draw while it is not antialiased (a drag: see
// SpeedChart). The raster engine draws a dashed pen wider than one pixel by cutting the
// line into one small polygon per dash and filling each: the speed chart's 2 px dashed
// ceiling cost 0.4 M instructions a slider step (callgrind, bench_gui stepsForProfilers),
// a twentieth of the step. Drawn instead as `width` one-pixel dashed lines side by side,
// which the engine's cosmetic stroker draws pixel by pixel with the same dash lengths,
// the line keeps its width, colour and dashes. Antialiased (after the pause), printed or
// solid, it is drawn as QCPGraph draws it.

#include <qcustomplot.h>

namespace memplan::ui {

class DashedCurve : public QCPGraph {
    Q_OBJECT
public:
    DashedCurve(QCPAxis *keyAxis, QCPAxis *valueAxis) : QCPGraph(keyAxis, valueAxis) {}

protected:
    void drawLinePlot(QCPPainter *painter, const QVector<QPointF> &lines) const override;
};

} // namespace memplan::ui
