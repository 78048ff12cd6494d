// Start-up failures: a runtime that cannot start for lack of memory says so in its own words.
// Each runtime's folder reads its messages (runtimes/startupfailures.h); this file only asks
// every reader, after one cheap test that leaves ordinary lines alone.
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "runtimes/startupfailures.h"

namespace memplan {

namespace {

/// Whether `s` holds "mory", "lloc", "GPU blocks" or "failed to", each looked for by its rarest
/// letter in log text (y, c, G, f: 0.2, 2.2, 0.1 and 0.8 % of the bytes of the committed excerpts).
bool mayReportAFailure(std::string_view s)
{
    using logtext::containsBy;
    return containsBy(s, "mory", 3) || containsBy(s, "lloc", 3) || containsBy(s, "GPU blocks", 0) ||
           containsBy(s, "failed to", 0);
}

} // namespace

bool readStartupFailure(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    // Every message names memory, an allocation, a failure or the GPU blocks: other lines cost four
    // memchr passes.
    if (!mayReportAFailure(line))
        return false;
    for (StartupFailureReader read : startupFailureReaders())
        if (read(line, lineNo, run))
            return true;
    return false;
}

} // namespace memplan
