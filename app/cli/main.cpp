// memplan-cli: the command-line front end. It links neither Qt nor the text libraries:
// sizing one scenario in English runs here (leanmain.h); every other command is handed to
// memplan-cli-full (fullmain.cpp), and `report` and `compare --pdf`, the commands that
// draw, to memplan-report (reporthandoff.h).

#include "clicommands.h"
#include "leanmain.h"
#include "reporthandoff.h"

#include <cstring>
#include <iostream>

int main(int argc, char *argv[])
{
    // Answered before any preset is read.
    if (argc == 2 && (std::strcmp(argv[1], "--version") == 0 || std::strcmp(argv[1], "-V") == 0)) {
        std::cout << "memplan-cli " << MEMPLAN_VERSION << "\n";
        return memplan::cli::kExitOk;
    }
    if (memplan::cli::needsReportProgram(argc, argv))
        return memplan::cli::handOffToReportProgram(argc, argv);
    if (const auto code = memplan::cli::runLean(argc, argv))
        return *code;
    return memplan::cli::handOffToFullProgram(argc, argv);
}
