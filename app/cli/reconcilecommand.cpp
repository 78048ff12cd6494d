#include "reconcilecommand.h"
#include "clitext.h"
#include "reconcile/reconciletexts.h"
#include "settingsfiles.h"

#include "error.h"
#include "files/atomicfile.h"
#include "files/inputfile.h"
#include "logs/calibration.h"
#include "logs/logparser.h"
#include "logs/reconcile.h"
#include "run/tryrun.h"
#include "scenario/scenariojson.h"
#include "units.h"

#include <QSettings>
#include <QString>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <sstream>

namespace memplan::cli {

namespace {

/// Logs can be large; past this the file is refused rather than read (a 100 MB log parses in
/// well under a second, docs/performance.md).
constexpr std::uint64_t kMaxLogBytes = kMaxLogFileBytes;

// A log: regular files only (a FIFO would block reconcile forever) and at most 1 GiB, read into
// one buffer of the file's size; standard input is held to the same 1 GiB (/dev/zero piped in
// stops there).
std::string readLog(const std::string &path, Context &ctx)
{
    if (path == "-")
        return readInputStream(ctx.in, kMaxLogBytes, "(stdin)");
    if (const std::string problem = inputFileProblem(path); !problem.empty())
        throw InputError(ErrorInfo{path, "", problem});
    std::error_code ec;
    if (std::filesystem::file_size(path, ec) > kMaxLogBytes && !ec)
        throw InputError(ErrorInfo{
            path, "", say(QT_TRANSLATE_NOOP("CliText", "is larger than 1 GiB; pass the start-up part of the log"))});
    return readInputFile(path, kMaxLogBytes);
}

// The --scenario file, read as every command reads one.
std::string readScenarioText(const std::string &path, Context &ctx)
{
    return path == "-" ? readInputStream(ctx.in, kMaxScenarioFileBytes, "(stdin)")
                       : readInputFile(path, kMaxScenarioFileBytes);
}

std::string amount(const Comparison &c, double v)
{
    if (c.unit == "tokens")
        return formatCount(std::uint64_t(std::llround(std::max(0.0, v))));
    return formatGiB(Bytes(std::llround(std::max(0.0, v))), 2);
}

/// A reconciliation note (core/logs/reconcile.cpp, parselog.cpp) in the command line's language.
std::string reconcileNoteText(const std::string &note)
{
    static constexpr PatternText kNotes[] = {
        {"^Ollama runs llama\\.cpp: the llama\\.cpp profile sizes its buffers$",
         QT_TRANSLATE_NOOP("CliText", "Ollama runs llama.cpp: the llama.cpp profile sizes its buffers")},
        {"^Ollama (.*) runs llama\\.cpp (.*), the tree it vendors$",
         QT_TRANSLATE_NOOP("CliText", "Ollama %1 runs llama.cpp %2, the tree it vendors")},
        {"^model '(.*)' matched from the printed name '(.*)'$",
         QT_TRANSLATE_NOOP("CliText", "model '%1' matched from the printed name '%2'")},
        {"^model '(.*)' matched from the printed shape \\(layers, width, vocabulary\\)$",
         QT_TRANSLATE_NOOP("CliText", "model '%1' matched from the printed shape (layers, width, vocabulary)")},
        {"^the log names no model$", QT_TRANSLATE_NOOP("CliText", "the log names no model")},
        {"^no preset matches the printed model '(.*)'$",
         QT_TRANSLATE_NOOP("CliText", "no preset matches the printed model '%1'")},
        {"^file type '(.*)' is not modelled; the model's own format is used$",
         QT_TRANSLATE_NOOP("CliText", "file type '%1' is not modelled; the model's own format is used")},
        {"^weights sized as the recipe '(.*)' the file name '(.*)' carries$",
         QT_TRANSLATE_NOOP("CliText", "weights sized as the recipe '%1' the file name '%2' carries")},
        {"^the file's printed size \\((.*) GiB\\) fixes the weights' total; the routed experts keep the recipe's "
         "types$",
         QT_TRANSLATE_NOOP("CliText",
                           "the file's printed size (%1 GiB) fixes the weights' total; the routed experts keep the "
                           "recipe's types")},
        {"^weights format '(.*)' read from the model's name$",
         QT_TRANSLATE_NOOP("CliText", "weights format '%1' read from the model's name")},
        {"^the log prints no file type; the model's own dtype is assumed$",
         QT_TRANSLATE_NOOP("CliText", "the log prints no file type; the model's own dtype is assumed")},
        {"^no GPU buffer in the log: a CPU machine \\((.*)\\) is assumed$",
         QT_TRANSLATE_NOOP("CliText", "no GPU buffer in the log: a CPU machine (%1) is assumed")},
        {"^hardware '(.*)' stands in for the printed device '(.*)', a chip no preset describes$",
         QT_TRANSLATE_NOOP("CliText",
                           "hardware '%1' stands in for the printed device '%2', a chip no preset describes")},
        {"^hardware '(.*)' matched from the printed device '(.*)'$",
         QT_TRANSLATE_NOOP("CliText", "hardware '%1' matched from the printed device '%2'")},
        {"^the log names no known device: an H100 SXM is assumed for the device's size$",
         QT_TRANSLATE_NOOP("CliText", "the log names no known device: an H100 SXM is assumed for the device's size")},
        {"^device total taken from the log$", QT_TRANSLATE_NOOP("CliText", "device total taken from the log")},
        {"^(.*) has no pool in the scenario$", QT_TRANSLATE_NOOP("CliText", "%1 has no pool in the scenario")},
        {"^the log holds (\\d+) model loads; the first is compared$",
         QT_TRANSLATE_NOOP("CliText", "the log holds %1 model loads; the first is compared")},
        {"^lines longer than 64 KiB were cut$", QT_TRANSLATE_NOOP("CliText", "lines longer than 64 KiB were cut")},
        {"^the log sets (.*), which the plan does not take$",
         QT_TRANSLATE_NOOP("CliText", "the log sets %1, which the plan does not take")},
        {"^the multimodal projector's compute buffer on (.*) \\((.*) MiB\\) is not planned$",
         QT_TRANSLATE_NOOP("CliText", "the multimodal projector's compute buffer on %1 (%2 MiB) is not planned")},
        {"^the model's facts are run (\\d+)'s, which loaded the same file$",
         QT_TRANSLATE_NOOP("CliText", "the model's facts are run %1's, which loaded the same file")},
        {"^model built from the printed shape of '(.*)'$",
         QT_TRANSLATE_NOOP("CliText", "model built from the printed shape of '%1'")},
        {"^the mapped model buffers overlap by (.*) MiB: views of one file, counted once as its printed size$",
         QT_TRANSLATE_NOOP(
             "CliText",
             "the mapped model buffers overlap by %1 MiB: views of one file, counted once as its printed size")},
    };
    return sayMatching(note, kNotes);
}

/// A table cell: padded to `width` terminal columns (Korean headings take two per character).
std::string cell(const std::string &text, std::size_t width, bool right)
{
    return right ? padLeftTo(text, width) : padTo(text, width);
}

/// A positive run number, or 0.
std::size_t parseCount(const std::string &s)
{
    if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos)
        return 0;
    return std::size_t(std::stoul(s));
}

std::string arg(const Reconciliation &r, std::size_t i)
{
    return i < r.verdictCauseArgs.size() ? r.verdictCauseArgs[i] : std::string();
}

/// The verdict's cause beside a start-up failure (core/logs/reconcile.cpp judgeFailure).
std::string verdictCauseText(const Reconciliation &r)
{
    if (r.verdictCauseId == "verdict.device_shared")
        return say(QT_TRANSLATE_NOOP("CliText", "the planner expects a fit, but only %1 of %2 was free: other "
                                                "processes held the rest"),
                   {arg(r, 0), arg(r, 1)});
    if (r.verdictCauseId == "verdict.runtime_used_more")
        return say(QT_TRANSLATE_NOOP("CliText", "the planner expects a fit, but the runtime itself held %1 and asked "
                                                "for %2 more; the plan for that device is %3"),
                   {arg(r, 0), arg(r, 1), arg(r, 2)});
    if (r.verdictCauseId == "verdict.context_too_long")
        return say(QT_TRANSLATE_NOOP("CliText", "the runtime needs the context to fit in one request's KV cache: it "
                                                "suggests %1 tokens instead of %2"),
                   {arg(r, 0), arg(r, 1)});
    return say(QT_TRANSLATE_NOOP("CliText", "the planner expects a fit; a setting the log does not print, or memory "
                                            "outside the plan, made the difference"));
}

/// Which run of the log, the start-up failure and the planner's verdict beside it.
std::string verdictLines(const Reconciliation &r)
{
    std::ostringstream o;
    if (r.run.runCount > 1)
        o << say(QT_TRANSLATE_NOOP("CliText", "run %1 of %2 in the log is shown (lines %3-%4); pick another with "
                                              "--log-run N"),
                 {std::to_string(r.run.runNumber), std::to_string(r.run.runCount), std::to_string(r.run.firstLine),
                  std::to_string(r.run.lastLine)})
          << "\n";
    if (const auto &f = r.run.failure) {
        auto size = [](Bytes b) { return b ? formatGiB(b, 2) : std::string("-"); };
        o << say(QT_TRANSLATE_NOOP("CliText", "did not start: %1 on %2 (line %3); wanted %4, free %5, total %6"),
                 {f->kind, f->device.empty() ? std::string("-") : f->device, std::to_string(f->line), size(f->wanted),
                  size(f->free), size(f->total)})
          << "\n";
        if (f->suggestedMaxModelLen)
            o << say(QT_TRANSLATE_NOOP("CliText", "the runtime estimates the longest context that fits: %1 tokens"),
                     {std::to_string(f->suggestedMaxModelLen)})
              << "\n";
        if (r.planned)
            o << say(r.estimate.fits ? QT_TRANSLATE_NOOP("CliText", "the planner's verdict: fits")
                                     : QT_TRANSLATE_NOOP("CliText", "the planner's verdict: does not fit"))
              << "\n";
        if (!r.verdictCauseId.empty())
            o << "        " << verdictCauseText(r) << "\n";
    }
    return o.str();
}

/// No plan: the measured figures per pool and guest, and the one input the plan needs.
std::string measuredTable(const Reconciliation &r)
{
    std::ostringstream o;
    o << say(QT_TRANSLATE_NOOP("CliText", "runtime: %1  (no plan: the log does not identify the %2; pass --scenario "
                                          "FILE to compare)"),
             {r.run.runtime + (r.run.version.empty() ? std::string() : " " + r.run.version), r.missingInput})
      << "\n"
      << verdictLines(r);
    o << cell(say(QT_TRANSLATE_NOOP("CliText", "pool")), 8, false)
      << cell(say(QT_TRANSLATE_NOOP("CliText", "guest")), 12, false)
      << cell(say(QT_TRANSLATE_NOOP("CliText", "measured")), 12, true) << "  \n";
    for (const Comparison &c : r.comparisons)
        o << cell(c.poolId, 8, false) << cell(c.guest, 12, false) << cell(amount(c, c.measured), 12, true) << "  "
          << c.sources << "\n";
    for (const std::string &n : r.notes)
        o << say(QT_TRANSLATE_NOOP("CliText", "note: %1"), {reconcileNoteText(n)}) << "\n";
    o << say(QT_TRANSLATE_NOOP("CliText", "(GiB = 2^30 bytes)")) << "\n";
    return o.str();
}

std::string table(const Reconciliation &r)
{
    if (!r.planned)
        return measuredTable(r);
    std::ostringstream o;
    const bool ko = cliKorean();
    o << say(QT_TRANSLATE_NOOP("CliText", "runtime: %1  (scenario from %2: %3, %4, %5)"),
             {r.run.runtime + (r.run.version.empty() ? std::string() : " " + r.run.version),
              r.scenarioFromLog ? say(QT_TRANSLATE_NOOP("CliText", "the log"))
                                : say(QT_TRANSLATE_NOOP("CliText", "the file")),
              r.scenario.model.preset.empty() ? r.estimate.model.name : r.scenario.model.preset, // a file: its own name
              r.scenario.weights.format.empty() ? say(QT_TRANSLATE_NOOP("CliText", "own format"))
                                                : r.scenario.weights.format,
              r.scenario.hardware.preset})
      << "\n"
      << verdictLines(r);
    o << cell(say(QT_TRANSLATE_NOOP("CliText", "pool")), 8, false)
      << cell(say(QT_TRANSLATE_NOOP("CliText", "guest")), 12, false)
      << cell(say(QT_TRANSLATE_NOOP("CliText", "planned")), 12, true)
      << cell(say(QT_TRANSLATE_NOOP("CliText", "planned range")), 26, true)
      << cell(say(QT_TRANSLATE_NOOP("CliText", "measured")), 12, true)
      << cell(say(QT_TRANSLATE_NOOP("CliText", "error")), 10, true) << "  \n";
    for (const Comparison &c : r.comparisons) {
        char err[32];
        std::snprintf(err, sizeof err, "%+.1f%%", c.relative * 100);
        // Guest ids stay ids in English (scripts read them); Korean shows the window's names.
        const std::string guest = ko ? memplan::ui::reconcileGuestText(c).toStdString() : c.guest;
        o << cell(c.poolId, 8, false) << cell(guest, 12, false) << cell(amount(c, c.planned), 12, true)
          << cell(amount(c, c.plannedLow) + " - " + amount(c, c.plannedHigh), 26, true)
          << cell(amount(c, c.measured), 12, true) << cell(err, 10, true) << "  "
          << (!c.compared ? say(QT_TRANSLATE_NOOP("CliText", "not compared"))
              : c.inRange ? say(QT_TRANSLATE_NOOP("CliText", "in range"))
                          : say(QT_TRANSLATE_NOOP("CliText", "OUTSIDE")))
          << "\n";
        if (!c.cause.empty())
            o << "        " << (ko ? memplan::ui::reconcileCauseText(c).toStdString() : c.cause) << "\n";
    }
    for (const std::string &n : r.notes)
        o << say(QT_TRANSLATE_NOOP("CliText", "note: %1"), {reconcileNoteText(n)}) << "\n";
    o << (r.allInRange() ? say(QT_TRANSLATE_NOOP("CliText", "every measured figure lies inside the planned range"))
                         : say(QT_TRANSLATE_NOOP("CliText", "some measured figures lie outside the planned range")))
      << "\n";
    o << say(QT_TRANSLATE_NOOP("CliText", "(GiB = 2^30 bytes)")) << "\n";
    return o.str();
}

/// Why a load-only run was not started (core/run/loadonly.cpp), in the command line's language.
std::string blockerText(const LoadOnlyLaunch &l)
{
    if (l.blocker == "launch.not_local_file")
        return say(QT_TRANSLATE_NOOP("CliText", "the plan names no model file on this computer; import the model's "
                                                "file first (model.file), so nothing is downloaded"));
    if (l.blocker == "launch.file_missing")
        return say(QT_TRANSLATE_NOOP("CliText", "the model file %1 does not exist"), {l.blockerArg});
    if (l.blocker == "launch.server_only")
        return say(QT_TRANSLATE_NOOP("CliText", "load-only runs start llama-server; set runtime.program to "
                                                "llama-server"));
    return say(QT_TRANSLATE_NOOP("CliText", "this runtime cannot be tried on this computer yet; run it yourself and "
                                            "open its log"));
}

/// How the run ended, in the command line's language.
std::string processEndText(const ProcessResult &p)
{
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", p.seconds);
    switch (p.end) {
    case ProcessEnd::Ready:
        return say(QT_TRANSLATE_NOOP("CliText", "loaded after %1 s and stopped"), {seconds});
    case ProcessEnd::Exited:
        if (p.signal)
            return say(QT_TRANSLATE_NOOP("CliText", "ended by signal %1 after %2 s"),
                       {std::to_string(p.signal), seconds});
        return say(QT_TRANSLATE_NOOP("CliText", "ended with exit code %1 after %2 s"),
                   {std::to_string(p.exitCode), seconds});
    case ProcessEnd::TimedOut:
        return say(QT_TRANSLATE_NOOP("CliText", "stopped at the time limit after %1 s"), {seconds});
    case ProcessEnd::Cancelled:
    case ProcessEnd::NotStarted:
        break;
    }
    return say(QT_TRANSLATE_NOOP("CliText", "stopped after %1 s"), {seconds});
}

/// The last lines of a log, for a run that printed nothing the planner reads.
std::string logTail(const std::string &log, std::size_t lines)
{
    std::size_t at = log.size();
    if (at > 0 && log[at - 1] == '\n')
        --at;
    while (lines-- > 0) {
        const std::size_t nl = at > 0 ? log.rfind('\n', at - 1) : std::string::npos;
        if (nl == std::string::npos)
            return log;
        at = nl;
    }
    return log.substr(at + 1);
}

struct RunOptions {
    bool run = false;
    std::string program; ///< --program
    double timeLimit = 300;
    std::string saveLog; ///< --save-log
};

/// reconcile --run: the scenario's own launch command started in a load-only mode, its log
/// captured (kept with --save-log) and reconciled (core/run/tryrun.h).
Reconciliation runOnThisComputer(const Scenario &scenario, const std::string &scenarioPath, const RunOptions &o,
                                 Context &ctx)
{
    LoadOnlyLaunch launch;
    try {
        launch = planLoadOnly(scenario, ctx.catalog);
    } catch (const InputError &e) {
        throw e.inFile(scenarioPath);
    }
    if (!launch.blocker.empty())
        throw InputError(ErrorInfo{scenarioPath, "", blockerText(launch)});
    TryRunOptions t;
    // --program, else the path the window's Try It dialog kept in the settings, else PATH.
    // A settings file that is no regular file (a FIFO) is not read: it would block (issue 35).
    if (!o.program.empty())
        t.program = o.program;
    else if (app::unreadableSettingsFile().isEmpty())
        t.program = QSettings().value(QString::fromStdString("programs/" + launch.program)).toString().toStdString();
    t.timeLimitSeconds = o.timeLimit;
    ctx.err << "memplan-cli: "
            << say(QT_TRANSLATE_NOOP("CliText", "starting %1"),
                   {shellCommandLine(t.program.empty() ? launch.program : t.program, launch.args)})
            << "\n";
    const TryRun tr = runLoadOnly(launch, scenario, ctx.catalog, t); // the command just printed
    if (tr.process.end == ProcessEnd::NotStarted)
        throw InputError(
            ErrorInfo{tr.program, "",
                      tr.process.problem == "not found on PATH"
                          ? say(QT_TRANSLATE_NOOP("CliText", "is not on PATH; install the runtime or "
                                                             "pass --program PATH"))
                          : say(QT_TRANSLATE_NOOP("CliText", "could not be started: %1"), {tr.process.problem})});
    const std::string &log = tr.process.log;
    if (!o.saveLog.empty())
        if (const FileWriteResult w = writeFileAtomically(o.saveLog, log); !w)
            ctx.err << "memplan-cli: " << w.message() << "\n";
    ctx.err << "memplan-cli: " << processEndText(tr.process) << "\n";
    if (!tr.reconciliation)
        throw InputError(
            ErrorInfo{tr.program, "",
                      say(QT_TRANSLATE_NOOP("CliText", "printed no line the planner reads; its last lines:\n%1"),
                          {logTail(log, 15)})});
    return *tr.reconciliation;
}

/// How a reconciliation ends the command: a start-up failure or a figure outside its range is 3.
int reconcileExit(const Reconciliation &r)
{
    if (r.didNotStart())
        return kExitDoesNotFit;
    if (!r.planned)
        return kExitOk;
    return r.allInRange() ? kExitOk : kExitDoesNotFit;
}

int reconcileRun(const std::string &scenarioPath, const std::string &stray, const RunOptions &o, bool asJson,
                 Context &ctx)
{
    if (!stray.empty())
        throw InputError(ErrorInfo{"", "--run",
                                   say(QT_TRANSLATE_NOOP("CliText", "starts the runtime itself and takes no log file; "
                                                                    "got '%1'"),
                                       {stray})});
    if (scenarioPath.empty())
        throw InputError(ErrorInfo{"", "--run",
                                   say(QT_TRANSLATE_NOOP("CliText", "needs --scenario FILE: the plan whose launch "
                                                                    "command is started"))});
    const Scenario scenario = scenarioFromText(readScenarioText(scenarioPath, ctx), scenarioPath);
    if (const RuntimeProfile *rt = ctx.catalog.runtime(scenario.runtime.preset))
        noteCalibration(*rt, ctx);
    const Reconciliation r = runOnThisComputer(scenario, scenarioPath, o, ctx);
    if (asJson)
        ctx.out << reconciliationToJson(r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    else
        ctx.out << table(r);
    return reconcileExit(r);
}

} // namespace

int cmdReconcile(const std::vector<std::string> &args, Context &ctx)
{
    std::string logPath, scenarioPath;
    bool asJson = false, keep = false;
    std::size_t runNumber = 0;
    RunOptions runOpts;
    auto value = [&](std::size_t &i, const char *what) -> const std::string & {
        if (i + 1 >= args.size())
            throw InputError(ErrorInfo{"", args[i], say(what)});
        return args[++i];
    };
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--json")
            asJson = true;
        else if (args[i] == "--keep-overheads")
            keep = true;
        else if (args[i] == "--run")
            runOpts.run = true;
        else if (args[i] == "--scenario")
            scenarioPath = value(i, QT_TRANSLATE_NOOP("CliText", "needs a scenario file"));
        else if (args[i] == "--program")
            runOpts.program = value(i, QT_TRANSLATE_NOOP("CliText", "needs the runtime program's path"));
        else if (args[i] == "--save-log")
            runOpts.saveLog = value(i, QT_TRANSLATE_NOOP("CliText", "needs a file to save the log to"));
        else if (args[i] == "--time-limit") {
            const std::size_t seconds = parseCount(value(i, QT_TRANSLATE_NOOP("CliText", "needs seconds (1, 2, ...)")));
            if (seconds == 0)
                throw InputError(
                    ErrorInfo{"", "--time-limit", say(QT_TRANSLATE_NOOP("CliText", "needs seconds (1, 2, ...)"))});
            runOpts.timeLimit = double(seconds);
        } else if (args[i] == "--log-run" && i + 1 < args.size() && parseCount(args[i + 1]) > 0)
            runNumber = parseCount(args[++i]);
        else if (args[i] == "--log-run")
            throw InputError(
                ErrorInfo{"", "--log-run", say(QT_TRANSLATE_NOOP("CliText", "needs a run number (1, 2, ...)"))});
        else if (logPath.empty() && !runOpts.run)
            logPath = args[i];
        else
            throw InputError(ErrorInfo{
                "", "", say(QT_TRANSLATE_NOOP("CliText", "reconcile takes one log file, got also '%1'"), {args[i]})});
    }
    if (runOpts.run)
        return reconcileRun(scenarioPath, logPath, runOpts, asJson, ctx);
    if (logPath.empty())
        throw InputError(ErrorInfo{"", "",
                                   say(QT_TRANSLATE_NOOP("CliText", "usage:")) +
                                       " reconcile LOG|- [--scenario FILE] [--log-run N] [--json] [--keep-overheads]"
                                       " | reconcile --run --scenario FILE [--program PATH] [--time-limit S]"
                                       " [--save-log FILE] [--json]"});
    const std::string name = logPath == "-" ? std::string("(stdin)") : logPath;
    const std::string text = readLog(logPath, ctx);
    const MeasuredRun run = parseRuntimeLog(text, runNumber);
    if (run.empty())
        throw InputError(ErrorInfo{
            name, "",
            say(QT_TRANSLATE_NOOP("CliText", "holds no line of llama.cpp, Ollama, vLLM, SGLang or MLX-LM the planner "
                                             "recognises"))});

    Scenario scenario;
    std::vector<std::string> notes;
    const bool userScenario = !scenarioPath.empty();
    Reconciliation r;
    if (userScenario) {
        scenario = scenarioFromText(readScenarioText(scenarioPath, ctx), scenarioPath);
        if (const RuntimeProfile *rt = ctx.catalog.runtime(scenario.runtime.preset))
            noteCalibration(*rt, ctx);
        try {
            r = reconcile(run, scenario, ctx.catalog, userScenario, notes);
        } catch (const InputError &e) {
            throw e.inFile(scenarioPath);
        }
    } else {
        // A log never fails for want of a plan: without a model, its figures are shown alone.
        r = reconcileWithLogPlan(run, ctx.catalog);
        if (r.planned)
            if (const RuntimeProfile *rt = ctx.catalog.runtime(r.scenario.runtime.preset))
                noteCalibration(*rt, ctx);
    }
    if (keep) {
        // "Keep these overheads for this machine": saved beside the user's presets.
        const Calibration c = calibrationFromRun(r, name, text);
        if (c.empty())
            throw InputError(
                ErrorInfo{name, "", say(QT_TRANSLATE_NOOP("CliText", "prints no workspace or system figure to keep"))});
        if (ctx.userPresetDirectory.empty())
            throw InputError(ErrorInfo{"", "--keep-overheads",
                                       say(QT_TRANSLATE_NOOP("CliText", "no user presets folder is known"))});
        const std::string saved = saveCalibration(c, ctx.userPresetDirectory);
        ctx.err << "memplan-cli: "
                << say(QT_TRANSLATE_NOOP("CliText", "kept the %1 overheads measured on %2 in %3"),
                       {c.runtime, c.machine, saved})
                << "\n";
    }
    if (asJson)
        ctx.out << reconciliationToJson(r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    else
        ctx.out << table(r);
    return reconcileExit(r);
}

} // namespace memplan::cli
