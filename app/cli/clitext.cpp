#include "clitext.h"

#include <cstdlib>
#include <vector>

// Qt-free: the lean front end (leanmain.h) links this file without QtCore. Korean goes
// through the translations clilanguage.cpp installs.

namespace memplan::cli {

namespace {
const CliTranslations *g_korean = nullptr;

std::string fromEnv(const char *name)
{
    const char *v = std::getenv(name);
    return v ? std::string(v) : std::string();
}
} // namespace

void useCliTranslations(const CliTranslations *korean)
{
    g_korean = korean;
}

bool cliKorean()
{
    return g_korean != nullptr;
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
    // A Korean particle after a value is written as a pair ("%1을(를)") and chosen by the
    // translations once the value is in (ui/koreanparticles.h; the window uses the same helper).
    return g_korean->particles(fill(g_korean->say(english), args));
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
    return g_korean ? g_korean->engine(english) : english;
}

std::string sayMatching(const std::string &english, std::span<const PatternText> table)
{
    return g_korean ? g_korean->matching(english, table) : english;
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
    out += g_korean->reason(info.reason);
    if (!info.namedBy.empty())
        out += " " + say(QT_TRANSLATE_NOOP("CliText", "(named by %1)"), {info.namedBy});
    return out; // the reason's particles were chosen by the translations (inputReasonText)
}

} // namespace memplan::cli
