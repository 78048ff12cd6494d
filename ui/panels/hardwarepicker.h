#pragma once
// The machine: a discrete GPU (with a count), a unified-memory machine, or a CPU
// platform with host RAM only; host RAM size; and an optional custom capacity and
// bandwidth over the preset (what a user with an unlisted card types in).

#include "estimate.h"
#include "scenario.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace memplan::ui {

class ScenarioController;

class HardwarePicker : public QWidget {
    Q_OBJECT
public:
    explicit HardwarePicker(ScenarioController *controller, QWidget *parent = nullptr);

    QComboBox *machineCombo() const { return m_machine; }
    QSpinBox *gpuCount() const { return m_count; }
    QDoubleSpinBox *hostRam() const { return m_hostRam; }
    QCheckBox *customCheck() const { return m_custom; }
    QDoubleSpinBox *customCapacity() const { return m_capacity; }
    QDoubleSpinBox *customBandwidth() const { return m_bandwidth; }

private:
    void rebuild();
    void showScenario(const Scenario &scenario);
    void showEstimate(const Estimate &estimate);
    void edit(const QString &description, const QString &mergeKey, const std::function<void(Scenario &)> &change);

    ScenarioController *m_controller;
    QComboBox *m_machine = nullptr;
    QSpinBox *m_count = nullptr;
    QDoubleSpinBox *m_hostRam = nullptr;
    QCheckBox *m_custom = nullptr;
    QDoubleSpinBox *m_capacity = nullptr;
    QDoubleSpinBox *m_bandwidth = nullptr;
    QLabel *m_info = nullptr;
    bool m_showing = false;
};

} // namespace memplan::ui
