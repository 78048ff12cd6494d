#include "run/tryrun.h"

#include "logs/logparser.h"
#include "runtimes/registry.h"
#include "scenario/resolve.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace memplan {

namespace {

/// A port nobody listens on now, so a load-only server never collides with one the user runs.
unsigned freeLocalPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    unsigned port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

} // namespace

LoadOnlyLaunch planLoadOnly(const Scenario &scenario, const PresetCatalog &catalog)
{
    const ResolvedScenario r = resolveScenario(scenario, catalog);
    LoadOnlyOptions options;
    options.port = freeLocalPort();
    if (std::optional<LoadOnlyLaunch> launch = runtimeModel(r.runtime.engine).loadOnlyLaunch(r, options))
        return *launch;
    LoadOnlyLaunch none;
    none.blocker = "launch.not_supported";
    return none;
}

TryRun tryOnThisComputer(const Scenario &scenario, const PresetCatalog &catalog, const TryRunOptions &options,
                         const std::atomic<bool> *cancel, const std::function<void(std::string_view)> &onLine)
{
    return runLoadOnly(planLoadOnly(scenario, catalog), scenario, catalog, options, cancel, onLine);
}

TryRun runLoadOnly(const LoadOnlyLaunch &launch, const Scenario &scenario, const PresetCatalog &catalog,
                   const TryRunOptions &options, const std::atomic<bool> *cancel,
                   const std::function<void(std::string_view)> &onLine)
{
    TryRun t;
    t.launch = launch;
    t.program = options.program.empty() ? t.launch.program : options.program;
    t.commandLine = shellCommandLine(t.program, t.launch.args);
    if (!t.launch.blocker.empty()) {
        t.process.problem = loadOnlyBlockerEnglish(t.launch);
        return t;
    }
    ProcessRequest req;
    req.program = t.program;
    req.args = t.launch.args;
    req.environment = t.launch.environment;
    req.readyLines = t.launch.readyLines;
    req.timeLimitSeconds = options.timeLimitSeconds;
    t.process = runProcess(req, cancel, onLine);
    if (t.process.end == ProcessEnd::NotStarted)
        return t;
    const MeasuredRun run = parseRuntimeLog(t.process.log);
    if (!run.empty())
        t.reconciliation = reconcile(run, scenario, catalog, true);
    return t;
}

} // namespace memplan
