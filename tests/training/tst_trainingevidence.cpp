// Published measured peaks of fine-tuning runs (tests/data/training/measured-peaks.json,
// sources cited per case) must lie inside the planner's stated range for the same
// settings. A PyTorch max_memory_allocated figure counts tensors only, so it is held
// against the GPU items without the CUDA context, allocator slack and display; an
// nvidia-smi figure against the whole GPU pool.

#include "scenario/scenariojson.h"
#include "trainingsupport.h"

#include <QFile>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace memplan;

class TstTrainingEvidence : public QObject {
    Q_OBJECT
private slots:
    void measuredPeaksInsideRange_data()
    {
        QTest::addColumn<QString>("id");
        QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/training/measured-peaks.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        m_doc = nlohmann::json::parse(f.readAll().toStdString());
        QVERIFY(m_doc["cases"].size() >= 6);
        for (const auto &c : m_doc["cases"])
            QTest::newRow(c["id"].get<std::string>().c_str()) << QString::fromStdString(c["id"].get<std::string>());
    }

    void measuredPeaksInsideRange()
    {
        QFETCH(QString, id);
        const nlohmann::json *found = nullptr;
        for (const auto &c : m_doc["cases"])
            if (c["id"].get<std::string>() == id.toStdString())
                found = &c;
        QVERIFY(found);
        const nlohmann::json &c = *found;
        QVERIFY2(c["source"].get<std::string>().rfind("https://", 0) == 0, "every case cites its source");
        const Scenario s = scenarioFromJson(c["scenario"]);
        const Estimate e = estimate(s, test::shippedCatalog());
        const bool tensorsOnly = c["measure"].get<std::string>() == "max_memory_allocated";
        Bytes mid = 0, low = 0, high = 0;
        for (const Item &it : e.items) {
            if (it.pool != 0)
                continue;
            if (tensorsOnly && (it.guest == Guest::Allocator || it.guest == Guest::System ||
                                it.label == std::string_view("CUDA context and libraries")))
                continue;
            mid += it.bytes;
            low += it.low;
            high += it.high;
        }
        const Bytes measured = c["measured_bytes"].get<Bytes>();
        std::printf("%-40s measured %6.2f GB  planner %6.2f GB [%6.2f, %6.2f]  ratio %.3f\n", id.toUtf8().constData(),
                    measured / 1e9, mid / 1e9, low / 1e9, high / 1e9, double(measured) / double(mid));
        QVERIFY2(low <= measured && measured <= high, id.toUtf8().constData());
    }

    // Published peaks collected for issue 29 (tests/data/training/published-cases.json, written
    // by tools/training-accuracy/evaluate.py from published-peaks*.json), split before any
    // modelling: each split on its own, the planner's figure for what the framework printed
    // (allocated, active, reserved or the device total) must beat the textbook sum on the same
    // rows, in the share within 15 % and in the median error. Each case prints its ratio.
    void publishedPeaksBeatTheTextbook_data()
    {
        QTest::addColumn<QString>("split");
        QTest::newRow("modelling") << QStringLiteral("modelling");
        QTest::newRow("aside") << QStringLiteral("aside");
        // Collected in the twenty-first session, after the model, by a helper who did not see
        // the planner's output (published-peaks-unseen.json); run once and left as they came.
        QTest::newRow("unseen") << QStringLiteral("unseen");
        // A second such set, collected in the twenty-second session after the first had been
        // looked at (published-peaks-unseen2.json); run once, after its mappings were committed.
        QTest::newRow("unseen2") << QStringLiteral("unseen2");
    }

    void publishedPeaksBeatTheTextbook()
    {
        QFETCH(QString, split);
        QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/training/published-cases.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const nlohmann::json doc = nlohmann::json::parse(f.readAll().toStdString());
        std::vector<double> planner, textbook;
        for (const auto &c : doc["cases"]) {
            if (c["split"].get<std::string>() != split.toStdString() || c.contains("not_stated"))
                continue;
            QVERIFY2(c["source"].get<std::string>().rfind("https://", 0) == 0, "every case cites its source");
            const Estimate e = estimate(scenarioFromJson(c["scenario"]), test::shippedCatalog());
            const std::string figure = c["figure"].get<std::string>();
            const TrainingSummary &t = e.training;
            const Bytes mine = figure == "allocated_bytes"      ? t.allocatedBytesPerGpu
                               : figure == "active_bytes"       ? t.activeBytesPerGpu
                               : figure == "reserved_bytes"     ? t.reservedBytesPerGpu
                               : figure == "device_total_bytes" ? t.deviceBytesPerGpu
                                                                : 0;
            QVERIFY2(mine > 0, figure.c_str());
            const double measured = c["measured_bytes"].get<double>();
            planner.push_back(std::abs(double(mine) / measured - 1));
            textbook.push_back(std::abs(c["textbook_bytes"].get<double>() / measured - 1));
            std::printf("%-9s %-50s measured %7.2f GiB  planner %7.2f (%+6.1f %%)\n", split.toUtf8().constData(),
                        c["id"].get<std::string>().c_str(), measured / 1073741824.0, double(mine) / 1073741824.0,
                        100 * (double(mine) / measured - 1));
        }
        QVERIFY(planner.size() >= 8);
        auto within = [](const std::vector<double> &v) {
            return std::count_if(v.begin(), v.end(), [](double x) { return x <= 0.15; });
        };
        auto median = [](std::vector<double> v) {
            std::sort(v.begin(), v.end());
            const std::size_t n = v.size();
            return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        };
        std::printf("%s: %zu rows; within 15 %%: planner %ld, textbook %ld; median error: planner %.1f %%, "
                    "textbook %.1f %%\n",
                    split.toUtf8().constData(), planner.size(), long(within(planner)), long(within(textbook)),
                    100 * median(planner), 100 * median(textbook));
        QVERIFY(within(planner) > within(textbook));
        QVERIFY(median(planner) < median(textbook));
        if (split.startsWith(QLatin1String("unseen"))) {
            // Issue 29's bar: 75 % within 15 %, median under 10 %. The first unseen set meets it
            // since the twenty-second session, after LitGPT's own head, NF4 head and softcapped
            // attention were modelled from its source (looked for because of that set's misses);
            // the second met it on its first run.
            QVERIFY(4 * within(planner) >= 3 * long(planner.size()));
            QVERIFY(median(planner) < 0.10);
        }
    }

private:
    nlohmann::json m_doc;
};

QTEST_GUILESS_MAIN(TstTrainingEvidence)
#include "tst_trainingevidence.moc"
