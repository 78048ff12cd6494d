#pragma once
// The one Scenario the window edits, the preset catalog it refers to and the
// engine's latest answer. Every edit goes through setScenario() as an undo
// command; consecutive edits of one control within one gesture merge, so a
// slider drag is a single undo step.

#include "estimate.h"
#include "questions/chartseries.h"
#include "scenario/catalog.h"
#include "scenario/resolve.h"
#include "scenario/scenario.h"

#include <QObject>

#include <QString>
#include <functional>

#include <optional>

class QUndoStack;

namespace memplan::ui {

class ScenarioController : public QObject {
    Q_OBJECT
public:
    explicit ScenarioController(PresetCatalog catalog, QObject *parent = nullptr);
    ~ScenarioController() override;

    const Scenario &scenario() const { return m_scenario; }
    const PresetCatalog &catalog() const { return m_catalog; }
    /// The last estimate that succeeded (the previous one stays while the input is invalid).
    const Estimate &estimate() const { return m_estimate; }
    /// The resolved scenario behind estimate(); empty until one resolved.
    const std::optional<ResolvedScenario> &resolved() const { return m_resolved; }
    /// Why the current scenario could not be estimated; empty when it could.
    const QString &error() const { return m_error; }
    QUndoStack *undoStack() const { return m_undo; }

    /// Records an edit. Edits with the same non-empty mergeKey merge into one undo
    /// step until endGesture() (a released slider, a finished entry) or another key.
    void setScenario(const Scenario &scenario, const QString &description, const QString &mergeKey = QString());
    /// Applies change to a copy of the current scenario and sets it (one undo step per mergeKey run).
    void edit(const QString &description, const QString &mergeKey, const std::function<void(Scenario &)> &change);
    /// Closes the current gesture so the next edit starts a new undo step.
    void endGesture();
    /// Replaces the scenario as one undo step that never merges (open file, new).
    void replaceScenario(const Scenario &scenario, const QString &description);

    /// Starts over from scenario with an empty undo history (window start-up).
    void resetScenario(const Scenario &scenario);

    /// The main pool over context or concurrency for the sweep chart (empty before the first estimate).
    SweepSeries sweep(SweepAxis axis) const;

    void addModelPreset(ModelPreset preset);
    void addHardwarePreset(HardwarePreset preset);

signals:
    void scenarioChanged(const memplan::Scenario &scenario);
    void estimateChanged(const memplan::Estimate &estimate);
    void errorChanged(const QString &message);
    void catalogChanged();

private:
    friend class SetScenarioCommand;
    void apply(const Scenario &scenario);
    void recompute();

    PresetCatalog m_catalog;
    Scenario m_scenario;
    Estimate m_estimate;
    std::optional<ResolvedScenario> m_resolved;
    QString m_error;
    QUndoStack *m_undo = nullptr;
    int m_gesture = 0;
};

} // namespace memplan::ui
