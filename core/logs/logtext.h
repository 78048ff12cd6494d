#pragma once
// Small text tools for reading runtime logs, shared by the per-runtime parsers.
// Logs are untrusted: every function here is bounded by its input and never throws.

#include "bytes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace memplan::logtext {

/// Removes ANSI escape sequences and a trailing CR; replaces control bytes with spaces.
std::string cleanLine(std::string_view raw);

/// Drops what wrappers put before a runtime's own text: docker-compose "svc  | ",
/// journald "Mon DD hh:mm:ss host prog[pid]: ", "llama[2]: ", "[llama Info]: ",
/// vLLM's "(EngineCore_0 pid=1) INFO 09-04 01:02:21 [file.py:12] ".
std::string_view stripPrefixes(std::string_view line);

std::string_view trim(std::string_view s);
/// Inline: the log readers test a line's head many times per line, nearly always against a literal,
/// which the compiler then compares in place (docs/performance.md, "Runtime logs").
inline bool startsWith(std::string_view s, std::string_view p)
{
    return s.starts_with(p);
}
bool contains(std::string_view s, std::string_view p);
/// contains(s, word), searched by its letter word[k]: with a letter rare in log text the search is one
/// memchr pass with few candidates to compare, where find() stops at every copy of word[0]. For the
/// tests the readers run on every line (docs/performance.md, "Runtime logs").
inline bool containsBy(std::string_view s, std::string_view word, std::size_t k)
{
    for (std::size_t i = s.find(word[k]); i != std::string_view::npos; i = s.find(word[k], i + 1))
        if (i >= k && s.size() - (i - k) >= word.size() && s.compare(i - k, word.size(), word) == 0)
            return true;
    return false;
}
/// Text after the first occurrence of key, or nullopt.
std::optional<std::string_view> after(std::string_view s, std::string_view key);

/// A leading number (digits, '.', ',' thousands separators, exponent) after optional spaces.
/// `consumed` receives the characters read (including leading spaces).
std::optional<double> leadingNumber(std::string_view s, std::size_t *consumed = nullptr, int *decimals = nullptr);
std::optional<std::uint64_t> leadingInteger(std::string_view s);

/// Bytes for a value in a unit ("MiB", "GiB", "KiB", "B", "MB", "GB").
/// gbIsGiB: the runtime prints bytes / 2^30 but labels it "GB" (vLLM V0, SGLang).
std::optional<Bytes> toBytes(double value, std::string_view unit, bool gbIsGiB);
/// "12.5 GiB", "3.81GiB", "0.49 MiB": value and unit, with the rounding of the print.
struct Size {
    Bytes bytes = 0;
    Bytes precision = 0;
};
std::optional<Size> leadingSize(std::string_view s, bool gbIsGiB);

/// Saturating conversion of a parsed double to an integer count.
std::uint64_t toCount(double v);

} // namespace memplan::logtext

namespace memplan::logtext {
/// GPU index a ggml device or buffer name stands for ("CUDA1" -> 1, "Metal" -> 0);
/// -1 for host buffers ("CPU", "CPU_Mapped", "CUDA_Host", "CPU_REPACK").
int gpuIndexOfDevice(std::string_view device);
} // namespace memplan::logtext

#include <utility>
#include <vector>

namespace memplan::logtext {
/// key=value pairs of a logfmt line (Go's slog: msg="..." layers.model=81), quotes removed.
std::vector<std::pair<std::string_view, std::string_view>> logfmt(std::string_view line);
} // namespace memplan::logtext
