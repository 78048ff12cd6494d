#include "logtext.h"

#include <cctype>
#include <cmath>
#include <limits>

namespace memplan::logtext {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}

/// Length of a "Mon DD hh:mm:ss host prog[pid]: " journald prefix, or 0.
std::size_t journalPrefix(std::string_view s)
{
    if (s.size() < 16 || !std::isupper(static_cast<unsigned char>(s[0])) || s[3] != ' ' || s[9] != ':')
        return 0;
    const std::size_t close = s.find("]: ");
    if (close == std::string_view::npos || close > 120)
        return 0;
    return close + 3;
}

} // namespace

std::string cleanLine(std::string_view raw)
{
    std::string out;
    out.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(raw[i]);
        if (c == 0x1b) {
            // CSI "ESC [ params final" or a two-byte escape; skip either.
            if (i + 1 < raw.size() && raw[i + 1] == '[') {
                i += 2;
                while (i < raw.size() && !(raw[i] >= 0x40 && raw[i] <= 0x7e))
                    ++i;
            } else {
                ++i;
            }
            continue;
        }
        if (c == '\r' || c == 0)
            continue;
        out.push_back(c < 0x20 && c != '\t' ? ' ' : char(c));
    }
    return out;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

bool contains(std::string_view s, std::string_view p)
{
    return s.find(p) != std::string_view::npos;
}

std::optional<std::string_view> after(std::string_view s, std::string_view key)
{
    const std::size_t at = s.find(key);
    if (at == std::string_view::npos)
        return std::nullopt;
    return s.substr(at + key.size());
}

std::string_view stripPrefixes(std::string_view line)
{
    // Every wrapper sits in the first few dozen bytes: searches look only there, so a long
    // line costs no more than a short one.
    auto head = [](std::string_view s, std::size_t n) { return s.substr(0, std::min(s.size(), n)); };
    for (int round = 0; round < 6; ++round) {
        const std::string_view before = line;
        line = trim(line);
        if (line.empty())
            break;
        if (const std::size_t j = journalPrefix(line))
            line.remove_prefix(j);
        // docker compose: "service-1  | text"
        // '|' is rare in log text: find it, then check the spaces around it.
        if (const std::size_t pipe = head(line, 52).find('|'); pipe != std::string_view::npos && pipe > 1 &&
                                                               pipe + 1 < line.size() && line[pipe - 1] == ' ' &&
                                                               line[pipe + 1] == ' ' && line[0] != '|') {
            const std::size_t bar = pipe - 1;
            const std::string_view name = trim(line.substr(0, bar));
            bool word = !name.empty();
            for (char c : name)
                word = word && (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.');
            if (word)
                line.remove_prefix(bar + 3);
        }
        // "llama[2]: " (an app's tag) and "[llama Info]: "
        if (const std::size_t b = head(line, 34).find("]: "); b != std::string_view::npos) {
            const bool tag = b < 24 && line.substr(0, b).find(' ') == std::string_view::npos;
            if (tag || line[0] == '[')
                line.remove_prefix(b + 3);
        }
        // "(EngineCore_0 pid=1812) " and "(RayWorkerWrapper pid=345, ip=...) "
        while (!line.empty() && line[0] == '(') {
            const std::size_t close = head(line, 98).find(") ");
            if (close == std::string_view::npos || line.substr(0, close).find("pid=") == std::string_view::npos)
                break;
            line.remove_prefix(close + 2);
        }
        // "INFO 09-04 01:02:21 [file.py:12] " / "INFO 12-13 19:54:18 worker.py:243] "
        const char c0 = line.empty() ? '\0' : line[0];
        if (c0 == 'I' || c0 == 'W' || c0 == 'D' || c0 == 'E') {
            for (std::string_view level : {"INFO ", "WARNING ", "DEBUG ", "ERROR "}) {
                if (startsWith(line, level)) {
                    const std::size_t close = head(line, 82).find("] ");
                    if (close != std::string_view::npos)
                        line.remove_prefix(close + 2);
                    break;
                }
            }
        }
        // SGLang: "[2025-01-01 10:00:00 TP0] text"
        if (startsWith(line, "[20")) {
            const std::size_t close = head(line, 50).find("] ");
            if (close != std::string_view::npos)
                line.remove_prefix(close + 2);
        }
        if (line == before)
            break;
    }
    return trim(line);
}

std::optional<double> leadingNumber(std::string_view s, std::size_t *consumed, int *decimals)
{
    std::size_t i = 0;
    while (i < s.size() && isSpace(s[i]))
        ++i;
    const std::size_t start = i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+'))
        ++i;
    std::string digits;
    bool any = false, dot = false;
    int dec = 0;
    for (; i < s.size() && digits.size() < 40; ++i) {
        const char c = s[i];
        if (isDigit(c)) {
            digits.push_back(c);
            any = true;
            dec += dot ? 1 : 0;
        } else if (c == '.' && !dot && i + 1 < s.size() && isDigit(s[i + 1])) {
            digits.push_back('.');
            dot = true;
        } else if (c == ',' && any && !dot && i + 3 < s.size() && isDigit(s[i + 1]) && isDigit(s[i + 2]) &&
                   isDigit(s[i + 3])) {
            continue; // thousands separator: "93,872"
        } else {
            break;
        }
    }
    if (!any)
        return std::nullopt;
    double v = 0;
    try {
        v = std::stod(digits);
    } catch (...) {
        return std::nullopt;
    }
    if (s[start] == '-')
        v = -v;
    if (!std::isfinite(v))
        return std::nullopt;
    if (consumed)
        *consumed = i;
    if (decimals)
        *decimals = dec;
    return v;
}

std::optional<std::uint64_t> leadingInteger(std::string_view s)
{
    const auto v = leadingNumber(s);
    if (!v || *v < 0)
        return std::nullopt;
    return toCount(*v);
}

std::uint64_t toCount(double v)
{
    if (!(v > 0))
        return 0;
    if (v >= 9.2e18)
        return std::numeric_limits<std::uint64_t>::max();
    return static_cast<std::uint64_t>(std::llround(v));
}

std::optional<Bytes> toBytes(double value, std::string_view unit, bool gbIsGiB)
{
    double scale = 0;
    if (unit == "B")
        scale = 1;
    else if (unit == "KiB")
        scale = double(KiB);
    else if (unit == "MiB")
        scale = double(MiB);
    else if (unit == "GiB")
        scale = double(GiB);
    else if (unit == "TiB")
        scale = double(GiB) * 1024;
    else if (unit == "KB" || unit == "kB")
        scale = 1e3;
    else if (unit == "MB")
        scale = gbIsGiB ? double(MiB) : 1e6;
    else if (unit == "GB")
        scale = gbIsGiB ? double(GiB) : 1e9;
    else
        return std::nullopt;
    if (!(value >= 0))
        return std::nullopt;
    return toCount(value * scale);
}

std::optional<Size> leadingSize(std::string_view s, bool gbIsGiB)
{
    std::size_t used = 0;
    int dec = 0;
    auto v = leadingNumber(s, &used, &dec);
    if (!v)
        return std::nullopt;
    std::string_view rest = s.substr(used);
    // A decimal comma, as a C library in a German or French locale prints "%.2f": "1039,50 MiB".
    // Only a comma with one or two digits and then a unit: three digits are a thousands group.
    if (dec == 0 && rest.size() >= 2 && rest[0] == ',' && isDigit(rest[1])) {
        std::size_t d = 1;
        while (d < rest.size() && d < 3 && isDigit(rest[d]))
            ++d;
        std::size_t u = d;
        while (u < rest.size() && isSpace(rest[u]))
            ++u;
        if ((d == 2 || d == 3) && (d == rest.size() || !isDigit(rest[d])) && u < rest.size() &&
            std::isalpha(static_cast<unsigned char>(rest[u]))) {
            const std::string_view fraction = rest.substr(1, d - 1);
            *v += (*v < 0 ? -1 : 1) * std::stod(std::string(fraction)) / std::pow(10.0, double(fraction.size()));
            dec = int(fraction.size());
            rest = rest.substr(d);
        }
    }
    while (!rest.empty() && isSpace(rest.front()))
        rest.remove_prefix(1);
    std::size_t n = 0;
    while (n < rest.size() && n < 4 && std::isalpha(static_cast<unsigned char>(rest[n])))
        ++n;
    const std::string_view unit = rest.substr(0, n);
    const auto bytes = toBytes(*v, unit, gbIsGiB);
    if (!bytes)
        return std::nullopt;
    const auto unitBytes = toBytes(1, unit, gbIsGiB).value_or(0);
    return Size{*bytes, toCount(double(unitBytes) * 0.5 * std::pow(10.0, -dec))};
}

} // namespace memplan::logtext

namespace memplan::logtext {
int gpuIndexOfDevice(std::string_view d)
{
    if (contains(d, "_Host") || contains(d, "REPACK") || startsWith(d, "CPU") || d == "Host")
        return -1;
    // A device's mapped view of the model file ("Metal_Mapped", "MTL0_Mapped") is that device's.
    if (d.size() > 7 && d.ends_with("_Mapped"))
        d.remove_suffix(7);
    if (d == "Metal")
        return 0;
    for (std::string_view prefix : {"CUDA", "ROCm", "Vulkan", "SYCL", "MTL", "HTP", "CANN", "OpenCL", "BLAS"}) {
        if (startsWith(d, prefix)) {
            const std::string_view rest = d.substr(prefix.size());
            if (rest.empty())
                return 0;
            std::size_t n = 0;
            int idx = 0;
            while (n < rest.size() && n < 3 && rest[n] >= '0' && rest[n] <= '9')
                idx = idx * 10 + (rest[n++] - '0');
            return n == rest.size() ? (prefix == "BLAS" ? -1 : idx) : -1;
        }
    }
    return -1;
}
} // namespace memplan::logtext

namespace memplan::logtext {
std::vector<std::pair<std::string_view, std::string_view>> logfmt(std::string_view s)
{
    std::vector<std::pair<std::string_view, std::string_view>> out;
    std::size_t i = 0;
    while (i < s.size() && out.size() < 128) {
        while (i < s.size() && s[i] == ' ')
            ++i;
        const std::size_t k = i;
        while (i < s.size() && s[i] != '=' && s[i] != ' ')
            ++i;
        if (i >= s.size() || s[i] != '=') {
            continue; // a bare word: skip it
        }
        const std::string_view key = s.substr(k, i - k);
        ++i;
        std::string_view value;
        if (i < s.size() && s[i] == '"') {
            const std::size_t start = ++i;
            while (i < s.size() && s[i] != '"')
                i += s[i] == '\\' ? 2 : 1;
            value = s.substr(start, std::min(i, s.size()) - start);
            ++i;
        } else {
            const std::size_t start = i;
            while (i < s.size() && s[i] != ' ')
                ++i;
            value = s.substr(start, i - start);
        }
        if (!key.empty())
            out.emplace_back(key, value);
    }
    return out;
}
} // namespace memplan::logtext
