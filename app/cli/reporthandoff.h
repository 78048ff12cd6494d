#pragma once
// `report` and `compare --pdf` draw charts, which needs the widget libraries; memplan-cli links none
// (so every other command starts fast and runs where no GUI library is installed)
// and replaces itself with memplan-report, installed beside it, for those commands.

namespace memplan::cli {

/// True when the first command word of argv is "report" (skipping --presets/--lang and their values).
bool isReportCommand(int argc, char **argv);

/// True for `compare ... --pdf`: the comparison PDF draws charts too.
bool isComparePdfCommand(int argc, char **argv);

/// True when the command draws (report, compare --pdf) and so runs in memplan-report.
bool needsReportProgram(int argc, char **argv);

/// Replaces this process with the memplan-report program next to this executable, passing
/// argv unchanged. Returns only on failure, with the exit code after printing why to stderr.
int handOffToReportProgram(int argc, char **argv);

} // namespace memplan::cli
