#pragma once
// `memplan-cli compare FILE --hardware ID[:COUNT][,...] --pdf OUT.pdf [--price ID=AMOUNT:CUR ...]
// [--lang ko|en] [--units gib|gb] [--page a4|letter] [--presets DIR]`: the comparison
// report without a display. Without --pdf, `compare` stays the core command
// (app/cli/comparecommands.cpp: JSON or a table) and needs no Qt widgets.

#include "scenario/catalog.h"

#include <QStringList>

#include <iosfwd>

namespace memplan::ui {

/// Runs the command on the arguments after "compare". Needs a QApplication.
int runComparePdfCommand(const QStringList &args, const memplan::PresetCatalog &catalog, std::ostream &out,
                         std::ostream &err);

/// A complete main() for it (QApplication offscreen, --lang, --presets), like reportMain.
int comparePdfMain(int argc, char **argv);

} // namespace memplan::ui
