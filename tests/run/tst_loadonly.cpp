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
        QTest::newRow("MLX: not yet") << R"({"preset": "llama-3.2-1b"})"
                                      << R"({"preset": "mlx"})"
                                      << "launch.not_supported";
        QTest::newRow("vLLM: AWQ weights whose repository is unknown") << R"({"preset": "qwen3-30b-a3b"})"
                                                                       << R"({"preset": "vllm"})"
                                                                       << "launch.not_local_file";
    }
    void refusesWhatItCannotRunHere()
    {
        QFETCH(QString, model);
        QFETCH(QString, runtime);
        QFETCH(QString, blocker);
        Scenario s = scenario(model.toStdString(), runtime.toStdString());
        if (blocker == QLatin1String("launch.not_local_file") && runtime.contains(QLatin1String("vllm")))
            s.weights.format = "awq-int4"; // no AWQ repository is known for this preset (tst_launchcommand)
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

    void pythonServersUseTheLocalCacheOnly_data()
    {
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QString>("program");
        QTest::addColumn<int>("modelArgs"); // arguments up to and including the model
        QTest::addColumn<QString>("ready");
        QTest::newRow("vLLM") << "vllm"
                              << "vllm" << 2 << "Application startup complete";
        QTest::newRow("SGLang") << "sglang"
                                << "python3" << 4 << "The server is fired up and ready to roll";
    }
    void pythonServersUseTheLocalCacheOnly()
    {
        QFETCH(QString, runtime);
        QFETCH(QString, program);
        QFETCH(int, modelArgs);
        QFETCH(QString, ready);
        // A preset names its repository: read from the Hugging Face cache, never downloaded.
        const Scenario s =
            scenario(R"({"preset": "llama-3.2-1b"})", R"({"preset": ")" + runtime.toStdString() + R"("})");
        const LoadOnlyLaunch l = planLoadOnly(s, test::shippedCatalog());
        QCOMPARE(l.blocker, std::string());
        QCOMPARE(QString::fromStdString(l.program), program);
        const std::pair<std::string, std::string> offline("HF_HUB_OFFLINE", "1");
        QVERIFY(std::find(l.environment.begin(), l.environment.end(), offline) != l.environment.end());
        QCOMPARE(QString::fromStdString(l.readyLines.at(0)), ready);
        // The model and every flag are the launch command's, then this computer's address.
        const std::string command = launchCommand(resolveScenario(s, test::shippedCatalog()));
        const auto host = std::find(l.args.begin(), l.args.end(), std::string("--host"));
        QVERIFY(host != l.args.end());
        std::string tail;
        for (auto it = l.args.begin() + modelArgs - 1; it != host; ++it)
            tail += " " + *it;
        QVERIFY2(command.ends_with(tail), (command + " | " + tail).c_str());
        QCOMPARE(l.args.at(std::size_t(modelArgs) - 1), std::string("meta-llama/Llama-3.2-1B"));
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
