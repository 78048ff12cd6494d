#include "httpget.h"

#include "import/modelsource.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QTimer>

#include <memory>

namespace memplan::net {

namespace {

QNetworkAccessManager &manager()
{
    // One manager per thread keeps connections alive across the many range reads
    // of a sharded repository (a 70B checkpoint has 30 shards).
    thread_local std::unique_ptr<QNetworkAccessManager> m;
    if (!m)
        m = std::make_unique<QNetworkAccessManager>();
    return *m;
}

std::string statusText(int status)
{
    switch (status) {
    case 401:
    case 403:
        return "access denied (HTTP " + std::to_string(status) +
               "): the repository is gated or private; accept its terms on the hub and set HF_TOKEN to a token with "
               "access";
    case 404:
        return "not found (HTTP 404): no such repository, revision or file";
    case 429:
        return "the server asks to slow down (HTTP 429); try again later";
    default:
        return status >= 500 ? "the server failed (HTTP " + std::to_string(status) + "); try again later"
                             : "unexpected answer HTTP " + std::to_string(status);
    }
}

std::optional<std::uint64_t> totalFromContentRange(const QByteArray &value)
{
    static const QRegularExpression form(QStringLiteral(R"(^bytes\s+\d+-\d+/(\d+)$)"));
    const QRegularExpressionMatch m = form.match(QString::fromLatin1(value).trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const qulonglong total = m.captured(1).toULongLong(&ok);
    return ok ? std::optional<std::uint64_t>(total) : std::nullopt;
}

} // namespace

namespace {

struct Hop {
    int status = 0;
    QByteArray body;
    QUrl location; ///< resolved Location of a 3xx
    std::optional<std::uint64_t> totalSize;
};

std::string secondsText(int ms)
{
    return std::to_string(ms / 1000.0).substr(0, 4) + " s";
}

// Two URLs of one origin: the same scheme, host and port (a redirect to another port of the
// same host is another server, which must not see the token).
bool sameOrigin(const QUrl &a, const QUrl &b)
{
    const auto port = [](const QUrl &u) { return u.port(u.scheme() == QLatin1String("https") ? 443 : 80); };
    return a.scheme().compare(b.scheme(), Qt::CaseInsensitive) == 0 &&
           a.host().compare(b.host(), Qt::CaseInsensitive) == 0 && port(a) == port(b);
}

// How one request ended besides the HTTP answer itself.
struct Ending {
    bool oversized = false;   ///< the body passed maxBody
    bool sideBodyCut = false; ///< a redirect's or error's body passed kMaxSideBodyBytes; its status stands
    bool cancelled = false;
    bool pastDeadline = false;
};

// One request, redirects not followed: httpGet() decides about each hop itself, so the
// token never travels to another origin (the hub's CDN gets signed URLs and needs none).
Hop oneRequest(const QUrl &url, std::optional<ByteRange> range, std::uint64_t maxBody, const HttpOptions &options,
               bool sendToken, const std::string &where, const QDeadlineTimer &deadline)
{
    QNetworkRequest request(url);
    request.setTransferTimeout(options.timeoutMs);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("memplan/" MEMPLAN_VERSION));
    // Compressed bodies would make a byte range mean something else.
    request.setRawHeader("Accept-Encoding", "identity");
    if (sendToken && !options.bearerToken.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + options.bearerToken);
    if (range)
        request.setRawHeader("Range", QByteArray("bytes=") + QByteArray::number(qulonglong(range->first)) + '-' +
                                          QByteArray::number(qulonglong(range->last)));

    QNetworkReply *reply = manager().get(request);
    std::unique_ptr<QNetworkReply, void (*)(QNetworkReply *)> owner(reply, [](QNetworkReply *r) { r->deleteLater(); });
    // Qt's own buffer stays small: bytes wait in the socket until readyRead takes them.
    reply->setReadBufferSize(1 << 20);
    Hop hop;
    Ending ending;
    std::uint64_t received = 0;
    const auto statusNow = [reply]() { return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(); };
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&]() {
        const QByteArray chunk = reply->readAll();
        received += std::uint64_t(chunk.size());
        const int status = statusNow();
        if (status >= 300) {
            // Only the status and headers of a redirect or an error matter; an endless body stops here.
            if (received > kMaxSideBodyBytes && !ending.sideBodyCut) {
                ending.sideBodyCut = true;
                reply->abort();
            }
            return;
        }
        hop.body += chunk;
        if (received > maxBody && !ending.oversized) {
            ending.oversized = true;
            reply->abort();
        }
    });
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer deadlineTimer;
    deadlineTimer.setSingleShot(true);
    QObject::connect(&deadlineTimer, &QTimer::timeout, reply, [&]() {
        ending.pastDeadline = true;
        reply->abort();
    });
    deadlineTimer.start(std::max<qint64>(1, deadline.remainingTime()));
    // The blocking call runs in a worker thread in the window: poll the Cancel flag.
    QTimer cancelPoll;
    if (options.cancel) {
        QObject::connect(&cancelPoll, &QTimer::timeout, reply, [&]() {
            if (!options.cancel->load() || reply->isFinished())
                return;
            ending.cancelled = true;
            reply->abort();
        });
        cancelPoll.start(50);
    }
    if (!reply->isFinished() && !(options.cancel && options.cancel->load()))
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    deadlineTimer.stop();
    if (ending.cancelled || (options.cancel && options.cancel->load())) {
        reply->abort();
        throw SourceUnavailable(where + "cancelled", SourceUnavailable::Reason::Cancelled);
    }
    if (ending.pastDeadline)
        throw SourceUnavailable(where + "the answer from " + url.host().toStdString() + " did not end within " +
                                    secondsText(options.deadlineMs) + " (deadline)",
                                SourceUnavailable::Reason::Timeout);
    if (ending.oversized)
        throw SourceUnavailable(where + "the answer is larger than the " + std::to_string(maxBody) +
                                " bytes asked for; the server may ignore range requests, and whole weight files are "
                                "never downloaded");
    hop.status = statusNow();
    const bool redirect = hop.status >= 300 && hop.status < 400;
    if (!redirect && hop.status < 400 && reply->isOpen()) {
        const QByteArray rest = reply->readAll();
        if (received + std::uint64_t(rest.size()) > maxBody)
            throw SourceUnavailable(where + "the answer is larger than the " + std::to_string(maxBody) +
                                    " bytes asked for");
        hop.body += rest;
    }
    const QNetworkReply::NetworkError error = reply->error();
    if (!ending.sideBodyCut && (error == QNetworkReply::OperationCanceledError || error == QNetworkReply::TimeoutError))
        throw SourceUnavailable(where + "no answer from " + url.host().toStdString() + " within " +
                                    secondsText(options.timeoutMs) + " (timeout)",
                                SourceUnavailable::Reason::Timeout);
    if (redirect) {
        const QByteArray location = reply->rawHeader("Location");
        hop.location = location.isEmpty() ? QUrl() : url.resolved(QUrl::fromEncoded(location));
        return hop;
    }
    if (hop.status >= 400)
        throw SourceUnavailable(where + statusText(hop.status),
                                hop.status == 401 || hop.status == 403 ? SourceUnavailable::Reason::Denied
                                : hop.status == 404                    ? SourceUnavailable::Reason::NotFound
                                                                       : SourceUnavailable::Reason::Other);
    if (error != QNetworkReply::NoError || hop.status < 200)
        throw SourceUnavailable(where + "cannot reach " + url.host().toStdString() + " (" +
                                    reply->errorString().toStdString() + ")",
                                SourceUnavailable::Reason::Unreachable);
    if (hop.status == 206)
        hop.totalSize = totalFromContentRange(reply->rawHeader("Content-Range"));
    return hop;
}

} // namespace

HttpResponse httpGet(const QUrl &url, std::optional<ByteRange> range, std::uint64_t maxBody, const HttpOptions &options,
                     const std::string &display)
{
    const std::string where = display + ": ";
    // One deadline for the request and every redirect it takes.
    const QDeadlineTimer deadline(options.deadlineMs);
    QUrl current = url;
    for (int hops = 0;; ++hops) {
        // The token goes to the endpoint's origin only.
        const Hop hop = oneRequest(current, range, maxBody, options, sameOrigin(current, url), where, deadline);
        if (hop.status < 300 || hop.status >= 400) {
            HttpResponse out;
            out.status = hop.status;
            out.body = hop.body;
            out.totalSize = hop.totalSize;
            out.finalUrl = current;
            return out;
        }
        if (!hop.location.isValid() || hop.location.isEmpty())
            throw SourceUnavailable(where + "redirected (HTTP " + std::to_string(hop.status) + ") without a target");
        if (hops + 1 > options.maxRedirects)
            throw SourceUnavailable(where + "more than " + std::to_string(options.maxRedirects) +
                                    " redirects; stopped following them");
        // The hub sends large files to a CDN on another host: fine over HTTPS, never in
        // clear text (the answer could be read or changed on the way).
        if (hop.location.host() != current.host() && hop.location.scheme() != QLatin1String("https"))
            throw SourceUnavailable(where + "redirect to " + hop.location.toString().toStdString() +
                                    " refused: another host is followed only over HTTPS");
        current = hop.location;
    }
}

} // namespace memplan::net
