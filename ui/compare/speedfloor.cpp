#include "speedfloor.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>

namespace memplan::ui {

QDoubleSpinBox *makeSpeedFloorBox(QWidget *parent)
{
    auto *box = new QDoubleSpinBox(parent);
    box->setObjectName(QStringLiteral("speedFloor"));
    box->setRange(0, 10000);
    box->setDecimals(1);
    box->setSingleStep(5);
    box->setPrefix(QCoreApplication::translate("memplan::ui::CompareDialog", "At least "));
    box->setSuffix(QCoreApplication::translate("memplan::ui::CompareDialog", " tok/s"));
    box->setSpecialValueText(QCoreApplication::translate("memplan::ui::CompareDialog", "No speed floor"));
    box->setAccessibleName(QCoreApplication::translate("memplan::ui::CompareDialog", "Speed floor"));
    box->setToolTip(QCoreApplication::translate("memplan::ui::CompareDialog",
                                                "Machines that decode slower than this per sequence (or have no "
                                                "speed figure) are not recommended; the reasons name them."));
    return box;
}

} // namespace memplan::ui
