// The scenario as a file, the user's preset store, the crash-recovery file and the
// derived scenario name, without any widget: what MainWindow relies on when it
// loads, saves, autosaves and names a scenario (issue 21 item 6, issue 16 item 1).

#include "document/presetstore.h"
#include "document/recoveryfile.h"
#include "document/scenariodocument.h"
#include "document/scenarioname.h"

#include "presetloader.h"
#include "scenario/catalog.h"
#include "scenario/scenariojson.h"

#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace memplan;
using namespace memplan::ui;

namespace {
QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeText(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

Scenario seventyBOnTwo3090s()
{
    Scenario s = defaultScenario();
    s.model.preset = "llama-3.1-70b";
    s.weights.format = "q4_k_m";
    s.hardware.preset = "rtx-3090";
    s.hardware.count = 2;
    return s;
}
} // namespace

class TestScenarioDocument : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_catalog = app::loadCatalog({}, false);
    }

    void startsUntitledAndClean()
    {
        ScenarioDocument doc(defaultScenario());
        QVERIFY(doc.isUntitled());
        QCOMPARE(doc.displayName(), QStringLiteral("Untitled"));
        QVERIFY(!doc.isModified(defaultScenario()));
        Scenario edited = defaultScenario();
        edited.workload.contextTokens = 32768;
        QVERIFY(doc.isModified(edited));
    }

    void saveLoadRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.scenario.json"));
        Scenario s = seventyBOnTwo3090s();
        s.name = "My typed name";
        s.workload.concurrency = 4;
        ScenarioDocument doc(defaultScenario());
        QString error;
        QVERIFY2(doc.save(path, s, &error), qPrintable(error));
        QCOMPARE(doc.path(), path);
        QVERIFY(!doc.isModified(s));
        QCOMPARE(doc.displayName(), QStringLiteral("a.scenario.json"));

        ScenarioDocument other;
        Scenario back;
        QVERIFY2(other.load(path, &back, &error), qPrintable(error));
        QCOMPARE(back, s);
        QCOMPARE(other.path(), path);
        QVERIFY(!other.isModified(s));
    }

    void corruptFileKeepsCurrentDocument_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("key");
        QTest::newRow("not json") << QByteArray("{ \"schema\": ") << QString();
        QTest::newRow("unknown key") << QByteArray(
                                            R"({"schema":"memplan.scenario/1","model":{"preset":"x"},"wrkload":{}})")
                                     << QStringLiteral("wrkload");
        QTest::newRow("no model") << QByteArray(R"({"schema":"memplan.scenario/1"})") << QStringLiteral("model");
    }

    void corruptFileKeepsCurrentDocument()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, key);
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("good.scenario.json"));
        const QString bad = dir.filePath(QStringLiteral("bad.scenario.json"));
        writeText(bad, text);
        ScenarioDocument doc;
        QString error;
        QVERIFY(doc.save(good, seventyBOnTwo3090s(), &error));
        Scenario out = defaultScenario();
        QVERIFY(!doc.load(bad, &out, &error));
        QVERIFY2(error.contains(QStringLiteral("bad.scenario.json")), qPrintable(error));
        if (!key.isEmpty())
            QVERIFY2(error.contains(key), qPrintable(error));
        QCOMPARE(doc.path(), good);
        QCOMPARE(doc.savedScenario(), seventyBOnTwo3090s());
        QCOMPARE(out, defaultScenario());
    }

    void missingKeysUseDefaults()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("small.scenario.json"));
        writeText(path, R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b"}})");
        ScenarioDocument doc;
        Scenario s;
        QString error;
        QVERIFY2(doc.load(path, &s, &error), qPrintable(error));
        Scenario expected;
        expected.model.preset = "llama-3.1-8b";
        QCOMPARE(s, expected);
    }

    void failedSaveKeepsOldFileAndState()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("keep.scenario.json"));
        ScenarioDocument doc;
        QString error;
        QVERIFY(doc.save(path, defaultScenario(), &error));
        const QByteArray before = readAll(path);
        // A folder in the way of the temporary file's rename: the write fails.
        QVERIFY(!doc.save(dir.path(), seventyBOnTwo3090s(), &error));
        QVERIFY(!error.isEmpty());
        QCOMPARE(readAll(path), before);
        QCOMPARE(doc.path(), path);
        QCOMPARE(doc.savedScenario(), defaultScenario());
    }

    void presetStoreRoundTrip()
    {
        QTemporaryDir dir;
        PresetStore store(dir.path());
        QCOMPARE(PresetStore::idForName(QStringLiteral(" My Box (2×24 GB) ")), QStringLiteral("user-my-box-2-24-gb-"));
        HardwarePreset hw = *m_catalog.hardwareById("rtx-3090");
        hw.spec.id = "user-my-box";
        hw.spec.name = "My box";
        hw.user = true;
        QString error, path;
        QVERIFY2(store.writeHardware(hw, &error, &path), qPrintable(error));
        QCOMPARE(path, dir.filePath(QStringLiteral("hardware/user-my-box.json")));
        PresetCatalog c;
        c.addDirectory(dir.path().toStdString(), true);
        const HardwarePreset *back = c.hardwareById("user-my-box");
        QVERIFY(back);
        QCOMPARE(back->spec.name, std::string("My box"));
        QCOMPARE(back->spec.capacityBytes, hw.spec.capacityBytes);

        ModelPreset m = *m_catalog.model("llama-3.1-8b");
        m.id = "user-eight";
        QVERIFY2(store.writeModel(m, &error, &path), qPrintable(error));
        c.addDirectory(dir.path().toStdString(), true);
        QVERIFY(c.model("user-eight"));
        QCOMPARE(c.model("user-eight")->arch.numHiddenLayers, m.arch.numHiddenLayers);
    }

    void presetStoreNamesFileOnFailure()
    {
        QTemporaryDir dir;
        writeText(dir.filePath(QStringLiteral("models")), "a file where the folder should be");
        QString error;
        ModelPreset m = *m_catalog.model("llama-3.1-8b");
        QVERIFY(!PresetStore(dir.path()).writeModel(m, &error));
        QVERIFY2(error.contains(QStringLiteral("models")), qPrintable(error));
    }

    void recoveryFileRoundTrip()
    {
        QTemporaryDir dir;
        RecoveryFile r(dir.filePath(QStringLiteral("sub/recovery.json")));
        QVERIFY(!r.exists());
        QVERIFY(r.write(seventyBOnTwo3090s()));
        QVERIFY(r.exists());
        Scenario back;
        QString error;
        QVERIFY2(r.read(&back, &error), qPrintable(error));
        QCOMPARE(back, seventyBOnTwo3090s());
        r.remove();
        QVERIFY(!r.exists());
    }

    void derivedNameFollowsEdits()
    {
        Scenario s = seventyBOnTwo3090s();
        QCOMPARE(derivedScenarioName(s, m_catalog), QStringLiteral("Llama 3.1 70B Q4_K_M on 2× GeForce RTX 3090"));
        // The shipped default's name follows; the next edit renames it.
        QVERIFY(nameFollowsScenario(defaultScenario(), m_catalog));
        const Scenario renamed = withFollowingName(defaultScenario(), s, m_catalog);
        QCOMPARE(QString::fromStdString(renamed.name), derivedScenarioName(s, m_catalog));
        // A typed name stays through edits.
        Scenario typed = defaultScenario();
        typed.name = "Lab box";
        Scenario next = typed;
        next.hardware.count = 2;
        QVERIFY(!nameFollowsScenario(typed, m_catalog));
        QCOMPARE(withFollowingName(typed, next, m_catalog).name, std::string("Lab box"));
        // An edit that sets a name itself keeps it.
        Scenario named = s;
        named.name = "Chosen";
        QCOMPARE(withFollowingName(defaultScenario(), named, m_catalog).name, std::string("Chosen"));
    }

private:
    PresetCatalog m_catalog;
};

QTEST_GUILESS_MAIN(TestScenarioDocument)
#include "tst_scenariodocument.moc"
