// memplan-cli on the odd inputs of issue 20 and issue 16 item 17: every refusal is
// one line naming the file and the key, exit 2, and never a hang.
#include "../core/testsupport.h"
#include "../import/modelfilewriters.h"
#include "cli/clicommands.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>
#include <sys/stat.h>

using namespace memplan;

namespace {

struct Run {
    int code = 0;
    std::string out;
    std::string err;
    QString errText() const { return QString::fromStdString(err); }
};

Run run(const std::vector<std::string> &args, const std::string &stdinText = {},
        const PresetCatalog &catalog = test::shippedCatalog())
{
    std::istringstream in(stdinText);
    std::ostringstream out, err;
    cli::Context ctx{catalog, in, out, err};
    Run r;
    r.code = cli::run(args, ctx);
    r.out = out.str();
    r.err = err.str();
    return r;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

std::string scenarioWith(const std::string &model, const std::string &extra = {})
{
    return R"({"schema":"memplan.scenario/1","model":)" + model + extra + "}";
}

} // namespace

class TstCliHostile : public QObject {
    Q_OBJECT
private slots:
    // Issue 16 item 17: `presets lessons` threw on the {en, ko} title after one line.
    void presetsLessonsListsEveryLesson()
    {
        const Run r = run({"presets", "lessons"});
        QCOMPARE(r.code, cli::kExitOk);
        const auto lines = QString::fromStdString(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(std::size_t(lines.size()), test::shippedCatalog().lessons().size());
        QVERIFY(lines.size() > 1);
        QVERIFY2(r.out.find("weights-are-not-the-need  ") != std::string::npos, r.out.c_str());
        QVERIFY(!lines.front().endsWith(QLatin1String("  "))); // a title follows the id
    }

    // Items 4, 5, 14: the type of the file is checked before it is opened.
    void scenarioThatIsNotARegularFile_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("fifo") << "fifo"
                              << "is not a regular file (a FIFO, socket or device)";
        QTest::newRow("/dev/zero") << "/dev/zero"
                                   << "is not a regular file (a FIFO, socket or device)";
        QTest::newRow("folder") << "folder"
                                << "is a folder, not a file";
        QTest::newRow("symlink loop") << "loop"
                                      << "cannot be opened (Too many levels of symbolic links)";
        QTest::newRow("missing") << "missing"
                                 << "does not exist";
    }
    void scenarioThatIsNotARegularFile()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QString path = dir.filePath(QStringLiteral("s.json"));
        if (kind == QLatin1String("fifo"))
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        else if (kind == QLatin1String("/dev/zero"))
            path = kind;
        else if (kind == QLatin1String("folder"))
            QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("s.json")));
        else if (kind == QLatin1String("loop")) {
            QVERIFY(QFile::link(dir.filePath(QStringLiteral("t.json")), path));
            QVERIFY(QFile::link(path, dir.filePath(QStringLiteral("t.json"))));
        }
        for (const char *cmd : {"estimate", "inspect"}) {
            if (std::string(cmd) == "inspect" && kind == QLatin1String("folder"))
                continue; // a folder is a valid model to inspect
            QElapsedTimer t;
            t.start();
            const Run r = run({cmd, path.toStdString()});
            QVERIFY(t.elapsed() < 5000);
            QCOMPARE(r.code, cli::kExitUsage);
            QVERIFY2(r.errText().startsWith(QStringLiteral("memplan-cli: %1: %2").arg(path, expected)), r.err.c_str());
            QCOMPARE(r.errText().count(QLatin1Char('\n')), 1);
        }
    }

    // Item 5: standard input is capped too.
    void stdinIsCapped()
    {
        const Run r = run({"estimate", "-"}, std::string((16u << 20) + 1, ' '));
        QCOMPARE(r.code, cli::kExitUsage);
        QCOMPARE(r.errText(), QStringLiteral("memplan-cli: (stdin): is larger than 16 MiB\n"));
    }

    // Item 8: nlohmann's out_of_range.406 text leaked without file and key.
    void hugeNumberNamesTheKey()
    {
        const Run r = run({"estimate", "-"},
                          scenarioWith(R"({"preset":"llama-3.1-8b"})", R"(,"workload":{"context_tokens":1e400})"));
        QCOMPARE(r.code, cli::kExitUsage);
        QCOMPARE(r.errText(),
                 QStringLiteral("memplan-cli: (stdin): workload.context_tokens: is a number too large to represent\n"));
    }

    // Item 17: a key given twice was silently "last one wins".
    void duplicateScenarioKey()
    {
        const Run r = run({"estimate", "-"}, scenarioWith(R"({"preset":"llama-3.1-8b"})",
                                                          R"(,"workload":{"concurrency":1,"concurrency":64})"));
        QCOMPARE(r.code, cli::kExitUsage);
        QCOMPARE(r.errText(), QStringLiteral("memplan-cli: (stdin): workload.concurrency: appears twice in the same "
                                             "object (each key may be given once)\n"));
    }

    void zeroKvHeadsAndAbsurdExperts()
    {
        Run r = run({"estimate", "-"}, scenarioWith(R"({"preset":"llama-3.1-8b","num_key_value_heads":0})"));
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.errText().contains(QStringLiteral("model.num_key_value_heads: must be at least 1")), r.err.c_str());
        r = run({"estimate", "-"}, scenarioWith(R"({"preset":"mixtral-8x7b","num_local_experts":2147483648})"));
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.errText().contains(QStringLiteral("at most 4096 experts")), r.err.c_str());
    }

    // Item 15: a CPU machine has no GPUs to count.
    void minGpusOnACpu()
    {
        const Run r = run({"solve", "min-gpus", "-"},
                          scenarioWith(R"({"preset":"llama-3.1-8b"})",
                                       R"(,"hardware":{"preset":"cpu"},"runtime":{"preset":"llama.cpp"})"));
        QCOMPARE(r.code, cli::kExitOk);
        const auto doc = nlohmann::json::parse(r.out);
        QCOMPARE(doc["found"].get<bool>(), false);
        QVERIFY(doc["gpus"].is_null());
        QVERIFY2(doc["answer"].get<std::string>().find("no GPU") != std::string::npos, r.out.c_str());
    }

    // Item 6 and issue 16 item 17: model.file is found beside the scenario, and an
    // error inside it names the model file and the key that pointed to it.
    void modelFileBesideTheScenario()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("sub")));
        const QString scenario = dir.filePath(QStringLiteral("sub/sc.json"));
        const QString model = dir.filePath(QStringLiteral("sub/m.gguf"));
        testwriters::GgufWriter w;
        w.kvString("general.architecture", "llama");
        w.tensorAt("a.weight", {32, 4}, testwriters::GgmlF32, 0)
            .tensorAt("b.weight", {32, 4}, testwriters::GgmlF32, 256);
        QVERIFY(w.write(model));
        QVERIFY(writeFile(scenario, QByteArray::fromStdString(scenarioWith(R"({"file":"m.gguf"})"))));
        // The current directory is not the scenario's folder.
        const QString old = QDir::currentPath();
        QVERIFY(QDir::setCurrent(QDir::tempPath()));
        const Run r = run({"estimate", scenario.toStdString()});
        QDir::setCurrent(old);
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.errText().startsWith(QStringLiteral("memplan-cli: ") + model + QStringLiteral(": offset ")),
                 r.err.c_str());
        QVERIFY2(r.errText().contains(QStringLiteral("overlap")), r.err.c_str());
        QVERIFY2(r.errText().contains(QStringLiteral("(named by model.file in ") + scenario + QStringLiteral(")")),
                 r.err.c_str());

        // An unreadable (here: missing) model file is named as such, not the scenario.
        QVERIFY(QFile::remove(model));
        const Run missing = run({"estimate", scenario.toStdString()});
        QCOMPARE(missing.errText(),
                 QStringLiteral("memplan-cli: %1: does not exist (named by model.file in %2)\n").arg(model, scenario));
    }

    // Items 3 and 12: user presets that clash or break are named.
    void userPresetProblemsNameTheFile()
    {
        QTemporaryDir dir;
        const QByteArray preset =
            R"({"schema":"memplan.hardware-preset/1","id":"my-gpu","name":"NAME","kind":"discrete_gpu",
                                      "capacity_bytes":25769803776})";
        QVERIFY(writeFile(dir.filePath(QStringLiteral("a.json")), QByteArray(preset).replace("NAME", "first")));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("b.json")), QByteArray(preset).replace("NAME", "second")));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("c.json")),
                          R"({"schema":"memplan.model-preset/1","id":"my-model","config":{"hidden_size":1}})"));
        PresetCatalog catalog = test::shippedCatalog();
        catalog.addDirectory(dir.path().toStdString(), true);
        QCOMPARE(catalog.hardwareById("my-gpu")->spec.name, std::string("first")); // docs/presets.md: first file wins
        bool reported = false;
        for (const ErrorInfo &p : catalog.problems())
            reported = reported ||
                       (p.file == dir.filePath(QStringLiteral("b.json")).toStdString() &&
                        p.reason.find("already defined by " + dir.filePath(QStringLiteral("a.json")).toStdString()) !=
                            std::string::npos);
        QVERIFY(reported);

        const Run r = run({"estimate", "-"}, scenarioWith(R"({"preset":"my-model"})"), catalog);
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.errText().contains(QStringLiteral("'my-model' is not a known model preset (preset files skipped: ")),
                 r.err.c_str());
        QVERIFY2(r.errText().contains(dir.filePath(QStringLiteral("c.json"))), r.err.c_str());
    }
};

QTEST_APPLESS_MAIN(TstCliHostile)
#include "tst_clihostile.moc"
