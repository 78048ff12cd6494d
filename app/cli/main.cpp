// memplan-cli: the command-line front end. It links no widget library; `report`,
// the one command that draws, runs in memplan-report (reporthandoff.h).

#include "climain.h"
#include "reporthandoff.h"

int main(int argc, char *argv[])
{
    if (memplan::cli::isReportCommand(argc, argv))
        return memplan::cli::handOffToReportProgram(argc, argv);
    return memplan::cli::cliMain(argc, argv);
}
