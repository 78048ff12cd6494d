#include "launchcommand.h"

#include "resolve.h"
#include "runtimes/runtimemodel.h"

#include <cstdio>

namespace memplan {

std::string launchCommand(const ResolvedScenario &r)
{
    return runtimeModel(r.runtime.engine).launchCommand(r);
}

namespace launch {

std::string fixed(double v, int decimals)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string ggufFileName(const ResolvedScenario &r)
{
    if (r.model.id == "file")
        return r.model.source;
    // A repository's GGUF: the file's own name, as it lands once downloaded (not "hub-q4_k_m.gguf").
    if (r.model.id == "hub" && r.model.imported && !r.model.imported->files.empty()) {
        const std::string &first = r.model.imported->files.front();
        if (first.size() > 5 && first.compare(first.size() - 5, 5, ".gguf") == 0)
            return first.substr(first.rfind('/') + 1);
    }
    std::string base = r.model.id.empty() ? std::string("model") : r.model.id;
    return base + "-" + std::string(r.weightFormat->id) + ".gguf";
}

} // namespace launch

} // namespace memplan
