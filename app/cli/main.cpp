// memplan-cli: the command-line front end. Option parsing and the preset
// catalog live here; every command is in clicommands.cpp.

#include "clicommands.h"
#include "presetloader.h"
#ifdef MEMPLAN_HAVE_REPORTS
#include "report/reportcommand.h"
#include "compare/comparecommand.h"
#endif

#include <QCoreApplication>
#include <QStringList>

#include <iostream>

int main(int argc, char *argv[])
{
#ifdef MEMPLAN_HAVE_REPORTS
    // report draws charts into a PDF, which needs a QApplication (offscreen is
    // enough) rather than the QCoreApplication below; it brings its own main.
    if (memplan::ui::isReportCommand(argc, argv))
        return memplan::ui::reportMain(argc, argv);
    if (memplan::ui::isComparePdfCommand(argc, argv)) // the comparison PDF draws charts too
        return memplan::ui::comparePdfMain(argc, argv);
#endif
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("memplan"));
    QCoreApplication::setOrganizationName(QStringLiteral("memplan"));

    std::vector<std::string> args;
    QStringList presetDirs;
    const QStringList raw = QCoreApplication::arguments();
    for (int i = 1; i < raw.size(); ++i) {
        if (raw[i] == QLatin1String("--presets") && i + 1 < raw.size()) {
            presetDirs << raw[++i];
        } else if (raw[i] == QLatin1String("--lang") && i + 1 < raw.size()) {
            ++i; // messages of the command line are English; the language applies to reports
        } else {
            args.push_back(raw[i].toStdString());
        }
    }
    if (args.size() == 1 && (args[0] == "--version" || args[0] == "-V")) {
        std::cout << "memplan-cli " << MEMPLAN_VERSION << "\n";
        return memplan::cli::kExitOk;
    }
    if (!args.empty() && args[0] == "report") {
        std::cerr << "memplan-cli: report needs the GUI build (memplan_reports); see README\n";
        return memplan::cli::kExitUsage;
    }
    if (const QString problem = memplan::app::presetDirectoryProblem(presetDirs); !problem.isEmpty()) {
        std::cerr << "memplan-cli: " << problem.toStdString() << "\n";
        return memplan::cli::kExitUsage;
    }
    const memplan::PresetCatalog catalog = memplan::app::loadCatalog(presetDirs);
    memplan::cli::Context ctx{catalog, std::cin, std::cout, std::cerr,
                              memplan::app::userPresetDirectory().toStdString()};
    return memplan::cli::run(args, ctx);
}
