#pragma once
// memplan-cli's lean front end: the commands whose answer needs no translated text
// (estimate and solve in English, JSON or solve's one-line answer) run here without
// QtCore, ICU or the text libraries, so sizing one scenario costs little more than a
// process start (issue 31, docs/performance.md). Everything else - Korean, tables,
// listings, this-computer, a Hugging Face repository, standard input - is handed to
// memplan-cli-full, the Qt front end, with the same command line.

#include <optional>

namespace memplan::cli {

/// The command's exit code, or nothing when memplan-cli-full must run it (nothing has been
/// printed then).
std::optional<int> runLean(int argc, char **argv);

/// Replaces this process with memplan-cli-full (beside this program) and the same arguments;
/// returns an exit code only when that fails (and says why on stderr).
int handOffToFullProgram(int argc, char **argv);

} // namespace memplan::cli
