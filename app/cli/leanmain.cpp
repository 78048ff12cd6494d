#include "leanmain.h"

#include "clicommands.h"
#include "clitext.h"
#include "scenariocommands.h"
#include "shippedpresets.h"

#include "files/inputfile.h"
#include "hardware/hostdetect.h"
#include "import/hubmodels.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <unistd.h>

namespace memplan::cli {

namespace {

/// Thrown where the lean front end meets something only the full one can do; nothing has
/// been printed by then. Not a std::exception, so guarded() lets it through.
struct HandOff {};

struct LeanCommandLine {
    std::vector<std::string> args;
    std::vector<std::string> presetDirs;
    std::string language;
};

std::optional<LeanCommandLine> parse(int argc, char **argv)
{
    LeanCommandLine c;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool takesValue = a == "--presets" || a == "--lang";
        if (takesValue && i + 1 >= argc)
            return std::nullopt; // a missing value: the full front end says so
        if (a == "--presets")
            c.presetDirs.emplace_back(argv[++i]);
        else if (a == "--lang")
            c.language = argv[++i];
        else
            c.args.push_back(a);
    }
    return c;
}

/// The scenario file the command names, when the lean front end may read it.
std::optional<std::string> scenarioFile(const std::vector<std::string> &args)
{
    std::vector<std::string> files;
    for (std::size_t i = args[0] == "solve" ? 2 : 1; i < args.size(); ++i)
        if (args[i].rfind("-", 0) != 0)
            files.push_back(args[i]);
    if (files.size() != 1)
        return std::nullopt; // none, or too many: the full front end words the error
    return files.front();
}

bool leanCommand(const LeanCommandLine &c)
{
    if (c.args.empty() || cliLanguageFromEnvironment(c.language) != "en")
        return false;
    const std::string &cmd = c.args[0];
    const bool table = std::find(c.args.begin(), c.args.end(), "--table") != c.args.end();
    if (!(cmd == "estimate" && !table) && cmd != "solve")
        return false;
    if (std::find(c.args.begin(), c.args.end(), kThisComputerId) != c.args.end())
        return false;
    for (const std::string &dir : c.presetDirs) {
        std::error_code ec;
        if (!std::filesystem::is_directory(dir, ec))
            return false; // the full front end names the folder
    }
    // Standard input cannot be read twice; "this computer" runs nvidia-smi. A scenario that
    // merely mentions the id goes the long way too, which costs time, never a wrong answer.
    const std::optional<std::string> file = scenarioFile(c.args);
    if (!file || *file == "-")
        return false;
    try {
        return readInputFile(*file, kMaxScenarioFileBytes).find(kThisComputerId) == std::string::npos;
    } catch (const std::exception &) {
        return true; // estimate reads it again and reports the problem in the same words
    }
}

} // namespace

std::optional<int> runLean(int argc, char **argv)
{
    const std::optional<LeanCommandLine> c = parse(argc, argv);
    if (!c || !leanCommand(*c))
        return std::nullopt;
    const PresetCatalog catalog =
        presetdata::loadPresets(presetdata::userPresetDirectoryFromEnvironment(), c->presetDirs);
    Context ctx{catalog, std::cin, std::cout, std::cerr, presetdata::userPresetDirectoryFromEnvironment()};
    // A repository reference needs the network module, which loads QtNetwork.
    setHubModelLoader([](const HubReference &) -> ImportedModel { throw HandOff{}; });
    try {
        return guarded(ctx, [&]() -> int {
            warnSkippedCalibrations(c->args[0], ctx);
            if (const std::optional<int> handled = checkCommandLine(c->args, ctx))
                return *handled;
            return c->args[0] == "estimate" ? cmdEstimate(c->args, ctx) : cmdSolve(c->args, ctx);
        });
    } catch (const HandOff &) {
        return std::nullopt;
    }
}

int handOffToFullProgram(int argc, char **argv)
{
    std::error_code ec;
    std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec)
        self = std::filesystem::absolute(argc > 0 ? argv[0] : "", ec);
    std::string name = (self.parent_path() / "memplan-cli-full").string();
    std::vector<char *> args{name.data()};
    for (int i = 1; i < argc; ++i)
        args.push_back(argv[i]);
    args.push_back(nullptr);
    ::execv(name.c_str(), args.data());
    std::cerr << "memplan-cli: cannot start " << name << ": " << std::strerror(errno) << "\n";
    return kExitUsage;
}

} // namespace memplan::cli
