// The memplan.scenario/1 contract: round trips, defaults, and errors that name the key.
#include "error.h"
#include "estimator.h"
#include "formats/estimatejson.h"
#include "scenario/scenariojson.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace memplan;

class TstScenarioJson : public QObject {
    Q_OBJECT
private slots:
    void roundTrip()
    {
        Scenario s = defaultScenario();
        s.model.config = {{"num_key_value_heads", 4}};
        s.workload.sharedPrefixTokens = 100;
        s.hardware.count = 2;
        s.host.reservedBytes = 3 * GiB;
        s.runtime.settings = {{"flash_attn", false}};
        s.placement.gpuLayerFraction = 0.625;
        s.placement.splitMode = "layer";
        QCOMPARE(scenarioFromJson(scenarioToJson(s)), s);
        QCOMPARE(scenarioFromText(scenarioToJson(s).dump(), "x.json"), s);
    }

    // A null kind reads as an absent one, so the preset defaults as if the key were missing and
    // the scenario survives being written and read again.
    void nullKindIsAbsent()
    {
        const Scenario s = scenarioFromText(
            R"({"schema":"memplan.scenario/1","model":{"preset":"a"},"hardware":{"kind":null}})", "n.json");
        QCOMPARE(s.hardware.preset, std::string("rtx-4090"));
        QCOMPARE(scenarioFromJson(scenarioToJson(s)), s);
    }

    void minimalFileGetsDefaults()
    {
        const Scenario s =
            scenarioFromText(R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b"}})", "m.json");
        QCOMPARE(s.workload.contextTokens, quint64(4096));
        QCOMPARE(s.workload.concurrency, quint64(1));
        QCOMPARE(s.runtime.preset, std::string("theory"));
        QCOMPARE(s.kvCacheDtype, std::string("f16"));
    }

    void estimateDocumentRestoresScenarioAndEstimate()
    {
        const Scenario s = defaultScenario();
        const Estimate e = estimate(s, test::shippedCatalog());
        const nlohmann::json doc = estimateToJson(e, &s);
        QCOMPARE(doc["schema"].get<std::string>(), std::string("memplan.estimate/1"));
        QVERIFY(doc["pools"][0]["guests"]["kv_cache"].is_number_unsigned());
        QCOMPARE(scenarioFromJson(doc), s);
        QCOMPARE(estimateFromJson(nlohmann::json::parse(doc.dump())), e);
    }

    void errors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << "{"
                                  << "is not valid JSON: parse error";
        QTest::newRow("newer version") << R"({"schema":"memplan.scenario/2","model":{"preset":"x"}})"
                                       << "schema: is 'memplan.scenario/2', written by a newer or unknown version";
        QTest::newRow("wrong schema") << R"({"schema":"other","model":{}})"
                                      << "schema: must be 'memplan.scenario/1'";
        QTest::newRow("unknown top-level key") << R"({"schema":"memplan.scenario/1","model":{"preset":"a"},"gpu":1})"
                                               << "gpu: is not a known key";
        QTest::newRow("unknown workload key")
            << R"({"schema":"memplan.scenario/1","model":{"preset":"a"},"workload":{"ctx":1}})"
            << "workload.ctx: is not a known key";
        QTest::newRow("zero context")
            << R"({"schema":"memplan.scenario/1","model":{"preset":"a"},"workload":{"context_tokens":0}})"
            << "workload.context_tokens: must be a whole number between 1 and 10000000";
        QTest::newRow("absurd concurrency")
            << R"({"schema":"memplan.scenario/1","model":{"preset":"a"},"workload":{"concurrency":1e9}})"
            << "workload.concurrency: must be a whole number between 1 and 100000";
        QTest::newRow("negative ram")
            << R"({"schema":"memplan.scenario/1","model":{"preset":"a"},"host":{"ram_bytes":-1}})"
            << "host.ram_bytes";
        QTest::newRow("fraction above one")
            << R"({"schema":"memplan.scenario/1","model":{"preset":"a"},"placement":{"gpu_layer_fraction":1.5}})"
            << "placement.gpu_layer_fraction: must be between 0 and 1";
        QTest::newRow("prefix longer than context")
            << R"({"schema":"memplan.scenario/1","model":{"preset":"a"},"workload":{"context_tokens":10,"shared_prefix_tokens":11}})"
            << "workload.shared_prefix_tokens: cannot exceed";
        QTest::newRow("model key that is not a config key")
            << R"({"schema":"memplan.scenario/1","model":{"preset":"a","layers":3}})"
            << "model.layers: is not a known key";
        QTest::newRow("no model") << R"({"schema":"memplan.scenario/1","model":{}})"
                                  << "model: needs";
        // An explicit empty preset or kind used to read as "none" and write back as absent, which
        // reads as the default GPU: the round trip the fuzzer checks broke (CI, fuzz_scenario).
        QTest::newRow("empty hardware preset")
            << R"({"schema":"memplan.scenario/1","model":{"preset":"a"},"hardware":{"preset":""}})"
            << "hardware.preset: is empty";
        QTest::newRow("empty hardware kind")
            << R"({"schema":"memplan.scenario/1","model":{"preset":"a"},"hardware":{"kind":""}})"
            << "hardware.kind: must be discrete_gpu, unified or cpu";
        QTest::newRow("deep nesting") << QString(100, '[') + QString(100, ']') << "nested deeper than 64 levels";
    }
    void errors()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        try {
            scenarioFromText(text.toStdString(), "f.json");
            QFAIL("expected an InputError");
        } catch (const InputError &e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
            QCOMPARE(QString::fromStdString(e.info().file), QStringLiteral("f.json"));
        }
    }
};

QTEST_APPLESS_MAIN(TstScenarioJson)
#include "tst_scenariojson.moc"
