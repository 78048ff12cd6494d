#include "atomicfile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace memplan {

namespace {

WriteFaultHook &faultHook()
{
    static WriteFaultHook hook;
    return hook;
}

// Returns the errno a test wants this step to fail with, or 0.
int injectedFault(WriteStep step)
{
    const WriteFaultHook &hook = faultHook();
    return hook ? hook(step) : 0;
}

std::string temporaryName(const std::filesystem::path &target)
{
    static std::mt19937_64 rng{std::random_device{}()};
    char suffix[24];
    std::snprintf(suffix, sizeof suffix, ".%012llx.tmp", static_cast<unsigned long long>(rng() & 0xffffffffffffULL));
    // Hidden and beside the target: same filesystem, so rename() is atomic.
    return (target.parent_path() / ("." + target.filename().string() + suffix)).string();
}

} // namespace

std::string FileWriteResult::message() const
{
    return "Cannot write " + path + ": " + reason;
}

void setWriteFaultHookForTesting(WriteFaultHook hook)
{
    faultHook() = std::move(hook);
}

FileWriteResult writeFileAtomically(const std::string &path, std::string_view data)
{
    namespace fs = std::filesystem;
    FileWriteResult result;
    result.path = path;
    auto fail = [&](const std::string &reason) {
        result.reason = reason;
        return result;
    };
    if (path.empty())
        return fail("no file name given");

    fs::path target(path);
    std::error_code ec;
    // Replace a symlink's target, not the link (what editors and QSaveFile do).
    if (fs::is_symlink(fs::symlink_status(target, ec))) {
        const fs::path resolved = fs::weakly_canonical(target, ec);
        if (!ec)
            target = resolved;
    }
    struct stat old {};
    const bool exists = ::stat(target.c_str(), &old) == 0;
    if (exists && S_ISDIR(old.st_mode))
        return fail("is a directory");
    if (exists && !S_ISREG(old.st_mode))
        return fail("is not a regular file");
    if (target.filename().empty())
        return fail("is a directory");
    if (target.parent_path().empty())
        target = fs::path(".") / target;

    std::string temp;
    int fd = -1;
    for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
        temp = temporaryName(target);
        if (const int e = injectedFault(WriteStep::Create))
            return fail(std::strerror(e));
        fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            return fail(std::strerror(errno));
    }
    if (fd < 0)
        return fail("cannot create a temporary file beside it");

    // From here on every failure removes the temporary; the target is untouched.
    auto abandon = [&](int error) {
        if (fd >= 0)
            ::close(fd);
        ::unlink(temp.c_str());
        return fail(std::strerror(error));
    };
    if (exists)
        ::fchmod(fd, old.st_mode & 07777); // keep the old file's permissions; best effort

    const char *p = data.data();
    std::size_t left = data.size();
    while (left > 0) {
        if (const int e = injectedFault(WriteStep::Write))
            return abandon(e);
        const ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return abandon(errno);
        }
        if (n == 0)
            return abandon(EIO);
        p += n;
        left -= std::size_t(n);
    }
    // Delayed allocation can report a full disk only here; a rename before a
    // successful fsync could publish an empty file after a crash.
    if (const int e = injectedFault(WriteStep::Sync))
        return abandon(e);
    if (::fsync(fd) != 0 && errno != EINVAL && errno != ENOTSUP)
        return abandon(errno);
    if (const int e = injectedFault(WriteStep::Close))
        return abandon(e);
    const int closed = ::close(fd);
    fd = -1;
    if (closed != 0 && errno != EINTR)
        return abandon(errno);
    if (const int e = injectedFault(WriteStep::Rename))
        return abandon(e);
    if (::rename(temp.c_str(), target.c_str()) != 0)
        return abandon(errno);

    // Make the rename itself durable; a failure here cannot be undone and the
    // new file is already complete, so it is not reported.
    const int dir = ::open(target.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    result.ok = true;
    return result;
}

} // namespace memplan
