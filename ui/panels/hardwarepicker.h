#pragma once
// The machine: a discrete GPU (with a count), a unified-memory machine, or a CPU
// platform with host RAM only; host RAM size; and an optional custom capacity and
// bandwidth over the preset (what a user with an unlisted card types in).

#include "estimate.h"
#include "scenario/catalog.h"
#include "scenario/scenario.h"
#include "units.h"
#include "widgets/rangespinbox.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace memplan::ui {

class CountSpinBox;

class ScenarioController;

class HardwarePicker : public QWidget {
    Q_OBJECT
public:
    explicit HardwarePicker(ScenarioController *controller, QWidget *parent = nullptr);

    QComboBox *machineCombo() const { return m_machine; }
    QSpinBox *gpuCount() const;
    QDoubleSpinBox *hostRam() const { return m_hostRam; }
    QCheckBox *customCheck() const { return m_custom; }
    QDoubleSpinBox *customCapacity() const { return m_capacity; }
    QDoubleSpinBox *customBandwidth() const { return m_bandwidth; }
    QComboBox *backendCombo() const { return m_backend; }

    /// GiB or GB in the memory line under the machine.
    void setUnitSystem(UnitSystem units);
    QLabel *infoLabel() const { return m_info; }
    /// "GeForce RTX 3090 (24 GB)"; the memory only when the name does not already say it.
    static QString machineLabel(const HardwarePreset &preset);

signals:
    /// Something the user should read in the status line (a typed value was clamped).
    void notice(const QString &message);

private:
    void rebuild();
    void showScenario(const Scenario &scenario);
    void showEstimate(const Estimate &estimate);
    void edit(const QString &description, const QString &mergeKey, const std::function<void(Scenario &)> &change);

    ScenarioController *m_controller;
    QComboBox *m_machine = nullptr;
    QComboBox *m_backend = nullptr;
    CountSpinBox *m_count = nullptr;
    QString m_countTip, m_hostRamTip, m_capacityTip;
    RangeSpinBox *m_hostRam = nullptr;
    QCheckBox *m_custom = nullptr;
    RangeSpinBox *m_capacity = nullptr;
    RangeSpinBox *m_bandwidth = nullptr;
    QLabel *m_info = nullptr;
    bool m_showing = false;
    UnitSystem m_units = UnitSystem::Binary;
};

} // namespace memplan::ui
