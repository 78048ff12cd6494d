#pragma once
// The runtime profile (llama.cpp, vLLM, ...): its rules decide how the KV cache is
// allocated and what overhead sits beside the weights. Also shows the launch
// command the engine derives, so a user can copy the settings that were sized.

#include "estimate.h"
#include "scenario/scenario.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace memplan::ui {

class ScenarioController;
class CatchUpText;

class RuntimePicker : public QWidget {
    Q_OBJECT
public:
    explicit RuntimePicker(ScenarioController *controller, QWidget *parent = nullptr);

    QComboBox *runtimeCombo() const { return m_runtime; }
    QLineEdit *launchCommand() const { return m_command; }
    /// Shown only when the command holds a placeholder for the weights (issue 34 item 6).
    QLabel *launchCommandNote() const { return m_commandNote; }

private:
    void rebuild();
    void showScenario(const Scenario &scenario);
    void showEstimate(const Estimate &estimate);

    ScenarioController *m_controller;
    QComboBox *m_runtime = nullptr;
    QLabel *m_description = nullptr;
    QLineEdit *m_command = nullptr;
    QLabel *m_commandNote = nullptr;
    CatchUpText *m_commandText = nullptr; ///< m_command's text, put off during a drag
};

} // namespace memplan::ui
