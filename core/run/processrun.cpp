#include "run/processrun.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace memplan {

namespace {

using Clock = std::chrono::steady_clock;

bool executable(const std::string &path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

/// Our environment with the request's variables set; built before fork, since the child may
/// only call async-signal-safe functions.
std::vector<std::string> childEnvironment(const std::vector<std::pair<std::string, std::string>> &extra)
{
    std::vector<std::string> env;
    for (char **e = environ; e && *e; ++e) {
        const std::string_view entry(*e);
        const std::string_view name = entry.substr(0, entry.find('='));
        bool replaced = false;
        for (const auto &[k, v] : extra)
            replaced = replaced || name == k;
        if (!replaced)
            env.emplace_back(entry);
    }
    for (const auto &[k, v] : extra)
        env.push_back(k + "=" + v);
    return env;
}

std::vector<char *> pointers(std::vector<std::string> &strings)
{
    std::vector<char *> out;
    out.reserve(strings.size() + 1);
    for (std::string &s : strings)
        out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

/// Stops the child's whole process group: SIGTERM, then SIGKILL after a grace period.
void stopGroup(pid_t pid, int &status)
{
    ::kill(-pid, SIGTERM);
    const auto deadline = Clock::now() + std::chrono::seconds(5);
    while (Clock::now() < deadline) {
        if (::waitpid(pid, &status, WNOHANG) == pid)
            return;
        ::usleep(20000);
    }
    ::kill(-pid, SIGKILL);
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
}

/// Splits what arrives into lines, keeps the log within its cap and watches for a ready line.
class LineWatch {
public:
    LineWatch(const ProcessRequest &req, ProcessResult &res, const std::function<void(std::string_view)> &onLine)
        : m_req(req), m_res(res), m_onLine(onLine)
    {
    }

    /// Returns true once a ready line has been seen.
    bool take(const char *data, std::size_t n)
    {
        if (m_res.log.size() + n <= m_req.maxLogBytes)
            m_res.log.append(data, n);
        else {
            m_res.log.append(data, m_req.maxLogBytes - m_res.log.size());
            m_res.truncated = true;
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (data[i] != '\n') {
                if (m_line.size() < 65536) // a runaway line is cut, not held whole
                    m_line.push_back(data[i]);
                continue;
            }
            if (line())
                return true;
        }
        return false;
    }

    bool finish() { return !m_line.empty() && line(); }

private:
    bool line()
    {
        if (!m_line.empty() && m_line.back() == '\r')
            m_line.pop_back();
        if (m_onLine)
            m_onLine(m_line);
        bool ready = false;
        for (const std::string &marker : m_req.readyLines)
            if (!marker.empty() && m_line.find(marker) != std::string::npos) {
                ready = true;
                m_res.readyLine = m_line;
            }
        m_line.clear();
        return ready;
    }

    const ProcessRequest &m_req;
    ProcessResult &m_res;
    const std::function<void(std::string_view)> &m_onLine;
    std::string m_line;
};

/// A started child: its pid and the read end of its output, or why it could not start.
struct Child {
    pid_t pid = -1;
    int out = -1;
    std::string problem;
};

Child spawn(const std::string &path, const ProcessRequest &req)
{
    Child c;
    std::vector<std::string> argStrings{path};
    argStrings.insert(argStrings.end(), req.args.begin(), req.args.end());
    std::vector<std::string> envStrings = childEnvironment(req.environment);
    std::vector<char *> argv = pointers(argStrings), envp = pointers(envStrings);
    int out[2], failure[2];
    if (::pipe2(out, O_CLOEXEC) != 0) {
        c.problem = std::strerror(errno);
        return c;
    }
    if (::pipe2(failure, O_CLOEXEC) != 0) {
        c.problem = std::strerror(errno);
        ::close(out[0]);
        ::close(out[1]);
        return c;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        c.problem = std::strerror(errno);
        for (int fd : {out[0], out[1], failure[0], failure[1]})
            ::close(fd);
        return c;
    }
    if (pid == 0) {
        // Child: its own process group (the runtime's helpers stop with it), no input, both
        // output streams into the pipe. Only async-signal-safe calls from here on.
        ::setpgid(0, 0);
        const int devNull = ::open("/dev/null", O_RDONLY);
        if (devNull >= 0)
            ::dup2(devNull, 0);
        ::dup2(out[1], 1);
        ::dup2(out[1], 2);
        ::execve(argv[0], argv.data(), envp.data());
        const int err = errno;
        [[maybe_unused]] const ssize_t w = ::write(failure[1], &err, sizeof err);
        ::_exit(127);
    }
    ::setpgid(pid, pid); // also from here, so stopGroup works even before the child ran
    ::close(out[1]);
    ::close(failure[1]);
    int execErr = 0;
    const bool failed = ::read(failure[0], &execErr, sizeof execErr) == ssize_t(sizeof execErr);
    ::close(failure[0]);
    if (failed) {
        ::close(out[0]);
        int status = 0;
        ::waitpid(pid, &status, 0);
        c.problem = std::strerror(execErr);
        return c;
    }
    c.pid = pid;
    c.out = out[0];
    return c;
}

} // namespace

std::string findProgram(const std::string &program)
{
    if (program.empty())
        return {};
    if (program.find('/') != std::string::npos)
        return executable(program) ? program : std::string();
    const char *path = std::getenv("PATH");
    std::string_view rest = path ? path : "/usr/local/bin:/usr/bin:/bin";
    while (true) {
        const std::size_t colon = rest.find(':');
        const std::string dir(rest.substr(0, colon));
        const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + program;
        if (executable(candidate))
            return candidate;
        if (colon == std::string_view::npos)
            return {};
        rest.remove_prefix(colon + 1);
    }
}

ProcessResult runProcess(const ProcessRequest &req, const std::atomic<bool> *cancel,
                         const std::function<void(std::string_view)> &onLine)
{
    ProcessResult res;
    const std::string path = findProgram(req.program);
    if (path.empty()) {
        res.problem = req.program.find('/') != std::string::npos ? "is not an executable file" : "not found on PATH";
        return res;
    }
    const auto start = Clock::now();
    const Child child = spawn(path, req);
    if (child.pid < 0) {
        res.problem = child.problem;
        return res;
    }
    const pid_t pid = child.pid;
    const int out = child.out;
    LineWatch watch(req, res, onLine);
    const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(std::max(0.0, req.timeLimitSeconds)));
    bool eof = false, reaped = false;
    int status = 0;
    res.end = ProcessEnd::Exited;
    char buf[65536];
    while (!eof) {
        if (cancel && cancel->load()) {
            res.end = ProcessEnd::Cancelled;
            break;
        }
        if (Clock::now() >= deadline) {
            res.end = ProcessEnd::TimedOut;
            break;
        }
        pollfd p{out, POLLIN, 0};
        const int ready = ::poll(&p, 1, 100);
        if (ready < 0 && errno != EINTR)
            break;
        if (ready == 0 && ::waitpid(pid, &status, WNOHANG) == pid) {
            // Ended, but a helper it left may hold the pipe open: take what is there and stop.
            reaped = eof = true;
            while (::poll(&p, 1, 0) > 0) {
                const ssize_t n = ::read(out, buf, sizeof buf);
                if (n <= 0 || watch.take(buf, std::size_t(n)))
                    break;
            }
            break;
        }
        if (ready <= 0)
            continue;
        const ssize_t n = ::read(out, buf, sizeof buf);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0) {
            eof = true;
            break;
        }
        if (watch.take(buf, std::size_t(n))) {
            res.end = ProcessEnd::Ready;
            break;
        }
    }
    if (eof)
        watch.finish(); // the last line, unterminated: shown, but an ended process is not "ready"
    if (eof && res.end == ProcessEnd::Exited) {
        if (reaped)
            ::kill(-pid, SIGKILL); // a helper it left still holds the pipe: the group is alive
        else
            while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
    } else
        stopGroup(pid, status);
    ::close(out);
    res.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (WIFEXITED(status))
        res.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        res.signal = WTERMSIG(status);
    return res;
}

std::string processEndEnglish(const ProcessResult &r)
{
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f s", r.seconds);
    switch (r.end) {
    case ProcessEnd::Ready:
        return std::string("ready after ") + seconds;
    case ProcessEnd::Exited:
        if (r.signal)
            return "killed by signal " + std::to_string(r.signal) + " after " + seconds;
        return "exited with code " + std::to_string(r.exitCode) + " after " + seconds;
    case ProcessEnd::TimedOut:
        return std::string("stopped at the time limit after ") + seconds;
    case ProcessEnd::Cancelled:
        return std::string("cancelled after ") + seconds;
    case ProcessEnd::NotStarted:
        break;
    }
    return "could not be started: " + r.problem;
}

} // namespace memplan
