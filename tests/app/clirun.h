#pragma once
// memplan-cli's commands run in the test's own process (app/cli/clicommands.h): exit code,
// standard output and standard error, with the shipped presets unless a catalog is given.
#include "../core/testsupport.h"
#include "cli/clicommands.h"

#include <QString>

#include <sstream>
#include <string>
#include <vector>

namespace memplan::test {

struct CliRun {
    int code = -1;
    std::string out, err;
    QString errText() const { return QString::fromStdString(err); }
};

struct CliInput {
    std::string stdinText;
    const PresetCatalog *catalog = nullptr; ///< the shipped presets when null
    std::string userPresets;                ///< cli::Context::userPresetDirectory
};

inline CliRun runCli(const std::vector<std::string> &args, const CliInput &input = {})
{
    std::istringstream in(input.stdinText);
    std::ostringstream out, err;
    cli::Context ctx{input.catalog ? *input.catalog : shippedCatalog(), in, out, err, input.userPresets};
    CliRun r;
    r.code = cli::run(args, ctx);
    r.out = out.str();
    r.err = err.str();
    return r;
}

} // namespace memplan::test
