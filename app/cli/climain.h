#pragma once
// The whole command line minus `report`: shared by memplan-cli (which hands
// `report` to memplan-report) and memplan-report (which runs it itself).

namespace memplan::cli {

/// Creates the QCoreApplication, reads --presets/--lang, loads the preset catalog and runs
/// the command in argv. Returns the process exit code (clicommands.h).
int cliMain(int argc, char **argv);

} // namespace memplan::cli
