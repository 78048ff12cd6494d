// memplan-cli: the command-line front end. It links no widget library; `report` and
// `compare --pdf`, the commands that draw, run in memplan-report (reporthandoff.h).

#include "clicommands.h"
#include "climain.h"
#include "reporthandoff.h"

#include <cstring>
#include <iostream>

int main(int argc, char *argv[])
{
    // Answered before Qt starts or any preset is read.
    if (argc == 2 && (std::strcmp(argv[1], "--version") == 0 || std::strcmp(argv[1], "-V") == 0)) {
        std::cout << "memplan-cli " << MEMPLAN_VERSION << "\n";
        return memplan::cli::kExitOk;
    }
    if (memplan::cli::needsReportProgram(argc, argv))
        return memplan::cli::handOffToReportProgram(argc, argv);
    return memplan::cli::cliMain(argc, argv);
}
