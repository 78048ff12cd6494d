#include "runtimepicker.h"
#include "koreanparticles.h"

#include "enginetext.h"
#include "scenariocontroller.h"
#include "widgets/catchuptext.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>

namespace memplan::ui {

RuntimePicker::RuntimePicker(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    m_runtime = new QComboBox(this);
    m_runtime->setToolTip(tr("The inference program; it decides how the KV cache is reserved and its own overhead."));
    m_description = new QLabel(this);
    m_description->setWordWrap(true);
    m_description->setVisible(false); // the tooltip carries the long description; keeps the panel compact
    m_command = new QLineEdit(this);
    m_command->setReadOnly(true);
    m_command->setPlaceholderText(tr("no launch command for this runtime"));
    m_command->setToolTip(tr("The runtime's command line for these settings."));
    m_command->setObjectName(QStringLiteral("LaunchCommand"));
    // A command line follows every step of a context drag; it catches up when the drag pauses.
    m_commandText = new CatchUpText(m_command, QPalette::Text, 400, [this](const QString &text) {
        m_command->setText(text);
        m_command->setCursorPosition(0);
    });

    m_commandNote = new QLabel(this);
    m_commandNote->setWordWrap(true);
    m_commandNote->setObjectName(QStringLiteral("LaunchCommandNote"));
    m_commandNote->setVisible(false);

    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("R&untime"), m_runtime);
    form->addRow(tr("Command"), m_command);
    form->addRow(QString(), m_commandNote);

    connect(m_runtime, &QComboBox::currentIndexChanged, this, [this] {
        Scenario s = m_controller->scenario();
        const std::string id = m_runtime->currentData().toString().toStdString();
        if (id == s.runtime.preset)
            return;
        s.runtime.preset = id;
        // Options are per engine (ctx_size vs max_model_len): carrying them over would be an error.
        s.runtime.settings = nlohmann::json::object();
        m_controller->setScenario(s, tr("Choose runtime %1").arg(m_runtime->currentText()));
    });
    connect(controller, &ScenarioController::catalogChanged, this, &RuntimePicker::rebuild);
    connect(controller, &ScenarioController::scenarioChanged, this, &RuntimePicker::showScenario);
    connect(controller, &ScenarioController::estimateChanged, this, &RuntimePicker::showEstimate);
    rebuild();
    showEstimate(controller->estimate());
}

void RuntimePicker::rebuild()
{
    const QSignalBlocker block(m_runtime);
    m_runtime->clear();
    for (const RuntimeProfile &p : m_controller->catalog().runtimes()) {
        // A profile calibrated from a log on this machine says so in its name (issue 18).
        m_runtime->addItem(engineText(p.name), QString::fromStdString(p.id));
        QString tip = QString::fromStdString(p.description);
        if (!p.calibratedFrom.empty())
            tip += QStringLiteral("\n\n") + withParticles(tr("Calibrated on this machine from %1: the workspace and "
                                                             "system share are the log's measured figures.")
                                                              .arg(QString::fromStdString(p.calibratedFrom)));
        m_runtime->setItemData(m_runtime->count() - 1, tip, Qt::ToolTipRole);
    }
    showScenario(m_controller->scenario());
}

void RuntimePicker::showScenario(const Scenario &s)
{
    const QSignalBlocker block(m_runtime);
    m_runtime->setCurrentIndex(m_runtime->findData(QString::fromStdString(s.runtime.preset)));
    m_description->setText(m_runtime->currentData(Qt::ToolTipRole).toString());
}

void RuntimePicker::showEstimate(const Estimate &e)
{
    m_commandText->setText(QString::fromStdString(e.launchCommand));
    const QString note = e.launchNote.id.empty() ? QString() : noticeText(e.launchNote);
    m_commandNote->setText(note);
    m_commandNote->setVisible(!note.isEmpty());
}

} // namespace memplan::ui
