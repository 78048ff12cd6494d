#pragma once
// One blocking HTTP GET with the limits the hub client needs: a transfer
// timeout, a cap on the body, redirects followed only within a count and, to
// another host, only over HTTPS. Runs a local event loop, so it works in the CLI
// (QCoreApplication) and in the window alike.

#include <QByteArray>
#include <QString>
#include <QUrl>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

namespace memplan::net {

struct HttpOptions {
    int timeoutMs = 15000; ///< no byte for this long = failure
    /// The whole request, redirects included, must end within this: a server that drips one
    /// byte every few seconds never trips timeoutMs (issue 35).
    int deadlineMs = 120000;
    /// Set from another thread to stop a transfer (the window's Cancel); the request then
    /// fails with SourceUnavailable "cancelled" within about 50 ms.
    std::shared_ptr<const std::atomic_bool> cancel;
    int maxRedirects = 5;
    /// Sent as Authorization: Bearer only to the origin (scheme, host and port) of the URL
    /// httpGet() was given, never after a redirect to another origin.
    QByteArray bearerToken;
};

/// The body of a redirect or an error answer is read only this far; its text is never needed.
inline constexpr std::uint64_t kMaxSideBodyBytes = 64 * 1024;

struct HttpResponse {
    int status = 0;
    QByteArray body;
    std::optional<std::uint64_t> totalSize; ///< from Content-Range "bytes a-b/TOTAL"
    QUrl finalUrl;                          ///< after redirects
};

struct ByteRange {
    std::uint64_t first = 0;
    std::uint64_t last = 0; ///< inclusive, as in the Range header
};

/// GETs url (with Range when range is given). maxBody caps the body: a larger answer is
/// cut off and reported (an endless chunked body stops there). Throws SourceUnavailable with
/// one line naming what (display) failed: unreachable, timeout, deadline, redirect refused,
/// HTTP 401/403/404/5xx.
HttpResponse httpGet(const QUrl &url, std::optional<ByteRange> range, std::uint64_t maxBody, const HttpOptions &options,
                     const std::string &display);

} // namespace memplan::net
