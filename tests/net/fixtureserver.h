#pragma once
// A small HTTP/1.1 server on 127.0.0.1 for the hub tests and benchmark: it
// serves a folder laid out like the Hugging Face hub (root/<org>/<name>/files)
// with the hub's routes, real range requests and its CDN redirect, plus repos
// that misbehave on purpose. It runs in its own thread so a test can block on a
// child process (memplan-cli) while the server answers.
//
// Routes: GET /api/models/<org>/<name>/revision/<rev> -> {"siblings": [{"rfilename"}]}
//         GET /<org>/<name>/resolve/<rev>/<file>    -> the file; *.safetensors and *.gguf
//             answer 302 to /cdn/<org>/<name>/<file> first, as the hub sends weights to its CDN
// Orgs that misbehave: gated (401), broken (500), slow (never answers), loop (redirects
// to itself), offsite (redirects to another host over plain HTTP), norange (ignores Range).

#include <QByteArray>
#include <QString>
#include <QThread>

#include <atomic>
#include <mutex>

class FixtureServer : public QThread {
public:
    explicit FixtureServer(QString root) : m_root(std::move(root)) {}
    ~FixtureServer() override { stop(); }

    /// Starts listening; false when no port could be had.
    bool startServing();
    void stop();
    QString endpoint() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_port.load()); }

    std::atomic<int> requests{0};
    std::atomic<long long> bytesServed{0};
    QByteArray lastAuthorization() const
    {
        std::lock_guard lock(m_mutex);
        return m_authorization;
    }

protected:
    void run() override;

private:
    QByteArray answer(const QByteArray &method, const QByteArray &target, const QByteArray &range, bool *hold);
    QByteArray serveFile(const QString &path, const QByteArray &range, bool ignoreRange);

    QString m_root;
    std::atomic<int> m_port{0};
    std::atomic<bool> m_ready{false};
    mutable std::mutex m_mutex;
    QByteArray m_authorization;
};
