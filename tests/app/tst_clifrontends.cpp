// Issue 31: what a new user types first, as processes started from another folder.
// - A minimal scenario without `runtime` (the documented default, theory) estimates.
// - Every example in docs/examples/ and every estimate JSON the CLI writes estimates again, from a working directory
// that is not the source tree.
// - memplan-cli's lean front end (no Qt) and memplan-cli-full print the same bytes for the
//   same command line, and the lean one hands what it does not run to the full one.
// - The user's preset folder is the same for both (XDG path vs QStandardPaths).
#include "shippedpresets.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kCli = QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan-cli");
const QString kFull = QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan-cli-full");

struct Result {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Result start(const QString &program, const QStringList &args, const QString &workingDirectory,
             const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setWorkingDirectory(workingDirectory);
    QProcessEnvironment e = env;
    e.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    e.remove(QStringLiteral("LANG"));
    p.setProcessEnvironment(e);
    p.start(program, args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QStringList exampleFiles()
{
    QStringList files;
    // (tests/data/estimates/ holds golden fragments of estimates, not files a user opens.)
    QDirIterator it(QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples"), {QStringLiteral("*.json")}, QDir::Files);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

} // namespace

class TstCliFrontEnds : public QObject {
    Q_OBJECT
    QTemporaryDir m_elsewhere; // a working directory with nothing of the project in it

private slots:
    void initTestCase() { QVERIFY(m_elsewhere.isValid()); }

    // The compiled-in presets: each registered under its file name, each holding that id.
    void compiledInPresetsAreWhole()
    {
        const memplan::PresetCatalog c = memplan::presetdata::loadPresets({}, {});
        for (const memplan::ErrorInfo &p : c.problems())
            qWarning("%s", p.message().c_str());
        QVERIFY(c.problems().empty());
        QVERIFY(c.models().size() >= 45);
        QVERIFY(c.hardware().size() >= 50);
        QVERIFY(c.runtime("theory"));
        QVERIFY(c.model("llama-3.1-8b")); // a dot in the id, as in the file name
    }

    void minimalScenarioWithoutRuntime_data()
    {
        QTest::addColumn<QString>("program");
        QTest::newRow("memplan-cli") << kCli;
        QTest::newRow("memplan-cli-full") << kFull;
    }
    void minimalScenarioWithoutRuntime()
    {
        QFETCH(QString, program);
        QFile f(m_elsewhere.filePath(QStringLiteral("min.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"rtx-4090"}})");
        f.close();
        const Result r = start(program, {QStringLiteral("estimate"), QStringLiteral("min.json")}, m_elsewhere.path());
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.err.isEmpty());
        // The documented default runtime is the theory profile.
        QVERIFY2(r.out.contains("\"theory\""), r.out.left(400).constData());
    }

    void everyExampleEstimatesFromElsewhere_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files = exampleFiles();
        QVERIFY(files.size() >= 8);
        for (const QString &file : files)
            QTest::newRow(qPrintable(QDir(QStringLiteral(MEMPLAN_SOURCE_DIR)).relativeFilePath(file))) << file;
    }
    void everyExampleEstimatesFromElsewhere()
    {
        QFETCH(QString, file);
        const Result first = start(kCli, {QStringLiteral("estimate"), file}, m_elsewhere.path());
        QVERIFY2(first.code == 0, first.err.constData());
        // The estimate JSON it wrote is itself a file `estimate` accepts (docs/scenario-format.md).
        const QString written = m_elsewhere.filePath(QStringLiteral("written.estimate.json"));
        QFile out(written);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(first.out);
        out.close();
        const Result again = start(kCli, {QStringLiteral("estimate"), written}, QDir::rootPath());
        QVERIFY2(again.code == 0, again.err.constData());
        QCOMPARE(again.out, first.out); // the same scenario inside gives the same estimate
    }

    // Both front ends answer the same command line with the same bytes: the lean one runs the
    // same command functions over the same presets, and hands the rest over.
    void leanAndFullAgree_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString def = QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/default.scenario.json");
        const QString offload =
            QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/llama-70b-offload-4090.scenario.json");
        const QString qlora =
            QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/qlora-llama-3.1-8b-rtx4090.scenario.json");
        QTest::newRow("estimate json") << QStringList{QStringLiteral("estimate"), def};
        QTest::newRow("estimate --check over")
            << QStringList{QStringLiteral("estimate"), offload, QStringLiteral("--check")};
        QTest::newRow("estimate training") << QStringList{QStringLiteral("estimate"), qlora};
        QTest::newRow("estimate --table (handed over)")
            << QStringList{QStringLiteral("estimate"), def, QStringLiteral("--table")};
        QTest::newRow("solve max-context") << QStringList{QStringLiteral("solve"), QStringLiteral("max-context"), def};
        QTest::newRow("solve --table") << QStringList{QStringLiteral("solve"), QStringLiteral("min-gpus"), offload,
                                                      QStringLiteral("--table")};
        QTest::newRow("estimate --lang ko (handed over)") << QStringList{
            QStringLiteral("--lang"), QStringLiteral("ko"), QStringLiteral("estimate"), def, QStringLiteral("--table")};
        QTest::newRow("unknown option") << QStringList{QStringLiteral("estimate"), def, QStringLiteral("--frobnicate")};
        QTest::newRow("estimate --help") << QStringList{QStringLiteral("estimate"), QStringLiteral("--help")};
        QTest::newRow("missing file") << QStringList{QStringLiteral("estimate"), QStringLiteral("no-such-file.json")};
        QTest::newRow("presets runtimes (handed over)")
            << QStringList{QStringLiteral("presets"), QStringLiteral("runtimes")};
        QTest::newRow("--presets missing folder") << QStringList{
            QStringLiteral("--presets"), QStringLiteral("/no/such/folder"), QStringLiteral("estimate"), def};
    }
    void leanAndFullAgree()
    {
        QFETCH(QStringList, args);
        const Result lean = start(kCli, args, m_elsewhere.path());
        const Result full = start(kFull, args, m_elsewhere.path());
        QCOMPARE(lean.code, full.code);
        QCOMPARE(lean.out, full.out);
        QCOMPARE(lean.err, full.err);
        QVERIFY(!lean.out.isEmpty() || !lean.err.isEmpty());
    }

    // A user preset (the user's folder, found through XDG_DATA_HOME) is seen by both.
    void userPresetsReachBoth()
    {
        QTemporaryDir data;
        const QString presets = data.filePath(QStringLiteral("memplan/memplan/presets/hardware"));
        QVERIFY(QDir().mkpath(presets));
        // A copy of a shipped machine under another id and name.
        QFile shipped(QStringLiteral(MEMPLAN_SOURCE_DIR "/presets/hardware/rtx-4090.json"));
        QVERIFY(shipped.open(QIODevice::ReadOnly));
        QByteArray text = shipped.readAll();
        text.replace("\"id\": \"rtx-4090\"", "\"id\": \"my-box\"");
        text.replace("\"name\": \"GeForce RTX 4090\"", "\"name\": \"My box\"");
        QFile h(presets + QStringLiteral("/my-box.json"));
        QVERIFY(h.open(QIODevice::WriteOnly));
        h.write(text);
        h.close();
        QFile s(data.filePath(QStringLiteral("s.json")));
        QVERIFY(s.open(QIODevice::WriteOnly));
        s.write(R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"my-box"}})");
        s.close();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), data.path());
        const Result lean = start(kCli, {QStringLiteral("estimate"), s.fileName()}, m_elsewhere.path(), env);
        const Result full = start(kFull, {QStringLiteral("estimate"), s.fileName()}, m_elsewhere.path(), env);
        QVERIFY2(lean.code == 0, lean.err.constData());
        QCOMPARE(lean.out, full.out);
        QVERIFY(lean.out.contains("My box"));
    }

    // The lean front end finds the user's folder where QStandardPaths puts it for the window.
    void userFolderMatchesQt()
    {
        QTemporaryDir data;
        qputenv("XDG_DATA_HOME", data.path().toUtf8());
        QCoreApplication::setOrganizationName(QStringLiteral("memplan"));
        QCoreApplication::setApplicationName(QStringLiteral("memplan"));
        const QString qt =
            QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/presets");
        QCOMPARE(QString::fromStdString(memplan::presetdata::userPresetDirectoryFromEnvironment()), qt);
        qunsetenv("XDG_DATA_HOME"); // then the home folder's .local/share
        const QString qtDefault =
            QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/presets");
        QCOMPARE(QString::fromStdString(memplan::presetdata::userPresetDirectoryFromEnvironment()), qtDefault);
        qunsetenv("XDG_DATA_HOME");
    }
};

QTEST_GUILESS_MAIN(TstCliFrontEnds)
#include "tst_clifrontends.moc"
