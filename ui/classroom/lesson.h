#pragma once
// A lesson file (`memplan.lesson-preset/1`, docs/classroom.md) read into a value:
// bilingual texts, the scenario it opens and the scenarios it compares. core/
// only checks the schema and id; the shape of a lesson belongs to classroom mode.

#include "scenario.h"

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
    QList<LessonCompare> compare;
    QString origin;
};

/// Reads one lesson document. Returns nullopt and sets *error (naming the key) when
/// a required key is missing or the scenario is not a valid `memplan.scenario/1`.
std::optional<Lesson> lessonFromJson(const nlohmann::json &doc, QString *error);

/// Every lesson of the catalog that parses, lessons before misconceptions, then by
/// "order" and id. Broken ones are listed in *problems (one line each) when given.
std::vector<Lesson> lessonsFromCatalog(const PresetCatalog &catalog, QStringList *problems = nullptr);

} // namespace memplan::ui
