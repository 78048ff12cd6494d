#pragma once
// The what-if controls. Each edits one field of the scenario through the
// controller (so it is undoable) and shows the scenario back when it changes
// elsewhere (undo, open file, a suggestion applied).

#include "scenario/scenario.h"

#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;

namespace memplan::ui {

class LogSlider;
class ScenarioController;

class WhatIfPanel : public QWidget {
    Q_OBJECT
public:
    explicit WhatIfPanel(ScenarioController *controller, QWidget *parent = nullptr);

    LogSlider *contextSlider() const { return m_context; }
    LogSlider *concurrencySlider() const { return m_concurrency; }
    QComboBox *weightFormat() const { return m_weights; }
    QComboBox *kvDtype() const { return m_kv; }
    QComboBox *gqaRatio() const { return m_gqa; }
    QLabel *hypotheticalLabel() const { return m_hypothetical; }
    QSlider *offloadSlider() const { return m_offload; }
    QSpinBox *offloadSpin() const { return m_offloadSpin; }
    QCheckBox *kvOnGpu() const { return m_kvOnGpu; }

signals:
    /// Something the user should read in the status line (a typed value was clamped).
    void notice(const QString &message);

private:
    void showScenario(const Scenario &scenario);
    /// The KV-cache control: the scenario's dtype, or the runtime setting's that overrides it.
    void showKvFormat();
    /// The KV-on-GPU box: the scenario's placement, or llama.cpp's no_kv_offload that overrides it.
    void showKvPlacement();
    void showGpuLayerPlacement();
    static QString trainingWhy();
    void fillGqa(const Scenario &scenario);
    void edit(const QString &description, const QString &mergeKey, const std::function<void(Scenario &)> &change);

    ScenarioController *m_controller;
    LogSlider *m_context = nullptr;
    LogSlider *m_concurrency = nullptr;
    QComboBox *m_weights = nullptr;
    QComboBox *m_kv = nullptr;
    QComboBox *m_gqa = nullptr;
    QLabel *m_hypothetical = nullptr;
    QSlider *m_offload = nullptr;
    QSpinBox *m_offloadSpin = nullptr;
    QCheckBox *m_kvOnGpu = nullptr;
    QString m_offloadTip, m_kvOnGpuTip, m_contextTip, m_concurrencyTip, m_kvTip;
    bool m_showing = false;
};

} // namespace memplan::ui
