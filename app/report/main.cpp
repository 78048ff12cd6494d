// memplan-report: memplan-cli with the `report` and `compare --pdf` commands, which render charts into
// PDF and images and so links the widget libraries. memplan-cli execs this program
// for those; every other command behaves exactly as in memplan-cli.

#include "climain.h"
#include "compare/comparecommand.h"
#include "reportcommand.h"
#include "reporthandoff.h"

int main(int argc, char *argv[])
{
    if (memplan::cli::isReportCommand(argc, argv))
        return memplan::ui::reportMain(argc, argv);
    if (memplan::cli::isComparePdfCommand(argc, argv))
        return memplan::ui::comparePdfMain(argc, argv);
    return memplan::cli::cliMain(argc, argv);
}
