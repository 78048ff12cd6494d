#pragma once
// Chart images for slides and documents, rendered into memory so the writer
// can store them atomically.

#include <QByteArray>
#include <QSize>
#include <QString>

class QCustomPlot;

namespace memplan::ui {

/// PNG at the given logical size (the plot's own size when empty) and pixel scale.
QByteArray chartPng(QCustomPlot *plot, QSize size = {}, double scale = 2.0);
/// SVG with vector shapes and real text.
QByteArray chartSvg(QCustomPlot *plot, QSize size = {}, const QString &title = {});

} // namespace memplan::ui
