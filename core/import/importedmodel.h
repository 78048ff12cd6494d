#pragma once
// What the planner learns from a model on disk: a Hugging Face config.json,
// safetensors headers (single file or sharded with an index) or a GGUF header.
// Only headers are read; tensor data never is.

#include "model/modelarch.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memplan {

/// Tensors of one storage type ("bf16", "q4_k", "f32") summed.
struct TensorTypeStat {
    std::string type;
    std::uint64_t tensors = 0;
    std::uint64_t elements = 0;
    std::uint64_t bytes = 0;
    bool operator==(const TensorTypeStat &) const = default;
};

struct ImportedModel {
    std::string path;                              ///< what the user pointed at (file or folder)
    std::string kind;                              ///< "config", "safetensors", "gguf" or "folder"
    std::vector<std::string> files;                ///< files actually read
    std::optional<ModelArchitecture> architecture; ///< from config.json or GGUF metadata
    std::string name;                              ///< general.name or the folder name

    // Tensor inventory (zero when only a config was read).
    std::uint64_t tensorCount = 0;
    std::uint64_t parameters = 0;        ///< sum of tensor elements
    std::uint64_t weightsBytes = 0;      ///< sum of tensor bytes as stored
    std::uint64_t embeddingBytes = 0;    ///< token embedding tensor(s)
    std::uint64_t outputHeadBytes = 0;   ///< LM head tensor(s), 0 when tied
    std::uint64_t routedExpertBytes = 0; ///< routed-expert tensors (e.g. GGUF *_exps, HF .experts.)
    std::uint64_t embeddingParameters = 0;
    std::uint64_t routedExpertParameters = 0;
    std::vector<TensorTypeStat> dtypeMix; ///< sorted by bytes, largest first
    /// Bytes of each decoder block's tensors (blk.N. in a GGUF, model.layers.N. in safetensors),
    /// routed experts apart; empty when the names do not number the blocks.
    std::vector<std::uint64_t> blockBytes;
    std::vector<std::uint64_t> blockExpertBytes;

    std::optional<std::uint64_t> declaredTotalSize; ///< safetensors index metadata.total_size
    std::string fileType;                           ///< GGUF general.file_type as a name ("q4_k_m"), or ""
    std::uint64_t contextLength = 0;                ///< GGUF <arch>.context_length or max_position_embeddings
    std::uint64_t architectureParameters = 0;       ///< countParameters(architecture).total(), 0 without one
    std::uint64_t bytesRead = 0;                    ///< bytes read from disk: headers only, however large the files
    std::vector<std::string> warnings;

    bool operator==(const ImportedModel &) const = default;
};

/// Reads a file or folder. Throws InputError naming the file (and the offset or key) on
/// anything malformed; never reads tensor data.
ImportedModel importModel(const std::string &path);

/// The `memplan-cli inspect` JSON: {"model": {"parameters", "weights_bytes", "architecture" {...config keys},
/// ...}, "files": [...], "tensor_count", "dtype_mix": [...]}.
nlohmann::json importedModelToJson(const ImportedModel &m);

} // namespace memplan
