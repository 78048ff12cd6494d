// memplan-cli commands called in-process: output, exit codes and error lines.
#include "cli/clicommands.h"
#include "../core/testsupport.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace memplan;

namespace {

struct Run {
    int code = 0;
    std::string out;
    std::string err;
};

Run run(const std::vector<std::string> &args, const std::string &stdinText = {})
{
    std::istringstream in(stdinText);
    std::ostringstream out;
    std::ostringstream err;
    cli::Context ctx{test::shippedCatalog(), in, out, err};
    Run r;
    r.code = cli::run(args, ctx);
    r.out = out.str();
    r.err = err.str();
    return r;
}

const char *kFits = R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b"},"weights":{"format":"q4_k_m"},
  "workload":{"context_tokens":8192},"hardware":{"preset":"rtx-4090"},"runtime":{"preset":"llama.cpp"}})";
const char *kTooBig = R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-70b"},"weights":{"format":"bf16"},
  "hardware":{"preset":"rtx-4090"},"runtime":{"preset":"theory"}})";

} // namespace

class TstCli : public QObject {
    Q_OBJECT
private slots:
    void estimatePrintsTheContract()
    {
        const Run r = run({"estimate", "-"}, kFits);
        QCOMPARE(r.code, cli::kExitOk);
        const auto doc = nlohmann::json::parse(r.out);
        QCOMPARE(doc["schema"].get<std::string>(), std::string("memplan.estimate/1"));
        QCOMPARE(doc["model"]["parameters"].get<std::uint64_t>(), std::uint64_t(8'030'261'248ULL));
        QCOMPARE(doc["model"]["kv_bytes_per_token"].get<std::uint64_t>(), std::uint64_t(131'072));
        QVERIFY(doc["kv_capacity_tokens"].get<std::uint64_t>() > 0);
        QVERIFY(doc["fits"].get<bool>());
    }
    void tableLabelsBothUnits()
    {
        const Run r = run({"estimate", "-", "--table"}, kFits);
        QCOMPARE(r.code, cli::kExitOk);
        QVERIFY(r.out.find("GiB") != std::string::npos);
        QVERIFY(r.out.find(" GB") != std::string::npos);
        QVERIFY(r.out.find("Verdict: fits") != std::string::npos);
    }
    void checkExitsThreeWhenItDoesNotFit()
    {
        QCOMPARE(run({"estimate", "-", "--check"}, kTooBig).code, cli::kExitDoesNotFit);
        QCOMPARE(run({"estimate", "-", "--check"}, kFits).code, cli::kExitOk);
    }
    void solvers()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kTooBig);
        f.close();
        const Run r = run({"solve", "min-gpus", path.toStdString()});
        QCOMPARE(r.code, cli::kExitOk);
        QCOMPARE(nlohmann::json::parse(r.out)["gpus"].get<int>(), 8); // 141 GB of bf16 weights over 24 GB cards
    }
    void speedBlockAndSpeedSolver()
    {
        // The table ends with the speed block; the JSON carries it as "speed".
        const Run t = run({"estimate", "-", "--table"}, kFits);
        QVERIFY(t.out.find("Speed (bound = physical ceiling") != std::string::npos);
        QVERIFY(t.out.find("decode per sequence") != std::string::npos);
        QVERIFY(nlohmann::json::parse(run({"estimate", "-"}, kFits).out)["speed"]["available"].get<bool>());
        // Asking each sequence for 60 tokens/s allows fewer sequences than memory alone.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kFits);
        f.close();
        const auto memory = nlohmann::json::parse(run({"solve", "max-concurrency", path.toStdString()}).out);
        const Run fast = run({"solve", "max-concurrency", path.toStdString(), "--min-tokens-per-s", "60"});
        QCOMPARE(fast.code, cli::kExitOk);
        const auto j = nlohmann::json::parse(fast.out);
        QVERIFY(j["concurrency"].get<int>() >= 1);
        QVERIFY(j["concurrency"].get<int>() < memory["concurrency"].get<int>());
        QCOMPARE(run({"solve", "max-concurrency", path.toStdString(), "--min-tokens-per-s", "fast"}).code, cli::kExitUsage);
        QCOMPARE(run({"solve", "max-context", path.toStdString(), "--min-tokens-per-s", "5"}).code, cli::kExitUsage);
    }
    void presetsListOnePerLineIdFirst()
    {
        const Run r = run({"presets", "hardware"});
        QCOMPARE(r.code, cli::kExitOk);
        QVERIFY(r.out.find("rtx-4090 ") != std::string::npos);
        QVERIFY(r.out.find("\nh100-sxm ") != std::string::npos);
    }
    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("stdinText");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing file") << QStringList{"estimate", "/nonexistent/x.json"} << QString()
                                      << "/nonexistent/x.json: cannot be opened";
        QTest::newRow("broken json") << QStringList{"estimate", "-"} << "{" << "(stdin): byte";
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << QString() << "unknown command";
        QTest::newRow("unknown solver") << QStringList{"solve", "max-speed", "-"} << QString(kFits) << "unknown solver";
        QTest::newRow("absurd slider value")
            << QStringList{"estimate", "-"}
            << R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b"},"workload":{"context_tokens":99999999999}})"
            << "workload.context_tokens: must be a whole number between 1 and 10000000";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, stdinText);
        QFETCH(QString, message);
        std::vector<std::string> a;
        for (const QString &s : args)
            a.push_back(s.toStdString());
        const Run r = run(a, stdinText.toStdString());
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
        QVERIFY(r.out.empty());
    }
};

QTEST_APPLESS_MAIN(TstCli)
#include "tst_cli.moc"
