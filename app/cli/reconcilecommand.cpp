#include "reconcilecommand.h"

#include "error.h"
#include "logs/calibration.h"
#include "logs/logparser.h"
#include "logs/reconcile.h"
#include "scenariojson.h"
#include "units.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace memplan::cli {

namespace {

/// Logs can be large; past this the file is refused rather than read (a 100 MB log parses in
/// well under a second, docs/performance.md).
constexpr std::uintmax_t kMaxLogBytes = 1024ULL * 1024 * 1024;

std::string readAll(const std::string &path, Context &ctx)
{
    std::ostringstream buf;
    if (path == "-") {
        buf << ctx.in.rdbuf();
        return buf.str();
    }
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f)
        throw InputError(ErrorInfo{path, "", "cannot be opened for reading"});
    const std::streamoff size = f.tellg();
    if (size > 0 && std::uintmax_t(size) > kMaxLogBytes)
        throw InputError(ErrorInfo{path, "", "is larger than 1 GiB; pass the start-up part of the log"});
    f.seekg(0);
    buf << f.rdbuf();
    return buf.str();
}

std::string amount(const Comparison &c, double v)
{
    if (c.unit == "tokens")
        return formatCount(std::uint64_t(std::llround(std::max(0.0, v))));
    return formatGiB(Bytes(std::llround(std::max(0.0, v))), 2);
}

std::string table(const Reconciliation &r)
{
    std::ostringstream o;
    o << "runtime: " << r.run.runtime << (r.run.version.empty() ? std::string() : " " + r.run.version)
      << "  (scenario from " << (r.scenarioFromLog ? "the log" : "the file") << ": " << r.scenario.model.preset << ", "
      << (r.scenario.weights.format.empty() ? std::string("own format") : r.scenario.weights.format) << ", "
      << r.scenario.hardware.preset << ")\n";
    o << std::left << std::setw(8) << "pool" << std::setw(12) << "guest" << std::right << std::setw(12) << "planned"
      << std::setw(26) << "planned range" << std::setw(12) << "measured" << std::setw(10) << "error"
      << "  \n";
    for (const Comparison &c : r.comparisons) {
        char err[32];
        std::snprintf(err, sizeof err, "%+.1f%%", c.relative * 100);
        o << std::left << std::setw(8) << c.poolId << std::setw(12) << c.guest << std::right << std::setw(12)
          << amount(c, c.planned) << std::setw(26) << (amount(c, c.plannedLow) + " - " + amount(c, c.plannedHigh))
          << std::setw(12) << amount(c, c.measured) << std::setw(10) << err << "  "
          << (!c.compared ? "not compared"
              : c.inRange ? "in range"
                          : "OUTSIDE")
          << "\n";
        if (!c.cause.empty())
            o << "        " << c.cause << "\n";
    }
    for (const std::string &n : r.notes)
        o << "note: " << n << "\n";
    o << (r.allInRange() ? "every measured figure lies inside the planned range\n"
                         : "some measured figures lie outside the planned range\n");
    o << "(GiB = 2^30 bytes)\n";
    return o.str();
}

} // namespace

int cmdReconcile(const std::vector<std::string> &args, Context &ctx)
{
    std::string logPath, scenarioPath;
    bool asJson = false, keep = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--json")
            asJson = true;
        else if (args[i] == "--keep-overheads")
            keep = true;
        else if (args[i] == "--scenario" && i + 1 < args.size())
            scenarioPath = args[++i];
        else if (args[i] == "--scenario")
            throw InputError(ErrorInfo{"", "--scenario", "needs a scenario file"});
        else if (logPath.empty())
            logPath = args[i];
        else
            throw InputError(ErrorInfo{"", "", "reconcile takes one log file, got also '" + args[i] + "'"});
    }
    if (logPath.empty())
        throw InputError(ErrorInfo{"", "", "usage: reconcile LOG|- [--scenario FILE] [--json]"});
    const std::string name = logPath == "-" ? std::string("(stdin)") : logPath;
    const std::string text = readAll(logPath, ctx);
    const MeasuredRun run = parseRuntimeLog(text);
    if (run.empty())
        throw InputError(
            ErrorInfo{name, "", "holds no line of llama.cpp, Ollama, vLLM, SGLang or MLX-LM the planner recognises"});

    Scenario scenario;
    std::vector<std::string> notes;
    const bool userScenario = !scenarioPath.empty();
    if (userScenario) {
        scenario = scenarioFromText(readAll(scenarioPath, ctx), scenarioPath);
    } else {
        LogScenario ls = scenarioFromLog(run, ctx.catalog);
        if (!ls.modelIdentified)
            throw InputError(ErrorInfo{name, "model",
                                       "the log does not identify a preset model (" +
                                           (ls.notes.empty() ? std::string() : ls.notes.back()) +
                                           "); pass --scenario FILE"});
        scenario = ls.scenario;
        notes = ls.notes;
    }
    Reconciliation r;
    try {
        r = reconcile(run, scenario, ctx.catalog, userScenario, notes);
    } catch (const InputError &e) {
        throw e.inFile(userScenario ? scenarioPath : name);
    }
    if (keep) {
        // "Keep these overheads for this machine": saved beside the user's presets.
        const Calibration c = calibrationFromRun(r, name, text);
        if (c.empty())
            throw InputError(ErrorInfo{name, "", "prints no workspace or system figure to keep"});
        if (ctx.userPresetDirectory.empty())
            throw InputError(ErrorInfo{"", "--keep-overheads", "no user presets folder is known"});
        const std::string saved = saveCalibration(c, ctx.userPresetDirectory);
        ctx.err << "memplan-cli: kept the " << c.runtime << " overheads measured on " << c.machine << " in " << saved
                << "\n";
    }
    if (asJson)
        ctx.out << reconciliationToJson(r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    else
        ctx.out << table(r);
    return r.allInRange() ? kExitOk : kExitDoesNotFit;
}

} // namespace memplan::cli
