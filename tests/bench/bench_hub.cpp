// Fetching a 70B repository's headers (config, index, 30 safetensors headers)
// from the local fixture server, without a cache: goal under 200 ms (issue 19).

#include "fixtureserver.h"
#include "hubfixtures.h"

#include "hubimport.h"

#include <QTemporaryDir>
#include <QTest>

using namespace memplan;

class BenchHub : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(hubfixtures::writeLlama70b(m_dir.filePath("hub/fixture/Llama-70B")));
        m_server = std::make_unique<FixtureServer>(m_dir.filePath("hub"));
        QVERIFY(m_server->startServing());
    }
    void fetch70bHeaders()
    {
        net::HubSettings s;
        s.endpoint = m_server->endpoint();
        s.cacheDir.clear(); // every run goes to the server
        ImportedModel m;
        QBENCHMARK
        {
            m = net::importHubModel(*parseHubReference("fixture/Llama-70B"), s);
        }
        QCOMPARE(m.parameters, 70553706496ULL);
    }
    void cached70bHeaders()
    {
        net::HubSettings s;
        s.endpoint = m_server->endpoint();
        s.cacheDir = m_dir.filePath("cache");
        net::importHubModel(*parseHubReference("fixture/Llama-70B"), s); // fills the cache
        ImportedModel m;
        QBENCHMARK
        {
            m = net::importHubModel(*parseHubReference("fixture/Llama-70B"), s);
        }
        QCOMPARE(m.parameters, 70553706496ULL);
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<FixtureServer> m_server;
};

QTEST_GUILESS_MAIN(BenchHub)
#include "bench_hub.moc"
