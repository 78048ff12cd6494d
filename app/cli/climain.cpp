#include "climain.h"

#include "clicommands.h"
#include "presetloader.h"

#include <QCoreApplication>
#include <QStringList>

#include <iostream>
#include <string>
#include <vector>

namespace memplan::cli {

int cliMain(int argc, char **argv)
{
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
        return kExitOk;
    }
    if (const QString problem = memplan::app::presetDirectoryProblem(presetDirs); !problem.isEmpty()) {
        std::cerr << "memplan-cli: " << problem.toStdString() << "\n";
        return kExitUsage;
    }
    const memplan::PresetCatalog catalog = memplan::app::loadCatalog(presetDirs);
    Context ctx{catalog, std::cin, std::cout, std::cerr, memplan::app::userPresetDirectory().toStdString()};
    return run(args, ctx);
}

} // namespace memplan::cli
