#include "files/atomicfile.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <optional>
#include <random>

#include <dirent.h>
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

// ".NAME.<12 hex digits>.tmp" as temporaryName() writes it: NAME, or nothing for other names.
std::optional<std::string> temporaryTarget(std::string_view name)
{
    constexpr std::size_t kSuffix = 1 + 12 + 4; // ".0123456789ab.tmp"
    if (name.size() < 1 + 1 + kSuffix || name.front() != '.' || name.substr(name.size() - 4) != ".tmp")
        return std::nullopt;
    const std::string_view hex = name.substr(name.size() - kSuffix + 1, 12);
    if (name[name.size() - kSuffix] != '.' || hex.find_first_not_of("0123456789abcdef") != std::string_view::npos)
        return std::nullopt;
    return std::string(name.substr(1, name.size() - 1 - kSuffix));
}

} // namespace

int removeStaleTemporaries(const std::string &directory, std::chrono::seconds minAge, const std::string &target)
{
    DIR *dir = ::opendir(directory.empty() ? "." : directory.c_str());
    if (!dir)
        return 0;
    int removed = 0;
    const std::time_t now = std::time(nullptr);
    while (const dirent *e = ::readdir(dir)) {
        const std::optional<std::string> of = temporaryTarget(e->d_name);
        if (!of || (!target.empty() && *of != target))
            continue;
        const std::string path = (directory.empty() ? std::string(".") : directory) + "/" + e->d_name;
        struct stat st {};
        // lstat: a link or anything but a regular file of ours is left alone.
        if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() ||
            now - st.st_mtime < minAge.count())
            continue;
        if (::unlink(path.c_str()) == 0)
            ++removed;
    }
    ::closedir(dir);
    return removed;
}

std::string FileWriteResult::message() const
{
    return "Cannot write " + path + ": " + reason;
}

void setWriteFaultHookForTesting(WriteFaultHook hook)
{
    faultHook() = std::move(hook);
}

FileWriteResult writeFileAtomically(const std::string &path, std::string_view data, TargetLink link)
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
    // Replace a symlink's target, not the link (what editors and QSaveFile do), unless the
    // caller owns the name and a link there must not lead the write elsewhere.
    const bool isLink = fs::is_symlink(fs::symlink_status(target, ec));
    if (isLink && link == TargetLink::Follow) {
        const fs::path resolved = fs::weakly_canonical(target, ec);
        if (!ec)
            target = resolved;
    }
    struct stat old {};
    const bool exists = !(isLink && link == TargetLink::Replace) && ::stat(target.c_str(), &old) == 0;
    if (exists && S_ISDIR(old.st_mode))
        return fail("is a directory");
    if (exists && !S_ISREG(old.st_mode))
        return fail("is not a regular file");
    if (target.filename().empty())
        return fail("is a directory");
    if (target.parent_path().empty())
        target = fs::path(".") / target;

    // Temporaries of this target left by a process killed mid-write (issue 35).
    removeStaleTemporaries(target.parent_path().string(), kStaleTemporaryAge, target.filename().string());

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
