// Ollama refusing to load a model its own estimate says will not fit in host memory:
// "model requires more system memory (X) than is available (Y)".
#include "logs/failurereading.h"
#include "runtimes/startupfailures.h"

namespace memplan::runtimes {

using namespace logtext;
using failures::failureOf;
using failures::gpuAfter;
using failures::sizeAfter;

bool readOllamaSystemMemory(std::string_view line, std::size_t lineNo, MeasuredRun &run)
{
    const auto v = after(line, "model requires more system memory (");
    if (!v)
        return false;
    StartupFailure &f = failureOf(run, "host_memory_insufficient", "ollama", line, lineNo);
    if (const auto s = leadingSize(*v, false))
        f.wanted = s->bytes, f.precision = s->precision;
    if (const auto s = sizeAfter(*v, "than is available ("))
        f.free = s->bytes;
    f.device = "host";
    return true;
}

} // namespace memplan::runtimes
