// What "Try it on this computer" starts (core/run/loadonly.h, tryrun.h; issue 27): the
// plan's own llama-server command on the imported GGUF file, on this computer only, with
// the line that says the model is loaded; and the plans it refuses before starting anything
// (a preset that would be downloaded, llama-cli, runtimes that cannot be tried here).
#include "../core/testsupport.h"
#include "error.h"
#include "hubfixtures.h"
#include "questions/launchcommand.h"
#include "run/tryrun.h"
#include "scenario/resolve.h"
#include "scenario/scenariojson.h"

#include <QtTest>

#include <algorithm>

using namespace memplan;

namespace {

std::string kTinyGguf; // a two-layer llama GGUF written by initTestCase (tests/net/hubfixtures.h)

Scenario scenario(const std::string &model, const std::string &runtime)
{
    return scenarioFromText(R"({"schema": "memplan.scenario/1", "model": )" + model +
                                R"(, "workload": {"context_tokens": 4096, "concurrency": 2},
                                   "hardware": {"preset": "cpu"}, "host": {"ram_bytes": 17179869184},
                                   "runtime": )" +
                                runtime + "}",
                            "test");
}

std::string fileModel()
{
    return R"({"file": ")" + kTinyGguf + R"("})";
}

} // namespace

class TstLoadOnly : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
private slots:
    void initTestCase()
    {
        kTinyGguf = m_dir.filePath(QStringLiteral("tiny Q8_0.gguf")).toStdString(); // a space, as users' paths have
        QVERIFY(hubfixtures::writeTinyGguf(QString::fromStdString(kTinyGguf), 7, testwriters::GgmlQ8_0));
    }

    void startsThePlansOwnServerCommand()
    {
        const Scenario s = scenario(fileModel(), R"({"preset": "llama.cpp", "ctx_size": 4096, "parallel": 2,
                                                      "flash_attn": true, "cache_type_k": "q8_0"})");
        const LoadOnlyLaunch l = planLoadOnly(s, test::shippedCatalog());
        QCOMPARE(l.blocker, std::string());
        QCOMPARE(l.program, std::string("llama-server"));
        QVERIFY(l.args.size() > 4);
        QCOMPARE(l.args[0], std::string("--model"));
        QCOMPARE(l.args[1], kTinyGguf);
        // The flags after the model are exactly the launch command the window shows.
        const auto host = std::find(l.args.begin(), l.args.end(), std::string("--host"));
        QVERIFY(host != l.args.end());
        std::string flags;
        for (auto it = l.args.begin() + 2; it != host; ++it)
            flags += " " + *it;
        const std::string command = launchCommand(resolveScenario(s, test::shippedCatalog()));
        QCOMPARE(command, "llama-server -m " + kTinyGguf + flags);
        QVERIFY(flags.find("--cache-type-k q8_0") != std::string::npos);
        // Only on this computer, on a port nobody listens on.
        QCOMPARE(*(host + 1), std::string("127.0.0.1"));
        const auto port = std::find(l.args.begin(), l.args.end(), std::string("--port"));
        QVERIFY(port != l.args.end() && port + 1 != l.args.end());
        QVERIFY(std::stoi(*(port + 1)) > 0);
        QVERIFY(std::find(l.readyLines.begin(), l.readyLines.end(), "main: model loaded") != l.readyLines.end());
    }

    void refusesWhatItCannotRunHere_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QString>("blocker");
        QTest::newRow("a preset: its GGUF would be downloaded") << R"({"preset": "llama-3.2-1b"})"
                                                                << R"({"preset": "llama.cpp"})"
                                                                << "launch.not_local_file";
        QTest::newRow("llama-cli waits for a prompt")
            << QString::fromStdString(fileModel()) << R"({"preset": "llama.cpp", "program": "llama-cli"})"
            << "launch.server_only";
        QTest::newRow("Ollama pulls by its own names")
            << QString::fromStdString(fileModel()) << R"({"preset": "ollama"})"
            << "launch.not_supported";
        QTest::newRow("vLLM: not yet") << R"({"preset": "llama-3.2-1b"})"
                                       << R"({"preset": "vllm"})"
                                       << "launch.not_supported";
    }
    void refusesWhatItCannotRunHere()
    {
        QFETCH(QString, model);
        QFETCH(QString, runtime);
        QFETCH(QString, blocker);
        const Scenario s = scenario(model.toStdString(), runtime.toStdString());
        const LoadOnlyLaunch l = planLoadOnly(s, test::shippedCatalog());
        QCOMPARE(QString::fromStdString(l.blocker), blocker);
        QVERIFY(!loadOnlyBlockerEnglish(l).empty());
        // Nothing is started for a refused plan: not even a program that is there.
        TryRunOptions o;
        o.program = "/bin/true";
        const TryRun t = tryOnThisComputer(s, test::shippedCatalog(), o);
        QCOMPARE(int(t.process.end), int(ProcessEnd::NotStarted));
        QCOMPARE(t.process.problem, loadOnlyBlockerEnglish(l));
        QVERIFY(!t.reconciliation);
    }

    void aRunThatPrintsNothingReadableHasNoReconciliation()
    {
        const Scenario s = scenario(fileModel(), R"({"preset": "llama.cpp"})");
        TryRunOptions o;
        o.program = "/bin/echo"; // prints its arguments: the command, not a log
        const TryRun t = tryOnThisComputer(s, test::shippedCatalog(), o);
        QCOMPARE(int(t.process.end), int(ProcessEnd::Exited));
        QVERIFY(t.process.log.find("--model " + kTinyGguf) != std::string::npos);
        QVERIFY(!t.reconciliation);
        QCOMPARE(t.commandLine.substr(0, 18), std::string("/bin/echo --model "));
    }
};

QTEST_GUILESS_MAIN(TstLoadOnly)
#include "tst_loadonly.moc"
