// Guards refactoring of the engine (issue 21): the estimate of every example
// scenario, every lesson scenario, a scenario per runtime-log case and a grid
// of models x runtimes x machines must stay exactly what it was when the golden
// files in tests/data/estimates/ were written. Keys added to the estimate later
// are ignored (the `memplan.estimate/1` contract only grows); anything else that
// moves — a byte, a term, a label, a warning, an error message — fails here.
//
// A commit that changes what the engine computes on purpose regenerates them:
//   MEMPLAN_WRITE_GOLDEN=1 build/tests/core/tst_goldenestimates
// and says so in its message (tests/data/estimates/README.md).
#include "estimator.h"
#include "formats/estimatejson.h"
#include "scenario/scenariojson.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QtTest>

#include <cstdio>
#include <fstream>
#include <sstream>

using namespace memplan;
using nlohmann::json;

namespace {

const QString kDir = QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/estimates");

json readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return json();
    return json::parse(f.readAll().toStdString());
}

/// Keeps only the keys `memplan.estimate/1` had when the goldens were written; keys added
/// since are the contract's allowed growth. `guests` and `values` are kept whole.
json project(const json &e)
{
    auto keep = [](const json &o, std::initializer_list<const char *> keys) {
        json out = json::object();
        for (const char *k : keys)
            if (o.contains(k))
                out[k] = o[k];
        return out;
    };
    json out = keep(e, {"schema", "model", "kv_capacity_tokens", "kv_capacity_tokens_range", "requested_kv_tokens",
                        "context_tokens", "max_concurrency", "pools", "fits", "items", "warnings", "launch_command",
                        "engine"});
    out["model"] =
        keep(e["model"], {"id", "name", "parameters", "active_parameters", "computed_parameters", "declared_parameters",
                          "weights_bytes", "weights_evidence", "kv_bytes_per_token", "hypothetical"});
    for (json &p : out["pools"])
        p = keep(p, {"id", "name", "kind", "capacity_bytes", "usable_bytes", "guests", "total_bytes",
                     "loading_peak_bytes", "fits"});
    for (json &it : out["items"]) {
        it = keep(it, {"pool", "guest", "label", "bytes", "formula", "values", "terms", "evidence", "range_bytes"});
        for (json &t : it["terms"])
            t = keep(t, {"symbol", "value", "origin", "meaning"});
    }
    return out;
}

json estimateOf(const json &scenarioJson)
{
    try {
        const Scenario s = scenarioFromJson(scenarioJson);
        return project(estimateToJson(estimate(s, test::shippedCatalog())));
    } catch (const std::exception &ex) {
        return json{{"error", ex.what()}};
    }
}

std::string digest(const json &j)
{
    // FNV-1a over the compact text: stable across platforms, enough to spot any change.
    std::uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : j.dump())
        h = (h ^ c) * 1099511628211ULL;
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

// ---- Where the cases come from (used only when regenerating) ----

struct Case {
    std::string name;
    json scenario;
};

std::vector<Case> namedCases()
{
    std::vector<Case> cases;
    const QDir examples(QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples"));
    for (const QString &f : examples.entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name))
        cases.push_back({"example-" + f.chopped(14).toStdString(), readJson(examples.filePath(f))});
    const QDir lessons(QStringLiteral(MEMPLAN_SOURCE_DIR "/presets/lessons"));
    for (const QString &f : lessons.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const json doc = readJson(lessons.filePath(f));
        const std::string id = "lesson-" + f.chopped(5).toStdString();
        cases.push_back({id, doc["scenario"]});
        const json compare = doc.value("compare", json::array());
        for (std::size_t i = 0; i < compare.size(); ++i)
            cases.push_back({id + "-compare" + std::to_string(i), compare[i]["scenario"]});
    }
    // Each runtime-log case as a plain scenario: its model, format, runtime and printed settings.
    const QDir logs(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs"));
    for (const QString &f : logs.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const json doc = readJson(logs.filePath(f));
        const std::string runtime = doc["runtime"];
        json s = {{"schema", "memplan.scenario/1"},
                  {"model", {{"preset", doc["model"]}}},
                  {"workload", {{"context_tokens", 4096}, {"concurrency", 1}}},
                  {"hardware", {{"preset", "h100-sxm"}, {"count", 1}}},
                  {"host", {{"ram_bytes", 1024 * GiB}}},
                  {"runtime", {{"preset", runtime}}}};
        if (doc.contains("weights_format") && doc["weights_format"].is_string() &&
            findQuantFormat(doc["weights_format"].get<std::string>()))
            s["weights"] = {{"format", doc["weights_format"]}};
        const json printed = doc.value("settings", json::object());
        for (auto &[k, v] : printed.items())
            if (isRuntimeSettingKey(runtime, k))
                s["runtime"][k] = v;
        if (printed.contains("tensor_parallel_size"))
            s["hardware"]["count"] = printed["tensor_parallel_size"];
        cases.push_back({"log-" + f.chopped(5).toStdString(), s});
    }
    return cases;
}

std::vector<Case> gridCases()
{
    // Dense GQA, MHA, sliding-window hybrids (Gemma 2/3, Mistral v0.1), MoE (Mixtral, Qwen3,
    // gpt-oss with MXFP4 experts), MLA (DeepSeek-V2-Lite), a tied tiny model and a 24-layer one.
    const char *models[] = {"llama-3.1-8b",     "llama-2-7b",   "gemma-2-9b",    "gemma-3-4b",
                            "mistral-7b-v0.1",  "mixtral-8x7b", "qwen3-30b-a3b", "gpt-oss-20b",
                            "deepseek-v2-lite", "qwen2.5-0.5b", "llama-3.1-70b", "phi-3-mini-4k"};
    const char *runtimes[] = {"theory", "llama.cpp", "ollama", "vllm", "sglang", "transformers", "mlx"};
    struct Machine {
        const char *name;
        json hardware;
        json placement;
    };
    const Machine machines[] = {
        {"4090", {{"preset", "rtx-4090"}, {"count", 1}}, {{"gpu_layer_fraction", 1.0}}},
        {"4090-half-offload", {{"preset", "rtx-4090"}, {"count", 1}}, {{"gpu_layer_fraction", 0.5}}},
        {"3x4090-layer",
         {{"preset", "rtx-4090"}, {"count", 3}},
         {{"gpu_layer_fraction", 1.0}, {"split_mode", "layer"}}},
        {"2xh100-tensor",
         {{"preset", "h100-sxm"}, {"count", 2}},
         {{"gpu_layer_fraction", 1.0}, {"split_mode", "tensor"}}},
        {"m1-max", {{"preset", "m1-max-32gb"}, {"count", 1}}, {{"gpu_layer_fraction", 1.0}}},
        {"cpu", {{"preset", "cpu"}, {"count", 1}}, {{"gpu_layer_fraction", 0.0}}},
    };
    std::vector<Case> cases;
    for (const char *m : models)
        for (const char *rt : runtimes)
            for (const Machine &hw : machines) {
                json s = {
                    {"schema", "memplan.scenario/1"}, {"model", {{"preset", m}}},
                    {"kv_cache", {{"dtype", "f16"}}}, {"workload", {{"context_tokens", 8192}, {"concurrency", 4}}},
                    {"hardware", hw.hardware},        {"host", {{"ram_bytes", 64 * GiB}}},
                    {"runtime", {{"preset", rt}}},    {"placement", hw.placement}};
                cases.push_back({std::string(m) + " " + rt + " " + hw.name, s});
            }
    return cases;
}

void writeGolden()
{
    QDir().mkpath(kDir);
    for (const Case &c : namedCases()) {
        const json doc = {{"case", c.name}, {"scenario", c.scenario}, {"estimate", estimateOf(c.scenario)}};
        std::ofstream(QDir(kDir).filePath(QString::fromStdString(c.name) + QStringLiteral(".json")).toStdString())
            << doc.dump(1) << "\n";
    }
    std::ofstream grid(QDir(kDir).filePath(QStringLiteral("grid.jsonl")).toStdString());
    for (const Case &c : gridCases())
        grid << json{{"case", c.name}, {"scenario", c.scenario}, {"digest", digest(estimateOf(c.scenario))}}.dump()
             << "\n";
}

} // namespace

class TstGoldenEstimates : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (qEnvironmentVariableIsSet("MEMPLAN_WRITE_GOLDEN")) {
            writeGolden();
            qInfo("golden estimates written to %s", qPrintable(kDir));
        }
    }

    void named_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(kDir);
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 20, "the golden estimates are missing");
        for (const QString &f : files)
            QTest::newRow(qPrintable(f.chopped(5))) << dir.filePath(f);
    }
    void named()
    {
        QFETCH(QString, path);
        const json golden = readJson(path);
        const json now = estimateOf(golden["scenario"]);
        if (now != golden["estimate"]) {
            // Name the first top-level key that moved, and print both for a diff.
            std::string moved;
            for (auto &[k, v] : golden["estimate"].items())
                if (!now.contains(k) || now[k] != v) {
                    moved = k;
                    break;
                }
            qInfo("now: %s", now.dump(1).c_str());
            QFAIL(qPrintable(QStringLiteral("estimate changed at '%1'").arg(QString::fromStdString(moved))));
        }
    }

    void grid()
    {
        std::ifstream in(QDir(kDir).filePath(QStringLiteral("grid.jsonl")).toStdString());
        QVERIFY2(in, "tests/data/estimates/grid.jsonl is missing");
        std::string line;
        int n = 0;
        QStringList changed;
        while (std::getline(in, line)) {
            const json c = json::parse(line);
            ++n;
            if (digest(estimateOf(c["scenario"])) != c["digest"])
                changed << QString::fromStdString(c["case"].get<std::string>());
        }
        QVERIFY(n >= 100);
        QVERIFY2(changed.isEmpty(), qPrintable(QStringLiteral("%1 of %2 grid estimates changed: %3")
                                                   .arg(changed.size())
                                                   .arg(n)
                                                   .arg(changed.mid(0, 20).join(QStringLiteral("; ")))));
    }
};

QTEST_APPLESS_MAIN(TstGoldenEstimates)
#include "tst_goldenestimates.moc"
