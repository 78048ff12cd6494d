#include "release.h"

#include "runtimes/runtimemodel.h"

#include <array>
#include <cctype>

namespace memplan {

namespace {

bool isReleaseDigit(char c)
{
    return c >= '0' && c <= '9';
}

/// Reads up to `max` dot-separated numbers from the front of `s`; returns how many.
std::size_t readNumbers(std::string_view &s, std::array<std::uint32_t, 4> &parts, std::size_t max)
{
    std::size_t n = 0;
    while (n < max && !s.empty() && isReleaseDigit(s.front())) {
        std::uint64_t v = 0;
        while (!s.empty() && isReleaseDigit(s.front())) {
            v = v * 10 + std::uint64_t(s.front() - '0');
            if (v > 100'000'000)
                return 0; // no release is numbered like that: a typo
            s.remove_prefix(1);
        }
        parts[n++] = static_cast<std::uint32_t>(v);
        if (s.size() >= 2 && s.front() == '.' && isReleaseDigit(s[1]))
            s.remove_prefix(1);
        else
            break;
    }
    return n;
}

/// A suffix after the numbers: a pre-release (rc1, dev3, a1, b2, -rc.1), a post-release
/// (.post1, post2) or local build data (+cu128). Returns false for anything else.
bool readSuffix(std::string_view s, std::uint32_t &pre)
{
    if (s.empty())
        return true;
    if (s.front() == '+') // local build data (PEP 440): +cu128, +rocm6.3
        return s.size() > 1;
    if (s.front() == '.' || s.front() == '-')
        s.remove_prefix(1);
    std::string word;
    while (!s.empty() && std::isalpha(static_cast<unsigned char>(s.front()))) {
        word += char(std::tolower(static_cast<unsigned char>(s.front())));
        s.remove_prefix(1);
    }
    if (!s.empty() && s.front() == '.')
        s.remove_prefix(1);
    while (!s.empty() && isReleaseDigit(s.front()))
        s.remove_prefix(1);
    if (!s.empty() && s.front() != '+')
        return false;
    if (word == "post")
        return true;
    if (word == "rc" || word == "dev" || word == "a" || word == "b" || word == "alpha" || word == "beta") {
        pre = 0;
        return true;
    }
    return false;
}

} // namespace

std::optional<ReleaseKey> parseRelease(Engine engine, std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    const RuntimeModel &m = runtimeModel(engine);
    if (text.empty() || !m.hasReleases())
        return std::nullopt;
    return m.parseReleaseName(text);
}

std::optional<ReleaseKey> parseBuildRelease(std::string_view text)
{
    // b6699 (a release tag) or 6699 (what `llama-server --version` prints); v0.5.0 or 0.5.0.
    ReleaseKey k;
    const bool tagged = text.front() == 'b' || text.front() == 'B';
    const bool semverTag = text.front() == 'v' || text.front() == 'V';
    std::string_view s = text.substr(tagged || semverTag ? 1 : 0);
    const std::size_t n = readNumbers(s, k.parts, 3);
    if (n == 1 && !semverTag && s.empty()) // a build number
        return k;
    if (n == 3 && !tagged && readSuffix(s, k.pre)) {
        k.era = 1;
        return k;
    }
    return std::nullopt;
}

std::optional<ReleaseKey> parseDottedRelease(std::string_view text)
{
    ReleaseKey k;
    std::string_view s = text;
    if (s.front() == 'v' || s.front() == 'V')
        s.remove_prefix(1);
    const std::size_t n = readNumbers(s, k.parts, 4);
    if (n < 2 || !readSuffix(s, k.pre)) // "0.21" is the least a release is named by
        return std::nullopt;
    return k;
}

bool releaseAtLeast(const RuntimeRelease &r, Engine engine, std::string_view since)
{
    if (!r.known())
        return true;
    // Every caller passes a string literal (releaserules.h and the like), parsed again on every
    // estimate: keep the parses by the literal's address (a caller's own buffer would need a copy).
    struct Parsed {
        const char *text = nullptr;
        std::size_t size = 0;
        Engine engine{};
        std::optional<ReleaseKey> key;
    };
    thread_local std::array<Parsed, 32> cache;
    thread_local std::size_t next = 0;
    for (const Parsed &p : cache)
        if (p.text == since.data() && p.size == since.size() && p.engine == engine)
            return !p.key || r.key >= *p.key;
    Parsed &slot = cache[next++ % cache.size()];
    slot = {since.data(), since.size(), engine, parseRelease(engine, since)};
    return !slot.key || r.key >= *slot.key;
}

} // namespace memplan
