#include "scenario/tokencount.h"

#include <cmath>
#include <limits>
#include <string>

namespace memplan {

namespace {
bool isTokenSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::string_view trimTokens(std::string_view s)
{
    while (!s.empty() && isTokenSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isTokenSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

bool endsWithWord(std::string_view s, std::string_view word)
{
    if (s.size() < word.size())
        return false;
    for (std::size_t i = 0; i < word.size(); ++i) {
        char c = s[s.size() - word.size() + i];
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
        if (c != word[i])
            return false;
    }
    return true;
}
} // namespace

std::optional<std::uint64_t> parseTokenCount(std::string_view text)
{
    std::string_view s = trimTokens(text);
    // A unit word after the number ("8192 tok", "32k tokens") says nothing new.
    for (std::string_view word : {std::string_view("tokens"), std::string_view("token"), std::string_view("tok")})
        if (endsWithWord(s, word)) {
            s = trimTokens(s.substr(0, s.size() - word.size()));
            break;
        }
    if (s.empty())
        return std::nullopt;

    std::uint64_t multiplier = 1;
    const char last = s.back();
    if (last == 'k' || last == 'K')
        multiplier = 1024;
    else if (last == 'm' || last == 'M')
        multiplier = 1024 * 1024;
    if (multiplier != 1)
        s = trimTokens(s.substr(0, s.size() - 1));

    std::string digits;
    std::string fraction;
    bool inFraction = false;
    for (char c : s) {
        if (c >= '0' && c <= '9')
            (inFraction ? fraction : digits) += c;
        else if (c == '.' && !inFraction)
            inFraction = true;
        else if ((c == ',' || c == '_' || c == '\'' || c == ' ') && !inFraction)
            continue;
        else
            return std::nullopt;
    }
    if (digits.empty() && fraction.empty())
        return std::nullopt;
    if (inFraction && multiplier == 1)
        return std::nullopt;

    // Whole part with overflow checks, then the fraction of one multiplier, rounded.
    constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t whole = 0;
    for (char c : digits) {
        const std::uint64_t d = std::uint64_t(c - '0');
        if (whole > (max - d) / 10)
            return std::nullopt;
        whole = whole * 10 + d;
    }
    if (whole > max / multiplier)
        return std::nullopt;
    std::uint64_t value = whole * multiplier;
    if (!fraction.empty()) {
        const double f = std::stod("0." + fraction);
        const auto extra = std::uint64_t(std::llround(f * double(multiplier)));
        if (value > max - extra)
            return std::nullopt;
        value += extra;
    }
    return value;
}

} // namespace memplan
