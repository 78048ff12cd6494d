#include "httpget.h"

#include "import/modelsource.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>

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
               "): the repository is gated or private; accept its terms on the hub and set HF_TOKEN to a token with access";
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

HttpResponse httpGet(const QUrl &url, std::optional<ByteRange> range, std::uint64_t maxBody, const HttpOptions &options,
                     const std::string &display)
{
    QNetworkRequest request(url);
    request.setTransferTimeout(options.timeoutMs);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::UserVerifiedRedirectPolicy);
    request.setMaximumRedirectsAllowed(options.maxRedirects);
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("memplan/" MEMPLAN_VERSION));
    // Compressed bodies would make a byte range mean something else.
    request.setRawHeader("Accept-Encoding", "identity");
    if (!options.bearerToken.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + options.bearerToken);
    if (range)
        request.setRawHeader("Range", QByteArray("bytes=") + QByteArray::number(qulonglong(range->first)) + '-' +
                                          QByteArray::number(qulonglong(range->last)));

    QNetworkReply *reply = manager().get(request);
    std::unique_ptr<QNetworkReply, void (*)(QNetworkReply *)> owner(reply, [](QNetworkReply *r) { r->deleteLater(); });
    QString refused;
    int redirects = 0;
    QObject::connect(reply, &QNetworkReply::redirected, reply, [&](const QUrl &to) {
        if (++redirects > options.maxRedirects) {
            refused = QStringLiteral("more than %1 redirects; stopped following them").arg(options.maxRedirects);
            reply->abort();
            return;
        }
        // The hub sends large files to a CDN on another host: fine over HTTPS, never
        // in clear text (the token and the answer could be read or changed on the way).
        if (to.host() != url.host() && to.scheme() != QLatin1String("https")) {
            refused = QStringLiteral("redirect to %1 refused: another host is followed only over HTTPS").arg(to.toString());
            reply->abort();
            return;
        }
        emit reply->redirectAllowed();
    });
    QByteArray body;
    bool oversized = false;
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&]() {
        body += reply->readAll();
        if (std::uint64_t(body.size()) > maxBody) {
            oversized = true;
            reply->abort();
        }
    });
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    if (reply->isOpen())
        body += reply->readAll();

    const std::string where = display + ": ";
    if (!refused.isEmpty())
        throw SourceUnavailable(where + refused.toStdString());
    if (oversized)
        throw SourceUnavailable(where + "the answer is larger than the " + std::to_string(maxBody) +
                                " bytes asked for; the server may ignore range requests, and whole weight files are "
                                "never downloaded");
    HttpResponse out;
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.finalUrl = reply->url();
    const QNetworkReply::NetworkError error = reply->error();
    if (error == QNetworkReply::OperationCanceledError || error == QNetworkReply::TimeoutError)
        throw SourceUnavailable(where + "no answer from " + url.host().toStdString() + " within " +
                                std::to_string(options.timeoutMs / 1000.0).substr(0, 4) + " s (timeout)");
    if (error == QNetworkReply::TooManyRedirectsError || error == QNetworkReply::InsecureRedirectError)
        throw SourceUnavailable(where + "more than " + std::to_string(options.maxRedirects) +
                                " redirects, or an insecure one; stopped following them");
    // A 3xx (or an interim 1xx) as the final answer: the chain of redirects was cut short.
    if ((out.status >= 300 && out.status < 400) || (out.status > 0 && out.status < 200))
        throw SourceUnavailable(where + "redirected (HTTP " + std::to_string(out.status) +
                                ") in a loop or without a usable target; stopped following redirects");
    if (out.status >= 400)
        throw SourceUnavailable(where + statusText(out.status));
    if (error != QNetworkReply::NoError || out.status == 0)
        throw SourceUnavailable(where + "cannot reach " + url.host().toStdString() + " (" +
                                reply->errorString().toStdString() + ")");
    if (out.status == 206)
        out.totalSize = totalFromContentRange(reply->rawHeader("Content-Range"));
    out.body = std::move(body);
    return out;
}

} // namespace memplan::net
