// A scenario that names a Hugging Face repository (model.hub, issue 19): the key
// round-trips through memplan.scenario/1, bad values name the key, the engine
// resolves it through the program's loader to the very model `inspect` builds,
// a reopened scenario needs only the header cache, and memplan-cli uses the
// network for it only when MEMPLAN_HF_FETCH=1 allows it (otherwise exit 4).

#include "fixtureserver.h"
#include "hubfixtures.h"

#include "error.h"
#include "estimator.h"
#include "hubimport.h"
#include "import/hubmodels.h"
#include "presetloader.h"
#include "scenario/resolve.h"
#include "scenario/scenariojson.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace memplan;
using json = nlohmann::json;

class TstHubScenario : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void roundTrips_data();
    void roundTrips();
    void badHubNamesKey_data();
    void badHubNamesKey();
    void resolvesToInspectModel();
    void reopensFromCacheOffline();
    void cliEstimateUsesCacheOrExits4();

private:
    static json scenarioWithHub(const json &hub);
    net::HubSettings settings(const QString &cache) const;
    QTemporaryDir m_dir;
    std::unique_ptr<FixtureServer> m_server;
    PresetCatalog m_catalog;
};

json TstHubScenario::scenarioWithHub(const json &hub)
{
    return {{"schema", "memplan.scenario/1"},
            {"model", {{"hub", hub}}},
            {"hardware", {{"preset", "rtx-4090"}}},
            {"runtime", {{"preset", "llama.cpp"}}}};
}

net::HubSettings TstHubScenario::settings(const QString &cache) const
{
    net::HubSettings s;
    s.endpoint = m_server->endpoint();
    s.cacheDir = m_dir.filePath(cache);
    s.http.timeoutMs = 5000;
    return s;
}

void TstHubScenario::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(hubfixtures::writeGgufRepo(m_dir.filePath("hub/fixture/tiny-GGUF")));
    m_server = std::make_unique<FixtureServer>(m_dir.filePath("hub"));
    QVERIFY(m_server->startServing());
    m_catalog = app::loadCatalog({}, false);
    // hubModelLoader() reads its endpoint and cache from the environment, as the programs do.
    qputenv("MEMPLAN_HF_ENDPOINT", m_server->endpoint().toUtf8());
    qputenv("MEMPLAN_HF_CACHE", m_dir.filePath("cache").toUtf8());
    qputenv("HF_HOME", m_dir.filePath("no-hf-home").toUtf8());
    qunsetenv("HF_TOKEN");
}

void TstHubScenario::cleanup()
{
    setHubModelLoader({});
}

void TstHubScenario::roundTrips_data()
{
    QTest::addColumn<QString>("hub");
    QTest::newRow("repo") << R"({"repo":"meta-llama/Llama-3.1-8B","revision":"main"})";
    QTest::newRow("quant") << R"({"repo":"fixture/tiny-GGUF","revision":"v1.0","quant":"Q8_0"})";
    QTest::newRow("file") << R"({"repo":"org/name","revision":"0123abcd","file":"sub/m-Q4_K_M.gguf"})";
}

void TstHubScenario::roundTrips()
{
    QFETCH(QString, hub);
    const json in = json::parse(hub.toStdString());
    const Scenario s = scenarioFromJson(scenarioWithHub(in));
    QVERIFY(s.model.hub);
    QCOMPARE(s.model.hub->repo, in["repo"].get<std::string>());
    QCOMPARE(s.model.hub->revision, in["revision"].get<std::string>());
    const json out = scenarioToJson(s);
    QCOMPARE(out["model"]["hub"].dump(), in.dump()); // written back as read: keys added only when set
    QVERIFY(!out["model"].contains("file") && !out["model"].contains("preset"));
    QVERIFY(scenarioFromJson(out) == s);
    // The typed reference and the stored one are the same thing.
    QVERIFY(*parseHubReference(s.model.hub->text()) == *s.model.hub);
    // Revision defaults to main, and is then written out.
    const Scenario bare = scenarioFromJson(scenarioWithHub({{"repo", "a/b"}}));
    QCOMPARE(scenarioToJson(bare)["model"]["hub"].dump(), std::string(R"({"repo":"a/b","revision":"main"})"));
}

void TstHubScenario::badHubNamesKey_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("key");
    QTest::newRow("no repo") << R"({"hub":{"revision":"main"}})"
                             << "model.hub.repo";
    QTest::newRow("three parts") << R"({"hub":{"repo":"a/b/c"}})"
                                 << "model.hub.repo";
    QTest::newRow("no org") << R"({"hub":{"repo":"llama"}})"
                            << "model.hub.repo";
    QTest::newRow("climbs") << R"({"hub":{"repo":"a/b","file":"../../etc/passwd"}})"
                            << "model.hub.file";
    QTest::newRow("bad revision") << R"({"hub":{"repo":"a/b","revision":"a b"}})"
                                  << "model.hub.revision";
    QTest::newRow("both") << R"({"hub":{"repo":"a/b","file":"m.gguf","quant":"Q8_0"}})"
                          << "model.hub";
    QTest::newRow("quant like a file") << R"({"hub":{"repo":"a/b","quant":"m.gguf"}})"
                                       << "model.hub.quant";
    QTest::newRow("unknown") << R"({"hub":{"repo":"a/b","branch":"x"}})"
                             << "model.hub.branch";
    QTest::newRow("not object") << R"({"hub":"a/b"})"
                                << "model.hub";
    QTest::newRow("with preset") << R"({"preset":"llama-3.1-8b","hub":{"repo":"a/b"}})"
                                 << "model.hub";
}

void TstHubScenario::badHubNamesKey()
{
    QFETCH(QString, model);
    QFETCH(QString, key);
    json doc = scenarioWithHub({});
    doc["model"] = json::parse(model.toStdString());
    try {
        scenarioFromText(doc.dump(), "bad.scenario.json");
        QFAIL("accepted");
    } catch (const InputError &e) {
        QCOMPARE(QString::fromStdString(e.info().field), key);
        QCOMPARE(e.info().file, std::string("bad.scenario.json"));
    }
}

void TstHubScenario::resolvesToInspectModel()
{
    setHubModelLoader(net::hubModelLoader(true));
    const Scenario s = scenarioFromJson(scenarioWithHub({{"repo", "fixture/tiny-GGUF"}, {"quant", "Q8_0"}}));
    const ResolvedScenario r = resolveScenario(s, m_catalog);
    QVERIFY(r.model.imported);
    QCOMPARE(r.model.id, std::string("hub"));
    QCOMPARE(r.model.source, std::string("fixture/tiny-GGUF:Q8_0"));
    // What `memplan-cli inspect fixture/tiny-GGUF:Q8_0` prints (it calls importHubModel).
    const ImportedModel inspected =
        net::importHubModel(*parseHubReference("fixture/tiny-GGUF:Q8_0"), settings("cache-inspect"));
    QCOMPARE(importedModelToJson(*r.model.imported).dump(), importedModelToJson(inspected).dump());
    // Measured weights come from the file's tensors, as for model.file.
    const Estimate e = estimate(r);
    QCOMPARE(e.model.weightsBytes, inspected.weightsBytes);
    // llama.cpp's command names the repository's file, not a made-up one.
    QVERIFY2(e.launchCommand.find("llama-server -m tiny-Q8_0.gguf ") == 0, e.launchCommand.c_str());
    // A second resolve reuses the kept object: no request reaches the server.
    const int before = m_server->requests;
    QVERIFY(resolveScenario(s, m_catalog).model.imported == r.model.imported);
    QCOMPARE(m_server->requests.load(), before);
}

void TstHubScenario::reopensFromCacheOffline()
{
    // Fill the environment's cache once (as the window's import or `inspect` does) ...
    net::importHubModel(*parseHubReference("fixture/tiny-GGUF"), net::hubSettingsFromEnvironment());
    const std::string saved =
        scenarioToJson(scenarioFromJson(scenarioWithHub({{"repo", "fixture/tiny-GGUF"}, {"revision", "main"}}))).dump();
    const ImportedModel expected =
        net::importHubModel(*parseHubReference("fixture/tiny-GGUF"), settings("cache-check"));
    // ... then reopen with the network forbidden and nothing kept in memory.
    setHubModelLoader(net::hubModelLoader(false));
    const int before = m_server->requests;
    const ResolvedScenario r = resolveScenario(scenarioFromText(saved, "saved.scenario.json"), m_catalog);
    QCOMPARE(m_server->requests.load(), before);
    QCOMPARE(importedModelToJson(*r.model.imported).dump(), importedModelToJson(expected).dump());
    // A revision the cache has never seen: SourceUnavailable (NotCached), no request.
    const Scenario other = scenarioFromJson(scenarioWithHub({{"repo", "fixture/tiny-GGUF"}, {"revision", "v2"}}));
    try {
        resolveScenario(other, m_catalog);
        QFAIL("resolved without cache or network");
    } catch (const SourceUnavailable &e) {
        QCOMPARE(e.reason(), SourceUnavailable::Reason::NotCached);
        QVERIFY2(QString(e.what()).contains("not in the header cache"), e.what());
    }
    QCOMPARE(m_server->requests.load(), before);
    // No loader at all (a program without the network layer): the same kind of error.
    setHubModelLoader({});
    QVERIFY_THROWS_EXCEPTION(SourceUnavailable, resolveScenario(other, m_catalog));
}

void TstHubScenario::cliEstimateUsesCacheOrExits4()
{
    const QString file = m_dir.filePath("cli.scenario.json");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(scenarioWithHub({{"repo", "fixture/tiny-GGUF"}, {"quant", "Q8_0"}}).dump(2)));
    f.close();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("MEMPLAN_HF_CACHE", m_dir.filePath("cache-cli"));
    env.remove("MEMPLAN_HF_FETCH");
    const auto run = [&](const QProcessEnvironment &e) {
        QProcess p;
        p.setProcessEnvironment(e);
        p.start(QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan-cli"), {"estimate", file});
        p.waitForFinished(30000);
        return std::tuple{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
                          QString::fromUtf8(p.readAllStandardError()).trimmed()};
    };
    // Empty cache, network not allowed: exit 4 and one line saying how to fetch.
    const int before = m_server->requests;
    auto [rc, out, err] = run(env);
    QCOMPARE(rc, 4);
    QVERIFY2(err.contains("not in the header cache") && err.contains("MEMPLAN_HF_FETCH=1") &&
                 err.contains("memplan-cli inspect fixture/tiny-GGUF:Q8_0") && !err.contains('\n'),
             qPrintable(err));
    QCOMPARE(m_server->requests.load(), before);
    // Allowed: fetched, sized, cached.
    QProcessEnvironment fetch = env;
    fetch.insert("MEMPLAN_HF_FETCH", "1");
    std::tie(rc, out, err) = run(fetch);
    QCOMPARE(rc, 0);
    const json fetched = json::parse(out.toStdString());
    // Then offline (the endpoint points nowhere): the cache alone gives the same estimate.
    QProcessEnvironment offline = env;
    offline.insert("MEMPLAN_HF_ENDPOINT", "http://127.0.0.1:9");
    std::tie(rc, out, err) = run(offline);
    QCOMPARE(rc, 0);
    const json cached = json::parse(out.toStdString());
    QCOMPARE(cached["model"]["weights_bytes"].dump(), fetched["model"]["weights_bytes"].dump());
    QCOMPARE(cached["model"]["weights_evidence"].get<std::string>(), std::string("measured"));
    // Allowed but unreachable and not cached: exit 4 naming the host.
    offline.insert("MEMPLAN_HF_FETCH", "1");
    offline.insert("MEMPLAN_HF_CACHE", m_dir.filePath("cache-cli-empty"));
    std::tie(rc, out, err) = run(offline);
    QCOMPARE(rc, 4);
    QVERIFY2(err.contains("cannot reach 127.0.0.1"), qPrintable(err));
}

QTEST_GUILESS_MAIN(TstHubScenario)
#include "tst_hubscenario.moc"
