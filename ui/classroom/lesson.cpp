#include "lesson.h"
#include "errortext.h"

#include "error.h"
#include "scenario/catalog.h"
#include "scenario/scenariojson.h"

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

Scenario localScenario(const Scenario &scenario, const LocalText &name)
{
    Scenario s = scenario;
    if (!name.isEmpty())
        s.name = name.text().toStdString();
    return s;
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
        throw LessonError{QString::fromLatin1(key),
                          QStringLiteral("must be an object with an \"en\" string (and \"ko\")")};
    LocalText t;
    t.en = QString::fromStdString((*it)["en"].get<std::string>());
    if (it->contains("ko") && (*it)["ko"].is_string())
        t.ko = QString::fromStdString((*it)["ko"].get<std::string>());
    return t;
}

/// A lesson's scenario is a scenario file's content. Its name is a title in reports and saved
/// files, so the lesson may give it in Korean too, beside the scenario: "scenario_name_ko".
Scenario scenarioAt(const nlohmann::json &parent, const QString &key, LocalText *name)
{
    const nlohmann::json &doc = parent["scenario"];
    if (doc.is_object() && doc.contains("name") && doc["name"].is_string())
        name->en = QString::fromStdString(doc["name"].get<std::string>());
    if (const auto ko = parent.find("scenario_name_ko"); ko != parent.end()) {
        if (!ko->is_string())
            throw LessonError{key + QStringLiteral("_name_ko"), QStringLiteral("must be a string")};
        name->ko = QString::fromStdString(ko->get<std::string>());
    }
    try {
        return scenarioFromJson(doc);
    } catch (const InputError &e) {
        throw LessonError{key, inputErrorText(e.info())};
    } catch (const std::exception &e) {
        throw LessonError{key, QString::fromStdString(e.what())};
    }
}
struct QuantityName {
    const char *name;
    LessonQuestion::Quantity quantity;
};
constexpr QuantityName kQuantities[] = {
    {"weights", LessonQuestion::Quantity::Weights},       {"kv_cache", LessonQuestion::Quantity::KvCache},
    {"activation", LessonQuestion::Quantity::Activation}, {"workspace", LessonQuestion::Quantity::Workspace},
    {"allocator", LessonQuestion::Quantity::Allocator},   {"system", LessonQuestion::Quantity::System},
    {"total", LessonQuestion::Quantity::Total},           {"usable", LessonQuestion::Quantity::Usable},
    {"headroom", LessonQuestion::Quantity::Headroom},     {"overflow", LessonQuestion::Quantity::Overflow},
};

LessonQuestion questionAt(const nlohmann::json &doc, const QString &key)
{
    if (!doc.is_object())
        throw LessonError{key, QStringLiteral("must be an object")};
    LessonQuestion q;
    const std::string when = doc.value("when", std::string("check"));
    if (when == "predict")
        q.when = LessonQuestion::When::Predict;
    else if (when != "check")
        throw LessonError{key + QStringLiteral(".when"), QStringLiteral("must be \"predict\" or \"check\"")};
    try {
        q.prompt = localText(doc, "prompt", true);
        q.explain = localText(doc, "explain", false);
        if (doc.contains("choices")) {
            const auto &list = doc["choices"];
            if (!list.is_array() || list.size() < 2)
                throw LessonError{QStringLiteral("choices"), QStringLiteral("must be a list of at least two texts")};
            for (const auto &c : list) {
                if (!c.is_object() || !c.contains("en") || !c["en"].is_string())
                    throw LessonError{QStringLiteral("choices"),
                                      QStringLiteral("must hold objects with an \"en\" string")};
                LocalText t;
                t.en = QString::fromStdString(c["en"].get<std::string>());
                if (c.contains("ko") && c["ko"].is_string())
                    t.ko = QString::fromStdString(c["ko"].get<std::string>());
                q.choices << t;
            }
            if (!doc.contains("answer") || !doc["answer"].is_number_integer() || doc["answer"].get<int>() < 0 ||
                doc["answer"].get<int>() >= int(list.size()))
                throw LessonError{QStringLiteral("answer"), QStringLiteral("must be the index of one of the choices")};
            q.answer = doc["answer"].get<int>();
        }
        if (doc.contains("quantity")) {
            const std::string name = doc["quantity"].is_string() ? doc["quantity"].get<std::string>() : std::string();
            for (const QuantityName &n : kQuantities)
                if (name == n.name)
                    q.quantity = n.quantity;
            if (q.quantity == LessonQuestion::Quantity::None)
                throw LessonError{QStringLiteral("quantity"),
                                  QStringLiteral("must be weights, kv_cache, activation, workspace, allocator, system, "
                                                 "total, usable, headroom or overflow")};
        }
        if (q.choices.isEmpty() && q.quantity == LessonQuestion::Quantity::None)
            throw LessonError{QStringLiteral("choices"), QStringLiteral("or \"quantity\" is required")};
    } catch (const LessonError &e) {
        throw LessonError{key + QLatin1Char('.') + e.key, e.reason};
    }
    return q;
}
} // namespace

std::optional<Guest> questionGuest(LessonQuestion::Quantity q)
{
    switch (q) {
    case LessonQuestion::Quantity::Weights:
        return Guest::Weights;
    case LessonQuestion::Quantity::KvCache:
        return Guest::KvCache;
    case LessonQuestion::Quantity::Activation:
        return Guest::Activation;
    case LessonQuestion::Quantity::Workspace:
        return Guest::Workspace;
    case LessonQuestion::Quantity::Allocator:
        return Guest::Allocator;
    case LessonQuestion::Quantity::System:
        return Guest::System;
    default:
        return std::nullopt;
    }
}

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
        l.scenario = scenarioAt(doc, QStringLiteral("scenario"), &l.scenarioName);
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
                c.scenario = scenarioAt(list[i], key + QStringLiteral(".scenario"), &c.scenarioName);
                l.compare << c;
            }
        }
        if (doc.contains("questions")) {
            const auto &list = doc["questions"];
            if (!list.is_array())
                throw LessonError{QStringLiteral("questions"), QStringLiteral("must be a list")};
            for (std::size_t i = 0; i < list.size(); ++i)
                l.questions << questionAt(list[i], QStringLiteral("questions[%1]").arg(i));
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
