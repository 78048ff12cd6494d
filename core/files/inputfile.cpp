#include "files/inputfile.h"

#include "error.h"

#include <cerrno>
#include <cstring>
#include <istream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace memplan {

namespace {

std::string sizeLimitText(std::uint64_t maxBytes)
{
    return maxBytes % (1ULL << 20) == 0 ? std::to_string(maxBytes >> 20) + " MiB" : std::to_string(maxBytes) + " bytes";
}

} // namespace

std::string inputFileProblem(const std::string &path)
{
    if (path.empty())
        return "no file name given";
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        const int e = errno;
        if (e == ENOENT) {
            // A dangling symlink is a link whose target is missing, not a missing name.
            struct stat link {};
            if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
                return "is a symbolic link to a file that does not exist";
            return "does not exist";
        }
        return std::string("cannot be opened (") + std::strerror(e) + ")";
    }
    if (S_ISDIR(st.st_mode))
        return "is a folder, not a file";
    if (!S_ISREG(st.st_mode))
        return "is not a regular file (a FIFO, socket or device); only regular files are read";
    if (::access(path.c_str(), R_OK) != 0)
        return std::string("cannot be opened for reading (") + std::strerror(errno) + ")";
    return {};
}

std::string readInputFile(const std::string &path, std::uint64_t maxBytes)
{
    if (const std::string problem = inputFileProblem(path); !problem.empty())
        throw InputError(ErrorInfo{path, std::string(), problem});
    // O_NONBLOCK: if the name was swapped for a FIFO after the check, open and read
    // return at once instead of waiting for a writer; fstat then refuses it.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        throw InputError(
            ErrorInfo{path, std::string(), std::string("cannot be opened for reading (") + std::strerror(errno) + ")"});
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        throw InputError(ErrorInfo{path, std::string(),
                                   "is not a regular file (a FIFO, socket or device); only "
                                   "regular files are read"});
    if (std::uint64_t(st.st_size) > maxBytes)
        throw InputError(
            ErrorInfo{path, std::string(),
                      "is larger than " + sizeLimitText(maxBytes) + " (" + std::to_string(st.st_size) + " bytes)"});
    std::string text;
    text.resize(std::size_t(st.st_size));
    std::size_t got = 0;
    // Read at most one byte past the cap, so a file that grows while read is still bounded.
    char extra = 0;
    for (;;) {
        char *dst = got < text.size() ? text.data() + got : &extra;
        const std::size_t want = got < text.size() ? text.size() - got : 1;
        const ssize_t n = ::read(fd, dst, want);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw InputError(
                ErrorInfo{path, std::string(), std::string("cannot be read (") + std::strerror(errno) + ")"});
        if (n == 0)
            break;
        if (got >= text.size()) {
            if (text.size() >= maxBytes)
                throw InputError(ErrorInfo{path, std::string(), "is larger than " + sizeLimitText(maxBytes)});
            text.push_back(extra);
            ++got;
            continue;
        }
        got += std::size_t(n);
    }
    text.resize(got);
    return text;
}

std::string readInputStream(std::istream &in, std::uint64_t maxBytes, const std::string &origin)
{
    std::string text;
    char buf[65536];
    while (in) {
        in.read(buf, sizeof buf);
        const auto n = std::size_t(in.gcount());
        if (text.size() + n > maxBytes)
            throw InputError(ErrorInfo{origin, std::string(), "is larger than " + sizeLimitText(maxBytes)});
        text.append(buf, n);
    }
    return text;
}

} // namespace memplan
