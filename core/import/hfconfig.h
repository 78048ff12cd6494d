#pragma once
// Hugging Face config.json files and the bounded JSON parsing shared with the
// safetensors reader: size capped, nesting capped, errors naming the file.

#include "model/modelarch.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

inline constexpr std::uint64_t kConfigMaxBytes = 4ULL << 20; ///< config.json size cap
inline constexpr int kJsonMaxDepth = 64;                     ///< deeper nesting is rejected

/// The nesting scan parseJsonBounded() runs first, for parsers that stream (SAX).
void checkJsonDepth(std::string_view text, const std::string &file, std::uint64_t baseOffset = 0);
/// Parses JSON text, rejecting nesting deeper than kJsonMaxDepth, invalid UTF-8 and
/// a key repeated within one object.
/// Throws InputError{file, "offset N" where known, reason}; baseOffset is added to offsets
/// (JSON embedded after a binary prefix, as in safetensors).
nlohmann::json parseJsonBounded(std::string_view text, const std::string &file, std::uint64_t baseOffset = 0);

/// Reads a whole small file (at most maxBytes) into a string; throws InputError naming path.
std::string readSmallFile(const std::string &path, std::uint64_t maxBytes);

struct HfConfig {
    nlohmann::json json;
    ModelArchitecture architecture;
    std::vector<std::string> warnings;
};

/// Parses config.json text and maps it to an architecture (architectureFromConfig).
HfConfig parseHfConfig(std::string_view text, const std::string &file);

/// Reads and parses a config.json file.
HfConfig readHfConfig(const std::string &path);

} // namespace memplan
