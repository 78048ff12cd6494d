// Hugging Face repositories over HTTP (issue 19): a real local server (FixtureServer)
// serves fixture repositories with range requests and the hub's CDN redirect; the
// importer must give the same model as the files on disk, read only headers, keep
// a cache that works with the server stopped, and name every failure clearly.

#include "fixtureserver.h"
#include "hubfixtures.h"

#include "error.h"
#include "hubimport.h"
#include "import/hubreference.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace memplan;

class TstHubImport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void parsesReferences();
    void choosesFiles();
    void repoEqualsLocalFolder();
    void cacheWorksWithServerStopped();
    void damagedCacheIsRefilled();
    void ggufQuantPicked();
    void httpErrorsNamed();
    void slowServerTimesOut();
    void oversizedHeaderRefused();
    void redirectsWithinLimits();
    void tokenSent();
    void cliInspectsRepo();

private:
    net::HubSettings settings(const QString &cacheName = {}) const;
    static nlohmann::json withoutOrigin(const ImportedModel &m);
    QTemporaryDir m_dir;
    std::unique_ptr<FixtureServer> m_server;
};

net::HubSettings TstHubImport::settings(const QString &cacheName) const
{
    net::HubSettings s;
    s.endpoint = m_server->endpoint();
    s.cacheDir = cacheName.isEmpty() ? QString() : m_dir.filePath("cache-" + cacheName);
    s.http.timeoutMs = 5000;
    return s;
}

// Where the bytes came from (path, file names, kind) differs by design; the model must not.
nlohmann::json TstHubImport::withoutOrigin(const ImportedModel &m)
{
    nlohmann::json j = importedModelToJson(m);
    j.erase("path");
    j.erase("files");
    j.erase("kind");
    j.erase("warnings");
    return j;
}

void TstHubImport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString root = m_dir.filePath("hub");
    QVERIFY(hubfixtures::writeLlama70b(root + "/fixture/Llama-70B"));
    QVERIFY(hubfixtures::writeGgufRepo(root + "/fixture/tiny-GGUF"));
    QVERIFY(hubfixtures::writeGgufRepo(root + "/norange/tiny-GGUF"));
    // A header length of 200 MiB: more than any model header, refused before it is fetched.
    QByteArray huge;
    testwriters::put64(huge, 200ULL << 20);
    huge.append("{}");
    QVERIFY(QDir().mkpath(root + "/fixture/huge"));
    QFile f(root + "/fixture/huge/model.safetensors");
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write(huge) == huge.size() && f.resize(1LL << 30));
    f.close();
    m_server = std::make_unique<FixtureServer>(root);
    QVERIFY(m_server->startServing());
}

void TstHubImport::parsesReferences()
{
    auto ref = parseHubReference("meta-llama/Llama-3.1-8B");
    QVERIFY(ref);
    QCOMPARE(ref->repo, std::string("meta-llama/Llama-3.1-8B"));
    QCOMPARE(ref->revision, std::string("main"));
    ref = parseHubReference("hf://bartowski/Qwen2.5-7B-Instruct-GGUF@v1:Q4_K_M");
    QVERIFY(ref);
    QCOMPARE(ref->repo, std::string("bartowski/Qwen2.5-7B-Instruct-GGUF"));
    QCOMPARE(ref->revision, std::string("v1"));
    QCOMPARE(ref->quant, std::string("Q4_K_M"));
    ref = parseHubReference("https://huggingface.co/org/name:sub/model-q8_0.gguf");
    QVERIFY(ref);
    QCOMPARE(ref->file, std::string("sub/model-q8_0.gguf"));
    // Paths and escapes are not references.
    QVERIFY(!parseHubReference("model.gguf"));
    QVERIFY(!parseHubReference("/models/org/name"));
    QVERIFY(!parseHubReference("org/name/extra"));
    QVERIFY(!parseHubReference("org/name:../../etc/passwd"));
    QVERIFY(!parseHubReference("org/..@main"));
}

void TstHubImport::choosesFiles()
{
    const std::vector<std::string> st = {"README.md",
                                         "config.json",
                                         "model-00001-of-00002.safetensors",
                                         "model-00002-of-00002.safetensors",
                                         "model.safetensors.index.json",
                                         "original/consolidated.00.pth"};
    QCOMPARE(chooseHubFiles(st, *parseHubReference("a/b")),
             (std::vector<std::string>{"config.json", "model.safetensors.index.json"}));
    const std::vector<std::string> gg = {"m-Q4_K_S.gguf", "m-Q4_K_M.gguf", "m-Q8_0.gguf",
                                         "big/m-Q8_0-00001-of-00002.gguf", "big/m-Q8_0-00002-of-00002.gguf"};
    // No quant named: Q4_K_M, as llama.cpp's -hf picks.
    QCOMPARE(chooseHubFiles(gg, *parseHubReference("a/b")), (std::vector<std::string>{"m-Q4_K_M.gguf"}));
    QCOMPARE(chooseHubFiles(gg, *parseHubReference("a/b:Q4_K_S")), (std::vector<std::string>{"m-Q4_K_S.gguf"}));
    // A split set comes whole.
    QCOMPARE(chooseHubFiles(gg, *parseHubReference("a/b:big/m-Q8_0-00001-of-00002.gguf")),
             (std::vector<std::string>{"big/m-Q8_0-00001-of-00002.gguf", "big/m-Q8_0-00002-of-00002.gguf"}));
    // Q8_0 names two different uploads: ambiguous, and the message lists them.
    try {
        chooseHubFiles(gg, *parseHubReference("a/b:Q8_0"));
        QFAIL("an ambiguous quantization was accepted");
    } catch (const InputError &e) {
        QVERIFY2(e.info().reason.find("m-Q8_0.gguf") != std::string::npos, e.what());
    }
    try {
        chooseHubFiles(gg, *parseHubReference("a/b:IQ2_XS"));
        QFAIL("a missing quantization was accepted");
    } catch (const InputError &e) {
        QVERIFY2(e.info().reason.find("no GGUF file of quantization IQ2_XS") != std::string::npos, e.what());
    }
}

void TstHubImport::repoEqualsLocalFolder()
{
    const ImportedModel local = importModel(m_dir.filePath("hub/fixture/Llama-70B").toStdString());
    const int before = m_server->requests;
    const long long served = m_server->bytesServed;
    const ImportedModel remote = net::importHubModel(*parseHubReference("fixture/Llama-70B"), settings());
    QCOMPARE(remote.parameters, 70553706496ULL); // same figure as bench_import's on-disk checkpoint
    QCOMPARE(withoutOrigin(remote).dump(), withoutOrigin(local).dump());
    QCOMPARE(remote.files.size(), std::size_t(32)); // config, index, 30 shards
    QCOMPARE(remote.files.front(), std::string("fixture/Llama-70B/config.json"));
    // 141 GB of weights sized from headers: well under a megabyte on the wire.
    QVERIFY(remote.weightsBytes > 140'000'000'000ULL);
    QVERIFY2(m_server->bytesServed - served < (1LL << 20), qPrintable(QString::number(m_server->bytesServed - served)));
    // listing + config + index (two reads: the first 16 KiB tell its size) + one read per
    // shard, each after a CDN redirect; a shard whose header passes 16 KiB needs a second.
    const int requests = m_server->requests - before;
    QVERIFY2(requests >= 1 + 1 + 2 + 30 * 2 && requests <= 1 + 1 + 2 + 30 * 4, qPrintable(QString::number(requests)));
}

void TstHubImport::cacheWorksWithServerStopped()
{
    const HubReference ref = *parseHubReference("fixture/tiny-GGUF:Q8_0");
    const ImportedModel first = net::importHubModel(ref, settings("stopped"));
    FixtureServer other(m_dir.filePath("hub"));
    QVERIFY(other.startServing());
    net::HubSettings s = settings("stopped");
    s.endpoint = other.endpoint();
    other.stop(); // nothing listens there any more
    const ImportedModel second = net::importHubModel(ref, s);
    QCOMPARE(importedModelToJson(second).dump(), importedModelToJson(first).dump());
    // Without the cache the same stopped server is an error that names the host.
    s.cacheDir = m_dir.filePath("cache-empty");
    try {
        net::importHubModel(ref, s);
        QFAIL("a stopped server without a cache gave a model");
    } catch (const SourceUnavailable &e) {
        QVERIFY2(QString(e.what()).contains("cannot reach 127.0.0.1"), e.what());
    }
}

void TstHubImport::damagedCacheIsRefilled()
{
    const HubReference ref = *parseHubReference("fixture/tiny-GGUF:Q4_K_M");
    const ImportedModel first = net::importHubModel(ref, settings("damaged"));
    const QString folder = m_dir.filePath("cache-damaged/fixture--tiny-GGUF/main");
    // A cut-off state file and a truncated header copy, as a crash or a full disk would leave them.
    QFile state(folder + "/state.json");
    QVERIFY(state.open(QIODevice::WriteOnly | QIODevice::Truncate));
    state.write("{\"files\": [\"tiny-Q4");
    state.close();
    const int before = m_server->requests;
    const ImportedModel second = net::importHubModel(ref, settings("damaged"));
    QCOMPARE(importedModelToJson(second).dump(), importedModelToJson(first).dump());
    QVERIFY(m_server->requests > before); // read again from the server, not from the broken copy
    QFile head(folder + "/heads/tiny-Q4_K_M.gguf");
    QVERIFY(head.open(QIODevice::ReadWrite));
    QVERIFY(head.resize(100));
    head.close();
    const ImportedModel third = net::importHubModel(ref, settings("damaged"));
    QCOMPARE(importedModelToJson(third).dump(), importedModelToJson(first).dump());
}

void TstHubImport::ggufQuantPicked()
{
    const ImportedModel q8 = net::importHubModel(*parseHubReference("fixture/tiny-GGUF:Q8_0"), settings());
    QCOMPARE(q8.fileType, std::string("q8_0"));
    QCOMPARE(q8.files, std::vector<std::string>{"fixture/tiny-GGUF/tiny-Q8_0.gguf"});
    const ImportedModel def = net::importHubModel(*parseHubReference("fixture/tiny-GGUF"), settings());
    QCOMPARE(def.fileType, std::string("q4_k_m"));
    const ImportedModel local = importModel(m_dir.filePath("hub/fixture/tiny-GGUF/tiny-Q4_K_M.gguf").toStdString());
    QCOMPARE(withoutOrigin(def).dump(), withoutOrigin(local).dump());
    QCOMPARE(def.name, std::string("tiny")); // general.name, as on disk
}

void TstHubImport::httpErrorsNamed()
{
    const struct {
        const char *ref;
        const char *expected;
    } cases[] = {
        {"gated/Llama-3.1-8B", "gated/Llama-3.1-8B: access denied (HTTP 401)"},
        {"fixture/no-such-model", "fixture/no-such-model: not found (HTTP 404)"},
        {"broken/model", "broken/model: the server failed (HTTP 500)"},
    };
    for (const auto &c : cases) {
        try {
            net::importHubModel(*parseHubReference(c.ref), settings());
            QFAIL(c.ref);
        } catch (const SourceUnavailable &e) {
            QVERIFY2(QString(e.what()).startsWith(c.expected), e.what());
        }
    }
    try {
        net::importHubModel(*parseHubReference("gated/x"), settings());
    } catch (const SourceUnavailable &e) {
        QVERIFY2(QString(e.what()).contains("HF_TOKEN"), e.what());
    }
}

void TstHubImport::slowServerTimesOut()
{
    net::HubSettings s = settings();
    s.http.timeoutMs = 300;
    QElapsedTimer t;
    t.start();
    try {
        net::importHubModel(*parseHubReference("slow/model"), s);
        QFAIL("a server that never answers gave a model");
    } catch (const SourceUnavailable &e) {
        QVERIFY2(QString(e.what()).contains("(timeout)"), e.what());
    }
    QVERIFY2(t.elapsed() < 3000, qPrintable(QString::number(t.elapsed())));
}

void TstHubImport::oversizedHeaderRefused()
{
    const long long served = m_server->bytesServed;
    try {
        net::importHubModel(*parseHubReference("fixture/huge"), settings());
        QFAIL("a 200 MiB header was accepted");
    } catch (const InputError &e) {
        QVERIFY2(e.info().file == "fixture/huge/model.safetensors", e.what());
        QVERIFY2(e.info().reason.find("the limit is 100 MiB") != std::string::npos, e.what());
    }
    QVERIFY(m_server->bytesServed - served < (1LL << 20));
    // A server that ignores Range would send the whole weight file: refused at the cap.
    try {
        net::importHubModel(*parseHubReference("norange/tiny-GGUF:Q8_0"), settings());
        QFAIL("a server ignoring Range sent a whole weight file");
    } catch (const SourceUnavailable &e) {
        QVERIFY2(QString(e.what()).contains("whole weight files are never downloaded"), e.what());
    }
}

void TstHubImport::redirectsWithinLimits()
{
    // The CDN redirect is followed in repoEqualsLocalFolder; a loop and clear-text offsite hops are not.
    try {
        net::importHubModel(*parseHubReference("loop/model"), settings());
        QFAIL("a redirect loop ended in a model");
    } catch (const SourceUnavailable &e) {
        QVERIFY2(QString(e.what()).contains("redirects"), e.what());
    }
    try {
        net::importHubModel(*parseHubReference("offsite/model"), settings());
        QFAIL("a clear-text redirect to another host was followed");
    } catch (const SourceUnavailable &e) {
        QVERIFY2(QString(e.what()).contains("another host is followed only over HTTPS"), e.what());
    }
}

void TstHubImport::tokenSent()
{
    net::HubSettings s = settings();
    s.http.bearerToken = "hf_fixture";
    net::importHubModel(*parseHubReference("fixture/tiny-GGUF:Q8_0"), s);
    QCOMPARE(m_server->lastAuthorization(), QByteArray("Bearer hf_fixture"));
}

void TstHubImport::cliInspectsRepo()
{
    const QString cli = QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan-cli");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("MEMPLAN_HF_ENDPOINT", m_server->endpoint());
    env.insert("MEMPLAN_HF_CACHE", m_dir.filePath("cache-cli"));
    env.remove("HF_TOKEN");
    env.insert("HF_HOME", m_dir.filePath("no-hf-home"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(cli, {"inspect", "fixture/Llama-70B"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const nlohmann::json j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
    QCOMPARE(j["model"]["parameters"].get<std::uint64_t>(), 70553706496ULL);
    QCOMPARE(j["kind"].get<std::string>(), std::string("repository"));
    // A local path of the same shape wins over the hub: a folder named fixture/Llama-70B.
    p.setWorkingDirectory(m_dir.filePath("hub"));
    p.start(cli, {"inspect", "fixture/Llama-70B"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    QCOMPARE(nlohmann::json::parse(p.readAllStandardOutput().toStdString())["kind"].get<std::string>(),
             std::string("folder"));
    // Network failures exit 4 with one line.
    p.setWorkingDirectory(m_dir.path());
    p.start(cli, {"inspect", "gated/Llama-3.1-8B"});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 4);
    const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
    QVERIFY2(err.startsWith("memplan-cli: gated/Llama-3.1-8B: access denied (HTTP 401)") && !err.contains('\n'),
             qPrintable(err));
}

QTEST_GUILESS_MAIN(TstHubImport)
#include "tst_hubimport.moc"
