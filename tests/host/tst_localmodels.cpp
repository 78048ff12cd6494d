// Models already on this computer (issue 19): a fixture Hugging Face hub cache
// (snapshots of symlinks into blobs/, one partial download) and a fixture Ollama
// store (manifests naming sha256 blobs, one missing), listed with fit badges.

#include "hubfixtures.h"

#include "files/localmodels.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace memplan;

class TstLocalModels : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void findsHubCacheAndOllama();
    void findsLlamaCppDownloads();
    void cliListsWithBadges();

private:
    QString m_home;
    QTemporaryDir m_dir;
};

namespace {

// Moves every file of dir into blobs/ under a content-like name and leaves a relative
// symlink, the way huggingface_hub lays out its cache.
bool toHubLayout(const QString &snapshot, const QString &blobs)
{
    QDir().mkpath(blobs);
    int n = 0;
    for (const QFileInfo &f : QDir(snapshot).entryInfoList(QDir::Files)) {
        const QString blob = blobs + QStringLiteral("/blob%1").arg(n++);
        if (!QFile::rename(f.filePath(), blob) ||
            !QFile::link("../../blobs/" + QFileInfo(blob).fileName(), f.filePath()))
            return false;
    }
    return true;
}

} // namespace

void TstLocalModels::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_home = m_dir.filePath("home");
    const QString hub = m_home + "/.cache/huggingface/hub";
    // A complete 70B checkpoint, found through refs/main.
    const QString llama = hub + "/models--fixture--Llama-70B";
    QVERIFY(hubfixtures::writeLlama70b(llama + "/snapshots/abc123"));
    QVERIFY(toHubLayout(llama + "/snapshots/abc123", llama + "/blobs"));
    QVERIFY(hubfixtures::writeText(llama + "/refs/main", "abc123"));
    // A download cut short: shard 2's link points at a blob that is still .incomplete.
    const QString partial = hub + "/models--fixture--Partial-70B";
    QVERIFY(hubfixtures::writeLlama70b(partial + "/snapshots/def456"));
    QVERIFY(toHubLayout(partial + "/snapshots/def456", partial + "/blobs"));
    const QString shard2 = partial + "/snapshots/def456/model-00002-of-00030.safetensors";
    const QString target = QFileInfo(shard2).symLinkTarget();
    QVERIFY(QFile::rename(target, target + ".incomplete"));
    // A GGUF repository with two quantizations: one entry each.
    QVERIFY(hubfixtures::writeGgufRepo(hub + "/models--fixture--tiny-GGUF/snapshots/0001"));

    // Ollama: llama3.1:8b-like tag naming a GGUF blob, and a manifest whose blob is missing.
    const QString ollama = m_home + "/.ollama/models";
    QVERIFY(hubfixtures::writeTinyGguf(ollama + "/blobs/sha256-" + QString(64, 'a'), 15, testwriters::GgmlQ4_K));
    const auto manifest = [](const QString &digest) {
        return QByteArray::fromStdString(nlohmann::json{
            {"schemaVersion", 2},
            {"layers",
             {{{"mediaType", "application/vnd.ollama.image.model"}, {"digest", "sha256:" + digest.toStdString()}},
              {{"mediaType", "application/vnd.ollama.image.template"}, {"digest", "sha256:" + std::string(64, 'c')}}}}}
                                             .dump());
    };
    QVERIFY(hubfixtures::writeText(ollama + "/manifests/registry.ollama.ai/library/tiny/latest",
                                   manifest(QString(64, 'a'))));
    QVERIFY(
        hubfixtures::writeText(ollama + "/manifests/registry.ollama.ai/library/gone/7b", manifest(QString(64, 'b'))));

    // This computer for the badges: 64 GiB of RAM, no GPU.
    QVERIFY(hubfixtures::writeText(m_dir.filePath("root/proc/meminfo"),
                                   "MemTotal:       67108864 kB\nMemAvailable:   60000000 kB\n"));
    QVERIFY(hubfixtures::writeText(m_dir.filePath("root/proc/cpuinfo"), "processor\t: 0\nmodel name\t: Fixture CPU\n"));
}

void TstLocalModels::findsHubCacheAndOllama()
{
    LocalModelRoots roots;
    roots.huggingFace = {(m_home + "/.cache/huggingface/hub").toStdString()};
    roots.stores["ollama"] = {(m_home + "/.ollama/models").toStdString()};
    const std::vector<LocalModel> found = findLocalModels(roots);
    QStringList names;
    for (const LocalModel &m : found)
        names << QString::fromStdString(m.source + " " + m.name + (m.error.empty() ? "" : " [skipped]"));
    QCOMPARE(names, QStringList({"huggingface fixture/Llama-70B", "huggingface fixture/Partial-70B [skipped]",
                                 "huggingface fixture/tiny-GGUF:tiny-Q4_K_M.gguf",
                                 "huggingface fixture/tiny-GGUF:tiny-Q8_0.gguf", "ollama gone:7b [skipped]",
                                 "ollama tiny:latest"}));
    // Same bytes as the checkpoint read in place (tst_hubimport's 70B figure).
    QCOMPARE(found[0].model.parameters, 70553706496ULL);
    QVERIFY2(found[1].error.find("model-00002-of-00030.safetensors") != std::string::npos, found[1].error.c_str());
    QVERIFY2(found[4].error.find("missing") != std::string::npos, found[4].error.c_str());
    QCOMPARE(found[5].model.fileType, std::string("q4_k_m"));
    QCOMPARE(found[5].model.kind, std::string("gguf"));
}

void TstLocalModels::findsLlamaCppDownloads()
{
    // llama.cpp's -hf cache is flat: the GGUF files it fetched, each beside a small JSON of its
    // download (not a model). The store is read in core/runtimes/llamacpp/llamacppstore.cpp.
    const QString cache = m_dir.filePath("llamacache");
    QVERIFY(hubfixtures::writeTinyGguf(cache + "/fixture_tiny-GGUF_tiny-Q4_K_M.gguf", 15, testwriters::GgmlQ4_K));
    QVERIFY(hubfixtures::writeText(cache + "/fixture_tiny-GGUF_tiny-Q4_K_M.gguf.json", "{}"));
    LocalModelRoots roots;
    roots.stores["llama.cpp"] = {cache.toStdString()};
    const std::vector<LocalModel> found = findLocalModels(roots);
    QCOMPARE(found.size(), std::size_t(1));
    QCOMPARE(found[0].source, std::string("llama.cpp"));
    QCOMPARE(found[0].name, std::string("fixture_tiny-GGUF_tiny-Q4_K_M.gguf"));
    QVERIFY2(found[0].error.empty(), found[0].error.c_str());
    QCOMPARE(found[0].model.fileType, std::string("q4_k_m"));
    // LLAMA_CACHE names the folder, as it does for llama.cpp itself.
    qputenv("LLAMA_CACHE", cache.toUtf8());
    const LocalModelRoots fromEnv = localModelRootsFromEnvironment();
    qunsetenv("LLAMA_CACHE");
    QVERIFY(fromEnv.stores.count("llama.cpp"));
    QCOMPARE(fromEnv.stores.at("llama.cpp"), std::vector<std::string>{cache.toStdString()});
}

void TstLocalModels::cliListsWithBadges()
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *v : {"HF_HOME", "HF_HUB_CACHE", "OLLAMA_MODELS", "LLAMA_CACHE", "XDG_CACHE_HOME"})
        env.remove(v);
    env.insert("HOME", m_home);
    env.insert("MEMPLAN_HOST_ROOT", m_dir.filePath("root"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan-cli"), {"presets", "models", "--local", "--json"});
    QVERIFY(p.waitForFinished(30000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitCode(), 0);
    const nlohmann::json j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
    QCOMPARE(j["hardware"].get<std::string>(), std::string("this-computer"));
    QCOMPARE(j["models"].size(), std::size_t(4));
    // 141 GB of BF16 weights cannot fit 64 GiB of RAM; a 2-layer GGUF of a few MB does.
    QCOMPARE(j["models"][0]["name"].get<std::string>(), std::string("fixture/Llama-70B"));
    QCOMPARE(j["models"][0]["badge"].get<std::string>(), std::string("does_not_fit"));
    QCOMPARE(j["models"][3]["name"].get<std::string>(), std::string("tiny:latest"));
    QCOMPARE(j["models"][3]["badge"].get<std::string>(), std::string("fits"));
    // Skipped models are named on stderr, one line each.
    QVERIFY2(err.contains("memplan-cli: skipped huggingface model fixture/Partial-70B:"), qPrintable(err));
    QVERIFY2(err.contains("memplan-cli: skipped ollama model gone:7b:"), qPrintable(err));
}

QTEST_GUILESS_MAIN(TstLocalModels)
#include "tst_localmodels.moc"
