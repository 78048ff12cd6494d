#pragma once
// The figures training frameworks print for one GPU's peak, side by side (issue 29): PyTorch's
// allocated, active and reserved bytes and the device total nvidia-smi shows, which is what the
// window's bar stacks. A user compares the one their framework printed. Training only.

#include "estimate.h"
#include "units.h"

#include <QLabel>

namespace memplan::ui {

class FrameworkFigures : public QLabel {
    Q_OBJECT
public:
    explicit FrameworkFigures(QWidget *parent = nullptr);

    void showEstimate(const Estimate &estimate);
    void setUnitSystem(UnitSystem units);

private:
    void refresh();

    TrainingSummary m_training;
    UnitSystem m_units = UnitSystem::Binary;
};

} // namespace memplan::ui
