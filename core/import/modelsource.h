#pragma once
// A model's files held somewhere other than a local folder: a Hugging Face
// repository read over HTTP, or the on-disk cache of one. The network layer
// (net/) implements this; the parsing stays here, Qt-free, and is the same code
// that reads local files, so a repository and a folder with the same files give
// the same model.

#include "importedmodel.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace memplan {

/// A source that could not deliver (server unreachable, HTTP error, timeout): not a
/// problem of the model's files, so the CLI exits with its own code (4).
class SourceUnavailable : public std::runtime_error {
public:
    /// Why, so the window can say it in the user's language; what() is the English detail.
    enum class Reason { Other, Denied, NotFound, Timeout, Unreachable, Cancelled, NotCached };
    explicit SourceUnavailable(const std::string &what, Reason reason = Reason::Other)
        : std::runtime_error(what), m_reason(reason)
    {
    }
    Reason reason() const { return m_reason; }

private:
    Reason m_reason;
};

class ModelFileSource {
public:
    virtual ~ModelFileSource() = default;
    /// How errors and ImportedModel::files name a file ("org/repo/config.json").
    virtual std::string displayName(const std::string &file) const = 0;
    /// Whether the repository lists the file (a shard named by an index may be missing).
    virtual bool exists(const std::string &file) const = 0;
    /// Full size of the file in bytes; throws InputError (or a network error) when unknown.
    virtual std::uint64_t fileSize(const std::string &file) = 0;
    /// Up to n bytes from offset; returns how many arrived. Throws on failure.
    virtual std::size_t read(const std::string &file, std::uint64_t offset, std::uint8_t *dst, std::size_t n) = 0;
};

/// Imports the given files of a source the way importModel() imports a folder that holds
/// them: config.json, then a safetensors index and its shards, or safetensors files, or one
/// GGUF (or one split set). Only headers are read. path and name label the result.
ImportedModel importFromSource(ModelFileSource &source, const std::vector<std::string> &files, const std::string &path,
                               const std::string &name);

} // namespace memplan
