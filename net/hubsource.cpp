#include "hubsource.h"

#include "error.h"
#include "files/atomicfile.h"
#include "files/inputfile.h"
#include "import/hfconfig.h"
#include "import/hublisting.h"

#include <QDir>
#include <QStandardPaths>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>

namespace memplan::net {

namespace {

QString envOr(const char *name, const QString &fallback)
{
    const QString v = qEnvironmentVariable(name);
    return v.isEmpty() ? fallback : v;
}

// The Hugging Face CLI's token file: a regular file of a few bytes, or no token.
QByteArray tokenFromFile(const QString &path)
{
    try {
        return QByteArray::fromStdString(readInputFile(path.toStdString(), 4096)).trimmed();
    } catch (const InputError &) {
        return {};
    }
}

// "org/name" and "refs-pr-1" as one folder name each: no separators, no "..".
QString folderName(const std::string &s)
{
    QString out = QString::fromStdString(s);
    out.replace(QLatin1Char('/'), QStringLiteral("--"));
    return out;
}

// A cache file, or nothing: regular files only (a FIFO put in the cache must not hang a start).
std::string readWhole(const QString &path, std::uint64_t cap)
{
    try {
        return readInputFile(path.toStdString(), cap);
    } catch (const InputError &) {
        return {};
    }
}

} // namespace

HubSettings hubSettingsFromEnvironment()
{
    HubSettings s;
    s.endpoint = envOr("MEMPLAN_HF_ENDPOINT", envOr("HF_ENDPOINT", s.endpoint));
    while (s.endpoint.endsWith(QLatin1Char('/')))
        s.endpoint.chop(1);
    s.http.bearerToken = qEnvironmentVariable("HF_TOKEN").toUtf8().trimmed();
    if (s.http.bearerToken.isEmpty()) {
        const QString hfHome = envOr("HF_HOME", QDir::homePath() + QStringLiteral("/.cache/huggingface"));
        s.http.bearerToken = tokenFromFile(hfHome + QStringLiteral("/token"));
    }
    bool ok = false;
    const double seconds = qEnvironmentVariable("MEMPLAN_HF_TIMEOUT").toDouble(&ok);
    if (ok && seconds > 0 && seconds < 3600)
        s.http.timeoutMs = int(seconds * 1000);
    const double deadline = qEnvironmentVariable("MEMPLAN_HF_DEADLINE").toDouble(&ok);
    if (ok && deadline > 0 && deadline < 86400)
        s.http.deadlineMs = int(deadline * 1000);
    s.cacheDir = envOr("MEMPLAN_HF_CACHE", QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                                               QStringLiteral("/memplan/hub"));
    return s;
}

HubSource::HubSource(HubReference ref, HubSettings settings) : m_ref(std::move(ref)), m_settings(std::move(settings))
{
    if (!m_settings.cacheDir.isEmpty())
        m_cache = m_settings.cacheDir + QLatin1Char('/') + folderName(m_ref.repo) + QLatin1Char('/') +
                  folderName(m_ref.revision);
    loadCache();
}

std::string HubSource::displayName(const std::string &file) const
{
    return m_ref.repo + (m_ref.revision == "main" ? std::string() : "@" + m_ref.revision) + "/" + file;
}

bool HubSource::exists(const std::string &file) const
{
    return std::find(m_files.begin(), m_files.end(), file) != m_files.end();
}

QUrl HubSource::fileUrl(const std::string &file) const
{
    QUrl url(m_settings.endpoint);
    url.setPath(url.path() + QStringLiteral("/%1/resolve/%2/%3")
                                 .arg(QString::fromStdString(m_ref.repo), QString::fromStdString(m_ref.revision),
                                      QString::fromStdString(file)));
    return url;
}

void HubSource::requireNetwork(const std::string &what) const
{
    if (!m_settings.allowNetwork)
        throw SourceUnavailable(what + ": not in the header cache" +
                                    (m_cache.isEmpty() ? std::string() : " (" + m_cache.toStdString() + ")") +
                                    ", and reading it needs the network, which is not allowed here",
                                SourceUnavailable::Reason::NotCached);
}

const std::vector<std::string> &HubSource::listing()
{
    if (m_listed)
        return m_files;
    requireNetwork(m_ref.text() + " (file list)");
    QUrl url(m_settings.endpoint);
    url.setPath(url.path() + QStringLiteral("/api/models/%1/revision/%2")
                                 .arg(QString::fromStdString(m_ref.repo), QString::fromStdString(m_ref.revision)));
    const HttpResponse r = httpGet(url, std::nullopt, kMaxHubListingBytes, m_settings.http, m_ref.text());
    ++m_requests;
    m_downloaded += r.body.size();
    // Checked whole before it is kept or cached: a listing that does not parse is never saved.
    m_files = parseHubListing(std::string_view(r.body.constData(), std::size_t(r.body.size())),
                              m_ref.text() + " (file list)");
    m_listed = true;
    saveState();
    return m_files;
}

HubSource::Head &HubSource::head(const std::string &file)
{
    if (!exists(file))
        throw InputError(ErrorInfo{displayName(file), std::string(), "is not a file of the repository"});
    return m_heads[file];
}

void HubSource::extend(const std::string &file, Head &h, std::uint64_t upTo)
{
    const std::uint64_t have = h.bytes.size();
    if (upTo > kHubMaxHeaderBytes)
        throw InputError(ErrorInfo{displayName(file), "offset " + std::to_string(have),
                                   "the header is larger than " + std::to_string(kHubMaxHeaderBytes >> 20) +
                                       " MiB; only headers are read over the network, and this is not one"});
    std::uint64_t want = std::max(upTo, have + kHubReadAhead);
    want = std::min(want, kHubMaxHeaderBytes);
    if (h.size)
        want = std::min(want, *h.size);
    if (want <= have)
        return;
    requireNetwork(displayName(file));
    const HttpResponse r =
        httpGet(fileUrl(file), ByteRange{have, want - 1}, want - have, m_settings.http, displayName(file));
    ++m_requests;
    m_downloaded += r.body.size();
    if (r.status == 206) {
        if (!r.totalSize)
            throw SourceUnavailable(displayName(file) + ": the server's partial answer has no usable Content-Range");
        h.size = r.totalSize;
    } else if (have == 0) {
        // The server ignored the range and sent the whole file, which fit in what was asked for.
        h.size = std::uint64_t(r.body.size());
    } else {
        throw SourceUnavailable(displayName(file) + ": the server ignores range requests");
    }
    h.bytes.append(r.body.constData(), std::size_t(r.body.size()));
    if (h.bytes.size() > *h.size)
        throw SourceUnavailable(displayName(file) + ": the server sent more bytes than the file holds");
    saveHead(file, h);
    saveState();
}

std::uint64_t HubSource::fileSize(const std::string &file)
{
    Head &h = head(file);
    if (!h.size)
        extend(file, h, 1);
    return *h.size;
}

std::size_t HubSource::read(const std::string &file, std::uint64_t offset, std::uint8_t *dst, std::size_t n)
{
    Head &h = head(file);
    const std::uint64_t size = fileSize(file);
    const std::uint64_t end = std::min<std::uint64_t>(offset + n, size);
    if (offset >= end)
        return 0;
    if (end > h.bytes.size())
        extend(file, h, end);
    const std::uint64_t got = std::min<std::uint64_t>(end, h.bytes.size()) - offset;
    std::memcpy(dst, h.bytes.data() + offset, std::size_t(got));
    return std::size_t(got);
}

// Cache layout: <root>/<org>--<name>/<revision>/state.json {"files": [...], "sizes": {file: bytes}}
// and heads/<file with / as %2F>: the prefix of each file read so far. A damaged cache is ignored.
QString HubSource::headPath(const std::string &file) const
{
    return m_cache + QStringLiteral("/heads/") +
           QString::fromStdString(file).replace(QLatin1Char('/'), QStringLiteral("%2F"));
}

void HubSource::loadCache()
{
    if (m_cache.isEmpty())
        return;
    const std::string text = readWhole(m_cache + QStringLiteral("/state.json"), kMaxHubListingBytes);
    nlohmann::json state;
    try {
        state = parseJsonBounded(text, "state.json");
    } catch (const InputError &) {
        return; // a damaged cache is ignored
    }
    if (!state.is_object() || !state.contains("files") || !state["files"].is_array())
        return;
    std::vector<std::string> files;
    for (const nlohmann::json &f : state["files"])
        if (f.is_string())
            files.push_back(f.get<std::string>());
    try {
        // A cache written before names were checked (or edited by hand) is read as if fresh.
        checkHubFileNames(files, m_ref.text() + " (cached file list)", "files");
    } catch (const InputError &) {
        return; // fetched again, and checked, when the network is allowed
    }
    m_files = std::move(files);
    m_listed = true;
    if (auto sizes = state.find("sizes"); sizes != state.end() && sizes->is_object())
        for (auto it = sizes->begin(); it != sizes->end(); ++it) {
            if (!it.value().is_number_unsigned() || !exists(it.key()))
                continue;
            Head h;
            h.size = it.value().get<std::uint64_t>();
            h.bytes = readWhole(headPath(it.key()), std::min(*h.size, kHubMaxHeaderBytes));
            m_heads[it.key()] = std::move(h);
        }
}

void HubSource::saveState() const
{
    if (m_cache.isEmpty() || !QDir().mkpath(m_cache + QStringLiteral("/heads")))
        return;
    nlohmann::json sizes = nlohmann::json::object();
    for (const auto &[file, h] : m_heads)
        if (h.size)
            sizes[file] = *h.size;
    const nlohmann::json state = {
        {"repo", m_ref.repo}, {"revision", m_ref.revision}, {"files", m_files}, {"sizes", sizes}};
    // A cache that cannot be written costs only the offline second look.
    writeFileAtomically((m_cache + QStringLiteral("/state.json")).toStdString(), state.dump(1));
}

void HubSource::saveHead(const std::string &file, const Head &h) const
{
    if (!m_cache.isEmpty() && QDir().mkpath(m_cache + QStringLiteral("/heads")))
        writeFileAtomically(headPath(file).toStdString(), h.bytes);
}

} // namespace memplan::net
