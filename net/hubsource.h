#pragma once
// A Hugging Face repository as a ModelFileSource: the file list from the hub's
// API, file bytes with HTTP range requests (only the prefixes the header readers
// ask for), everything kept in an on-disk cache keyed by repository and revision
// so a second look needs no network.

#include "httpget.h"

#include "import/hubreference.h"
#include "import/modelsource.h"

#include <QString>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memplan::net {

/// Headers larger than this are refused: a model's header is kilobytes to a few
/// MiB (a GGUF with a 150k-token vocabulary is about 10 MiB); more is not a header.
inline constexpr std::uint64_t kHubMaxHeaderBytes = 64ULL << 20;
/// Bytes asked for at once beyond what a reader needs: a config.json and a dense
/// model's shard header (a few KiB) fit in one request, while 30 shards still cost
/// well under a megabyte; larger headers are fetched exactly once their length is known.
inline constexpr std::uint64_t kHubReadAhead = 16ULL << 10;

struct HubSettings {
    QString endpoint = QStringLiteral("https://huggingface.co");
    QString cacheDir; ///< root of the header cache; empty = no cache
    /// false: only the header cache is read; whatever is missing there fails with
    /// SourceUnavailable instead of a request (a scenario reopened offline).
    bool allowNetwork = true;
    HttpOptions http;
};

/// Endpoint from MEMPLAN_HF_ENDPOINT or HF_ENDPOINT, token from HF_TOKEN or the
/// Hugging Face CLI's token file ($HF_HOME/token, ~/.cache/huggingface/token; read,
/// never written), timeout from MEMPLAN_HF_TIMEOUT and the whole request's deadline from
/// MEMPLAN_HF_DEADLINE (seconds), cache under
/// $XDG_CACHE_HOME/memplan/hub (MEMPLAN_HF_CACHE overrides).
HubSettings hubSettingsFromEnvironment();

class HubSource : public ModelFileSource {
public:
    HubSource(HubReference ref, HubSettings settings);

    /// Every file of the repository at the revision (cached after the first call).
    const std::vector<std::string> &listing();

    std::string displayName(const std::string &file) const override;
    bool exists(const std::string &file) const override;
    std::uint64_t fileSize(const std::string &file) override;
    std::size_t read(const std::string &file, std::uint64_t offset, std::uint8_t *dst, std::size_t n) override;

    int requests() const { return m_requests; }
    std::uint64_t bytesDownloaded() const { return m_downloaded; }
    /// Where this repository's cache lives (empty without a cache).
    QString cacheFolder() const { return m_cache; }

private:
    struct Head {
        std::string bytes;                 ///< prefix of the file held so far
        std::optional<std::uint64_t> size; ///< full size, once known
    };
    Head &head(const std::string &file);
    void extend(const std::string &file, Head &h, std::uint64_t upTo);
    QUrl fileUrl(const std::string &file) const;
    void loadCache();
    void saveState() const;
    void saveHead(const std::string &file, const Head &h) const;
    void requireNetwork(const std::string &what) const;
    QString headPath(const std::string &file) const;

    HubReference m_ref;
    HubSettings m_settings;
    QString m_cache;
    bool m_listed = false;
    std::vector<std::string> m_files;
    std::map<std::string, Head> m_heads;
    int m_requests = 0;
    std::uint64_t m_downloaded = 0;
};

} // namespace memplan::net
