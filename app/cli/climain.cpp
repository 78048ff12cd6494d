#include "climain.h"

#include "clicommands.h"
#include "clitext.h"
#include "files/inputfile.h"
#include "hardware/hostdetect.h"
#include "hubloader.h"
#include "nvidiasmi.h"
#include "presetloader.h"

#include <QCoreApplication>
#include <QFile>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

namespace {

// "this-computer" named on the command line or inside a file it names (a scenario), or a
// listing of local models (whose badges are for this computer): then the host is probed.
bool namesThisComputer(const std::vector<std::string> &args)
{
    for (const std::string &a : args) {
        if (a == memplan::kThisComputerId || a == "--local")
            return true;
        if (a.empty() || a[0] == '-')
            continue;
        try {
            if (memplan::readInputFile(a, memplan::kMaxScenarioFileBytes).find(memplan::kThisComputerId) !=
                std::string::npos)
                return true;
        } catch (const std::exception &) {
            // not a readable scenario file: the command reports what is wrong with it
        }
    }
    return false;
}

} // namespace

namespace memplan::cli {

int cliMain(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("memplan"));
    QCoreApplication::setOrganizationName(QStringLiteral("memplan"));

    std::vector<std::string> args;
    QStringList presetDirs;
    std::string language;
    // The bytes of argv, not QCoreApplication::arguments(): that decodes them as UTF-8 and a
    // path that is not UTF-8 could then never be opened (issue 35).
    const std::vector<std::string> raw(argv, argv + argc);
    for (std::size_t i = 1; i < raw.size(); ++i) {
        if (raw[i] == "--presets" && i + 1 < raw.size()) {
            presetDirs << QFile::decodeName(raw[++i].c_str());
        } else if (raw[i] == "--lang" && i + 1 < raw.size()) {
            language = raw[++i];
            if (language != "ko" && language != "en") {
                std::cerr << "memplan-cli: --lang: '" << language << "' is not ko or en\n";
                return memplan::cli::kExitUsage;
            }
        } else {
            args.push_back(raw[i]);
        }
    }
    // Every command's text output, help and errors follow --lang, else the locale (issue 17).
    memplan::cli::setCliLanguage(memplan::cli::cliLanguageFromEnvironment(language));
    if (const QString problem = memplan::app::presetDirectoryProblem(presetDirs); !problem.isEmpty()) {
        std::cerr << "memplan-cli: " << problem.toStdString() << "\n";
        return memplan::cli::kExitUsage;
    }
    if (args.size() == 1 && (args[0] == "--version" || args[0] == "-V")) {
        std::cout << "memplan-cli " << MEMPLAN_VERSION << "\n";
        return memplan::cli::kExitOk;
    }
    // Shipped presets are parsed when a command asks for them (core/scenario/catalog.h).
    memplan::PresetCatalog catalog = memplan::app::loadCatalog(presetDirs);
    const std::string hostRoot = qEnvironmentVariable("MEMPLAN_HOST_ROOT", QStringLiteral("/")).toStdString();
    std::string smi;
    if (namesThisComputer(args)) {
        memplan::HostFacts facts = memplan::readHostFacts(hostRoot);
        smi = memplan::app::runNvidiaSmi();
        memplan::applyNvidiaSmi(facts, smi);
        catalog.addHardware(memplan::thisComputerPreset(facts, catalog));
    }
    memplan::cli::Context ctx{catalog, std::cin, std::cout, std::cerr,
                              memplan::app::userPresetDirectory().toStdString()};
    // The only network use, and only for an inspect of a repository reference.
    ctx.hostRoot = hostRoot;
    ctx.nvidiaSmiCsv = smi;
    // QtNetwork is loaded (memplan-hub.so) only when a repository is named: hubloader.h.
    ctx.importRemote = [](const memplan::HubReference &ref) { return memplan::cli::importHubModelViaModule(ref); };
    memplan::cli::installModuleHubLoader(); // a scenario's model.hub: the header cache (MEMPLAN_HF_FETCH=1: network)
    return memplan::cli::run(args, ctx);
}

} // namespace memplan::cli
