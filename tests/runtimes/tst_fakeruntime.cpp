// Issue 32: a runtime is a folder. tests/runtimes/fake/ holds a runtime the planner does
// not ship; registered at start-up, it runs through the CLI, the estimate JSON, the speed
// model, the cluster plan and the log reconciliation without a line changed elsewhere.
// Expected figures: the fake's own (fake/fakemodel.cpp) and the formula weights = 2 bytes
// per bf16 parameter (seed text), 8,030,261,248 parameters for Llama 3.1 8B (tst_cli).
#include "../core/testsupport.h"
#include "cli/clicommands.h"
#include "estimator.h"
#include "fake/fakemodel.h"
#include "formats/estimatejson.h"
#include "logs/logparser.h"
#include "logs/reconcile.h"
#include "runtimes/registry.h"
#include "scenario/runtimesettings.h"
#include "scenario/scenariojson.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>

using namespace memplan;
using nlohmann::json;

namespace {

const PresetCatalog &catalog()
{
    static const PresetCatalog c = [] {
        PresetCatalog out;
        out.addDirectory(MEMPLAN_SOURCE_DIR "/presets");
        std::ifstream f(MEMPLAN_SOURCE_DIR "/tests/runtimes/fake/fake.json");
        std::stringstream text;
        text << f.rdbuf();
        if (!out.addText(text.str(), "fake.json", true))
            qFatal("the fake runtime's profile did not load");
        return out;
    }();
    return c;
}

struct Run {
    int code = -1;
    std::string out, err;
};

Run run(const std::vector<std::string> &args, const std::string &stdinText = {})
{
    std::istringstream in(stdinText);
    std::ostringstream out, err;
    cli::Context ctx{catalog(), in, out, err};
    Run r;
    r.code = cli::run(args, ctx);
    r.out = out.str();
    r.err = err.str();
    return r;
}

const char *kScenario = R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b"},
  "weights":{"format":"bf16"},"workload":{"context_tokens":4096},"hardware":{"preset":"h100-sxm"},
  "runtime":{"preset":"fake","slots":3}})";

Scenario scenario()
{
    return scenarioFromJson(json::parse(kScenario));
}

} // namespace

class TstFakeRuntime : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { registerRuntime(std::make_unique<test::FakeModel>()); }

    void registeredLikeABuiltIn()
    {
        QCOMPARE(engineFromId("fake"), std::optional<Engine>(test::FakeModel::kEngine));
        QVERIFY(engineIdList().find("fake") != std::string::npos);
        QVERIFY(isRuntimeSettingKey(std::string("fake"), std::string("slots")));
        QVERIFY(!isRuntimeSettingKey(std::string("fake"), std::string("n_gpu_layers")));
        QVERIFY(catalog().runtime("fake"));
        // A second registration of the same engine is refused.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, registerRuntime(std::make_unique<test::FakeModel>()));
    }

    void cliEstimateAndItsJson()
    {
        const Run r = run({"estimate", "-"}, kScenario);
        QVERIFY2(r.code == cli::kExitOk, r.err.c_str());
        const json doc = json::parse(r.out);
        QCOMPARE(doc["engine"].get<std::string>(), std::string("fake"));
        // Its setting reached the workload, and its launch command says so.
        QCOMPARE(doc["launch_command"].get<std::string>(), std::string("fake-serve --model llama-3.1-8b --slots 3"));
        // bf16: 2 bytes per parameter, as the theory constants leave it.
        QCOMPARE(doc["model"]["parameters"].get<std::uint64_t>(), std::uint64_t(8'030'261'248ULL));
        // The document reads back with the registered engine.
        QCOMPARE(estimateFromJson(doc).engine, test::FakeModel::kEngine);
    }

    void cliTableEchoesTheRuntime()
    {
        const Run r = run({"estimate", "-", "--table"}, kScenario);
        QVERIFY2(r.code == cli::kExitOk, r.err.c_str());
        QVERIFY2(r.out.find("fake-serve ready: ") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("fake-serve --model llama-3.1-8b --slots 3") != std::string::npos, r.out.c_str());
    }

    void speedUsesItsRows()
    {
        const Estimate e = estimate(scenario(), catalog());
        QVERIFY2(e.speed.available, std::string(e.speed.reason).c_str());
        QVERIFY(!e.speed.pools.empty());
        for (const PoolTraffic &p : e.speed.pools) {
            QCOMPARE(std::string(p.backend), std::string("fakegpu"));
            QCOMPARE(p.decodeEfficiency.mid, 0.5);
            QCOMPARE(p.prefillEfficiency.mid, 0.25);
        }
    }

    void clusterUsesItsDeployment()
    {
        const Run r = run({"cluster", "-", "--nodes", "2", "--gpus-per-node", "1", "--tp", "1", "--pp", "2", "--engine",
                           "fake-cluster", "--json"},
                          kScenario);
        QVERIFY2(r.code == cli::kExitOk, r.err.c_str());
        const json doc = json::parse(r.out);
        QCOMPARE(doc["layout"]["engine"].get<std::string>(), std::string("fake-cluster"));
        QCOMPARE(doc["commands"][1]["lines"][0].get<std::string>(), std::string("fake-serve --node 1"));
    }

    void reconcileReadsItsLog()
    {
        // 8,030,261,248 × 2 bytes = 15,316 MiB (rounded), printed as the fake prints it.
        const std::string log = "fake-serve: model llama-3.1-8b\nfake-serve: weights 15316 MiB on gpu0\n";
        const MeasuredRun measured = parseRuntimeLog(log);
        QCOMPARE(measured.runtime, std::string("fake"));
        const LogScenario ls = scenarioFromLog(measured, catalog());
        QVERIFY(ls.modelIdentified);
        QCOMPARE(ls.scenario.runtime.preset, std::string("fake"));

        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("fake.log")).toStdString();
        std::ofstream(path, std::ios::binary) << log;
        const Run r = run({"reconcile", path, "--json"});
        QVERIFY2(r.code == cli::kExitOk, r.err.c_str());
        const json out = json::parse(r.out);
        QCOMPARE(out["runtime"].get<std::string>(), std::string("fake"));
        bool weights = false;
        for (const json &c : out["comparisons"])
            if (c["guest"] == "weights") {
                weights = true;
                QVERIFY(c["in_range"].get<bool>());
            }
        QVERIFY(weights);
    }
};

QTEST_GUILESS_MAIN(TstFakeRuntime)
#include "tst_fakeruntime.moc"
