// `memplan-cli reconcile --run` (issue 27, "Try it on this computer"): the scenario's own
// llama-server command started load-only, its log captured and reconciled, in one step.
// The runtime is real: llama.cpp's libraries from the npm package node-llama-cpp, started
// through tools/llama-load (llama-server's load phase; that package ships no llama-server),
// loading a weight-less GGUF of Qwen3-0.6B's real shapes (tools/llamacpp-measure/make_gguf.py).
// Golden values: the log's own figures against the planner's, as every reconcile compares
// them; nothing is copied from an earlier run. Without the package (scripts/install-deps.sh
// --tests installs it) the run cases are skipped; the refusals are checked everywhere.
#include "../core/testsupport.h"
#include "cli/clicommands.h"
#include "clirun.h"
#include "hubfixtures.h"
#include "settingsfiles.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>
#include <sys/stat.h>

using namespace memplan;
using nlohmann::json;

namespace {

using Run = test::CliRun;

Run run(const std::vector<std::string> &args)
{
    return test::runCli(args);
}

std::string writeScenario(const QTemporaryDir &dir, const std::string &model, const std::string &runtime)
{
    const std::string path = dir.filePath(QStringLiteral("try.scenario.json")).toStdString();
    std::ofstream(path) << R"({"schema": "memplan.scenario/1", "model": )" << model
                        << R"(, "workload": {"context_tokens": 4096, "concurrency": 1},
                              "hardware": {"preset": "cpu"}, "host": {"ram_bytes": 25769803776},
                              "runtime": )"
                        << runtime << "}";
    return path;
}

} // namespace

class TstReconcileRun : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_gguf;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // no user's saved runtime paths
        QVERIFY(m_dir.isValid());
    }

    void refusesBeforeStartingAnything()
    {
        // A preset's GGUF would be downloaded: refused, naming the scenario file.
        const std::string preset = writeScenario(m_dir, R"({"preset": "qwen3-0.6b"})", R"({"preset": "llama.cpp"})");
        Run r = run({"reconcile", "--run", "--scenario", preset, "--program", "/bin/echo"});
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.err.find(preset) != std::string::npos && r.err.find("nothing is downloaded") != std::string::npos,
                 r.err.c_str());
        QVERIFY(r.err.find("starting") == std::string::npos);
        // --run needs the scenario, and takes no log file.
        r = run({"reconcile", "--run"});
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.err.find("--scenario FILE") != std::string::npos, r.err.c_str());
        r = run({"reconcile", "--run", "--scenario", preset, "some.log"});
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.err.find("some.log") != std::string::npos, r.err.c_str());
        r = run({"reconcile", "--run", "--scenario", preset, "--time-limit", "0"});
        QCOMPARE(r.code, cli::kExitUsage);
    }

    void namesAProgramThatIsNotThere()
    {
        QTemporaryDir dir;
        const QString gguf = dir.filePath(QStringLiteral("tiny.gguf"));
        QVERIFY(hubfixtures::writeTinyGguf(gguf, 7, testwriters::GgmlQ8_0));
        const std::string s =
            writeScenario(dir, R"({"file": ")" + gguf.toStdString() + R"("})", R"({"preset": "llama.cpp"})");
        Run r = run({"reconcile", "--run", "--scenario", s, "--program", "/nonexistent/llama-server"});
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.err.find("/nonexistent/llama-server") != std::string::npos &&
                     r.err.find("could not be started: is not an executable file") != std::string::npos,
                 r.err.c_str());
        r = run({"reconcile", "--run", "--scenario", s, "--program", "memplan-no-such-runtime"});
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.err.find("memplan-no-such-runtime: is not on PATH; install the runtime or pass --program PATH") !=
                     std::string::npos,
                 r.err.c_str());
    }

    void aSettingsFileThatIsAFifoIsNotRead()
    {
        // Issue 35: QSettings would block on a FIFO. Without --program the CLI looks for the path the
        // window keeps; with a FIFO there it must go on to PATH instead of hanging.
        QCoreApplication::setOrganizationName(QStringLiteral("memplan-test"));
        QCoreApplication::setApplicationName(QStringLiteral("memplan-test"));
        const QString dir =
            QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + QStringLiteral("/memplan-test");
        QVERIFY(QDir().mkpath(dir));
        const QString fifo = dir + QStringLiteral("/memplan-test.conf");
        QFile::remove(fifo);
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QCOMPARE(app::unreadableSettingsFile(), fifo);
        QTemporaryDir tmp;
        const QString gguf = tmp.filePath(QStringLiteral("tiny.gguf"));
        QVERIFY(hubfixtures::writeTinyGguf(gguf, 7, testwriters::GgmlQ8_0));
        const std::string s =
            writeScenario(tmp, R"({"file": ")" + gguf.toStdString() + R"("})", R"({"preset": "llama.cpp"})");
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", "/nonexistent"); // no llama-server is started, whatever this machine has
        const Run r = run({"reconcile", "--run", "--scenario", s});
        qputenv("PATH", path);
        QFile::remove(fifo);
        QCoreApplication::setOrganizationName(QString());
        QCoreApplication::setApplicationName(QString());
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.err.find("llama-server: is not on PATH") != std::string::npos, r.err.c_str());
    }

    void loadsAndReconcilesARealRun_data()
    {
        QTest::addColumn<QString>("settings");
        QTest::newRow("one slot, f16 cache")
            << R"("ctx_size": 4096, "parallel": 1, "batch_size": 512, "ubatch_size": 512, "flash_attn": true)";
        QTest::newRow("four slots, split q8_0 cache")
            << R"("ctx_size": 8192, "parallel": 4, "batch_size": 512, "ubatch_size": 512, "flash_attn": true,
                  "kv_unified": false, "cache_type_k": "q8_0", "cache_type_v": "q8_0")";
        QTest::newRow("two slots, no flash attention")
            << R"("ctx_size": 4096, "parallel": 2, "batch_size": 1024, "ubatch_size": 256, "flash_attn": false)";
    }
    void loadsAndReconcilesARealRun()
    {
#if !defined(MEMPLAN_LLAMA_LOAD)
        QSKIP("node-llama-cpp is not installed (scripts/install-deps.sh --tests installs it)");
#else
        if (m_gguf.empty()) {
            // Qwen3-0.6B's shapes in Q8_0, weights a sparse hole (no disk, no download).
            m_gguf = m_dir.filePath(QStringLiteral("qwen3 0.6b q8_0.gguf")).toStdString();
            QProcess make;
            make.start(QStringLiteral("python3"),
                       {QStringLiteral(MEMPLAN_SOURCE_DIR "/tools/llamacpp-measure/make_gguf.py"),
                        QStringLiteral("qwen3-0.6b"), QStringLiteral("q8_0"), QString::fromStdString(m_gguf)});
            QVERIFY(make.waitForFinished(60000));
            QVERIFY2(make.exitCode() == 0, make.readAllStandardError().constData());
        }
        QFETCH(QString, settings);
        qputenv("LLAMA_BACKEND_DIR", MEMPLAN_LLAMA_BACKEND_DIR);
        const std::string s =
            writeScenario(m_dir, R"({"file": ")" + m_gguf + R"("})",
                          R"({"preset": "llama.cpp", "version": "v0.5.0", "program": "llama-server", )" +
                              settings.toStdString() + "}");
        const std::string logPath = m_dir.filePath(QStringLiteral("run.log")).toStdString();
        const Run r = run({"reconcile", "--run", "--scenario", s, "--program", MEMPLAN_LLAMA_LOAD, "--json",
                           "--time-limit", "120", "--save-log", logPath});
        QVERIFY2(r.code == cli::kExitOk, (r.err + r.out).c_str());
        QVERIFY2(r.err.find("starting " MEMPLAN_LLAMA_LOAD " --model ") != std::string::npos, r.err.c_str());
        const json j = json::parse(r.out);
        QCOMPARE(j["planned"].get<bool>(), true);
        std::map<std::string, json> byGuest;
        for (const json &c : j["comparisons"])
            byGuest[c["guest"].get<std::string>()] = c;
        // What the libraries allocated: the model buffer, the KV cache, compute and output buffers.
        for (const char *guest : {"weights", "kv_cache", "activation"}) {
            QVERIFY2(byGuest.count(guest), guest);
            QVERIFY2(byGuest[guest]["in_range"].get<bool>(), guest);
        }
        // The log prints MiB with two decimals: up to 5,243 bytes either way.
        QVERIFY(std::abs(byGuest["weights"]["difference"].get<double>()) <= 5243);
        QVERIFY(std::abs(byGuest["kv_cache"]["difference"].get<double>()) <= 5243);
        // ggml's graph allocator, modelled (docs/formulas.md): within 1 % on these shapes.
        QVERIFY2(std::abs(byGuest["activation"]["relative"].get<double>()) < 0.01,
                 byGuest["activation"].dump().c_str());
        std::ifstream saved(logPath);
        const std::string log((std::istreambuf_iterator<char>(saved)), std::istreambuf_iterator<char>());
        QVERIFY(log.find("llama_kv_cache") != std::string::npos);
#endif
    }
};

QTEST_GUILESS_MAIN(TstReconcileRun)
#include "tst_reconcilerun.moc"
