#include "chartexport.h"

#include <QBuffer>
#include <QPixmap>
#include <QSvgGenerator>

#include <qcustomplot.h>

namespace memplan::ui {

namespace {
// A chart that was never shown has no size yet; this is a readable default.
QSize effectiveSize(QCustomPlot *plot, QSize size)
{
    if (size.isValid() && !size.isEmpty())
        return size;
    if (plot->width() > 100 && plot->height() > 100)
        return plot->size();
    return QSize(800, 450);
}
} // namespace

QByteArray chartPng(QCustomPlot *plot, QSize size, double scale)
{
    const QSize s = effectiveSize(plot, size);
    const QPixmap pixmap = plot->toPixmap(s.width(), s.height(), scale);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    pixmap.save(&buffer, "PNG");
    return bytes;
}

QByteArray chartSvg(QCustomPlot *plot, QSize size, const QString &title)
{
    const QSize s = effectiveSize(plot, size);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(s);
    generator.setViewBox(QRect(QPoint(0, 0), s));
    generator.setTitle(title);
    generator.setDescription(QStringLiteral("memplan chart"));
    {
        QCPPainter painter(&generator);
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&painter, s.width(), s.height());
    }
    return bytes;
}

} // namespace memplan::ui
