#include "ggufsplitname.h"

#include <cctype>

namespace memplan {

namespace {

bool sameLetters(std::string_view text, std::string_view lowerWord)
{
    if (text.size() != lowerWord.size())
        return false;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != lowerWord[i])
            return false;
    return true;
}

// Five ASCII digits as a number, or nothing.
std::optional<unsigned> fiveDigits(std::string_view text)
{
    unsigned v = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        v = v * 10 + unsigned(c - '0');
    }
    return v;
}

} // namespace

std::optional<GgufSplitName> parseGgufSplitName(std::string_view name)
{
    // From the end: ".gguf", five digits, "-of-", five digits, "-"; whatever precedes is the prefix.
    constexpr std::size_t kTail = 1 + 5 + 4 + 5 + 5; // "-00001-of-00003.gguf"
    if (name.size() < kTail)
        return std::nullopt;
    const std::string_view tail = name.substr(name.size() - kTail);
    if (tail[0] != '-' || !sameLetters(tail.substr(6, 4), "-of-") || !sameLetters(tail.substr(15), ".gguf"))
        return std::nullopt;
    const std::optional<unsigned> index = fiveDigits(tail.substr(1, 5));
    const std::optional<unsigned> count = fiveDigits(tail.substr(10, 5));
    if (!index || !count)
        return std::nullopt;
    return GgufSplitName{std::string(name.substr(0, name.size() - kTail)), *index, *count};
}

} // namespace memplan
