#pragma once
// A hub that attacks its client (issue 35), on 127.0.0.1 only, in its own thread.
// The organisation named in /api/models/<org>/<name>/revision/<rev> picks the attack:
//   fine        a valid listing (config.json)
//   long        a listing with a .gguf split name of 30,000 characters
//   endless     200 with a chunked body that never ends
//   endless302  a redirect to "fine" whose chunked body never ends
//   endless500  HTTP 500 whose chunked body never ends
//   drip        200 announcing 100,000 bytes, then one byte every two seconds
//   otherport   a redirect to the same listing on another port (setPeerPort)
// Every request's Authorization header is kept, so a test can see where a token went.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QThread>

#include <atomic>
#include <mutex>

class HostileServer : public QThread {
public:
    HostileServer() = default;
    ~HostileServer() override { stop(); }

    bool startServing();
    void stop();
    int port() const { return m_port; }
    QString endpoint() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port.load()); }
    void setPeerPort(int port) { m_peerPort = port; }

    /// Authorization headers of every request so far, in order ("" when none was sent).
    QList<QByteArray> authorizations() const
    {
        std::lock_guard lock(m_mutex);
        return m_authorizations;
    }

protected:
    void run() override;

private:
    std::atomic<int> m_port{0};
    std::atomic<int> m_peerPort{0};
    std::atomic<bool> m_ready{false};
    mutable std::mutex m_mutex;
    QList<QByteArray> m_authorizations;
};
