// A hub that attacks its client (issue 35): HostileServer on 127.0.0.1 sends a file name of
// 30,000 characters, bodies that never end, a body that drips one byte every two seconds and
// a redirect to another port. Every request must end within its limits, nothing unparsed may
// reach the cache, and the token must stay with the origin it was given for. Each case is
// bounded by a short timeout and deadline, so the suite ends in seconds.

#include "hostileserver.h"

#include "error.h"
#include "hubimport.h"
#include "hubsource.h"
#include "import/hublisting.h"
#include "import/hubreference.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace memplan;

namespace {

// Peak resident memory of this process in KiB (Linux /proc), or 0 when unknown.
long long peakKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return 0;
}

} // namespace

class TstHubHostile : public QObject {
    Q_OBJECT

    static constexpr int kCapDeadlineMs = 60000;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.startServing());
        QVERIFY(m_peer.startServing());
        m_server.setPeerPort(m_peer.port());
    }

    // The name overflowed std::regex's recursion in splitParts(); the listing was cached first,
    // so every later start crashed offline too.
    void longNameRefusedAndNeverCached()
    {
        const QString cache = m_dir.filePath("cache-long");
        net::HubSettings s = settings(cache);
        try {
            net::importHubModel(*parseHubReference("long/model:Q4_K_M"), s);
            QFAIL("a listing with a 30,000-character name was used");
        } catch (const InputError &e) {
            QVERIFY2(e.info().reason.find("30020 bytes long (the limit is 1024)") != std::string::npos, e.what());
            QCOMPARE(e.info().field, std::string("siblings[1]"));
        }
        QVERIFY(!QFile::exists(cache + "/long--model/main/state.json"));
        // A cache written by an older version with such a name is ignored, not used.
        QVERIFY(QDir().mkpath(cache + "/long--model/main"));
        QFile state(cache + "/long--model/main/state.json");
        QVERIFY(state.open(QIODevice::WriteOnly));
        state.write(R"({"files":["config.json",")" + QByteArray(30000, 'a') + R"(-00001-of-00002.gguf"]})");
        state.close();
        s.allowNetwork = false;
        net::HubSource offline(*parseHubReference("long/model"), s);
        QVERIFY_THROWS_EXCEPTION(SourceUnavailable, offline.listing());
    }

    // chooseHubFiles() itself no longer recurses on a name's length (it used std::regex).
    void splitPartsOfHugeNames()
    {
        const std::string stem(200000, 'q');
        const std::vector<std::string> listing = {stem + "-Q4_K_M-00002-of-00002.gguf",
                                                  stem + "-Q4_K_M-00001-of-00002.gguf", "README.md"};
        HubReference ref = *parseHubReference("org/model");
        ref.file = listing[1];
        const std::vector<std::string> parts = chooseHubFiles(listing, ref);
        QCOMPARE(parts.size(), std::size_t(2));
        QCOMPARE(parts[0], listing[1]);
        // A reference as long as a scenario file may be is refused before any pattern runs.
        QVERIFY(!parseHubReference("org/" + std::string(1 << 20, 'n')));
        QVERIFY(parseHubReference(std::string(96, 'o') + "/" + std::string(96, 'n') + "@" + std::string(80, 'r') + ":" +
                                  std::string(190, 'f') + ".gguf"));
    }

    void endlessBodyStopsAtItsCap()
    {
        const long long before = peakKiB();
        const QString message = failure("endless/model", kCapDeadlineMs);
        QVERIFY2(message.contains("larger than the 16777216 bytes"), qPrintable(message));
        // The cap is 16 MiB; the process must not have grown by much more (it reached 3.7 GB).
        QVERIFY2(peakKiB() - before < 256 * 1024, qPrintable(QString::number(peakKiB() - before)));
    }

    // A redirect's body is never needed: reading stops at 64 KiB and the redirect is followed.
    void endlessRedirectBodyIsCut()
    {
        net::HubSource source(*parseHubReference("endless302/model"), settings({}, kCapDeadlineMs));
        QCOMPARE(source.listing(), (std::vector<std::string>{"config.json", "model.safetensors"}));
    }

    void endlessErrorBodyIsCut()
    {
        const QString message = failure("endless500/model", kCapDeadlineMs);
        QVERIFY2(message.contains("HTTP 500"), qPrintable(message));
    }

    // One byte every two seconds never trips the 5 s transfer timeout; the deadline ends it.
    void drippingServerMeetsTheDeadline()
    {
        QElapsedTimer t;
        t.start();
        const QString message = failure("drip/model");
        QVERIFY2(message.contains("did not end within 3.00 s (deadline)"), qPrintable(message));
        QVERIFY2(t.elapsed() < 10000, qPrintable(QString::number(t.elapsed())));
    }

    // Another port of the same host is another origin: it must not see the token.
    void tokenStaysWithItsOrigin()
    {
        net::HubSettings s = settings({});
        s.http.bearerToken = "hf_secret";
        const int servedBefore = int(m_server.authorizations().size());
        const int peerBefore = int(m_peer.authorizations().size());
        net::HubSource source(*parseHubReference("otherport/model"), s);
        QCOMPARE(source.listing(), (std::vector<std::string>{"config.json", "model.safetensors"}));
        const QList<QByteArray> here = m_server.authorizations().mid(servedBefore);
        const QList<QByteArray> there = m_peer.authorizations().mid(peerBefore);
        QCOMPARE(here, QList<QByteArray>{"Bearer hf_secret"});
        QCOMPARE(there, QList<QByteArray>{QByteArray()});
    }

private:
    // The 3 s deadline is what the dripping server must meet; the cap tests pass a long one, so
    // that on a loaded machine (ctest -j) the deadline cannot end a transfer before its cap does.
    net::HubSettings settings(const QString &cache, int deadlineMs = 3000) const
    {
        net::HubSettings s;
        s.endpoint = m_server.endpoint();
        s.cacheDir = cache;
        s.http.timeoutMs = 5000;
        s.http.deadlineMs = deadlineMs;
        return s;
    }
    // The one-line failure of reading ref's file list.
    QString failure(const std::string &ref, int deadlineMs = 3000)
    {
        try {
            net::HubSource source(*parseHubReference(ref), settings({}, deadlineMs));
            source.listing();
        } catch (const std::exception &e) {
            return QString::fromStdString(e.what());
        }
        return QStringLiteral("(no failure)");
    }

    QTemporaryDir m_dir;
    HostileServer m_server;
    HostileServer m_peer;
};

QTEST_GUILESS_MAIN(TstHubHostile)
#include "tst_hubhostile.moc"
