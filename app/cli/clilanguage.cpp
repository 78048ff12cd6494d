// The Qt side of memplan-cli's language (clitext.h): Korean from the compiled catalogue
// through QCoreApplication::translate, and the engine's texts through memplan_text.

#include "clitext.h"

#include "enginetext.h"
#include "translator.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QString>

#include <vector>

namespace memplan::cli {

namespace {

/// The context lupdate files the marked strings of app/cli under (see clitext.h).
constexpr char kContext[] = "CliText";

std::string koreanSay(const char *english)
{
    return QCoreApplication::translate(kContext, english).toStdString();
}

std::string koreanEngine(const std::string &english)
{
    return memplan::ui::engineText(english).toStdString();
}

// The reasons users meet most (core/inputfile.cpp, core/jsonutil.cpp, core/resolve.cpp,
// core/catalog.cpp). The English sources equal core's wording so lupdate files one entry each.
constexpr PatternText kReasons[] = {
    {"^does not exist$", QT_TRANSLATE_NOOP("CliText", "does not exist")},
    {"^is a symbolic link to a file that does not exist$",
     QT_TRANSLATE_NOOP("CliText", "is a symbolic link to a file that does not exist")},
    {"^is a folder, not a file$", QT_TRANSLATE_NOOP("CliText", "is a folder, not a file")},
    {"^is not a regular file \\(a FIFO, socket or device\\); only regular files are read$",
     QT_TRANSLATE_NOOP("CliText", "is not a regular file (a FIFO, socket or device); only regular files are read")},
    {"^no file name given$", QT_TRANSLATE_NOOP("CliText", "no file name given")},
    {"^cannot be opened for reading$", QT_TRANSLATE_NOOP("CliText", "cannot be opened for reading")},
    {"^cannot be opened for reading \\((.*)\\)$", QT_TRANSLATE_NOOP("CliText", "cannot be opened for reading (%1)")},
    {"^cannot be read$", QT_TRANSLATE_NOOP("CliText", "cannot be read")},
    {"^cannot be read \\((.*)\\)$", QT_TRANSLATE_NOOP("CliText", "cannot be read (%1)")},
    {"^is larger than (.*)$", QT_TRANSLATE_NOOP("CliText", "is larger than %1")},
    {"^is not valid JSON: (.*)$", QT_TRANSLATE_NOOP("CliText", "is not valid JSON: %1")},
    {"^is not valid JSON \\((.*)\\)$", QT_TRANSLATE_NOOP("CliText", "is not valid JSON (%1)")},
    {"^must be between (\\S+) and (\\S+)$", QT_TRANSLATE_NOOP("CliText", "must be between %1 and %2")},
    {"^must be positive$", QT_TRANSLATE_NOOP("CliText", "must be positive")},
    {"^must be a non-negative whole number$", QT_TRANSLATE_NOOP("CliText", "must be a non-negative whole number")},
    {"^must be true or false$", QT_TRANSLATE_NOOP("CliText", "must be true or false")},
    {"^must be a string$", QT_TRANSLATE_NOOP("CliText", "must be a string")},
    {"^must be a list$", QT_TRANSLATE_NOOP("CliText", "must be a list")},
    {"^must be a JSON object$", QT_TRANSLATE_NOOP("CliText", "must be a JSON object")},
    {"^is missing$", QT_TRANSLATE_NOOP("CliText", "is missing")},
    {"^'(.*)' is not a known model preset$", QT_TRANSLATE_NOOP("CliText", "'%1' is not a known model preset")},
    {"^'(.*)' is not a known hardware preset$", QT_TRANSLATE_NOOP("CliText", "'%1' is not a known hardware preset")},
    {"^'(.*)' is not a known runtime profile$", QT_TRANSLATE_NOOP("CliText", "'%1' is not a known runtime profile")},
    {"^'(.*)' is not a known format$", QT_TRANSLATE_NOOP("CliText", "'%1' is not a known format")},
    {"^'(.*)' is not a known format \\(see `memplan-cli formats`\\)$",
     QT_TRANSLATE_NOOP("CliText", "'%1' is not a known format (see `memplan-cli formats`)")},
    {"^is not a known key \\(use config.json names such as num_key_value_heads\\)$",
     QT_TRANSLATE_NOOP("CliText", "is not a known key (use config.json names such as num_key_value_heads)")},
};

std::string translatedReason(const std::string &reason)
{
    const QString text = QString::fromStdString(reason);
    // "... (preset files skipped: a.json: ...)" (clicommands.cpp) keeps its list as written.
    static const QRegularExpression skipped(QStringLiteral("^(.*) \\(preset files skipped: (.*)\\)$"));
    if (const auto m = skipped.match(text); m.hasMatch())
        return say(QT_TRANSLATE_NOOP("CliText", "%1 (preset files skipped: %2)"),
                   {translatedReason(m.captured(1).toStdString()), m.captured(2).toStdString()});
    return sayMatching(reason, kReasons);
}

std::string koreanMatching(const std::string &english, std::span<const PatternText> table)
{
    const QString text = QString::fromStdString(english);
    for (const PatternText &r : table) {
        const QRegularExpression re(QString::fromLatin1(r.pattern));
        if (const auto m = re.match(text); m.hasMatch()) {
            std::vector<std::string> caps;
            for (int i = 1; i <= m.lastCapturedIndex(); ++i)
                caps.push_back(m.captured(i).toStdString());
            caps.resize(4); // patterns capture at most four values; unused ones are never placed
            return say(r.text, {caps[0], caps[1], caps[2], caps[3]});
        }
    }
    return english;
}

const CliTranslations kKorean{koreanSay, koreanEngine, translatedReason, koreanMatching};

} // namespace

bool setCliLanguage(std::string_view language)
{
    useCliTranslations(nullptr);
    if (language != "ko")
        return true;
    // Installed into QCoreApplication so memplan_text's QCoreApplication::translate calls
    // (engine labels, warnings, advice) find it as well as say().
    static memplan::ui::FallbackTranslator translator;
    if (!QCoreApplication::instance() || !translator.load(QStringLiteral(":/i18n/memplan_ko.qm")))
        return false;
    QCoreApplication::installTranslator(&translator);
    useCliTranslations(&kKorean);
    return true;
}

} // namespace memplan::cli
