// Issue 18 in core: what a reconciled log measured, laid over an estimate for the window's
// chart and table (core/logs/measuredoverlay), and the likely cause of a difference as an id
// with arguments (so a translated UI never shows core's English sentence).
#include "logs/logparser.h"
#include "logs/measuredoverlay.h"
#include "logs/reconcile.h"

#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTest>

using namespace memplan;

namespace {
std::string excerpt(const char *caseFile)
{
    QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs/") + QLatin1String(caseFile));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(f.readAll().toStdString())["log_excerpt"].get<std::string>();
}
} // namespace

class TstMeasuredOverlay : public QObject {
    Q_OBJECT
private slots:
    void stacksMeasuredGuestsPerPool()
    {
        // Mistral 7B, 20 of 33 layers on the GPU (llama.cpp): the log prints weights, KV and
        // compute buffers for CUDA0 and the host.
        const MeasuredRun run =
            parseRuntimeLog(excerpt("llamacpp-mistral-7b-v0.1-q4_k_m-ctx768-partial-offload-20of33.json"));
        const LogScenario ls = scenarioFromLog(run, test::shippedCatalog());
        QVERIFY(ls.modelIdentified);
        const Reconciliation r = reconcile(run, ls.scenario, test::shippedCatalog(), false);
        const MeasuredOverlay o = measuredOverlay(r, r.estimate, "run.log");
        QCOMPARE(o.runtime, std::string("llama.cpp"));
        QCOMPARE(o.origin, std::string("run.log"));
        QVERIFY(o.bars.size() >= 2);
        for (const MeasuredBar &b : o.bars) {
            // Stacked in guest order from zero; the top is the sum of the compared figures.
            double sum = 0;
            std::size_t lastGuest = 0;
            for (const MeasuredSegment &s : b.segments) {
                QVERIFY(s.guest.has_value());
                QVERIFY(guestIndex(*s.guest) >= lastGuest);
                lastGuest = guestIndex(*s.guest);
                if (!s.compared)
                    continue;
                QCOMPARE(s.base, sum);
                sum += s.bytes;
            }
            QCOMPARE(b.top, sum);
        }
        // Every compared byte figure of the reconciliation is in the overlay, with its own value.
        for (const Comparison &c : r.comparisons) {
            if (c.unit != "bytes")
                continue;
            const MeasuredSegment *s = o.find(c.pool, *guestFromId(c.guest));
            QVERIFY(s);
            QCOMPARE(s->bytes, c.measured);
            QCOMPARE(s->inRange, c.inRange);
        }
        QVERIFY(o.maxTop() > 0);

        // Laid over an estimate without a host pool, the host's figures are dropped.
        Estimate gpuOnly = r.estimate;
        gpuOnly.pools.resize(1);
        const MeasuredOverlay g = measuredOverlay(r, gpuOnly, "run.log");
        QCOMPARE(g.bars.size(), std::size_t(1));
        QCOMPARE(g.bars[0].pool, std::size_t(0));
    }

    void causesCarryIdsAndArguments()
    {
        // Qwen2.5 32B on two GPUs with -ts 10,6: the KV rows lie outside the even split the plan
        // assumes, and the cause names the setting as an id with the setting and its value.
        const MeasuredRun run =
            parseRuntimeLog(excerpt("llamacpp-qwen2.5-32b-q8_0-kv-q8_0-ctx32768-ub256-fa-on-2gpu.json"));
        const LogScenario ls = scenarioFromLog(run, test::shippedCatalog());
        const Reconciliation r = reconcile(run, ls.scenario, test::shippedCatalog(), false);
        int named = 0;
        for (const Comparison &c : r.comparisons) {
            if (c.cause.empty())
                continue;
            QVERIFY2(!c.causeId.empty(), c.cause.c_str());
            if (c.guest == "kv_cache") {
                QVERIFY(c.causeId == "cause.setting_missing" || c.causeId == "cause.setting_differs");
                QCOMPARE(c.causeArgs.at(0), std::string("tensor_split"));
                QVERIFY(c.cause.find(c.causeArgs.at(1)) != std::string::npos);
                ++named;
            }
        }
        QCOMPARE(named, 2);
        const nlohmann::json j = reconciliationToJson(r);
        bool inJson = false;
        for (const auto &row : j["comparisons"])
            inJson = inJson || (row.contains("cause_id") && row["cause_args"].is_array());
        QVERIFY(inJson);
    }
};

QTEST_MAIN(TstMeasuredOverlay)
#include "tst_measuredoverlay.moc"
