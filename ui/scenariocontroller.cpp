#include "scenariocontroller.h"
#include "errortext.h"

#include "document/scenarioname.h"
#include "hub/hubtexts.h"

#include "error.h"
#include "estimator.h"

#include <QUndoCommand>
#include <QUndoStack>

#include <exception>

namespace memplan::ui {

class SetScenarioCommand : public QUndoCommand {
public:
    SetScenarioCommand(ScenarioController *controller, Scenario before, Scenario after, const QString &text,
                       QString mergeKey, int gesture)
        : QUndoCommand(text), m_controller(controller), m_before(std::move(before)), m_after(std::move(after)),
          m_key(std::move(mergeKey)), m_gesture(gesture)
    {
    }

    // Undo and redo jump between states: the next edit must not merge into a step
    // the user has walked past. The first redo() is push() applying the edit itself.
    void undo() override
    {
        m_controller->endGesture();
        m_controller->apply(m_before);
    }
    void redo() override
    {
        if (m_applied)
            m_controller->endGesture();
        m_applied = true;
        m_controller->apply(m_after);
    }
    int id() const override { return m_key.isEmpty() ? -1 : 1; }

    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *o = static_cast<const SetScenarioCommand *>(other);
        if (o->m_key != m_key || o->m_gesture != m_gesture)
            return false;
        m_after = o->m_after;
        // A drag that ends where it started leaves nothing to undo.
        setObsolete(m_after == m_before);
        return true;
    }

private:
    ScenarioController *m_controller;
    Scenario m_before;
    Scenario m_after;
    QString m_key;
    int m_gesture;
    bool m_applied = false;
};

ScenarioController::ScenarioController(PresetCatalog catalog, QObject *parent)
    : QObject(parent), m_catalog(std::move(catalog)), m_scenario(defaultScenario()), m_undo(new QUndoStack(this))
{
    recompute();
}

ScenarioController::~ScenarioController() = default;

void ScenarioController::setScenario(const Scenario &edited, const QString &description, const QString &mergeKey)
{
    // A name the user did not type follows the edit (document/scenarioname.h).
    const Scenario scenario = withFollowingName(m_scenario, edited, m_catalog);
    if (scenario == m_scenario)
        return;
    m_undo->push(new SetScenarioCommand(this, m_scenario, scenario, description, mergeKey, m_gesture));
}

void ScenarioController::endGesture()
{
    ++m_gesture;
}

void ScenarioController::replaceScenario(const Scenario &replacement, const QString &description)
{
    endGesture();
    Scenario scenario = replacement;
    if (nameFollowsScenario(scenario, m_catalog))
        scenario.name = derivedScenarioName(scenario, m_catalog).toStdString();
    if (scenario == m_scenario) {
        recompute(); // the catalog may have changed under the same ids
        return;
    }
    m_undo->push(new SetScenarioCommand(this, m_scenario, scenario, description, QString(), m_gesture));
}

void ScenarioController::resetScenario(const Scenario &scenario)
{
    m_undo->clear();
    endGesture();
    apply(scenario);
}

void ScenarioController::apply(const Scenario &scenario)
{
    m_scenario = scenario;
    emit scenarioChanged(m_scenario);
    recompute();
}

void ScenarioController::recompute()
{
    QString error;
    try {
        ResolvedScenario r = resolveScenario(m_scenario, m_catalog);
        m_estimate = memplan::estimate(r);
        m_resolved = std::move(r);
    } catch (const InputError &e) {
        error = inputErrorText(e.info());
    } catch (const SourceUnavailable &e) {
        // model.hub missing from the header cache: say how to fetch it, in the user's language.
        error = hubFailureText(e.reason(),
                               m_scenario.model.hub ? QString::fromStdString(m_scenario.model.hub->text()) : QString(),
                               QString::fromUtf8(e.what()), false);
    } catch (const std::exception &e) {
        error = QString::fromStdString(e.what());
    }
    if (error != m_error) {
        m_error = error;
        emit errorChanged(m_error);
    }
    if (m_error.isEmpty())
        emit estimateChanged(m_estimate);
}

SweepSeries ScenarioController::sweep(SweepAxis axis) const
{
    if (!m_resolved)
        return {};
    try {
        return buildSweep(*m_resolved, axis);
    } catch (const std::exception &) {
        return {}; // a sweep point past 2^64 bytes: show no sweep rather than a wrong one
    }
}

void ScenarioController::addModelPreset(ModelPreset preset)
{
    m_catalog.addModel(std::move(preset));
    emit catalogChanged();
    recompute();
}

void ScenarioController::addHardwarePreset(HardwarePreset preset)
{
    m_catalog.addHardware(std::move(preset));
    emit catalogChanged();
    recompute();
}

void ScenarioController::edit(const QString &description, const QString &mergeKey,
                              const std::function<void(Scenario &)> &change)
{
    Scenario s = m_scenario;
    change(s);
    setScenario(s, description, mergeKey);
}

} // namespace memplan::ui
