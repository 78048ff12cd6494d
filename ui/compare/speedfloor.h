#pragma once
// The compare view's speed floor: the tokens/s each sequence must at least see for a
// machine to be recommended (issue 34 item 7). 0 shows "none" and asks for nothing.

class QDoubleSpinBox;
class QWidget;

namespace memplan::ui {

QDoubleSpinBox *makeSpeedFloorBox(QWidget *parent);

} // namespace memplan::ui
