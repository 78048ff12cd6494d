#include "dashedcurve.h"

#include <cmath>

namespace memplan::ui {

void DashedCurve::drawLinePlot(QCPPainter *painter, const QVector<QPointF> &lines) const
{
    const QPen pen = painter->pen();
    const int width = int(std::lround(pen.widthF()));
    const bool plain = antialiased() || painter->modes().testFlag(QCPPainter::pmVectorized) ||
                       pen.style() == Qt::SolidLine || pen.style() == Qt::NoPen || width < 2 ||
                       pen.widthF() != double(width) || lines.size() < 2;
    if (plain) {
        QCPGraph::drawLinePlot(painter, lines);
        return;
    }
    // The dash pattern is in units of the pen's width; a one-pixel pen reads it in pixels.
    // Square and round caps reach half the width past each end of a dash, into the gap.
    QVector<qreal> pattern = pen.dashPattern();
    const qreal caps = pen.capStyle() == Qt::FlatCap ? 0 : width;
    qreal period = 0;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        pattern[i] = pattern[i] * width + (i % 2 == 0 ? caps : -caps);
        pattern[i] = std::max<qreal>(pattern[i], 1);
        period += pattern[i];
    }
    QPen thin(pen.color(), 1);
    thin.setCosmetic(true);
    thin.setCapStyle(Qt::FlatCap);
    painter->save();
    painter->setAntialiasing(false);
    // Segment by segment: n one-pixel lines a pixel apart across the segment's main
    // direction, n = width / cos(slope), cover what a line `width` pixels wide covers in each
    // column (or row). The cosmetic stroker counts dashes in steps along the main direction,
    // so the pattern is shortened by cos(slope) to keep the dashes' length on a slope, and
    // each segment starts at the phase the previous one ended in.
    qreal travelled = pen.dashOffset() * width;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QPointF a = lines[i - 1], b = lines[i];
        const QPointF d = b - a;
        const qreal length = std::hypot(d.x(), d.y());
        if (!std::isfinite(length) || length <= 0)
            continue; // a gap in the data (NaN) or a repeated point
        const bool flat = std::abs(d.x()) >= std::abs(d.y());
        const qreal cosine = (flat ? std::abs(d.x()) : std::abs(d.y())) / length;
        QVector<qreal> shortened = pattern;
        for (qreal &v : shortened)
            v *= cosine;
        thin.setDashPattern(shortened);
        thin.setDashOffset(std::fmod(travelled, period) * cosine);
        painter->setPen(thin);
        const int n = std::max(width, int(std::ceil(width / cosine - 0.05)));
        const QPointF across = flat ? QPointF(0, 1) : QPointF(1, 0);
        for (int k = 0; k < n; ++k) {
            const QPointF offset = across * (k - (n - 1) / 2.0);
            painter->drawLine(QLineF(a + offset, b + offset));
        }
        travelled += length;
    }
    painter->restore();
}

} // namespace memplan::ui
