#include "climain.h"

#include "clicommands.h"
#include "clitext.h"
#include "hostdetect.h"
#include "hubloader.h"
#include "inputfile.h"
#include "nvidiasmi.h"
#include "presetloader.h"

#include <QCoreApplication>
#include <QFile>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

// What a command needs from the presets, so start-up parses only that (issue 19: a
// command that sizes one scenario must not parse all 170 preset files first).
enum class CatalogNeed { None, Scenario, All };

CatalogNeed catalogNeed(const std::vector<std::string> &args)
{
    const std::string cmd = args.empty() ? std::string() : args[0];
    if (std::find(args.begin(), args.end(), "--help") != args.end() ||
        std::find(args.begin(), args.end(), "-h") != args.end())
        return CatalogNeed::None;
    if (cmd == "completions")
        return CatalogNeed::None;
    if (cmd == "formats" || cmd == "inspect" || cmd == "--help" || cmd == "-h" || cmd == "help")
        return CatalogNeed::None;
    if (cmd == "estimate" || cmd == "solve")
        return CatalogNeed::Scenario;
    return CatalogNeed::All;
}

// The preset ids the command's scenario file names, or nothing when it cannot be read
// here (stdin, a missing or malformed file: the command itself then reports that).
std::optional<std::vector<std::string>> scenarioPresetIds(const std::vector<std::string> &args)
{
    std::vector<std::string> files;
    for (std::size_t i = args[0] == "solve" ? 2 : 1; i < args.size(); ++i)
        if (args[i].rfind("--", 0) != 0)
            files.push_back(args[i]);
    if (files.size() != 1 || files.front() == "-")
        return std::nullopt;
    try {
        const nlohmann::json doc =
            nlohmann::json::parse(memplan::readInputFile(files.front(), memplan::kMaxScenarioFileBytes));
        std::vector<std::string> ids;
        for (const char *section : {"model", "hardware", "runtime", "host"})
            if (doc.contains(section) && doc[section].is_object() && doc[section].contains("preset") &&
                doc[section]["preset"].is_string())
                ids.push_back(doc[section]["preset"].get<std::string>());
        return ids;
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

bool holdsAll(const memplan::PresetCatalog &c, const std::vector<std::string> &ids)
{
    return std::all_of(ids.begin(), ids.end(), [&c](const std::string &id) {
        return c.model(id) || c.hardwareById(id) || c.runtime(id) || id == memplan::kThisComputerId;
    });
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
    const CatalogNeed need = catalogNeed(args);
    const std::optional<std::vector<std::string>> ids =
        need == CatalogNeed::Scenario ? scenarioPresetIds(args) : std::nullopt;
    memplan::PresetCatalog catalog;
    if (need == CatalogNeed::Scenario && ids)
        catalog = memplan::app::loadCatalogSubset(*ids, presetDirs);
    if (need == CatalogNeed::All || (need == CatalogNeed::Scenario && (!ids || !holdsAll(catalog, *ids))))
        catalog = memplan::app::loadCatalog(presetDirs); // every preset: the errors then list all
    // "this-computer" as a hardware id, when the command line or the scenario names it (or
    // lists local models, whose badges are for this computer): /proc and /sys reads, and
    // nvidia-smi.
    const std::string hostRoot = qEnvironmentVariable("MEMPLAN_HOST_ROOT", QStringLiteral("/")).toStdString();
    const auto names = [](const std::vector<std::string> &list, const char *word) {
        return std::find(list.begin(), list.end(), word) != list.end();
    };
    std::string smi;
    if (names(args, memplan::kThisComputerId) || names(args, "--local") ||
        (ids && names(*ids, memplan::kThisComputerId))) {
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
