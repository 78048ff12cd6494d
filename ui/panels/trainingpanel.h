#pragma once
// The training controls: the inference/training switch and, in training mode,
// method, optimizer, LoRA rank, micro-batch, sequence length, sharding and
// checkpointing. Like the what-if panel, each control edits one field of the
// scenario through the controller (undoable) and shows the scenario back; no
// sizing happens here (core/training does it).

#include "scenario/scenario.h"
#include "units.h"

#include <QWidget>

#include <functional>

class QComboBox;
class QFormLayout;
class QSpinBox;

namespace memplan::ui {

class FrameworkFigures;
class LogSlider;
class ScenarioController;

class TrainingPanel : public QWidget {
    Q_OBJECT
public:
    explicit TrainingPanel(ScenarioController *controller, QWidget *parent = nullptr);

    QComboBox *modeBox() const { return m_mode; }
    QComboBox *methodBox() const { return m_method; }
    QComboBox *optimizerBox() const { return m_optimizer; }
    QSpinBox *loraRank() const { return m_rank; }
    QSpinBox *adapterPrompt() const { return m_adapterPrompt; }
    QSpinBox *adapterStartLayer() const { return m_adapterStart; }
    LogSlider *microBatchSlider() const { return m_microBatch; }
    LogSlider *sequenceSlider() const { return m_sequence; }
    QComboBox *shardingBox() const { return m_sharding; }
    QComboBox *checkpointingBox() const { return m_checkpointing; }
    FrameworkFigures *frameworkFigures() const { return m_figures; }
    void setUnitSystem(UnitSystem units);

private:
    /// Every control edits the scenario through edit().
    void connectEdits();
    void showScenario(const Scenario &scenario);
    void edit(const QString &description, const QString &mergeKey, const std::function<void(Scenario &)> &change);

    ScenarioController *m_controller;
    QComboBox *m_mode = nullptr;
    QComboBox *m_method = nullptr;
    QComboBox *m_optimizer = nullptr;
    QSpinBox *m_rank = nullptr;
    QSpinBox *m_adapterPrompt = nullptr; ///< LLaMA-Adapter: learned prompt vectors per adapted layer
    QSpinBox *m_adapterStart = nullptr;  ///< LLaMA-Adapter: the first layer that gets them
    LogSlider *m_microBatch = nullptr;
    LogSlider *m_sequence = nullptr;
    QComboBox *m_sharding = nullptr;
    QComboBox *m_checkpointing = nullptr;
    QWidget *m_trainingRows = nullptr;
    QFormLayout *m_rows = nullptr;
    FrameworkFigures *m_figures = nullptr;
    bool m_showing = false;
};

} // namespace memplan::ui
