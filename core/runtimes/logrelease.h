#pragma once
// The release a runtime's own log names for itself, as `runtime.version` takes it
// (reconcile sizes a log with the release that wrote it).

#include "logs/measuredrun.h"
#include "runtimes/release.h"

#include <optional>
#include <string>
#include <string_view>

namespace memplan {

/// The printed release ("b4897 (b3c9a656)" -> "b4897", "0.10.1.1") when the log is the runtime's
/// own (`logId`) and the text names a release of `engine`; nullopt otherwise.
inline std::optional<std::string> printedRelease(const MeasuredRun &run, Engine engine, std::string_view logId)
{
    if (run.runtime != logId)
        return std::nullopt;
    std::string printed = run.version.substr(0, run.version.find(' '));
    if (printed.empty() || !parseRelease(engine, printed))
        return std::nullopt;
    return printed;
}

} // namespace memplan
