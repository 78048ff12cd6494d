#pragma once
// "Try it on this computer" (issue 27): the plan's own launch command started in a
// load-only mode, so the runtime allocates what it would for the scenario and prints
// its buffers, and is stopped as soon as it says the model is loaded. Each runtime
// module says how it is started (RuntimeModel::loadOnlyLaunch); a runtime that cannot
// be tried this way says why. Nothing here downloads: a plan whose weights are not a
// file on this computer is refused before anything starts.

#include <string>
#include <utility>
#include <vector>

namespace memplan {

struct ResolvedScenario;

/// What a load-only run starts.
struct LoadOnlyLaunch {
    std::string program;                 ///< executable name looked up on PATH ("llama-server")
    std::vector<std::string> args;       ///< its arguments, one per element (paths keep their spaces)
    std::vector<std::string> readyLines; ///< a line containing one of these says the model is loaded
    std::vector<std::pair<std::string, std::string>> environment; ///< set for the run only
    /// Non-empty: this plan cannot be tried here, and why ("launch.not_local_file" …); the
    /// program is then not started. blockerArg is the id's one argument (a file name).
    std::string blocker;
    std::string blockerArg;
};

/// Choices the run makes, not the scenario.
struct LoadOnlyOptions {
    unsigned port = 0; ///< a free local port for a runtime that serves HTTP (0: the runtime's default)
};

/// The checkpoint a Python serving engine (vLLM, SGLang) loads without downloading: the imported
/// folder, or the repository its launch command names, read from the local Hugging Face cache only
/// (HF_HUB_OFFLINE=1 is added to launch.environment). Sets launch.blocker and returns "" when the
/// plan names neither (a format whose repository is unknown).
std::string offlineCheckpoint(const ResolvedScenario &r, LoadOnlyLaunch &launch);

/// "--host 127.0.0.1 --port P" (no port when options.port is 0): a load-only server listens on this
/// computer only, on a port nobody uses.
std::vector<std::string> localServerArgs(const LoadOnlyOptions &options);

/// The English sentence of a blocker id, for logs and tests (the CLI and window translate the id).
std::string loadOnlyBlockerEnglish(const LoadOnlyLaunch &launch);

/// The command as a user would type it in a POSIX shell, arguments quoted where needed.
std::string shellCommandLine(const std::string &program, const std::vector<std::string> &args);

} // namespace memplan
