// Each training lesson's claim (presets/lessons) checked against the training engine,
// reading the lesson files themselves so a lesson edited into a wrong statement fails here.

#include "scenario/scenariojson.h"
#include "trainingsupport.h"

#include <QFile>
#include <QtTest>

using namespace memplan;

namespace {

nlohmann::json lessonDoc(const char *id)
{
    QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/presets/lessons/%1.json").arg(QLatin1String(id)));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing lesson %s", id);
    return nlohmann::json::parse(f.readAll().toStdString());
}

Estimate run(const nlohmann::json &lesson, int compare = -1)
{
    const nlohmann::json &s = compare < 0 ? lesson["scenario"] : lesson["compare"][compare]["scenario"];
    return estimate(scenarioFromJson(s), test::shippedCatalog());
}

} // namespace

class TstTrainingLessons : public QObject {
    Q_OBJECT
private slots:
    void bothLanguages()
    {
        for (const char *id : {"training-needs-more-than-weights", "lora-still-needs-the-base", "qlora-vs-lora-vs-full",
                               "zero-divides-what"}) {
            const auto l = lessonDoc(id);
            for (const char *key : {"title", "goal"}) {
                QVERIFY2(!l[key]["en"].get<std::string>().empty(), id);
                QVERIFY2(!l[key]["ko"].get<std::string>().empty(), id);
            }
        }
    }

    void trainingNeedsFarMoreThanTheWeights()
    {
        const auto l = lessonDoc("training-needs-more-than-weights");
        const Estimate full = run(l);
        // The weights (2 bytes per parameter) fit the 80 GB card; the 16-byte model states do not.
        QVERIFY(full.model.weightsBytes < full.mainPool().usableBytes / 4);
        QCOMPARE(full.training.modelStateBytesTotal, 8 * full.model.weightsBytes);
        QVERIFY(!full.fits);
        QVERIFY(run(l, 0).fits); // LoRA
        QVERIFY(run(l, 1).fits); // ZeRO-3 over 8 GPUs
    }

    void loraStillNeedsTheWholeBase()
    {
        const auto l = lessonDoc("lora-still-needs-the-base");
        const Estimate lora = run(l);
        const std::uint64_t p = lora.model.computedParameters;
        QCOMPARE(lora.training.trainableParameters, std::uint64_t(13'631'488));
        QVERIFY(lora.training.trainableParameters < p / 100);                 // "under 1 % of the parameters"
        QCOMPARE(test::itemBytes(lora, "frozen base weights"), Bytes(2 * p)); // ...but the whole base stays
        const Bytes adapterStates = test::itemBytes(lora, "trainable weights") + test::itemBytes(lora, "gradients") +
                                    test::itemBytes(lora, "master weights (fp32)") +
                                    test::itemBytes(lora, "optimizer states");
        QVERIFY(adapterStates < Bytes(300'000'000));
        QVERIFY(!lora.fits);
        QVERIFY(run(l, 0).fits); // QLoRA
    }

    void qloraBelowLoraBelowFull()
    {
        const auto l = lessonDoc("qlora-vs-lora-vs-full");
        const Estimate full = run(l), lora = run(l, 0), qlora = run(l, 1);
        QVERIFY(full.mainPool().totalBytes > lora.mainPool().totalBytes);
        QVERIFY(lora.mainPool().totalBytes > qlora.mainPool().totalBytes);
        QVERIFY(!full.fits);
        QVERIFY(qlora.fits);
        QCOMPARE(lora.training.trainableParameters, std::uint64_t(41'943'040));
    }

    void zeroDividesModelStatesNotActivations()
    {
        const auto l = lessonDoc("zero-divides-what");
        const Estimate ddp = run(l), z1 = run(l, 0), z2 = run(l, 1), z3 = run(l, 2);
        auto item = [](const Estimate &e, const char *label) { return double(test::itemBytes(e, label)); };
        QCOMPARE(item(z1, "optimizer states") * 8, item(ddp, "optimizer states"));
        QCOMPARE(item(z1, "gradients"), item(ddp, "gradients"));
        QCOMPARE(item(z2, "gradients") * 8, item(ddp, "gradients"));
        QCOMPARE(item(z2, "trainable weights"), item(ddp, "trainable weights"));
        QCOMPARE(item(z3, "trainable weights") * 8, item(ddp, "trainable weights"));
        for (const Estimate *e : {&z1, &z2, &z3})
            QCOMPARE(item(*e, "saved activations"), item(ddp, "saved activations"));
        QVERIFY(item(z3, "gathered layers (ZeRO-3/FSDP)") > 0);
        QVERIFY(!ddp.fits);
        QVERIFY(z3.fits);
    }
};

QTEST_GUILESS_MAIN(TstTrainingLessons)
#include "tst_traininglessons.moc"
