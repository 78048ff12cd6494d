#pragma once
// memplan-cli's commands as plain functions over streams, so tests call them
// directly. Exit codes: 0 success, 1 a file could not be written, 2 bad input (one
// line on stderr), 3 the scenario does not fit (with --check), 4 network.

#include "estimate.h"
#include "import/hubreference.h"
#include "import/importedmodel.h"
#include "scenario/catalog.h"
#include "scenario/resolve.h"
#include "scenario/scenario.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace memplan::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitWriteFailed = 1; ///< a file could not be written; the old one is untouched
inline constexpr int kExitUsage = 2;
inline constexpr int kExitDoesNotFit = 3;
inline constexpr int kExitNetwork = 4; ///< a Hugging Face repository could not be reached or read

struct Context {
    const PresetCatalog &catalog;
    std::istream &in; ///< read for the file name "-"
    std::ostream &out;
    std::ostream &err;
    /// Where `reconcile --keep-overheads` saves a calibration (the user presets folder).
    std::string userPresetDirectory = {};
    /// Reads a Hugging Face repository reference ("org/name", see core/import/hubreference.h)
    /// over the network; set by the front end that links net/. Unset: references are refused.
    std::function<ImportedModel(const HubReference &)> importRemote = {};
    /// Where `this-computer` reads /proc and /sys ("/" = this machine; tests pass a fixture tree).
    std::string hostRoot = "/";
    /// Output of nvidia-smi --query-gpu when the front end ran it, else empty.
    std::string nvidiaSmiCsv = {};
    /// `estimate --table`'s printer (tableprinter.h, which needs the translated engine texts);
    /// run() fills it in when it is empty. The lean front end never prints tables.
    std::function<std::string(const Estimate &, const ResolvedScenario &)> estimateTable = {};
    /// Set once noteCalibration() has said which calibration applies (it says so once per run).
    bool calibrationNoted = false;
};

/// One line on err when the runtime profile a command uses is calibrated (its file and log):
/// a calibration found in a shared --presets folder must not change figures unannounced.
void noteCalibration(const RuntimeProfile &runtime, Context &ctx);

/// Runs one command line (without the program name and without options the
/// front end consumed, such as --presets and --lang).
int run(const std::vector<std::string> &args, Context &ctx);

std::string usage();

/// When a command line picks --hardware this-computer, the host RAM is this computer's
/// (MemTotal) rather than the default scenario's; a scenario file's own value stands.
void useThisComputerRam(Scenario &s, const Context &ctx);

/// Reads a scenario file ("-" = the context's input); errors name the file.
Scenario loadScenario(const std::string &path, Context &ctx);

} // namespace memplan::cli
