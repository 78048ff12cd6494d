#pragma once
// "Try it on this computer" end to end (issue 27): the scenario's load-only launch
// (loadonly.h), started and stopped (processrun.h), and its captured log reconciled
// with the same scenario (logs/reconcile.h). The command line and the window's worker
// thread both call this, so they start the same command and show the same figures.

#include "logs/reconcile.h"
#include "run/loadonly.h"
#include "run/processrun.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace memplan {

struct Scenario;
class PresetCatalog;

struct TryRunOptions {
    std::string program;           ///< the runtime's executable (a path); empty: its default name on PATH
    double timeLimitSeconds = 300; ///< stopped after this, loaded or not
};

struct TryRun {
    LoadOnlyLaunch launch;
    std::string program; ///< what was started (a path), or the name that was not found
    std::string commandLine;
    ProcessResult process;
    /// The log against the scenario; empty when nothing was started or the log holds no line
    /// the planner reads.
    std::optional<Reconciliation> reconciliation;
};

/// The load-only launch of a scenario, with a free local port for a runtime that serves HTTP.
/// Throws InputError when the scenario cannot be resolved.
LoadOnlyLaunch planLoadOnly(const Scenario &scenario, const PresetCatalog &catalog);

/// Starts a planned launch, waits and reconciles its log with the scenario it was planned from. A
/// blocked launch (launch.blocker) starts nothing.
TryRun runLoadOnly(const LoadOnlyLaunch &launch, const Scenario &scenario, const PresetCatalog &catalog,
                   const TryRunOptions &options, const std::atomic<bool> *cancel = nullptr,
                   const std::function<void(std::string_view)> &onLine = {});

/// planLoadOnly, then runLoadOnly.
TryRun tryOnThisComputer(const Scenario &scenario, const PresetCatalog &catalog, const TryRunOptions &options,
                         const std::atomic<bool> *cancel = nullptr,
                         const std::function<void(std::string_view)> &onLine = {});

} // namespace memplan
