#include "fixtureserver.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

#include <nlohmann/json.hpp>

namespace {

QByteArray response(int status, const QByteArray &reason, const QByteArray &body, const QByteArray &extra = {})
{
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason +
           "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" + extra + "\r\n" + body;
}

} // namespace

bool FixtureServer::startServing()
{
    start();
    for (int i = 0; i < 500 && !m_ready; ++i)
        QThread::msleep(10);
    return m_port != 0;
}

void FixtureServer::stop()
{
    if (isRunning()) {
        quit();
        wait();
    }
}

void FixtureServer::run()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0)) {
        m_ready = true;
        return;
    }
    m_port = server.serverPort();
    QObject::connect(&server, &QTcpServer::newConnection, &server, [this, &server]() {
        while (QTcpSocket *socket = server.nextPendingConnection()) {
            QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket]() {
                QByteArray buffer = socket->property("buffer").toByteArray() + socket->readAll();
                for (qsizetype end; (end = buffer.indexOf("\r\n\r\n")) >= 0;) {
                    const QList<QByteArray> lines = buffer.left(end).split('\n');
                    buffer.remove(0, end + 4);
                    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
                    QByteArray range, auth;
                    for (const QByteArray &line : lines) {
                        const QByteArray l = line.trimmed();
                        if (l.toLower().startsWith("range:"))
                            range = l.mid(6).trimmed();
                        if (l.toLower().startsWith("authorization:"))
                            auth = l.mid(14).trimmed();
                    }
                    {
                        std::lock_guard lock(m_mutex);
                        m_authorization = auth;
                    }
                    ++requests;
                    bool hold = false;
                    const QByteArray out = answer(first.value(0), first.value(1), range, &hold);
                    if (hold)
                        return; // the slow server: say nothing, keep the connection open
                    bytesServed += out.size();
                    socket->write(out);
                }
                socket->setProperty("buffer", buffer);
            });
        }
    });
    m_ready = true;
    exec();
}

QByteArray FixtureServer::serveFile(const QString &path, const QByteArray &range, bool ignoreRange)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || QFileInfo(path).isDir())
        return response(404, "Not Found", "Entry not found");
    const qint64 size = f.size();
    static const QRegularExpression form(QStringLiteral(R"(^bytes=(\d+)-(\d*)$)"));
    const QRegularExpressionMatch m = form.match(QString::fromLatin1(range));
    if (ignoreRange || !m.hasMatch())
        return response(200, "OK", f.readAll());
    const qint64 first = m.captured(1).toLongLong();
    const qint64 last = m.captured(2).isEmpty() ? size - 1 : std::min(m.captured(2).toLongLong(), size - 1);
    if (first >= size || last < first)
        return response(416, "Range Not Satisfiable", {},
                        "Content-Range: bytes */" + QByteArray::number(size) + "\r\n");
    f.seek(first);
    const QByteArray body = f.read(last - first + 1);
    return response(206, "Partial Content", body,
                    "Content-Range: bytes " + QByteArray::number(first) + '-' + QByteArray::number(last) + '/' +
                        QByteArray::number(size) + "\r\n");
}

QByteArray FixtureServer::answer(const QByteArray &method, const QByteArray &target, const QByteArray &range,
                                 bool *hold)
{
    if (method != "GET")
        return response(405, "Method Not Allowed", {});
    const QString path = QUrl::fromPercentEncoding(target);
    const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (path.contains(QStringLiteral("..")))
        return response(400, "Bad Request", {});
    const QString org = parts.value(0) == QLatin1String("api") || parts.value(0) == QLatin1String("cdn")
                            ? parts.value(parts.value(0) == QLatin1String("api") ? 2 : 1)
                            : parts.value(0);
    if (org == QLatin1String("gated"))
        return response(401, "Unauthorized", "Access to model is restricted");
    if (org == QLatin1String("broken"))
        return response(500, "Internal Server Error", "boom");
    if (org == QLatin1String("slow")) {
        *hold = true;
        return {};
    }
    if (org == QLatin1String("loop"))
        return response(302, "Found", {}, "Location: " + target + "\r\n");
    if (org == QLatin1String("offsite"))
        return response(302, "Found", {},
                        "Location: http://127.0.0.2:" + QByteArray::number(m_port.load()) + target + "\r\n");

    // /api/models/<org>/<name>/revision/<rev>
    if (parts.size() == 6 && parts[0] == QLatin1String("api") && parts[1] == QLatin1String("models")) {
        const QString dir = m_root + QLatin1Char('/') + parts[2] + QLatin1Char('/') + parts[3];
        if (!QFileInfo(dir).isDir())
            return response(404, "Not Found", "Repository not found");
        nlohmann::json siblings = nlohmann::json::array();
        QStringList files;
        for (QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories); it.hasNext();)
            files << QDir(dir).relativeFilePath(it.next());
        files.sort();
        for (const QString &f : files)
            siblings.push_back({{"rfilename", f.toStdString()}});
        const nlohmann::json body = {
            {"id", (parts[2] + "/" + parts[3]).toStdString()}, {"sha", "0123abcd"}, {"siblings", siblings}};
        return response(200, "OK", QByteArray::fromStdString(body.dump()), "Content-Type: application/json\r\n");
    }
    // /cdn/<org>/<name>/<file...>
    if (parts.size() >= 4 && parts[0] == QLatin1String("cdn"))
        return serveFile(m_root + QLatin1Char('/') + parts.mid(1).join(QLatin1Char('/')), range,
                         org == QLatin1String("norange"));
    // /<org>/<name>/resolve/<rev>/<file...>
    if (parts.size() >= 5 && parts[2] == QLatin1String("resolve")) {
        const QString file = parts.mid(4).join(QLatin1Char('/'));
        if (file.endsWith(QLatin1String(".safetensors")) || file.endsWith(QLatin1String(".gguf")))
            return response(302, "Found", {},
                            "Location: /cdn/" + (parts[0] + '/' + parts[1] + '/' + file).toUtf8() + "\r\n");
        return serveFile(m_root + QLatin1Char('/') + parts[0] + QLatin1Char('/') + parts[1] + QLatin1Char('/') + file,
                         range, org == QLatin1String("norange"));
    }
    return response(404, "Not Found", {});
}
