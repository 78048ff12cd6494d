// The Korean translation is complete: no unfinished or vanished entries, every
// tr()/translate() literal in ui/, app/main.cpp and app/cli/ has a Korean text, the .qm is
// compiled in, and strings extracted under a different context than the one Qt
// asks for at run time are still found (FallbackTranslator).

#include "translator.h"

#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {
const QString kTs = QStringLiteral(MEMPLAN_SOURCE_DIR "/resources/translations/memplan_ko.ts");

struct Entry {
    QString context;
    QString source;
    QString type; ///< "" when finished
    QString translation;
};

QList<Entry> readTs(const QString &path, QString *error)
{
    QList<Entry> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = f.errorString();
        return out;
    }
    QXmlStreamReader xml(&f);
    QString context;
    Entry current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name"))
            context = xml.readElementText();
        else if (name == QLatin1String("message"))
            current = Entry{context, {}, {}, {}};
        else if (name == QLatin1String("source"))
            current.source = xml.readElementText();
        else if (name == QLatin1String("translation")) {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            current.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            out << current;
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return out;
}

QString unescape(const QString &literal)
{
    QString s;
    for (qsizetype i = 0; i < literal.size(); ++i) {
        if (literal[i] != QLatin1Char('\\') || i + 1 == literal.size()) {
            s += literal[i];
            continue;
        }
        const QChar c = literal[++i];
        s += c == QLatin1Char('n') ? QChar(QLatin1Char('\n')) : c == QLatin1Char('t') ? QChar(QLatin1Char('\t')) : c;
    }
    return s;
}

/// Every literal handed to tr(), X::tr(), translate("ctx", ...) or QT_TRANSLATE_NOOP("ctx", ...),
/// with adjacent literals joined the way the compiler joins them.
QSet<QString> sourceLiterals(QStringList *files)
{
    // Plain literals rather than raw strings: moc's preprocessor does not follow R"(...)" inside macros.
    static const QString literal = QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\"");
    static const QRegularExpression call(
        QStringLiteral("(?:\\btr|\\btranslate|QT_TRANSLATE_NOOP|QT_TR_NOOP)\\(\\s*(?:%1\\s*,\\s*)?((?:%1\\s*)+)[,)]")
            .arg(literal));
    static const QRegularExpression piece(QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\""));
    QSet<QString> out;
    QStringList paths{QStringLiteral(MEMPLAN_SOURCE_DIR "/app/main.cpp")};
    QDirIterator it(QStringLiteral(MEMPLAN_SOURCE_DIR "/ui"), {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
                    QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        paths << it.next();
    // memplan-cli's text (issue 17: --lang ko for every command).
    QDirIterator cli(QStringLiteral(MEMPLAN_SOURCE_DIR "/app/cli"), {QStringLiteral("*.cpp")}, QDir::Files);
    while (cli.hasNext())
        paths << cli.next();
    for (const QString &p : paths) {
        QFile f(p);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        *files << p;
        const QString text = QString::fromUtf8(f.readAll());
        for (auto m = call.globalMatch(text); m.hasNext();) {
            QString joined;
            for (auto pm = piece.globalMatch(m.next().captured(1)); pm.hasNext();)
                joined += unescape(pm.next().captured(1));
            // painter.translate(x, y) and friends are not strings.
            if (!joined.isEmpty())
                out.insert(joined);
        }
    }
    return out;
}
} // namespace

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void committedFileIsFinished()
    {
        QString error;
        const QList<Entry> entries = readTs(kTs, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(entries.size() > 300);
        QStringList bad;
        for (const Entry &e : entries)
            if (!e.type.isEmpty() || e.translation.trimmed().isEmpty())
                bad << QStringLiteral("%1 / \"%2\" (%3)")
                           .arg(e.context, e.source, e.type.isEmpty() ? QStringLiteral("empty") : e.type);
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    void everySourceStringIsTranslated()
    {
        QString error;
        QHash<QString, QString> translated;
        for (const Entry &e : readTs(kTs, &error))
            if (e.type.isEmpty())
                translated.insert(e.source, e.translation);
        QStringList files;
        const QSet<QString> literals = sourceLiterals(&files);
        QVERIFY(files.size() > 20);
        QVERIFY(literals.size() > 300);
        QStringList missing;
        for (const QString &s : literals)
            if (!translated.contains(s))
                missing << s;
        missing.sort();
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("not in memplan_ko.ts (run lupdate and translate):\n") +
                                               missing.join(QLatin1Char('\n'))));
    }

    void lupdateFindsNothingNew()
    {
#ifndef MEMPLAN_LUPDATE
        QSKIP("lupdate not available");
#else
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("memplan_ko.ts"));
        QVERIFY(QFile::copy(kTs, copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QProcess lupdate;
        lupdate.setWorkingDirectory(QStringLiteral(MEMPLAN_SOURCE_DIR));
        lupdate.start(QStringLiteral(MEMPLAN_LUPDATE),
                      {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
                       QStringLiteral("ui"), QStringLiteral("app/main.cpp"), QStringLiteral("app/cli"),
                       QStringLiteral("-ts"), copy});
        QVERIFY(lupdate.waitForFinished(120000));
        QCOMPARE(lupdate.exitCode(), 0);
        QString error;
        QStringList bad;
        for (const Entry &e : readTs(copy, &error))
            if (!e.type.isEmpty())
                bad << QStringLiteral("%1 / \"%2\" (%3)").arg(e.context, e.source, e.type);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
        // Issue 33: no stale entry either. -no-obsolete drops what no source uses any more; an entry
        // still marked finished that nothing shows would otherwise stay in the catalogue for ever.
        QSet<QString> kept;
        for (const Entry &e : readTs(copy, &error))
            kept.insert(e.context + QLatin1Char('\n') + e.source);
        QStringList stale;
        for (const Entry &e : readTs(kTs, &error))
            if (!kept.contains(e.context + QLatin1Char('\n') + e.source))
                stale << QStringLiteral("%1 / \"%2\"").arg(e.context, e.source);
        QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("stale entries:\n") + stale.join(QLatin1Char('\n'))));
#endif
    }

    void compiledTranslationLoads()
    {
        memplan::ui::FallbackTranslator t;
        QVERIFY(t.load(QStringLiteral(":/i18n/memplan_ko.qm")));
        QCOMPARE(t.translate("memplan::ui::MainWindow", "&File"), QStringLiteral("파일(&F)"));
        QCOMPARE(t.translate("Guest", "KV cache"), QStringLiteral("KV 캐시"));
        // Extracted as "memplan::ui" or "WhatIfPanel"; asked for by their run-time contexts.
        QVERIFY(!t.translate("ReportText", "Verdict").isEmpty());
        QVERIFY(!t.translate("ReportActionsText", "Export failed").isEmpty());
        QVERIFY(!t.translate("memplan::ui::WhatIfPanel", "%1 — %2 bits").isEmpty());
        QVERIFY(t.translate("NoSuchContext", "no such source").isNull());
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
