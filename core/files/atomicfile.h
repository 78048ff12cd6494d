#pragma once
// The one place the programs replace a file on disk. Reports, exports, saved
// scenarios and presets all end here, so "a failed write never touches the old
// file" is enforced once: the bytes go to a temporary file beside the target,
// every write, the flush to disk and the close are checked, and only then is the
// temporary renamed over the target. Any failure removes the temporary and
// leaves the old file exactly as it was.
//
// Plain POSIX + C++ (no Qt) so the CLI, the window and the tests share it.

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

namespace memplan {

struct FileWriteResult {
    bool ok = false;
    std::string path;   ///< the file that was (or would have been) replaced
    std::string reason; ///< "No space left on device" when !ok
    explicit operator bool() const { return ok; }
    /// "Cannot write /x/a.json: No space left on device"
    std::string message() const;
};

/// What a symbolic link at the target means.
enum class TargetLink {
    Follow, ///< the link stays and its target is replaced (a user's own link to a report)
    Replace ///< the link itself is replaced by the new file (the program's own files, where a
            ///< planted link must not redirect the write to a user file)
};

/// Replaces (or creates) path with data atomically; an existing file's permission bits are
/// kept. The temporary is created exclusively under a random name (a link planted there is
/// never followed). Temporaries of the same target that a killed process left and that are
/// older than kStaleTemporaryAge are removed first.
FileWriteResult writeFileAtomically(const std::string &path, std::string_view data,
                                    TargetLink link = TargetLink::Follow);

/// A temporary older than this belongs to no write in progress (writes take milliseconds).
inline constexpr std::chrono::seconds kStaleTemporaryAge{600};

/// Removes the hidden temporaries writeFileAtomically() leaves in directory when its process is
/// killed mid-write: only names of its own pattern (".NAME.<12 hex digits>.tmp"; with target set,
/// only those of that file name), only regular files owned by this user, only those not modified
/// for minAge. Returns how many were removed; errors are ignored (the next start tries again).
int removeStaleTemporaries(const std::string &directory, std::chrono::seconds minAge = kStaleTemporaryAge,
                           const std::string &target = {});

/// The steps a write goes through, for fault injection in tests.
enum class WriteStep { Create, Write, Sync, Close, Rename };

/// Tests install a hook that returns an errno value (ENOSPC, EIO, ...) to make a
/// step fail as the kernel would, or 0 to let it run. Full disks cannot be made
/// on demand in CI (root ignores permission bits, mounting may be forbidden), so
/// this is how the tests show that a failing write leaves the old file alone.
/// Pass an empty function to remove the hook. Not thread-safe: tests only.
using WriteFaultHook = std::function<int(WriteStep step)>;
void setWriteFaultHookForTesting(WriteFaultHook hook);

} // namespace memplan
