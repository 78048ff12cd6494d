#pragma once
// One child process run until it says it is ready, exits, runs out of time or is
// cancelled; its standard output and error captured together, line by line. POSIX
// only (fork/exec, a process group so a runtime's own children stop with it). Used by
// the load-only run (loadonly.h) from the command line and from the window's worker
// thread, so it blocks and never touches global state beyond the child it starts.

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace memplan {

struct ProcessRequest {
    std::string program; ///< a path, or a name looked up on PATH
    std::vector<std::string> args;
    std::vector<std::pair<std::string, std::string>> environment; ///< added to (or replacing in) ours
    std::vector<std::string> readyLines; ///< stop the process once a line contains one of these
    double timeLimitSeconds = 300;
    /// Captured text beyond this is dropped (the start, where the buffers are printed, is kept).
    std::size_t maxLogBytes = std::size_t(64) << 20;
};

enum class ProcessEnd {
    Ready,     ///< a ready line was seen; the process was then stopped
    Exited,    ///< it ended by itself (exitCode, or signal when killed by one)
    TimedOut,  ///< the time limit passed; it was stopped
    Cancelled, ///< the caller's cancel flag was set; it was stopped
    NotStarted ///< it could not be started (problem says why)
};

struct ProcessResult {
    ProcessEnd end = ProcessEnd::NotStarted;
    int exitCode = 0; ///< for Exited without a signal
    int signal = 0;   ///< for Exited by a signal
    double seconds = 0;
    std::string log;        ///< standard output and error, interleaved as written
    bool truncated = false; ///< the log was longer than maxLogBytes
    std::string readyLine;  ///< the line that said ready
    std::string problem;    ///< NotStarted: "not found on PATH", or the system's error
};

/// Where `program` would be started from: itself when it holds a '/', else the first
/// executable of that name on PATH; empty when there is none.
std::string findProgram(const std::string &program);

/// Runs the request to its end. onLine (optional) sees every complete line as it arrives,
/// on the calling thread; cancel (optional) is polled about ten times a second.
ProcessResult runProcess(const ProcessRequest &request, const std::atomic<bool> *cancel = nullptr,
                         const std::function<void(std::string_view)> &onLine = {});

/// "ready after 3.2 s", "exited with code 1 after 0.4 s": English, for logs and tests.
std::string processEndEnglish(const ProcessResult &r);

} // namespace memplan
