#pragma once
// The answer in one line — fits with X free, or does not fit by Y — followed by
// what would make it fit, each suggestion found by asking the engine (solvers,
// or an estimate with one choice changed) and clickable to apply. Input errors,
// preset files that failed to load and the engine's warnings are listed here too,
// inline rather than in dialogs.

#include "estimate.h"
#include "scenario/catalog.h"
#include "scenario/resolve.h"
#include "scenario/scenario.h"
#include "units.h"

#include <QFrame>

class QTimer;
#include <QList>

#include <optional>

class QLabel;

namespace memplan::ui {

struct Suggestion {
    QString text;
    Scenario scenario;       ///< the scenario with the suggestion applied
    QString id;              ///< the core advice id ("advice.kv_format")
    std::uint64_t value = 0; ///< its number (tokens, sequences, GPUs, layers)
    bool fits = true;        ///< the change alone makes the scenario fit
    QString brief;           ///< the change without its cost (presentation banner); empty = text
};

/// What would make the scenario fit (or how far it could stretch when it does): the core's
/// advise() in the window's language. Every figure comes from the engine.
QList<Suggestion> computeSuggestions(const Scenario &scenario, const ResolvedScenario &resolved,
                                     const Estimate &estimate, const PresetCatalog &catalog);

class SteadyText;

class VerdictBanner : public QFrame {
    Q_OBJECT
public:
    explicit VerdictBanner(QWidget *parent = nullptr);

    /// During a burst of updates (a drag) that keeps the verdict, the suggestions are worked
    /// out when the burst pauses or when suggestions()/details() ask for them, not on every
    /// update: `catalog` must then live until the pause (the window's controller owns it).
    void setResult(const Scenario &scenario, const std::optional<ResolvedScenario> &resolved, const Estimate &estimate,
                   const QString &error, const PresetCatalog &catalog);
    void setUnitSystem(UnitSystem units);
    void setPresentationMode(bool large);

    QString headline() const;
    QString details() const;
    /// The suggestions for the latest result (worked out now if they were put off).
    const QList<Suggestion> &suggestions() const;
    /// Whether the latest result's suggestions are still to be worked out (mid-drag).
    bool suggestionsPending() const { return m_deferred.has_value(); }

    /// How long the banner keeps its height after the last update (a pause ends a gesture).
    static constexpr int kSettleMs = 400;

signals:
    void suggestionActivated(const memplan::Scenario &scenario, const QString &description);

private:
    void render();
    /// The banner's colour for the current result: a change of it is a change of verdict.
    QString verdictColour() const;
    /// The suggestion, refusal, warning and preset-problem lines, as rich text.
    QString detailLines() const;
    /// Works out suggestions that were put off during a burst.
    void computeDeferred() const;

    QLabel *m_headline = nullptr;
    SteadyText *m_headlineText = nullptr; ///< the headline follows every step without a relayout
    QLabel *m_details = nullptr;
    /// What a put-off suggestion pass needs: the latest scenario, its resolution and catalog.
    struct DeferredAdvice {
        Scenario scenario;
        ResolvedScenario resolved;
        const PresetCatalog *catalog = nullptr;
    };
    // Mutable: suggestions() and details() work out put-off suggestions on demand.
    mutable QList<Suggestion> m_suggestions;
    mutable std::optional<DeferredAdvice> m_deferred;
    bool m_linesStale = false; ///< the shown lines predate the latest result's suggestions
    QStringList m_problems;
    Estimate m_estimate;
    QString m_error;
    UnitSystem m_units = UnitSystem::Binary;
    bool m_large = false;
    QString m_appliedColour;
    double m_appliedScale = 0;
    QTimer *m_settle = nullptr;
    /// Suggestion and warning lines computed during a burst of updates, shown when it settles.
    std::optional<QString> m_pendingDetails;
    void applyDetails(const QString &details);
    void holdHeight();
};

} // namespace memplan::ui
