#pragma once
// One parser per runtime behind one small interface. parseRuntimeLog feeds every
// cleaned line to each parser; a parser takes what it recognises into the shared
// MeasuredRun and says so, and the runtime with the most recognised lines names
// the run. Logs are untrusted text: nothing here throws on bad input or loops
// more than once over a line.

#include "logs/measuredrun.h"

#include <memory>
#include <string_view>
#include <vector>

namespace memplan {

class RuntimeLogParser {
public:
    virtual ~RuntimeLogParser() = default;
    /// The name it gives a run: its runtime's RuntimeModel::logId.
    virtual std::string_view runtime() const = 0;
    /// Takes what it knows from one cleaned line (wrappers stripped); true when it recognised it.
    virtual bool parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run) = 0;
    /// Called once after the last line.
    virtual void finish(MeasuredRun &) {}
};

/// Reads a whole log (any size, any bytes) with its wrappers taken off (logs/unwrap.h). Lines
/// longer than kMaxLogLineBytes are cut. A file holding several runs (a restart, several
/// containers or processes) gives one MeasuredRun each, in the order they began; runs with no
/// recognised line are left out. Never empty: a log with nothing recognised gives one empty run.
std::vector<MeasuredRun> parseRuntimeLogRuns(std::string_view text);

/// One run of the log: runNumber 1..runCount, or 0 for the default (the last run that printed
/// a figure or a failure). A number past the last gives the last.
MeasuredRun parseRuntimeLog(std::string_view text, std::size_t runNumber = 0);

/// Reads a start-up failure message (core/logs/startupfailure.cpp) into run.failure; true when
/// the line was one.
bool readStartupFailure(std::string_view line, std::size_t lineNo, MeasuredRun &run);

inline constexpr std::size_t kMaxLogLineBytes = 64 * 1024;

} // namespace memplan
