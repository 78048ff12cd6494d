#include "reporthandoff.h"

#include "clicommands.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace memplan::cli {

namespace {

constexpr const char *kReportProgram = "memplan-report";

// The directory of the running executable, from /proc (argv[0] may be a bare name found on PATH).
std::filesystem::path ownDirectory(const char *argv0)
{
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec)
        return self.parent_path();
    return std::filesystem::absolute(argv0, ec).parent_path();
}

} // namespace

bool isReportCommand(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view a(argv[i]);
        if ((a == "--presets" || a == "--lang") && i + 1 < argc) {
            ++i;
            continue;
        }
        return a == "report";
    }
    return false;
}

bool isComparePdfCommand(int argc, char **argv)
{
    bool compare = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a(argv[i]);
        if (!compare && (a == "--presets" || a == "--lang") && i + 1 < argc) {
            ++i;
            continue;
        }
        if (!compare) {
            if (a != "compare")
                return false;
            compare = true;
        } else if (a == "--pdf") {
            return true;
        }
    }
    return false;
}

bool needsReportProgram(int argc, char **argv)
{
    return isReportCommand(argc, argv) || isComparePdfCommand(argc, argv);
}

int handOffToReportProgram(int argc, char **argv)
{
    const std::filesystem::path program = ownDirectory(argc > 0 ? argv[0] : "") / kReportProgram;
    std::vector<char *> args;
    std::string name = program.string();
    args.push_back(name.data());
    for (int i = 1; i < argc; ++i)
        args.push_back(argv[i]);
    args.push_back(nullptr);
    ::execv(name.c_str(), args.data());
    const int error = errno;
    if (error == ENOENT)
        std::cerr << "memplan-cli: report and compare --pdf need " << name
                  << ", which is built and installed with the planner window (MEMPLAN_BUILD_GUI=ON); see README\n";
    else
        std::cerr << "memplan-cli: cannot start " << name << ": " << std::strerror(error) << "\n";
    return kExitUsage;
}

} // namespace memplan::cli
