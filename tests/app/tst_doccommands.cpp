// Issue 16 item 17: every memplan-cli command shown in README.md and docs/*.md runs
// verbatim from the top of a fresh clone. The commands are read from the
// documents themselves (lines in ```sh blocks starting with build/app/memplan-cli),
// so a command added to the docs is tested without touching this file.
//
// They run in a scratch folder that looks like a clone after the build: docs/,
// presets/ and tests/ link to the sources, build/ to the build tree, so the files
// the commands write (out.pdf, ...) land in the scratch folder.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct DocCommand {
    QString document;
    int line = 0;
    QString command;
};

QList<DocCommand> documentedCommands()
{
    QStringList docs{QStringLiteral(MEMPLAN_SOURCE_DIR "/README.md")};
    QDirIterator it(QStringLiteral(MEMPLAN_SOURCE_DIR "/docs"), {QStringLiteral("*.md")}, QDir::Files);
    while (it.hasNext())
        docs << it.next();
    docs.sort();
    QList<DocCommand> out;
    for (const QString &doc : docs) {
        QFile f(doc);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        bool inShell = false;
        int n = 0;
        for (const QByteArray &raw : f.readAll().split('\n')) {
            ++n;
            const QString line = QString::fromUtf8(raw).trimmed();
            if (line.startsWith(QLatin1String("```"))) {
                inShell = !inShell && (line == QLatin1String("```sh") || line == QLatin1String("```bash"));
                continue;
            }
            if (inShell && (line.startsWith(QLatin1String("build/app/memplan-cli ")) ||
                            line.startsWith(QLatin1String("./build/app/memplan-cli "))))
                out.push_back({QDir(QStringLiteral(MEMPLAN_SOURCE_DIR)).relativeFilePath(doc), n, line});
        }
    }
    return out;
}

} // namespace

class TstDocCommands : public QObject {
    Q_OBJECT
private slots:
    void commandsRunVerbatim_data()
    {
        QTest::addColumn<QString>("command");
        const QList<DocCommand> commands = documentedCommands();
        QVERIFY2(commands.size() >= 7, "README.md lists at least the seven CLI commands");
        for (const DocCommand &c : commands)
            QTest::newRow(qPrintable(QStringLiteral("%1:%2").arg(c.document).arg(c.line))) << c.command;
    }
    void commandsRunVerbatim()
    {
        QFETCH(QString, command);
        QVERIFY2(QFile::exists(QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan-cli")), "build memplan-cli first");
#ifndef MEMPLAN_HAVE_REPORTS
        // The commands that draw run in memplan-report, which only the GUI build has.
        if (command.contains(QLatin1String(" report ")) ||
            (command.contains(QLatin1String(" compare ")) && command.contains(QLatin1String(" --pdf "))))
            QSKIP("memplan-cli report and compare --pdf need the GUI build (-DMEMPLAN_BUILD_GUI=ON)");
#endif
        QTemporaryDir clone;
        for (const char *dir : {"docs", "presets", "tests"})
            QVERIFY(QFile::link(QStringLiteral(MEMPLAN_SOURCE_DIR "/") + QLatin1String(dir),
                                clone.filePath(QLatin1String(dir))));
        QVERIFY(QFile::link(QStringLiteral(MEMPLAN_BINARY_DIR), clone.filePath(QStringLiteral("build"))));
        QProcess p;
        p.setWorkingDirectory(clone.path());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        // The documented exit codes: 0, and 3 for --check when the scenario does not fit or for
        // reconcile when a measured figure lies outside its planned range.
        const bool check = command.contains(QLatin1String("--check")) || command.contains(QLatin1String(" reconcile "));
        QVERIFY2(p.exitCode() == 0 || (check && p.exitCode() == 3),
                 qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(err)));
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QVERIFY(!p.readAllStandardOutput().isEmpty());
    }

    // A fence is a line of its own: "``` The planner..." once ran a block into the next paragraph.
    void fencesStandAlone()
    {
        QStringList docs{QStringLiteral(MEMPLAN_SOURCE_DIR "/README.md")};
        QDirIterator it(QStringLiteral(MEMPLAN_SOURCE_DIR "/docs"), {QStringLiteral("*.md")}, QDir::Files);
        while (it.hasNext())
            docs << it.next();
        static const QRegularExpression fence(QStringLiteral("^\\s*```[A-Za-z0-9_+-]*\\s*$"));
        for (const QString &doc : docs) {
            QFile f(doc);
            QVERIFY(f.open(QIODevice::ReadOnly));
            int n = 0, fences = 0;
            for (const QByteArray &raw : f.readAll().split('\n')) {
                ++n;
                const QString line = QString::fromUtf8(raw);
                if (!line.contains(QLatin1String("```")) || !line.trimmed().startsWith(QLatin1String("```")))
                    continue;
                ++fences;
                QVERIFY2(fence.match(line).hasMatch(),
                         qPrintable(QStringLiteral("%1:%2: %3").arg(doc).arg(n).arg(line)));
            }
            QVERIFY2(fences % 2 == 0, qPrintable(doc + QStringLiteral(": an unclosed fence")));
        }
    }

    // Issue 31: the README's run command builds only what the window and the command line need
    // (at most 300 build steps from a fresh clone), the test command builds everything.
    void runCommandBuildsOnlyTheWindow()
    {
        QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/README.md"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString run, test;
        for (const QByteArray &raw : f.readAll().split('\n')) {
            const QString line = QString::fromUtf8(raw).trimmed();
            if (line.startsWith(QLatin1String("scripts/install-deps.sh")) &&
                line.contains(QLatin1String("./build/app/memplan")))
                run = line;
            else if (line.startsWith(QLatin1String("scripts/install-deps.sh")) && line.contains(QLatin1String("ctest")))
                test = line;
        }
        QVERIFY2(!run.isEmpty() && !test.isEmpty(), "README gives the run and the test command");
        QVERIFY(!test.contains(QLatin1String("--target")));
        static const QRegularExpression targets(QStringLiteral("--target ((?:[\\w.-]+ ?)+?) &&"));
        const auto m = targets.match(run);
        QVERIFY2(m.hasMatch(), qPrintable(run));
        const QStringList names = m.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        QVERIFY(names.contains(QStringLiteral("memplan")));
        if (!QFile::exists(QStringLiteral(MEMPLAN_BINARY_DIR "/build.ninja")))
            QSKIP("counting build steps needs the Ninja generator, as the README uses");
#ifndef MEMPLAN_HAVE_REPORTS
        QSKIP("this build has no window (MEMPLAN_BUILD_GUI=OFF), so the run command's targets are not in it");
#endif
        QProcess ninja;
        ninja.setWorkingDirectory(QStringLiteral(MEMPLAN_BINARY_DIR));
        ninja.start(QStringLiteral("ninja"), QStringList{QStringLiteral("-t"), QStringLiteral("commands")} + names);
        QVERIFY(ninja.waitForFinished(60000));
        QCOMPARE(ninja.exitCode(), 0);
        const qsizetype steps = ninja.readAllStandardOutput().count('\n');
        qInfo("README run command: %lld build steps for %s", qlonglong(steps), qPrintable(names.join(u' ')));
        QVERIFY2(steps <= 300, qPrintable(QString::number(steps)));
        QVERIFY(steps > 50); // the window is really in it
    }
};

QTEST_GUILESS_MAIN(TstDocCommands)
#include "tst_doccommands.moc"
