#include "hostileserver.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace {

QByteArray listing(const QByteArray &name)
{
    return R"({"siblings":[{"rfilename":"config.json"},{"rfilename":")" + name + R"("}]})";
}

QByteArray answer(int status, const QByteArray &body, const QByteArray &extra = {})
{
    return "HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Length: " + QByteArray::number(body.size()) +
           "\r\n" + extra + "\r\n" + body;
}

// Writes 64 KiB chunks for as long as the client reads them (or until it hangs up).
void pourEndlessly(QTcpSocket *socket, const QByteArray &head)
{
    socket->write(head + "Transfer-Encoding: chunked\r\n\r\n");
    static const QByteArray chunk = "10000\r\n" + QByteArray(0x10000, 'x') + "\r\n";
    auto *timer = new QTimer(socket);
    QObject::connect(timer, &QTimer::timeout, socket, [socket, timer]() {
        if (socket->state() != QAbstractSocket::ConnectedState) {
            timer->stop();
            return;
        }
        if (socket->bytesToWrite() < (1 << 20))
            socket->write(chunk);
    });
    timer->start(0);
}

void drip(QTcpSocket *socket)
{
    socket->write("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n");
    auto *timer = new QTimer(socket);
    QObject::connect(timer, &QTimer::timeout, socket, [socket]() { socket->write("{"); });
    timer->start(2000);
}

} // namespace

bool HostileServer::startServing()
{
    start();
    for (int i = 0; i < 500 && !m_ready; ++i)
        QThread::msleep(10);
    return m_port != 0;
}

void HostileServer::stop()
{
    if (isRunning()) {
        quit();
        wait();
    }
}

void HostileServer::run()
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
                const qsizetype end = buffer.indexOf("\r\n\r\n");
                if (end < 0) {
                    socket->setProperty("buffer", buffer);
                    return;
                }
                socket->setProperty("buffer", QByteArray());
                const QList<QByteArray> lines = buffer.left(end).split('\n');
                QByteArray auth;
                for (const QByteArray &line : lines)
                    if (line.trimmed().toLower().startsWith("authorization:"))
                        auth = line.trimmed().mid(14).trimmed();
                {
                    std::lock_guard lock(m_mutex);
                    m_authorizations << auth;
                }
                const QByteArray target = lines.value(0).split(' ').value(1);
                const QList<QByteArray> parts = target.split('/'); // "", "api", "models", org, name, ...
                const QByteArray org = parts.value(3);
                if (org == "long")
                    socket->write(answer(200, listing(QByteArray(30000, 'a') + "-00001-of-00002.gguf")));
                else if (org == "endless")
                    pourEndlessly(socket, "HTTP/1.1 200 OK\r\n");
                else if (org == "endless302")
                    pourEndlessly(socket, "HTTP/1.1 302 Found\r\nLocation: /api/models/fine/x/revision/main\r\n");
                else if (org == "endless500")
                    pourEndlessly(socket, "HTTP/1.1 500 Internal Server Error\r\n");
                else if (org == "drip")
                    drip(socket);
                else if (org == "otherport")
                    socket->write(answer(302, {},
                                         "Location: http://127.0.0.1:" + QByteArray::number(m_peerPort.load()) +
                                             "/api/models/fine/x/revision/main\r\n"));
                else
                    socket->write(answer(200, listing("model.safetensors")));
            });
        }
    });
    m_ready = true;
    exec();
}
