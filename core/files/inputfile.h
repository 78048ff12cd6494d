#pragma once
// Reading a user-named input file (a scenario, a preset) without surprises:
// only regular files are opened (a FIFO or a device such as /dev/zero would block
// or never end), the size is capped before anything is read, and every refusal
// is one InputError naming the file with the same wording in every command.

#include <cstdint>
#include <iosfwd>
#include <string>

namespace memplan {

/// Scenario files are a few KiB; 16 MiB leaves room for a saved estimate with notes.
inline constexpr std::uint64_t kMaxScenarioFileBytes = 16ULL << 20;
/// Runtime logs (reconcile, File → Open Runtime Log…): a 100 MB log parses in under a second;
/// past 1 GiB the start-up part is what to pass.
inline constexpr std::uint64_t kMaxLogFileBytes = 1ULL << 30;

/// Why path cannot be read as an input file, or empty when it is a regular,
/// openable file: "does not exist", "is a folder, not a file", "is not a regular
/// file (a FIFO, socket or device) ...", "cannot be opened (Too many levels of
/// symbolic links)". Checks the type before anything opens the file.
std::string inputFileProblem(const std::string &path);

/// Reads a whole regular file of at most maxBytes. Throws InputError{path, "", reason}.
std::string readInputFile(const std::string &path, std::uint64_t maxBytes);

/// Reads a stream (standard input) up to maxBytes; more is an InputError naming origin.
std::string readInputStream(std::istream &in, std::uint64_t maxBytes, const std::string &origin);

} // namespace memplan
