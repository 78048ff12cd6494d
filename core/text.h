#pragma once
// ASCII text helpers the engine's readers share (hub references, model files, the host probe,
// format names). Locale-free on purpose: ids and file names are compared byte for byte.

#include <algorithm>
#include <string>
#include <string_view>

namespace memplan::text {

inline std::string lowerAscii(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : char(c); });
    return out;
}

inline bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace memplan::text
