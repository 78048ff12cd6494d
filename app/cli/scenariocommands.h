#pragma once
// The commands that size one scenario file (estimate, solve) and what they share with the
// other commands: reading a scenario, naming the file in errors, the options check and the
// error handling around a command. Qt-free, so the lean front end (leanmain.h) runs them
// without QtCore; clicommands.cpp dispatches to the same functions.

#include "clicommands.h"
#include "scenario/resolve.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace memplan::cli {

int cmdEstimate(const std::vector<std::string> &args, Context &ctx);
int cmdSolve(const std::vector<std::string> &args, Context &ctx);

/// The text of an input file ("-" = the context's input), size-capped like every scenario.
std::string readInput(const std::string &path, Context &ctx);
/// Resolves a scenario read from `file`; errors name the file (and skipped preset files).
ResolvedScenario resolveIn(const Scenario &s, const std::string &file, Context &ctx);
/// Prints "memplan-cli: message" on the error stream; returns kExitUsage.
int fail(Context &ctx, const std::string &message);

/// Names on stderr every calibration file that was skipped (not for `presets`, which lists them).
void warnSkippedCalibrations(const std::string &cmd, Context &ctx);

/// A command's --help, or an option it does not take (kExitUsage, named on stderr), from
/// its declaration in commandspec.cpp; nothing when the command line may run.
std::optional<int> checkCommandLine(const std::vector<std::string> &args, Context &ctx);
/// Runs `command`, turning the engine's exceptions (std::exception and below) into their exit
/// codes and one stderr line; anything else passes through (leanmain.h's hand-off).
int guarded(Context &ctx, const std::function<int()> &command);

} // namespace memplan::cli
