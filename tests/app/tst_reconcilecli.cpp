// Issue 18: every committed log excerpt (tests/data/runtime-logs) reconciles through
// `memplan-cli reconcile`, with the scenario the log describes or, where the excerpt
// names no model, with one built from the case file's own fields.
#include "../core/testsupport.h"
#include "cli/clicommands.h"
#include "clirun.h"
#include "estimator.h"
#include "logs/calibration.h"
#include "logs/logparser.h"
#include "scenario/runtimesettings.h"
#include "scenario/scenariojson.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>

using namespace memplan;
using nlohmann::json;

namespace {

using Run = test::CliRun;

Run run(const std::vector<std::string> &args)
{
    return test::runCli(args);
}

std::string writeFile(const QTemporaryDir &dir, const std::string &name, const std::string &text)
{
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

/// The case file's model, format, runtime and settings as a scenario (what tst_runtimelogs sizes).
Scenario scenarioFromCase(const json &doc)
{
    Scenario s;
    s.model.preset = doc["model"];
    if (doc["weights_format"].is_string())
        s.weights.format = doc["weights_format"];
    if (const ModelPreset *m = test::shippedCatalog().model(s.model.preset); m && m->shippedFormat == s.weights.format)
        s.weights.format.clear();
    const std::string rt = doc["runtime"];
    s.runtime.preset = rt == "ollama" ? "llama.cpp" : rt;
    s.hardware.preset = "h100-sxm";
    s.host.ramBytes = 1024 * GiB;
    json settings = json::object();
    const json printed = doc.value("settings", json::object());
    for (auto &[k, v] : printed.items())
        if (isRuntimeSettingKey(s.runtime.preset, k))
            settings[k] = v;
    s.runtime.settings = settings;
    return s;
}

} // namespace

class TstReconcileCli : public QObject {
    Q_OBJECT
private slots:
    void everyExcerpt_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs"));
        for (const QString &f : dir.entryList({QStringLiteral("*.json")}))
            QTest::newRow(qPrintable(f.chopped(5))) << dir.filePath(f);
    }
    void everyExcerpt()
    {
        QFETCH(QString, path);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const json doc = json::parse(f.readAll().toStdString());
        QTemporaryDir dir;
        const std::string log = writeFile(dir, "run.log", doc["log_excerpt"].get<std::string>());
        Run r = run({"reconcile", log, "--json"});
        // Issue 27: no excerpt is refused. One that names no model shows its figures alone, every
        // one measured, with the input the plan needs; it then reconciles against the scenario its
        // case file states.
        QVERIFY2(r.code == cli::kExitOk || r.code == cli::kExitDoesNotFit, r.err.c_str());
        if (!json::parse(r.out)["planned"].get<bool>()) {
            const json alone = json::parse(r.out);
            QCOMPARE(alone["needs"].get<std::string>(), std::string("model"));
            QVERIFY(alone["fits"].is_null());
            std::size_t figures = 0, shown = 0;
            for (const json &fig : alone["measured"]["figures"])
                figures += !fig["guest"].is_null() && fig["load"] == 0 ? 1 : 0;
            for (const json &c : alone["comparisons"]) {
                QCOMPARE(c["evidence"].get<std::string>(), std::string("measured"));
                QVERIFY(!c["compared"].get<bool>());
                const std::string sources = c["sources"].get<std::string>();
                shown += std::size_t(std::count(sources.begin(), sources.end(), '+')) + 1;
            }
            QCOMPARE(shown, figures);
            if (!test::shippedCatalog().model(doc["model"].get<std::string>()))
                QSKIP("model not among the presets");
            const std::string scen = writeFile(dir, "s.json", scenarioToJson(scenarioFromCase(doc)).dump());
            r = run({"reconcile", log, "--scenario", scen, "--json"});
        }
        QVERIFY2(r.code == cli::kExitOk || r.code == cli::kExitDoesNotFit, r.err.c_str());
        const json out = json::parse(r.out);
        QCOMPARE(out["schema"].get<std::string>(), std::string("memplan.reconcile/1"));
        QCOMPARE(out["all_in_range"].get<bool>(), r.code == cli::kExitOk);
        // Every printed figure that belongs to a guest shows up in a comparison row of its pool.
        std::size_t guestFigures = 0;
        for (const json &fig : out["measured"]["figures"])
            guestFigures += !fig["guest"].is_null() && fig["load"] == 0 ? 1 : 0;
        if (guestFigures > 0 || out["measured"].contains("kv_capacity_tokens"))
            QVERIFY(!out["comparisons"].empty());
        int outside = 0;
        for (const json &c : out["comparisons"]) {
            QVERIFY(c["measured"].get<double>() >= 0);
            if (c["compared"].get<bool>() && !c["in_range"].get<bool>()) {
                ++outside;
                QVERIFY2(c.contains("cause") && !c["cause"].get<std::string>().empty(),
                         "an outside figure names a likely cause");
            }
        }
        qInfo("%s: exit %d, %d rows, %d outside", qPrintable(QFileInfo(path).baseName()), r.code,
              int(out["comparisons"].size()), outside);
    }

    void partialOffloadInRange()
    {
        // Mistral 7B v0.1, 20 of 32 layers on CUDA0, 768 cells, f16 KV (arxiv 2509.11947 log): the GPU's
        // KV buffer is 20 layers x 768 x (1024 + 1024) x 2 B = 60 MiB, which the plan states exactly.
        QFile f(QStringLiteral(
            MEMPLAN_SOURCE_DIR
            "/tests/data/runtime-logs/llamacpp-mistral-7b-v0.1-q4_k_m-ctx768-partial-offload-20of33.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const json doc = json::parse(f.readAll().toStdString());
        QTemporaryDir dir;
        const std::string log = writeFile(dir, "run.log", doc["log_excerpt"].get<std::string>());
        const Run r = run({"reconcile", log, "--json"});
        QCOMPARE(r.code, cli::kExitOk);
        const json out = json::parse(r.out);
        QCOMPARE(out["scenario"]["model"]["preset"].get<std::string>(), std::string("mistral-7b-v0.1"));
        bool seen = false;
        for (const json &c : out["comparisons"])
            if (c["pool"] == "gpu0" && c["guest"] == "kv_cache") {
                QCOMPARE(c["measured"].get<double>(), double(20ULL * 768 * 2048 * 2));
                QCOMPARE(c["planned"].get<double>(), double(20ULL * 768 * 2048 * 2));
                QVERIFY(c["in_range"].get<bool>());
                seen = true;
            }
        QVERIFY(seen);
        // The table view says the same in words, with units labelled.
        const Run t = run({"reconcile", log});
        QCOMPARE(t.code, cli::kExitOk);
        QVERIFY(t.out.find("every measured figure lies inside the planned range") != std::string::npos);
        QVERIFY(t.out.find("GiB = 2^30 bytes") != std::string::npos);
    }

    void settingTheScenarioLacksIsTheCause()
    {
        // The same log against a scenario with a 4x larger context: the KV rows fall outside and
        // name the context the log printed (n_ctx = 768).
        QFile f(QStringLiteral(
            MEMPLAN_SOURCE_DIR
            "/tests/data/runtime-logs/llamacpp-mistral-7b-v0.1-q4_k_m-ctx768-partial-offload-20of33.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        json doc = json::parse(f.readAll().toStdString());
        doc["settings"]["ctx_size"] = 3072;
        QTemporaryDir dir;
        const std::string log = writeFile(dir, "run.log", doc["log_excerpt"].get<std::string>());
        const std::string scen = writeFile(dir, "s.json", scenarioToJson(scenarioFromCase(doc)).dump());
        const Run r = run({"reconcile", log, "--scenario", scen, "--json"});
        QCOMPARE(r.code, cli::kExitDoesNotFit);
        const json out = json::parse(r.out);
        QCOMPARE(out["scenario_from"].get<std::string>(), std::string("file"));
        bool named = false;
        for (const json &c : out["comparisons"])
            if (c["guest"] == "kv_cache" && c["compared"].get<bool>()) {
                QVERIFY(!c["in_range"].get<bool>());
                named = named || c["cause"].get<std::string>().find("ctx_size = 768") != std::string::npos;
                // The same cause as an id with arguments, for programs that translate it.
                QCOMPARE(c["cause_id"].get<std::string>(), std::string("cause.setting_differs"));
                QCOMPARE(c["cause_args"], json({"ctx_size", "768", "3072"}));
            }
        QVERIFY(named);
    }

    void keepOverheadsCalibrates()
    {
        // The llm-d summary of Llama 3.1 8B on an H100 prints 0.13 GiB of non-torch memory: kept as
        // this machine's vLLM workspace, it replaces the profile's per-device constant, and the next
        // estimate of the same scenario uses it and says so.
        QFile f(QStringLiteral(
            MEMPLAN_SOURCE_DIR
            "/tests/data/runtime-logs/vllm-llama-3.1-8b-bf16-h100-util0.9-maxlen16000-llmd-summary.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const json doc = json::parse(f.readAll().toStdString());
        QTemporaryDir dir;
        const std::string log = writeFile(dir, "vllm.log", doc["log_excerpt"].get<std::string>());
        const std::string presets = dir.filePath(QStringLiteral("presets")).toStdString();

        std::istringstream in;
        std::ostringstream out, err;
        cli::Context ctx{test::shippedCatalog(), in, out, err, presets};
        QCOMPARE(cli::run({"reconcile", log, "--keep-overheads"}, ctx), cli::kExitOk);
        QVERIFY(err.str().find("kept the vllm overheads") != std::string::npos);
        const std::string saved = presets + "/calibrations/vllm.calibration";
        QVERIFY(QFile::exists(QString::fromStdString(saved)));

        PresetCatalog catalog = test::shippedCatalog();
        const RuntimeProfile before = *catalog.runtime("vllm");
        QVERIFY(applyCalibrations(catalog, presets).empty());
        const RuntimeProfile *after = catalog.runtime("vllm");
        QVERIFY(after->calibratedFrom.find("vllm.log") != std::string::npos);
        // 0.13 GiB as printed (two decimals).
        QCOMPARE(after->workspacePerDevice, Bytes(std::llround(0.13 * double(GiB))));
        QVERIFY(after->workspacePerDevice != before.workspacePerDevice);

        // The same scenario before and after: the workspace item moves by the difference of
        // the two workspace constants.
        const MeasuredRun run = parseRuntimeLog(doc["log_excerpt"].get<std::string>());
        const Scenario s = scenarioFromLog(run, test::shippedCatalog()).scenario;
        const Estimate e0 = estimate(s, test::shippedCatalog());
        const Estimate e1 = estimate(s, catalog);
        QCOMPARE(double(e1.pools[0].guest(Guest::Workspace)), double(e0.pools[0].guest(Guest::Workspace)) -
                                                                  double(before.workspacePerDevice) +
                                                                  double(after->workspacePerDevice));
        // Measured on this machine: the workspace item carries no spread any more.
        for (const Item &it : e1.items)
            if (it.pool == 0 && it.guest == Guest::Workspace)
                QCOMPARE(it.low, it.high);

        // The CLI's estimate labels the calibrated profile, in JSON and in the table.
        std::ostringstream out2, err2;
        std::istringstream scenarioIn(scenarioToJson(s).dump());
        cli::Context ctx2{catalog, scenarioIn, out2, err2, presets};
        QCOMPARE(cli::run({"estimate", "-"}, ctx2), cli::kExitOk);
        const json est = json::parse(out2.str());
        QVERIFY(est["runtime_calibration"]["calibrated"].get<bool>());
        std::istringstream scenarioIn2(scenarioToJson(s).dump());
        std::ostringstream out3;
        cli::Context ctx3{catalog, scenarioIn2, out3, err2, presets};
        QCOMPARE(cli::run({"estimate", "-", "--table"}, ctx3), cli::kExitOk);
        QVERIFY(out3.str().find("calibrated on this machine") != std::string::npos);

        // A broken calibration file is reported, the profile stays as shipped.
        std::ofstream(saved, std::ios::trunc) << "{\"schema\": \"memplan.calibration/1\"}";
        PresetCatalog fresh = test::shippedCatalog();
        const auto problems = applyCalibrations(fresh, presets);
        QCOMPARE(problems.size(), std::size_t(1));
        QVERIFY(problems[0].find("runtime") != std::string::npos);
        QVERIFY(fresh.runtime("vllm")->calibratedFrom.empty());
    }

    void badInput()
    {
        QTemporaryDir dir;
        const Run none = run({"reconcile", writeFile(dir, "x.log", "just some text\nnothing else\n")});
        QCOMPARE(none.code, cli::kExitUsage);
        QVERIFY(none.err.find("x.log") != std::string::npos);
        QVERIFY(none.err.find("recognises") != std::string::npos);
        QCOMPARE(run({"reconcile", dir.filePath("missing.log").toStdString()}).code, cli::kExitUsage);
        QCOMPARE(run({"reconcile"}).code, cli::kExitUsage);
        QCOMPARE(run({"reconcile", "a", "b"}).code, cli::kExitUsage);
    }
};

QTEST_APPLESS_MAIN(TstReconcileCli)
#include "tst_reconcilecli.moc"
