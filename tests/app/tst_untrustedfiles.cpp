// Issue 35: untrusted input in the code added since issue 20 — runtime logs, calibration files,
// their writes, error text, and two answers that contradicted each other. Each case failed
// before its fix (a hang, a silent skip, a followed link, an escape sequence on the terminal,
// "fits" beside an overflow, two GPU counts for one question).
#include "../core/testsupport.h"
#include "cli/clicommands.h"
#include "clirun.h"
#include "estimator.h"
#include "files/atomicfile.h"
#include "logs/calibration.h"
#include "logs/logparser.h"
#include "logs/reconcile.h"
#include "questions/fitsearch.h"
#include "questions/solvers.h"
#include "scenario/resolve.h"
#include "scenario/scenariojson.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cerrno>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace memplan;
using nlohmann::json;

namespace {

using Run = test::CliRun;

Run run(const std::vector<std::string> &args, const PresetCatalog &catalog = test::shippedCatalog(),
        const std::string &stdinText = {}, const std::string &userPresets = {})
{
    return test::runCli(args, {stdinText, &catalog, userPresets});
}

std::string writeText(const QString &path, const std::string &text)
{
    std::ofstream(path.toStdString(), std::ios::binary) << text;
    return path.toStdString();
}

// The llm-d summary of Llama 3.1 8B on an H100 (tests/data/runtime-logs): it prints 0.13 GiB of
// non-torch memory, which --keep-overheads keeps.
std::string vllmLog()
{
    QFile f(
        QStringLiteral(MEMPLAN_SOURCE_DIR
                       "/tests/data/runtime-logs/vllm-llama-3.1-8b-bf16-h100-util0.9-maxlen16000-llmd-summary.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return json::parse(f.readAll().toStdString())["log_excerpt"].get<std::string>();
}

std::string calibrationText(const std::string &runtime, const std::string &machine)
{
    Calibration c;
    c.runtime = runtime;
    c.machine = machine;
    c.logFile = "/logs/" + runtime + ".log";
    c.workspacePerDevice = 3ULL << 30;
    return calibrationToJson(c).dump();
}

// Sets a file's modification time to `age` seconds ago.
bool age(const QString &path, int seconds)
{
    const timespec times[2] = {{time(nullptr) - seconds, 0}, {time(nullptr) - seconds, 0}};
    return ::utimensat(AT_FDCWD, QFile::encodeName(path).constData(), times, AT_SYMLINK_NOFOLLOW) == 0;
}

} // namespace

class TstUntrustedFiles : public QObject {
    Q_OBJECT
private slots:
    // `reconcile` opened a FIFO and waited forever, and read /dev/zero until memory ran out.
    void reconcileReadsRegularFilesOnly_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("fifo") << "fifo";
        QTest::newRow("/dev/zero") << "/dev/zero";
    }
    void reconcileReadsRegularFilesOnly()
    {
        QFETCH(QString, kind);
        QTemporaryDir dir;
        QString path = kind;
        if (kind == QLatin1String("fifo")) {
            path = dir.filePath(QStringLiteral("run.log"));
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        }
        QElapsedTimer t;
        t.start();
        for (const std::vector<std::string> &args :
             {std::vector<std::string>{"reconcile", path.toStdString()},
              std::vector<std::string>{"reconcile", "-", "--scenario", path.toStdString()}}) {
            const Run r = run(args, test::shippedCatalog(), vllmLog());
            QCOMPARE(r.code, cli::kExitUsage);
            QVERIFY2(r.errText().startsWith(QStringLiteral("memplan-cli: %1: is not a regular file").arg(path)),
                     r.err.c_str());
        }
        QVERIFY(t.elapsed() < 5000);
    }

    // A calibration that is a FIFO hung every start; a broken one was skipped without a word.
    void skippedCalibrationsAreNamed()
    {
        QTemporaryDir dir;
        const QString cal = dir.filePath(QStringLiteral("calibrations"));
        QVERIFY(QDir().mkpath(cal));
        QCOMPARE(::mkfifo(QFile::encodeName(cal + "/a-fifo.calibration").constData(), 0600), 0);
        writeText(cal + "/b-broken.calibration", R"({"schema": "memplan.calibration/1"})");
        writeText(cal + "/c-unknown.calibration", calibrationText("no-such-runtime", "GPU"));
        writeText(cal + "/d-long.calibration", calibrationText("vllm", std::string(300, 'M')));
        PresetCatalog catalog = test::shippedCatalog();
        QElapsedTimer t;
        t.start();
        const std::vector<std::string> problems = applyCalibrations(catalog, dir.path().toStdString());
        QVERIFY(t.elapsed() < 5000);
        QCOMPARE(problems.size(), std::size_t(4));
        QVERIFY2(problems[0].find("a-fifo.calibration: is not a regular file") != std::string::npos,
                 problems[0].c_str());
        QVERIFY2(problems[1].find("b-broken.calibration: runtime: must be a string") != std::string::npos,
                 problems[1].c_str());
        QVERIFY2(problems[2].find("runtime 'no-such-runtime' is not among the presets") != std::string::npos,
                 problems[2].c_str());
        QVERIFY2(problems[3].find("machine: is longer than 256 bytes") != std::string::npos, problems[3].c_str());
        QCOMPARE(calibrationNotices(catalog).size(), std::size_t(4));
        QVERIFY(catalog.runtime("vllm")->calibratedFrom.empty());

        // Every command that uses the presets names each skipped file once on stderr.
        const Run r =
            run({"estimate", "-"}, catalog, scenarioToJson(test::theoryScenario("llama-3.1-8b", "bf16", 4096)).dump());
        QCOMPARE(r.code, cli::kExitOk);
        QCOMPARE(r.errText().count(QStringLiteral("memplan-cli: warning: skipped calibration ")), 4);
        QVERIFY2(r.errText().contains(cal + "/a-fifo.calibration: is not a regular file"), r.err.c_str());
    }

    // A calibration in a shared --presets folder changed estimates silently; a second one for the
    // same runtime replaced the first.
    void calibrationsAreAnnounced()
    {
        QTemporaryDir mine, shared;
        QVERIFY(QDir().mkpath(mine.filePath(QStringLiteral("calibrations"))));
        QVERIFY(QDir().mkpath(shared.filePath(QStringLiteral("calibrations"))));
        const std::string minePath =
            writeText(mine.filePath(QStringLiteral("calibrations/vllm.calibration")), calibrationText("vllm", "H100"));
        writeText(shared.filePath(QStringLiteral("calibrations/vllm.calibration")), calibrationText("vllm", "A100"));
        PresetCatalog catalog = test::shippedCatalog();
        QVERIFY(applyCalibrations(catalog, mine.path().toStdString()).empty());
        const std::vector<std::string> second = applyCalibrations(catalog, shared.path().toStdString());
        QCOMPARE(second.size(), std::size_t(1));
        QVERIFY2(second[0].find("is already calibrated by " + minePath) != std::string::npos, second[0].c_str());
        QCOMPARE(catalog.runtime("vllm")->calibrationFile, minePath);

        Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 4096);
        s.runtime.preset = "vllm";
        const std::string text = scenarioToJson(s).dump();
        for (const std::vector<std::string> &args :
             {std::vector<std::string>{"estimate", "-"}, std::vector<std::string>{"solve", "max-context", "-"},
              std::vector<std::string>{"advise", "-"}}) {
            const Run r = run(args, catalog, text);
            QVERIFY2(r.code == cli::kExitOk || r.code == cli::kExitDoesNotFit, r.err.c_str());
            QVERIFY2(r.errText().contains(QStringLiteral("note: the vllm runtime's overheads are calibrated on this "
                                                         "machine (%1, measured in /logs/vllm.log)")
                                              .arg(QString::fromStdString(minePath))),
                     r.err.c_str());
        }
        // A scenario on another runtime says nothing about it.
        const Run other =
            run({"estimate", "-"}, catalog, scenarioToJson(test::theoryScenario("llama-3.1-8b", "bf16", 4096)).dump());
        QVERIFY2(!other.errText().contains(QStringLiteral("note:")), other.err.c_str());
    }

    // --keep-overheads wrote a fixed temporary name with ofstream, following a link planted there
    // onto a user file, and a failed save exited 2 without a reason.
    void keepOverheadsNeverFollowsLinks()
    {
        QTemporaryDir dir;
        const QString presets = dir.filePath(QStringLiteral("presets"));
        const QString cal = presets + "/calibrations";
        QVERIFY(QDir().mkpath(cal));
        const std::string precious = writeText(dir.filePath(QStringLiteral("precious.txt")), "keep me\n");
        QVERIFY(QFile::link(QString::fromStdString(precious), cal + "/vllm.calibration.tmp"));
        QVERIFY(QFile::link(QString::fromStdString(precious), cal + "/vllm.calibration"));
        const std::string log = writeText(dir.filePath(QStringLiteral("vllm.log")), vllmLog());

        const Run r = run({"reconcile", log, "--keep-overheads"}, test::shippedCatalog(), {}, presets.toStdString());
        QCOMPARE(r.code, cli::kExitOk);
        QFile p(QString::fromStdString(precious));
        QVERIFY(p.open(QIODevice::ReadOnly));
        QCOMPARE(p.readAll(), QByteArray("keep me\n"));
        // The program's own name now holds the calibration itself, not a link.
        const QFileInfo saved(cal + "/vllm.calibration");
        QVERIFY(!saved.isSymLink() && saved.isFile());
        PresetCatalog catalog = test::shippedCatalog();
        QVERIFY(applyCalibrations(catalog, presets.toStdString()).empty());
        QVERIFY(!catalog.runtime("vllm")->calibratedFrom.empty());

        // A full disk: exit 1, the file and the reason named, the old calibration unchanged.
        QFile before(saved.filePath());
        QVERIFY(before.open(QIODevice::ReadOnly));
        const QByteArray old = before.readAll();
        setWriteFaultHookForTesting([](WriteStep step) { return step == WriteStep::Write ? ENOSPC : 0; });
        const Run full = run({"reconcile", log, "--keep-overheads"}, test::shippedCatalog(), {}, presets.toStdString());
        setWriteFaultHookForTesting({});
        QCOMPARE(full.code, cli::kExitWriteFailed);
        QVERIFY2(full.errText().contains(saved.filePath() + ": cannot be written (No space left on device)"),
                 full.err.c_str());
        QFile after(saved.filePath());
        QVERIFY(after.open(QIODevice::ReadOnly));
        QCOMPARE(after.readAll(), old);
        // No temporary is left beside it.
        const QStringList hidden = QDir(cal).entryList(QDir::Hidden | QDir::Files | QDir::System);
        for (const QString &name : hidden)
            QVERIFY2(!name.endsWith(QLatin1String(".tmp")) || name == QLatin1String("vllm.calibration.tmp"),
                     qPrintable(name));
    }

    // kill -9 during a save left hidden temporaries behind for good.
    void staleTemporariesAreRemovedAtStart()
    {
        QTemporaryDir dir;
        const QString cal = dir.filePath(QStringLiteral("calibrations"));
        QVERIFY(QDir().mkpath(cal));
        const QString stale = cal + "/.vllm.calibration.0123456789ab.tmp";
        const QString fresh = cal + "/.vllm.calibration.ba9876543210.tmp";
        const QString foreign = cal + "/.notes.tmp";
        const QString link = cal + "/.x.calibration.aaaaaaaaaaaa.tmp";
        writeText(stale, "{");
        writeText(fresh, "{");
        writeText(foreign, "mine");
        QVERIFY(QFile::link(foreign, link));
        QVERIFY(age(stale, 3600) && age(foreign, 3600) && age(link, 3600));
        PresetCatalog catalog = test::shippedCatalog();
        applyCalibrations(catalog, dir.path().toStdString());
        QVERIFY(!QFile::exists(stale));
        QVERIFY(QFile::exists(fresh));        // a save may be under way
        QVERIFY(QFile::exists(foreign));      // not our name
        QVERIFY(QFileInfo(link).isSymLink()); // not a regular file

        // The writer does the same for the file it writes, wherever that is.
        const QString report = dir.filePath(QStringLiteral("report.json"));
        const QString left = dir.filePath(QStringLiteral(".report.json.00000000abcd.tmp"));
        writeText(left, "partial");
        QVERIFY(age(left, 3600));
        QVERIFY(writeFileAtomically(report.toStdString(), "{}").ok);
        QVERIFY(!QFile::exists(left));
    }

    // Error messages quoted escape sequences from file names and keys straight to the terminal.
    void errorsCarryNoControlCharacters()
    {
        QTemporaryDir dir;
        const std::string evil = dir.filePath(QStringLiteral("a")).toStdString() + "\x1b]0;owned\x07\x1b[2J.json";
        Run r = run({"estimate", evil});
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.err.find('\x1b') == std::string::npos && r.err.find('\x07') == std::string::npos, r.err.c_str());
        QVERIFY2(r.errText().contains(QStringLiteral("a?]0;owned??[2J.json: does not exist")), r.err.c_str());
        // A key and a value inside a scenario, and the C1 form of CSI (U+009B).
        r = run({"estimate", "-"}, test::shippedCatalog(),
                "{\"schema\":\"memplan.scenario/1\",\"model\":{\"preset\":\"x\\u001b[31m\\u009b1m\"}}");
        QCOMPARE(r.code, cli::kExitUsage);
        QVERIFY2(r.err.find('\x1b') == std::string::npos && r.err.find("\xc2\x9b") == std::string::npos, r.err.c_str());
        QVERIFY2(r.errText().contains(QStringLiteral("'x?[31m?1m'")), r.err.c_str());
    }

    // A path that is not UTF-8 reached open() mangled (QCoreApplication::arguments() decoded it).
    void pathThatIsNotUtf8()
    {
        QTemporaryDir dir;
        const QByteArray name = QFile::encodeName(dir.path()) + "/sc\xff\xfe.json";
        const std::string text = scenarioToJson(test::theoryScenario("llama-3.1-8b", "bf16", 4096)).dump();
        const int fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_EXCL, 0600);
        QVERIFY(fd >= 0);
        QCOMPARE(::write(fd, text.data(), text.size()), ssize_t(text.size()));
        ::close(fd);
        const pid_t child = ::fork();
        if (child == 0) {
            const int devnull = ::open("/dev/null", O_WRONLY);
            ::dup2(devnull, 1);
            ::execl(MEMPLAN_BINARY_DIR "/app/memplan-cli", "memplan-cli", "estimate", name.constData(),
                    (char *)nullptr);
            ::_exit(127);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        ::unlink(name.constData()); // QTemporaryDir cannot name it to remove it
        QCOMPARE(WEXITSTATUS(status), cli::kExitOk);
    }

    // `fit machines` marked unified machines "fits" while reporting an overflow: the overflow was
    // measured against the GPU-usable limit including the system share the verdict leaves out.
    void fitMachinesNeverFitsWithAnOverflow()
    {
        bool sawUnifiedFitPastUsable = false;
        for (const char *model : {"llama-3.1-8b", "qwen2.5-14b", "qwen2.5-32b", "llama-3.1-70b"})
            for (const std::uint64_t context : {4096ULL, 32768ULL, 131072ULL}) {
                Scenario s = test::theoryScenario(model, "q4_k_m", context);
                s.runtime.preset = "llama.cpp";
                for (const CandidateResult &c : fitMachines(s, test::shippedCatalog())) {
                    if (c.badge != FitBadge::DoesNotFit)
                        QVERIFY2(c.overflowBytes == 0, (c.name + " " + model).c_str());
                    if (c.kind == HardwareKind::Unified && c.badge == FitBadge::Fits)
                        for (const Pool &p : c.estimate.pools)
                            sawUnifiedFitPastUsable = sawUnifiedFitPastUsable || p.overflow() > 0;
                }
            }
        QVERIFY(sawUnifiedFitPastUsable); // the case of the issue was among them
    }

    // `solve min-gpus` skipped counts that do not divide the attention heads, while `estimate`
    // sized those counts (llama.cpp's row split only warns); and a count vLLM refuses at start-up
    // was judged with the refusals of the scenario's own count.
    void minGpusAgreesWithEstimate_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("runtime");
        QTest::addColumn<QString>("hardware");
        QTest::addColumn<QString>("split");
        // Three GPUs suffice and divide neither 64 nor 40 heads: the old search answered 4 and 4.
        QTest::newRow("llama.cpp row split, 64 heads") << "qwen2.5-72b"
                                                       << "q4_k_m"
                                                       << "llama.cpp"
                                                       << "rtx-3090"
                                                       << "tensor";
        QTest::newRow("llama.cpp row split, 40 heads") << "qwen2.5-32b"
                                                       << "bf16"
                                                       << "llama.cpp"
                                                       << "rtx-4090"
                                                       << "tensor";
        QTest::newRow("vLLM, 64 heads") << "llama-3.1-70b"
                                        << "awq-int4"
                                        << "vllm"
                                        << "rtx-4090"
                                        << "";
        QTest::newRow("vLLM, 40 heads") << "qwen2.5-32b"
                                        << "awq-int4"
                                        << "vllm"
                                        << "rtx-3090"
                                        << "";
    }
    void minGpusAgreesWithEstimate()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        QFETCH(QString, runtime);
        QFETCH(QString, hardware);
        QFETCH(QString, split);
        Scenario s = test::theoryScenario(model.toStdString(), format.toStdString(), 8192, 1, hardware.toStdString());
        s.runtime.preset = runtime.toStdString();
        s.placement.splitMode = split.toStdString();
        const std::optional<std::uint32_t> n = solveMinGpus(resolveScenario(s, test::shippedCatalog()), 16);
        QVERIFY(n);
        if (split == QLatin1String("tensor"))
            QCOMPARE(*n, 3u); // the count the old search skipped
        for (std::uint32_t m = 1; m <= *n; ++m) {
            Scenario at = s;
            at.hardware.count = m;
            const bool fits = estimate(at, test::shippedCatalog()).fits;
            QVERIFY2(fits == (m == *n), qPrintable(QStringLiteral("%1 GPUs: estimate says %2, solve says %3")
                                                       .arg(m)
                                                       .arg(fits ? "fits" : "does not fit")
                                                       .arg(*n)));
        }
    }
};

QTEST_GUILESS_MAIN(TstUntrustedFiles)
#include "tst_untrustedfiles.moc"
