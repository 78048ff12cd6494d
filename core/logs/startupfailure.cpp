// Start-up failures: a runtime that cannot start for lack of memory says so in its own words.
// Each runtime's folder reads its messages (runtimes/startupfailures.h); this file only asks
// every reader, after one cheap test that leaves ordinary lines alone.
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "runtimes/startupfailures.h"

namespace memplan {

bool readStartupFailure(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    using logtext::contains;
    // Every message names memory, an allocation, a failure or the GPU blocks: other lines cost four
    // searches, each led by a letter that is rare in log text.
    if (!contains(line, "mory") && !contains(line, "lloc") && !contains(line, "GPU blocks") &&
        !contains(line, "failed to"))
        return false;
    for (StartupFailureReader read : startupFailureReaders())
        if (read(line, lineNo, run))
            return true;
    return false;
}

} // namespace memplan
