#pragma once
// GGUF (v2 and v3) header reader: metadata and tensor infos, never tensor data.
// Layout (little-endian), after ggml's docs/gguf.md:
//   "GGUF" u32 version, u64 tensor_count, u64 metadata_kv_count,
//   kv pairs {string key, u32 type, value}, tensor infos {string name, u32 n_dims,
//   u64 dims[n_dims], u32 ggml_type, u64 offset}, padding to general.alignment,
//   then the data region that tensor offsets are relative to.
// Files come from the internet, so every count and length is checked against
// the bytes left in the file before anything is allocated.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace memplan {

struct GgufTensorInfo {
    std::string name;
    std::vector<std::uint64_t> dims; ///< ggml order: dims[0] is the contiguous row length
    int ggmlType = 0;
    std::string typeName;     ///< quantformat id ("q4_k", "f32")
    std::uint64_t offset = 0; ///< relative to the data region
    std::uint64_t elements = 0;
    std::uint64_t bytes = 0;
};

struct GgufHeader {
    std::uint32_t version = 0;
    std::uint64_t alignment = 32;
    std::uint64_t dataOffset = 0; ///< start of the data region in the file
    std::uint64_t fileSize = 0;
    std::uint64_t bytesRead = 0; ///< how much of the file the reader looked at
    /// Scalars and short numeric arrays by key; long arrays (token lists) are only counted.
    std::map<std::string, nlohmann::json> metadata;
    std::map<std::string, std::uint64_t> arrayLengths;
    std::vector<GgufTensorInfo> tensors;
};

/// Limits that keep a hostile header from exhausting memory or the stack.
inline constexpr std::uint64_t kGgufMaxString = 1ULL << 20;        ///< 1 MiB per string
inline constexpr std::uint64_t kGgufMaxArray = 1ULL << 26;         ///< elements per array
inline constexpr std::uint32_t kGgufMaxArrayDepth = 8;             ///< arrays of arrays of ...
inline constexpr std::uint64_t kGgufMaxHeaderBytes = 512ULL << 20; ///< metadata + tensor infos
inline constexpr std::uint64_t kGgufMaxKeptArray = 1024;           ///< numeric arrays kept by value

/// Parses a header held in memory. bytes may be a prefix of the file (fileSize is its
/// full size): a header that does not fit in the prefix is reported as an error, so
/// pass the whole header. name is used in error messages.
GgufHeader parseGgufHeader(std::span<const std::uint8_t> bytes, std::uint64_t fileSize, const std::string &name);

/// Reads only as much of the file as the header needs. Throws InputError naming path.
GgufHeader readGgufHeader(const std::string &path);

/// Fills dst with up to n bytes from offset of a file held elsewhere; returns how many.
using ByteFetch = std::function<std::size_t(std::uint64_t offset, std::uint8_t *dst, std::size_t n)>;

/// The same reader over any random-access source (a file on a server read with
/// HTTP range requests): asks fetch for growing prefixes, never the tensor data.
GgufHeader readGgufHeader(const ByteFetch &fetch, std::uint64_t fileSize, const std::string &name);

/// The Hugging Face config.json keys the GGUF metadata describes (<arch>.block_count ->
/// num_hidden_layers, ...), ready for architectureFromConfig(). Tied embeddings are
/// inferred from a missing output.weight tensor, the vocabulary from the token list or
/// token_embd.weight. Approximations go to warnings.
nlohmann::json ggufToHfConfig(const GgufHeader &h, std::vector<std::string> *warnings);

/// The llama_ftype name of a general.file_type value ("q4_k_m"), or "" when unknown.
std::string ggufFileTypeName(std::uint64_t fileType);

/// True when s is well-formed UTF-8 (GGUF keys and names must be).
bool isValidUtf8(std::string_view s);

} // namespace memplan
