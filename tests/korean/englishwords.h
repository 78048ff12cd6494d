#pragma once
// The "English word left in a Korean text" detector shared by tst_glossaryko (catalogue, CLI
// texts, lessons) and tst_koreanwidgets (the window's widgets): the words the glossary keeps
// in Latin script and the names it lists are allowed (resources/translations/glossary-ko.json).

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>

namespace memplan::testko {

/// The glossary's Latin-script terms and names; empty when the file cannot be read.
inline QSet<QString> latinWords()
{
    QSet<QString> words;
    QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/resources/translations/glossary-ko.json"));
    if (!f.open(QIODevice::ReadOnly))
        return words;
    const QJsonObject g = QJsonDocument::fromJson(f.readAll()).object();
    for (const char *list : {"latin", "names"})
        for (const QJsonValue &w : g.value(QLatin1String(list)).toArray())
            words.insert(w.toString());
    return words;
}

/// English words `text` leaves in a Korean sentence: plain words outside the kept Latin terms
/// and names. Placeholders, markup, quoted values, options, keys, file names, acronyms
/// (GPU, KV), names in CamelCase (FlashAttention) and words with digits are not words.
inline QStringList englishWords(QString text, const QSet<QString> &kept)
{
    static const QList<QRegularExpression> strip = {
        QRegularExpression(QStringLiteral("<[^>]*>")),
        QRegularExpression(QStringLiteral("%\\d")),
        QRegularExpression(QStringLiteral("`[^`]*`|\"[^\"]*\"|'[^']*'|‘[^’]*’|“[^”]*”")),
        QRegularExpression(QStringLiteral("(?<![\\w-])--?[\\w-]+")),
        QRegularExpression(QStringLiteral("\\S*[/\\\\_.=:][\\w/\\\\.=:*-]*\\w")),
        QRegularExpression(QStringLiteral("&\\w")),
    };
    for (const QRegularExpression &re : strip)
        text.replace(re, QStringLiteral(" "));
    static const QRegularExpression word(QStringLiteral("(?<![\\w-])[A-Za-z][A-Za-z-]*[A-Za-z](?![\\w-])"));
    static const QRegularExpression acronym(QStringLiteral("^[A-Z0-9]+s?$"));
    static const QRegularExpression camel(QStringLiteral("[a-z][A-Z]"));
    QStringList found;
    auto it = word.globalMatch(text);
    while (it.hasNext()) {
        const QString w = it.next().captured(0);
        if (acronym.match(w).hasMatch() || camel.match(w).hasMatch() || kept.contains(w))
            continue;
        found << w;
    }
    return found;
}

} // namespace memplan::testko
