#pragma once
// safetensors headers: an 8-byte little-endian length N, then N bytes of JSON
// {"name": {"dtype", "shape", "data_offsets": [begin, end]}, "__metadata__": {...}},
// then the data region the offsets are relative to. Only the JSON is read.
// Sharded checkpoints add model.safetensors.index.json {"metadata": {"total_size"},
// "weight_map": {tensor: shard file}}.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

inline constexpr std::uint64_t kSafetensorsMaxHeader = 100ULL << 20; ///< JSON header cap
inline constexpr std::uint64_t kSafetensorsMaxIndex = 64ULL << 20;   ///< index file cap

struct SafetensorsTensor {
    std::string name;
    std::string dtype; ///< as written ("BF16", "U8")
    std::vector<std::uint64_t> shape;
    std::uint64_t begin = 0; ///< data_offsets, relative to the data region
    std::uint64_t end = 0;
    std::uint64_t elements = 0;
    std::uint64_t bytes = 0; ///< end - begin
    bool floating = false;   ///< a floating-point weight (counted as parameters)
};

struct SafetensorsHeader {
    std::uint64_t headerLength = 0; ///< N
    std::uint64_t fileSize = 0;
    std::vector<SafetensorsTensor> tensors;
    std::vector<std::string> warnings;
};

struct SafetensorsIndex {
    std::optional<std::uint64_t> totalSize;       ///< metadata.total_size
    std::map<std::string, std::string> weightMap; ///< tensor -> shard file name
    std::vector<std::string> shards;              ///< distinct shard names, sorted
};

/// Parses a header held in memory; bytes must hold at least the 8-byte length and the
/// JSON (a prefix of the file is enough), fileSize is the full file size.
SafetensorsHeader parseSafetensorsHeader(std::span<const std::uint8_t> bytes, std::uint64_t fileSize,
                                         const std::string &name);

/// Reads the length and the JSON header of a file; never its tensor data.
SafetensorsHeader readSafetensorsHeader(const std::string &path);

/// The same over any random-access source (HTTP range requests): two reads, the
/// length and then the JSON, each checked before it is asked for.
SafetensorsHeader
readSafetensorsHeader(const std::function<std::size_t(std::uint64_t, std::uint8_t *, std::size_t)> &fetch,
                      std::uint64_t fileSize, const std::string &name);

/// Parses model.safetensors.index.json text. Shard names must be plain file names.
SafetensorsIndex parseSafetensorsIndex(std::string_view text, const std::string &name);

} // namespace memplan
