#include "httpget.h"

#include "import/modelsource.h"

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

// One request, redirects not followed: httpGet() decides about each hop itself, so the
// token never travels to another host (the hub's CDN gets signed URLs and needs none).
Hop oneRequest(const QUrl &url, std::optional<ByteRange> range, std::uint64_t maxBody, const HttpOptions &options,
               bool sendToken, const std::string &where)
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
    Hop hop;
    bool oversized = false;
    const auto isRedirect = [reply]() {
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        return status >= 300 && status < 400;
    };
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&]() {
        const QByteArray chunk = reply->readAll();
        if (isRedirect())
            return; // a redirect's body says nothing we need
        hop.body += chunk;
        if (std::uint64_t(hop.body.size()) > maxBody) {
            oversized = true;
            reply->abort();
        }
    });
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    // The blocking call runs in a worker thread in the window: poll the Cancel flag.
    bool cancelled = false;
    QTimer cancelPoll;
    if (options.cancel) {
        QObject::connect(&cancelPoll, &QTimer::timeout, reply, [&]() {
            if (!options.cancel->load() || reply->isFinished())
                return;
            cancelled = true;
            reply->abort();
        });
        cancelPoll.start(50);
    }
    if (!reply->isFinished() && !(options.cancel && options.cancel->load()))
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    if (cancelled || (options.cancel && options.cancel->load())) {
        reply->abort();
        throw SourceUnavailable(where + "cancelled", SourceUnavailable::Reason::Cancelled);
    }
    if (reply->isOpen() && !isRedirect())
        hop.body += reply->readAll();

    if (oversized)
        throw SourceUnavailable(where + "the answer is larger than the " + std::to_string(maxBody) +
                                " bytes asked for; the server may ignore range requests, and whole weight files are "
                                "never downloaded");
    hop.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError error = reply->error();
    if (error == QNetworkReply::OperationCanceledError || error == QNetworkReply::TimeoutError)
        throw SourceUnavailable(where + "no answer from " + url.host().toStdString() + " within " +
                                    std::to_string(options.timeoutMs / 1000.0).substr(0, 4) + " s (timeout)",
                                SourceUnavailable::Reason::Timeout);
    if (hop.status >= 300 && hop.status < 400) {
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
    QUrl current = url;
    for (int hops = 0;; ++hops) {
        // The token goes to the endpoint's host only.
        const Hop hop = oneRequest(current, range, maxBody, options, current.host() == url.host(), where);
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
