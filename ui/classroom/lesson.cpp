#include "lesson.h"

#include "catalog.h"
#include "error.h"
#include "scenariojson.h"

#include <QLocale>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <exception>

namespace memplan::ui {

QString LocalText::text() const
{
    if (QLocale().language() == QLocale::Korean && !ko.isEmpty())
        return ko;
    return en.isEmpty() ? ko : en;
}

namespace {
struct LessonError {
    QString key;
    QString reason;
};

LocalText localText(const nlohmann::json &doc, const char *key, bool required)
{
    const auto it = doc.find(key);
    if (it == doc.end()) {
        if (required)
            throw LessonError{QString::fromLatin1(key), QStringLiteral("is required")};
        return {};
    }
    if (!it->is_object() || !it->contains("en") || !(*it)["en"].is_string())
        throw LessonError{QString::fromLatin1(key), QStringLiteral("must be an object with an \"en\" string (and \"ko\")")};
    LocalText t;
    t.en = QString::fromStdString((*it)["en"].get<std::string>());
    if (it->contains("ko") && (*it)["ko"].is_string())
        t.ko = QString::fromStdString((*it)["ko"].get<std::string>());
    return t;
}

Scenario scenarioAt(const nlohmann::json &doc, const QString &key)
{
    try {
        return scenarioFromJson(doc);
    } catch (const InputError &e) {
        throw LessonError{key, QString::fromStdString(e.info().message())};
    } catch (const std::exception &e) {
        throw LessonError{key, QString::fromStdString(e.what())};
    }
}
} // namespace

std::optional<Lesson> lessonFromJson(const nlohmann::json &doc, QString *error)
{
    try {
        if (!doc.is_object())
            throw LessonError{QStringLiteral("(top level)"), QStringLiteral("must be a JSON object")};
        Lesson l;
        if (!doc.contains("id") || !doc["id"].is_string())
            throw LessonError{QStringLiteral("id"), QStringLiteral("is required")};
        l.id = QString::fromStdString(doc["id"].get<std::string>());
        const std::string kind = doc.value("kind", std::string("lesson"));
        if (kind == "misconception")
            l.kind = Lesson::Kind::Misconception;
        else if (kind != "lesson")
            throw LessonError{QStringLiteral("kind"), QStringLiteral("must be \"lesson\" or \"misconception\"")};
        if (doc.contains("order") && doc["order"].is_number_integer())
            l.order = doc["order"].get<int>();
        l.title = localText(doc, "title", true);
        l.goal = localText(doc, "goal", true);
        const bool misconception = l.kind == Lesson::Kind::Misconception;
        l.claim = localText(doc, "claim", misconception);
        l.correction = localText(doc, "correction", misconception);
        l.takeaway = localText(doc, "takeaway", false);
        if (!doc.contains("scenario"))
            throw LessonError{QStringLiteral("scenario"), QStringLiteral("is required")};
        l.scenario = scenarioAt(doc["scenario"], QStringLiteral("scenario"));
        if (doc.contains("compare")) {
            const auto &list = doc["compare"];
            if (!list.is_array())
                throw LessonError{QStringLiteral("compare"), QStringLiteral("must be a list")};
            for (std::size_t i = 0; i < list.size(); ++i) {
                const QString key = QStringLiteral("compare[%1]").arg(i);
                if (!list[i].is_object() || !list[i].contains("scenario"))
                    throw LessonError{key, QStringLiteral("needs a label and a scenario")};
                LessonCompare c;
                c.label = localText(list[i], "label", true);
                c.scenario = scenarioAt(list[i]["scenario"], key + QStringLiteral(".scenario"));
                l.compare << c;
            }
        }
        return l;
    } catch (const LessonError &e) {
        if (error)
            *error = e.key + QStringLiteral(": ") + e.reason;
        return std::nullopt;
    }
}

std::vector<Lesson> lessonsFromCatalog(const PresetCatalog &catalog, QStringList *problems)
{
    std::vector<Lesson> out;
    for (const LessonPreset &p : catalog.lessons()) {
        QString error;
        if (auto l = lessonFromJson(p.document, &error)) {
            l->origin = QString::fromStdString(p.origin);
            out.push_back(std::move(*l));
        } else if (problems) {
            *problems << QString::fromStdString(p.origin) + QStringLiteral(": ") + error;
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const Lesson &a, const Lesson &b) {
        if (a.kind != b.kind)
            return a.kind == Lesson::Kind::Lesson;
        if (a.order != b.order)
            return a.order < b.order;
        return a.id < b.id;
    });
    return out;
}

} // namespace memplan::ui
