#include "clitext.h"

#include "enginetext.h"
#include "errortext.h"
#include "koreanparticles.h"
#include "translator.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QString>

#include <cstdlib>
#include <vector>

namespace memplan::cli {

namespace {
bool g_korean = false;
/// The context lupdate files the marked strings of app/cli under (see clitext.h).
constexpr char kContext[] = "CliText";

std::string fromEnv(const char *name)
{
    const char *v = std::getenv(name);
    return v ? std::string(v) : std::string();
}
} // namespace

bool setCliLanguage(std::string_view language)
{
    g_korean = false;
    if (language != "ko")
        return true;
    // Installed into QCoreApplication so memplan_text's QCoreApplication::translate calls
    // (engine labels, warnings, advice) find it as well as say().
    static memplan::ui::FallbackTranslator translator;
    if (!QCoreApplication::instance() || !translator.load(QStringLiteral(":/i18n/memplan_ko.qm")))
        return false;
    QCoreApplication::installTranslator(&translator);
    g_korean = true;
    return true;
}

bool cliKorean()
{
    return g_korean;
}

std::string cliLanguageFromEnvironment(std::string_view flag)
{
    if (!flag.empty())
        return std::string(flag);
    // POSIX: LC_ALL overrides LC_MESSAGES, which overrides LANG; the first one set decides.
    for (const char *name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const std::string v = fromEnv(name);
        if (!v.empty())
            return v.rfind("ko", 0) == 0 ? "ko" : "en";
    }
    return "en";
}

std::string fill(const std::string &text, std::initializer_list<std::string> args)
{
    if (args.size() == 0)
        return text;
    // One pass, so an argument that itself holds "%1" (a file name) is not replaced again.
    std::string out;
    out.reserve(text.size() + 32);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        if (text[i] == '%' && next >= '1' && next <= '9' && std::size_t(next - '1') < args.size()) {
            out += *(args.begin() + (next - '1'));
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::string say(const char *english, std::initializer_list<std::string> args)
{
    if (!g_korean)
        return fill(english, args);
    // A Korean particle after a value is written as a pair ("%1을(를)") and chosen here, once
    // the value is in (ui/koreanparticles.h; the window uses the same helper).
    return memplan::ui::withParticles(fill(QCoreApplication::translate(kContext, english).toStdString(), args));
}

namespace {
/// Terminal columns of UTF-8 text: East Asian wide ranges (Hangul, CJK) count two.
std::size_t displayWidth(const std::string &text)
{
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        char32_t cp = c;
        std::size_t len = 1;
        if (c >= 0xf0 && i + 3 < text.size()) {
            len = 4;
            cp = char32_t(c & 0x07) << 18 | char32_t(text[i + 1] & 0x3f) << 12 | char32_t(text[i + 2] & 0x3f) << 6 |
                 char32_t(text[i + 3] & 0x3f);
        } else if (c >= 0xe0 && i + 2 < text.size()) {
            len = 3;
            cp = char32_t(c & 0x0f) << 12 | char32_t(text[i + 1] & 0x3f) << 6 | char32_t(text[i + 2] & 0x3f);
        } else if (c >= 0xc0 && i + 1 < text.size()) {
            len = 2;
            cp = char32_t(c & 0x1f) << 6 | char32_t(text[i + 1] & 0x3f);
        }
        const bool wide = (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
                          (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
                          (cp >= 0xff00 && cp <= 0xff60);
        width += wide ? 2 : 1;
        i += len;
    }
    return width;
}
} // namespace

std::string padTo(const std::string &text, std::size_t columns)
{
    const std::size_t w = displayWidth(text);
    return w >= columns ? text : text + std::string(columns - w, ' ');
}

std::string padLeftTo(const std::string &text, std::size_t columns)
{
    const std::size_t w = displayWidth(text);
    return w >= columns ? text : std::string(columns - w, ' ') + text;
}

std::string engineSays(const std::string &english)
{
    return g_korean ? memplan::ui::engineText(english).toStdString() : english;
}

namespace {

std::string translatedReason(const std::string &reason)
{
    const QString text = QString::fromStdString(reason);
    // "... (preset files skipped: a.json: ...)" (clicommands.cpp) keeps its list as written.
    static const QRegularExpression skipped(QStringLiteral("^(.*) \\(preset files skipped: (.*)\\)$"));
    if (const auto m = skipped.match(text); m.hasMatch())
        return say(QT_TRANSLATE_NOOP("CliText", "%1 (preset files skipped: %2)"),
                   {translatedReason(m.captured(1).toStdString()), m.captured(2).toStdString()});
    // The window's table (ui/errortext.cpp): one translation of each reason for both.
    return g_korean ? memplan::ui::inputReasonText(reason).toStdString() : reason;
}

} // namespace

std::string sayMatching(const std::string &english, std::span<const PatternText> table)
{
    if (!g_korean)
        return english;
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

std::string inputErrorText(const ErrorInfo &info)
{
    if (!g_korean)
        return info.message();
    std::string out;
    if (!info.file.empty())
        out += info.file + ": ";
    if (!info.field.empty())
        out += info.field + ": ";
    out += translatedReason(info.reason);
    if (!info.namedBy.empty())
        out += " " + say(QT_TRANSLATE_NOOP("CliText", "(named by %1)"), {info.namedBy});
    return out; // the reason's particles were chosen by inputReasonText
}

} // namespace memplan::cli
