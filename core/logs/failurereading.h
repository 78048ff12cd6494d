#pragma once
// What every runtime's start-up failure reader shares (core/runtimes/*/…failures.cpp): the
// run's failure to fill and the figures a message gives after a key. Logs are untrusted: every
// function is bounded by its input and never throws.

#include "logs/logtext.h"
#include "logs/measuredrun.h"

#include <string>
#include <string_view>

namespace memplan::failures {

/// The failure to fill: the run's, or a new one of `kind`, printed by `runtime` (a log id), that
/// starts at this line. A run keeps its first failure; later lines add what they know.
inline StartupFailure &failureOf(MeasuredRun &run, const char *kind, std::string_view runtime, std::string_view line,
                                 std::size_t lineNo)
{
    if (!run.failure) {
        run.failure = StartupFailure{};
        run.failure->kind = kind;
        run.failure->runtime = std::string(runtime);
        run.failure->line = lineNo;
        run.failure->message = std::string(line.substr(0, 300));
    }
    return *run.failure;
}

inline std::optional<logtext::Size> sizeAfter(std::string_view line, std::string_view key)
{
    const auto v = logtext::after(line, key);
    return v ? logtext::leadingSize(*v, false) : std::nullopt;
}

/// The GPU index printed after `key`; -1 when none (or an absurd one).
inline int gpuAfter(std::string_view line, std::string_view key)
{
    const auto v = logtext::after(line, key);
    if (!v)
        return -1;
    const auto n = logtext::leadingInteger(*v);
    return n && *n < 4096 ? int(*n) : -1;
}

} // namespace memplan::failures
