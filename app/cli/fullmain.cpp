// memplan-cli-full: memplan-cli's commands with Qt's text (Korean, tables, listings), the
// host probe and the network module. memplan-cli starts it for what its lean front end
// does not run (leanmain.h); run directly, it answers every command the same way.

#include "climain.h"

int main(int argc, char *argv[])
{
    return memplan::cli::cliMain(argc, argv);
}
