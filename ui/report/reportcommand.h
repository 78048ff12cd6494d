#pragma once
// `memplan-cli report FILE --pdf OUT.pdf --json OUT.json [--csv OUT.csv]
// [--lang ko|en] [--page a4|letter] [--units gib|gb] [--presets DIR]`:
// the report artifacts without a display.
//
// Exit codes follow memplan-cli: 0 success, 2 bad input (one line on stderr),
// 1 an artifact could not be written (the message names the file).

#include "scenario/catalog.h"

#include <QStringList>

#include <functional>
#include <iosfwd>

namespace memplan::ui {

/// Runs the command on arguments after "report" (FILE and options). Needs a QApplication.
int runReportCommand(const QStringList &args, const memplan::PresetCatalog &catalog, std::ostream &out,
                     std::ostream &err);

/// A complete main() for the report command: creates the QApplication (offscreen when
/// there is no display), installs the translation chosen by --lang, loads the presets
/// and calls runReportCommand.
int reportMain(int argc, char **argv);

/// The main() shared by the commands that draw (report, compare --pdf): a QApplication
/// (offscreen without a display), the --lang translation and the presets (--presets),
/// then `run` on the arguments without `command`. `document` names the output in the
/// note printed when the language has no translation ("report", "comparison").
int drawingCommandMain(int argc, char **argv, const char *command, const char *document,
                       const std::function<int(const QStringList &, const memplan::PresetCatalog &)> &run);

/// Installs the UI translation for a language ("ko", "en"; empty = the system's).
/// Returns false when no translation for it is compiled in (English is then used).
bool installReportTranslation(const QString &language);

} // namespace memplan::ui
