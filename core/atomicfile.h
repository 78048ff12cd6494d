#pragma once
// The one place the programs replace a file on disk. Reports, exports, saved
// scenarios and presets all end here, so "a failed write never touches the old
// file" is enforced once: the bytes go to a temporary file beside the target,
// every write, the flush to disk and the close are checked, and only then is the
// temporary renamed over the target. Any failure removes the temporary and
// leaves the old file exactly as it was.
//
// Plain POSIX + C++ (no Qt) so the CLI, the window and the tests share it.

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

/// Replaces (or creates) path with data atomically. Symbolic links are followed,
/// so the link stays and its target is replaced; an existing file's permission
/// bits are kept.
FileWriteResult writeFileAtomically(const std::string &path, std::string_view data);

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
