// Published measured peaks of fine-tuning runs (tests/data/training/measured-peaks.json,
// sources cited per case) must lie inside the planner's stated range for the same
// settings. A PyTorch max_memory_allocated figure counts tensors only, so it is held
// against the GPU items without the CUDA context, allocator slack and display; an
// nvidia-smi figure against the whole GPU pool.

#include "scenario/scenariojson.h"
#include "trainingsupport.h"

#include <QFile>
#include <QtTest>

#include <cstdio>

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

private:
    nlohmann::json m_doc;
};

QTEST_GUILESS_MAIN(TstTrainingEvidence)
#include "tst_trainingevidence.moc"
