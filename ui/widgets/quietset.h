#pragma once
// Setters that leave a control alone when it already shows the value. Qt's spin boxes
// repaint themselves (and, being transparent, the group box behind them) on every
// setValue(), even an unchanged one; a panel that mirrors the scenario after each
// slider step would repaint all its fields for nothing (bench_gui eventCosts).

#include <QDoubleSpinBox>
#include <QSpinBox>

namespace memplan::ui {

inline void setIfChanged(QSpinBox *spin, int value)
{
    if (spin->value() != value)
        spin->setValue(value);
}

/// Compared as the box shows it: QDoubleSpinBox rounds to its decimals before storing.
inline void setIfChanged(QDoubleSpinBox *spin, double value)
{
    if (spin->textFromValue(spin->value()) != spin->textFromValue(value))
        spin->setValue(value);
}

} // namespace memplan::ui
