// The programs as processes (issue 20 items 10, 11 and 13): what a script or a
// user sees at start-up and in exit codes.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kMemplan = QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan");
const QString kCli = QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan-cli");

QProcessEnvironment cleanEnvironment(const QString &home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    return env;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TstAppStart : public QObject {
    Q_OBJECT
private slots:
    // Issue 34 item 11: `memplan --help` on a terminal without a display printed the usage
    // only after the platform plugin had aborted for want of a display. Help and version need
    // none.
    void helpWithoutDisplay()
    {
        QTemporaryDir home;
        QProcessEnvironment env = cleanEnvironment(home.path());
        for (const char *name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            env.remove(QString::fromLatin1(name));
        for (const QString &arg : {QStringLiteral("--help"), QStringLiteral("--version")}) {
            QProcess p;
            p.setProcessEnvironment(env);
            p.start(kMemplan, {arg});
            QVERIFY(p.waitForFinished(20000));
            const QString out = QString::fromUtf8(p.readAllStandardOutput());
            QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                     qPrintable(arg + QStringLiteral(": ") + QString::fromUtf8(p.readAllStandardError())));
            QVERIFY2(arg == QLatin1String("--version") ? out.contains(QStringLiteral("memplan"))
                                                       : out.contains(QStringLiteral("--scenario")),
                     qPrintable(out));
        }
    }

    // Item 11: language=xx in the settings stopped the window ("--lang must be ko or en", exit 2).
    void badSavedSettingDoesNotBlockStart()
    {
        QTemporaryDir home;
        QVERIFY(writeFile(home.filePath(QStringLiteral("config/memplan/memplan.conf")), "[view]\nlanguage=xx\n"));
        QProcess p;
        p.setProcessEnvironment(cleanEnvironment(home.path()));
        p.start(kMemplan, {});
        QVERIFY(p.waitForStarted());
        // The window keeps running: it did not exit within three seconds.
        const bool exited = p.waitForFinished(3000);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        if (!exited) {
            p.kill();
            p.waitForFinished();
        }
        QVERIFY2(!exited, qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(err)));
        QVERIFY2(err.contains(QStringLiteral("ignoring the saved language 'xx'")), qPrintable(err));
    }

    // Item 10: a scenario that does not resolve gave --screenshot exit 0.
    void screenshotOfAnUnresolvableScenarioFails()
    {
        QTemporaryDir home;
        const QString scenario = home.filePath(QStringLiteral("bad.json"));
        QVERIFY(writeFile(
            scenario, R"({"schema":"memplan.scenario/1","model":{"preset":"llama-3.1-8b","num_attention_heads":0}})"));
        QProcess p;
        p.setProcessEnvironment(cleanEnvironment(home.path()));
        p.start(kMemplan, {QStringLiteral("--scenario"), scenario, QStringLiteral("--screenshot"),
                           home.filePath(QStringLiteral("x.png"))});
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 2);
        // (Qt's own start-up notes may precede it; the error is the last line.)
        const QString last = err.trimmed().section(QLatin1Char('\n'), -1);
        QVERIFY2(last.startsWith(QStringLiteral("memplan: ") + scenario + QStringLiteral(": ")), qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("num_attention_heads")), qPrintable(err));
        QVERIFY(!QFile::exists(home.filePath(QStringLiteral("x.png"))));
    }

    // Item 13: bad input to report is one line on stderr, even without XDG_RUNTIME_DIR.
    void reportBadInputIsOneLine()
    {
        QTemporaryDir home;
        QProcess p;
        p.setProcessEnvironment(cleanEnvironment(home.path()));
        p.start(kCli, {QStringLiteral("report"), home.filePath(QStringLiteral("missing.json")),
                       QStringLiteral("--json"), home.filePath(QStringLiteral("out.json"))});
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 2);
        QCOMPARE(
            err,
            QStringLiteral("memplan-cli: %1: does not exist\n").arg(home.filePath(QStringLiteral("missing.json"))));
    }

    // Item 12: a --presets folder that does not exist is named, not ignored.
    void missingPresetFolderIsAnError()
    {
        QTemporaryDir home;
        QProcess p;
        p.setProcessEnvironment(cleanEnvironment(home.path()));
        p.start(kCli, {QStringLiteral("--presets"), QStringLiteral("/nonexistent"), QStringLiteral("presets"),
                       QStringLiteral("models")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        QCOMPARE(QString::fromUtf8(p.readAllStandardError()),
                 QStringLiteral("memplan-cli: --presets /nonexistent: does not exist\n"));
    }
};

QTEST_GUILESS_MAIN(TstAppStart)
#include "tst_appstart.moc"
