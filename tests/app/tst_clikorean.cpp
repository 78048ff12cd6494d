// memplan-cli --lang ko for every command (issues 17 and 19): each command's text output,
// its --help and its error lines are Korean, with no English sentence left (the detector of
// tests/classroom/tst_koreanscreen: four or more English words in a row), the same exit
// code as in English, and the same numbers as the English run — a translation must never
// change a figure. JSON output stays language-neutral: byte for byte the English JSON.
// Runs the real program as a process, since --lang is the front end's (app/cli/climain.cpp).

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

namespace {

const QString kCli = QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan-cli");
const QString kExamples = QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/");

/// Four or more English words in a row: "the keys and values", "Scratch buffers the kernels".
const QRegularExpression kSentence(QStringLiteral("\\b[A-Za-z][a-z]+(?:[ ,]+[a-z][a-z]+){3,}\\b"));
/// Hangul syllables.
const QRegularExpression kHangul(QStringLiteral("[\\x{AC00}-\\x{D7A3}]"));
/// A figure: digits with separators (4,096 / 23.99 / 0.753), or three digits or more. Single
/// digits are left out: Korean word order moves "1 sequence" and "of 2" around freely.
const QRegularExpression kFigure(QStringLiteral("\\d[\\d,]*\\.\\d+|\\d{1,3}(?:,\\d{3})+|\\d{3,}"));

/// An empty home, so `presets models --local` finds only --dir and no user preset is read.
QString emptyHome()
{
    static QTemporaryDir home;
    return home.path();
}

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QStringList &args, const QString &lang)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8")); // the flag decides, not the locale
    env.insert(QStringLiteral("HOME"), emptyHome());
    for (const char *name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "HF_HOME", "HF_HUB_CACHE",
                             "OLLAMA_MODELS", "LANG", "LC_MESSAGES"})
        env.remove(QString::fromLatin1(name));
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(QStringLiteral(MEMPLAN_SOURCE_DIR));
    QStringList all = lang.isEmpty() ? QStringList() : QStringList{QStringLiteral("--lang"), lang};
    p.start(kCli, all + args);
    Run r;
    if (!p.waitForFinished(60000))
        return r;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QStringList figures(const QString &text)
{
    QStringList out;
    for (auto m = kFigure.globalMatch(text); m.hasNext();)
        out << m.next().captured();
    out.sort();
    return out;
}

/// Lines that are not prose: a launch command, a node's command line, vLLM's own two
/// start-up lines (printed as vLLM words them, so they can be compared with its log) and the
/// command words a --help lists (typed as they are, in any language).
bool verbatimLine(const QString &line)
{
    static const QRegularExpression verbatim(
        QStringLiteral("^(실행 명령: |노드 \\d+: |GPU KV cache size: |Maximum concurrency for |선택지: |솔버: )"));
    return verbatim.match(line.trimmed()).hasMatch();
}

QStringList englishSentences(const QString &text)
{
    QStringList found;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (verbatimLine(line))
            continue;
        for (auto m = kSentence.globalMatch(line); m.hasNext();)
            found << m.next().captured() + QStringLiteral("   [in: ") + line.trimmed() + QLatin1Char(']');
    }
    return found;
}

} // namespace

class TstCliKorean : public QObject {
    Q_OBJECT

private slots:
    void detectorFindsEnglish()
    {
        // The check below would pass on anything if the detector found nothing.
        QVERIFY(!englishSentences(QStringLiteral("판정: does not fit in memory")).isEmpty());
        QVERIFY(englishSentences(QStringLiteral("판정: 들어감 (GPU 0, llama.cpp v0.5.0)")).isEmpty());
        QCOMPARE(figures(QStringLiteral("a 23.99 GiB b 4,096 c 8192 d 3")), QStringList({"23.99", "4,096", "8192"}));
    }

    void textOutput_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString def = kExamples + "default.scenario.json";
        const QString offload = kExamples + "llama-70b-offload-4090.scenario.json";
        const QString qlora = kExamples + "qlora-llama-3.1-8b-rtx4090.scenario.json";
        const QString fullFt = kExamples + "full-ft-llama-3.1-8b-8xh100-zero3.scenario.json";
        QTest::newRow("estimate") << QStringList{"estimate", def, "--table"};
        QTest::newRow("estimate offload") << QStringList{"estimate", offload, "--table"};
        QTest::newRow("estimate training") << QStringList{"estimate", qlora, "--table"};
        QTest::newRow("solve max-context") << QStringList{"solve", "max-context", def, "--table"};
        QTest::newRow("solve max-concurrency at speed")
            << QStringList{"solve", "max-concurrency", def, "--min-tokens-per-s", "20", "--table"};
        QTest::newRow("solve min-gpus") << QStringList{"solve", "min-gpus", offload, "--table"};
        QTest::newRow("solve gpu-layers") << QStringList{"solve", "gpu-layers", offload, "--table"};
        QTest::newRow("solve max-micro-batch") << QStringList{"solve", "max-micro-batch", qlora, "--table"};
        QTest::newRow("presets models") << QStringList{"presets", "models"};
        QTest::newRow("presets hardware") << QStringList{"presets", "hardware"};
        QTest::newRow("presets lessons") << QStringList{"presets", "lessons"};
        QTest::newRow("formats") << QStringList{"formats"};
        QTest::newRow("advise fits") << QStringList{"advise", def, "--table"};
        QTest::newRow("advise over") << QStringList{"advise", offload, "--table"};
        QTest::newRow("advise training") << QStringList{"advise", fullFt, "--table"};
        QTest::newRow("compare") << QStringList{"compare", offload, "--hardware",
                                                "rtx-4090,rtx-3090:2,m4-max-128gb,h100-sxm", "--table"};
        QTest::newRow("fit machines") << QStringList{"fit", "machines", def, "--table"};
        QTest::newRow("fit models") << QStringList{"fit",       "models",    "--hardware", "rtx-4090", "--runtime",
                                                   "llama.cpp", "--context", "8k",         "--table"};
        QTest::newRow("cluster") << QStringList{"cluster",
                                                kExamples + "qwen3-235b-cluster.scenario.json",
                                                "--nodes",
                                                "4",
                                                "--gpus-per-node",
                                                "8",
                                                "--tp",
                                                "8",
                                                "--pp",
                                                "4",
                                                "--ep",
                                                "--table"};
        QTest::newRow("reconcile") << QStringList{"reconcile", kExamples + "llama-cpu-qwen3-0.6b.log", "--scenario",
                                                  kExamples + "llama-cpu-qwen3-0.6b.scenario.json"};
        QTest::newRow("presets models --local")
            << QStringList{"presets", "models", "--local", "--hardware", "rtx-4090", "--dir", kExamples};
    }
    void textOutput()
    {
        QFETCH(QStringList, args);
        const Run en = cli(args, QString());
        const Run ko = cli(args, QStringLiteral("ko"));
        QVERIFY2(en.code >= 0 && en.code != 2, qPrintable(en.err));
        QCOMPARE(ko.code, en.code);
        QVERIFY2(ko.out.contains(kHangul), qPrintable(ko.out));
        const QStringList english = englishSentences(ko.out + ko.err);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
        // Lesson titles are written in each language by the lesson's author; all else is one text.
        if (QTest::currentDataTag() != QByteArray("presets lessons"))
            QCOMPARE(figures(ko.out), figures(en.out));
    }

    void everyHelpIsKorean()
    {
        const QStringList commands{"estimate", "solve", "presets", "formats",       "inspect",   "advise",
                                   "compare",  "fit",   "cluster", "this-computer", "reconcile", "completions"};
        for (const QString &c : commands) {
            const Run ko = cli({c, "--help"}, QStringLiteral("ko"));
            QCOMPARE(ko.code, 0);
            QVERIFY2(ko.out.startsWith("사용법: memplan-cli " + c), qPrintable(ko.out));
            QVERIFY2(ko.out.contains(kHangul), qPrintable(ko.out));
            const QStringList english = englishSentences(ko.out);
            QVERIFY2(english.isEmpty(), qPrintable(c + ":\n" + english.join(QLatin1Char('\n'))));
            // English stays English.
            QVERIFY(cli({c, "--help"}, QString()).out.startsWith("usage: memplan-cli " + c));
        }
        const Run top = cli({"--help"}, QStringLiteral("ko"));
        QCOMPARE(top.code, 0);
        QVERIFY(top.out.startsWith("사용법: memplan-cli"));
        QVERIFY2(englishSentences(top.out).isEmpty(), qPrintable(englishSentences(top.out).join('\n')));
    }

    void errorsAreKorean_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("keeps"); ///< the key or file name the message must still name
        const QString def = kExamples + "default.scenario.json";
        QTest::newRow("missing file") << QStringList{"estimate", "no-such.json", "--table"} << "no-such.json";
        QTest::newRow("unknown option") << QStringList{"estimate", def, "--tabel"} << "--tabel";
        QTest::newRow("bad context") << QStringList{"fit", "models", "--hardware", "rtx-4090", "--context", "lots"}
                                     << "--context";
        QTest::newRow("unknown solver") << QStringList{"solve", "max-speed", def} << "max-speed";
        QTest::newRow("unknown command") << QStringList{"estimat"} << "estimat";
        QTest::newRow("inspect nothing") << QStringList{"inspect", "/nonexistent/model.gguf"} << "model.gguf";
        QTest::newRow("reconcile no log") << QStringList{"reconcile", def} << "default.scenario.json";
    }
    void errorsAreKorean()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, keeps);
        const Run en = cli(args, QString());
        const Run ko = cli(args, QStringLiteral("ko"));
        QCOMPARE(ko.code, en.code);
        QVERIFY2(ko.code != 0, qPrintable(ko.out));
        // The first line is the error; an unknown command adds the usage after it.
        const QString line = ko.err.section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(line.startsWith("memplan-cli: "), qPrintable(ko.err));
        QVERIFY2(line.contains(kHangul), qPrintable(line));
        QVERIFY2(line.contains(keeps), qPrintable(line));
        const QStringList english = englishSentences(ko.err);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
    }

    void jsonStaysNeutral()
    {
        const QString def = kExamples + "default.scenario.json";
        for (const QStringList &args :
             {QStringList{"estimate", def}, QStringList{"solve", "max-context", def}, QStringList{"advise", def},
              QStringList{"fit", "machines", def}, QStringList{"inspect", kExamples + "llama-3.1-8b/config.json"}}) {
            const Run en = cli(args, QString());
            const Run ko = cli(args, QStringLiteral("ko"));
            QCOMPARE(en.code, 0);
            QCOMPARE(ko.out, en.out);
        }
    }

    void flagBeatsLocaleAndLocaleApplies()
    {
        const QString def = kExamples + "default.scenario.json";
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("LC_ALL"));
        env.remove(QStringLiteral("LC_MESSAGES"));
        env.insert(QStringLiteral("LANG"), QStringLiteral("ko_KR.UTF-8"));
        p.setProcessEnvironment(env);
        p.start(kCli, {"solve", "max-context", def, "--table"});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY(QString::fromUtf8(p.readAllStandardOutput()).contains(kHangul));
        p.start(kCli, {"--lang", "en", "solve", "max-context", def, "--table"});
        QVERIFY(p.waitForFinished(60000));
        QVERIFY(!QString::fromUtf8(p.readAllStandardOutput()).contains(kHangul));
        const Run bad = cli({"formats"}, QStringLiteral("fr"));
        QCOMPARE(bad.code, 2);
        QVERIFY(bad.err.contains("--lang"));
    }
};

QTEST_GUILESS_MAIN(TstCliKorean)
#include "tst_clikorean.moc"
