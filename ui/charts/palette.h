#pragma once
// One palette for every chart and report: guests keep their colour everywhere
// (window, PDF, PNG/SVG export), so a reader learns it once.

#include "evidence.h"

#include <QColor>
#include <QString>

namespace memplan::ui {

/// Okabe-Ito based colours, distinguishable with the common colour-vision deficiencies;
/// red is kept free for the overflow.
QColor guestColor(memplan::Guest guest);
/// Darker, more saturated variants for projectors and presentation mode.
QColor guestColorHighContrast(memplan::Guest guest);
QColor guestColor(memplan::Guest guest, bool highContrast);

/// Translated display name ("Weights", "KV cache", ...).
QString guestName(memplan::Guest guest);

/// The part of a bar above the usable limit.
QColor overflowColor();
QColor overflowColorHighContrast();
/// Marker lines: physical capacity (solid) and the runtime's usable limit (dashed).
QColor capacityColor(bool highContrast = false);
QColor usableColor(bool highContrast = false);
/// Outline of what a runtime log measured (dark teal: apart from the guests, the limits and the overflow red).
QColor measuredColor();

} // namespace memplan::ui
