#pragma once
// A Hugging Face repository's file list, as the hub's API answers it and as the header
// cache keeps it. The answer comes from the network, so it is checked whole before
// anything uses or caches it (issue 35): a 30,000-character file name once crashed
// every later start from the cache.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

/// The API answer is a few KiB to a few MiB (one entry per file); more is not a listing.
inline constexpr std::uint64_t kMaxHubListingBytes = 16ULL << 20;
/// Repository paths are short ("model-00001-of-00030.safetensors", "onnx/model.onnx"); a
/// filesystem takes 255 bytes per folder name, so 1024 bytes is generous for a whole path.
inline constexpr std::size_t kMaxHubFileNameBytes = 1024;
/// The hub asks repositories to stay below 100,000 files.
inline constexpr std::size_t kMaxHubListingFiles = 100000;

/// The file names of an answer {"siblings": [{"rfilename": "..."}]}. Throws InputError
/// naming `shown` and the key when the answer is not JSON, has no siblings, or any name
/// breaks checkHubFileNames().
std::vector<std::string> parseHubListing(std::string_view body, const std::string &shown);

/// Refuses a list with more than kMaxHubListingFiles names, or a name that is empty, longer
/// than kMaxHubFileNameBytes, not UTF-8, holds a control character or a backslash, starts
/// with '/' or has a ".." part. `key` names the list in the error ("siblings").
void checkHubFileNames(const std::vector<std::string> &names, const std::string &shown, const std::string &key);

} // namespace memplan
