// The Qt side of memplan-cli's language (clitext.h): Korean from the compiled catalogue
// through QCoreApplication::translate, and the engine's texts through memplan_text.

#include "clitext.h"

#include "enginetext.h"
#include "errortext.h"
#include "koreanparticles.h"
#include "translator.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QString>

#include <vector>

namespace memplan::cli {

namespace {

/// The context lupdate files the marked strings of app/cli under (see clitext.h).
constexpr char kCliContext[] = "CliText";

std::string koreanSay(const char *english)
{
    return QCoreApplication::translate(kCliContext, english).toStdString();
}

std::string koreanEngine(const std::string &english)
{
    return memplan::ui::engineText(english).toStdString();
}

std::string translatedReason(const std::string &reason)
{
    const QString text = QString::fromStdString(reason);
    // "... (preset files skipped: a.json: ...)" (scenariocommands.cpp) keeps its list as written.
    static const QRegularExpression skipped(QStringLiteral("^(.*) \\(preset files skipped: (.*)\\)$"));
    if (const auto m = skipped.match(text); m.hasMatch())
        return say(QT_TRANSLATE_NOOP("CliText", "%1 (preset files skipped: %2)"),
                   {translatedReason(m.captured(1).toStdString()), m.captured(2).toStdString()});
    // The window's table (ui/errortext.cpp): one translation of each reason for both.
    return memplan::ui::inputReasonText(reason).toStdString();
}

std::string koreanParticles(const std::string &filled)
{
    return memplan::ui::withParticles(filled);
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

const CliTranslations kKorean{koreanSay, koreanEngine, translatedReason, koreanMatching, koreanParticles};

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
