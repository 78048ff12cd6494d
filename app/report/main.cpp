// memplan-report: memplan-cli with the `report` command, which renders charts into
// PDF and images and so links the widget libraries. memplan-cli execs this program
// for `report`; every other command behaves exactly as in memplan-cli.

#include "climain.h"
#include "reportcommand.h"
#include "reporthandoff.h"

int main(int argc, char *argv[])
{
    if (memplan::cli::isReportCommand(argc, argv))
        return memplan::ui::reportMain(argc, argv);
    return memplan::cli::cliMain(argc, argv);
}
