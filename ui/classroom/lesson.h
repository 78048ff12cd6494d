#pragma once
// A lesson file (`memplan.lesson-preset/1`, docs/classroom.md) read into a value:
// bilingual texts, the scenario it opens and the scenarios it compares. core/
// only checks the schema and id; the shape of a lesson belongs to classroom mode.

#include "evidence.h"
#include "scenario/scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace memplan {
class PresetCatalog;
}

namespace memplan::ui {

/// One text in both languages; text() picks the one for the current locale.
struct LocalText {
    QString en;
    QString ko;
    /// Korean when QLocale() is Korean and a Korean text exists, English otherwise.
    QString text() const;
    bool isEmpty() const { return en.isEmpty() && ko.isEmpty(); }
};

struct LessonCompare {
    LocalText label;
    Scenario scenario;
    LocalText scenarioName; ///< the scenario's name in both languages
};

/// The scenario named in the current language (a report's title, a saved file's name).
Scenario localScenario(const Scenario &scenario, const LocalText &name);

/// A predict-then-reveal question (docs/classroom.md, "questions"): asked on one step,
/// answered with the math on a later one. A prediction is asked before the guests
/// arrive and answered after the whole picture; a check question is asked and
/// answered at the end of the lesson, as the source chapter ends with its own.
struct LessonQuestion {
    enum class When { Predict, Check };
    /// What a numeric answer reads from the estimate (the main pool). None: a choice question.
    enum class Quantity {
        None,
        Weights,
        KvCache,
        Activation,
        Workspace,
        Allocator,
        System,
        Total,
        Usable,
        Headroom,
        Overflow
    };

    When when = When::Check;
    LocalText prompt;
    QList<LocalText> choices; ///< empty for a numeric question
    int answer = -1;          ///< index of the right choice
    Quantity quantity = Quantity::None;
    LocalText explain; ///< why, in words; the math comes from the engine
};

struct Lesson {
    enum class Kind { Lesson, Misconception };

    QString id;
    Kind kind = Kind::Lesson;
    int order = 0;
    LocalText title;
    LocalText goal;
    LocalText claim;      ///< misconceptions: the wrong statement
    LocalText correction; ///< misconceptions: why it is wrong
    LocalText takeaway;   ///< optional closing sentence
    Scenario scenario;
    LocalText scenarioName; ///< the scenario's name in both languages
    QList<LessonCompare> compare;
    QList<LessonQuestion> questions;
    QString origin;
};

/// Reads one lesson document. Returns nullopt and sets *error (naming the key) when
/// a required key is missing or the scenario is not a valid `memplan.scenario/1`.
/// The guest a numeric question asks about, if it asks about one guest.
std::optional<Guest> questionGuest(LessonQuestion::Quantity q);

std::optional<Lesson> lessonFromJson(const nlohmann::json &doc, QString *error);

/// Every lesson of the catalog that parses, lessons before misconceptions, then by
/// "order" and id. Broken ones are listed in *problems (one line each) when given.
std::vector<Lesson> lessonsFromCatalog(const PresetCatalog &catalog, QStringList *problems = nullptr);

} // namespace memplan::ui
