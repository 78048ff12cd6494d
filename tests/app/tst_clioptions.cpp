// memplan-cli's declared commands and options (issue 19, "CLI conventions"): every
// command answers --help from its declaration, an option a command does not take
// is named with exit 2, the generated bash completion offers what is declared, and
// --version / COMMAND --help work as processes.
#include "../core/testsupport.h"
#include "cli/clicommands.h"
#include "cli/commandspec.h"
#include "clirun.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace memplan;

namespace {

using Run = test::CliRun;

Run run(const std::vector<std::string> &args)
{
    return test::runCli(args);
}

} // namespace

class TstCliOptions : public QObject {
    Q_OBJECT

private slots:
    void everyCommandHasHelp()
    {
        for (const cli::CommandSpec &c : cli::commandSpecs()) {
            if (c.name == "report")
                continue; // handled by the report front end in the GUI build
            const Run r = run({c.name, "--help"});
            QCOMPARE(r.code, cli::kExitOk);
            QVERIFY2(r.out.rfind("usage: memplan-cli " + c.name, 0) == 0, r.out.c_str());
            for (const cli::OptionSpec &o : c.options)
                QVERIFY2(r.out.find(o.name) != std::string::npos, (c.name + " --help lacks " + o.name).c_str());
            // The overall usage lists the command too, with every option it takes (compare's
            // --min-tokens-per-s, cluster's --head and reconcile's --log-run were missing).
            QVERIFY2(cli::usage().find("  " + c.name) != std::string::npos, c.name.c_str());
            for (const cli::OptionSpec &o : c.options)
                QVERIFY2(cli::usage().find(o.name) != std::string::npos,
                         ("--help lacks " + c.name + " " + o.name).c_str());
        }
    }
    void unknownOptionNamed()
    {
        const Run r = run({"estimate", "docs/examples/default.scenario.json", "--tabel"});
        QCOMPARE(r.code, cli::kExitUsage);
        QCOMPARE(r.err, std::string(
                            "memplan-cli: estimate: unknown option '--tabel' (estimate takes --table, --json, --check; "
                            "see memplan-cli estimate --help)\n"));
        QVERIFY(r.out.empty());
        const Run f = run({"formats", "--json"});
        QCOMPARE(f.code, cli::kExitUsage);
        QVERIFY2(f.err.find("formats takes no options") != std::string::npos, f.err.c_str());
        // A value that follows an option is not taken for an option, and "-" is standard input.
        QVERIFY(!cli::unknownOption(*cli::findCommand("solve"),
                                    {"solve", "max-concurrency", "-", "--min-tokens-per-s", "20"}));
        QCOMPARE(*cli::unknownOption(*cli::findCommand("inspect"), {"inspect", "-x"}), std::string("-x"));
    }
    void bashCompletionOffersDeclarations()
    {
        const QString bash = QStandardPaths::findExecutable("bash");
        if (bash.isEmpty())
            QSKIP("no bash");
        QTemporaryDir dir;
        QFile script(dir.filePath("memplan-cli"));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(QByteArray::fromStdString(cli::bashCompletion()));
        script.close();
        const QString probe = "source '" + script.fileName() +
                              "'\n"
                              "t() { COMP_WORDS=(\"$@\"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); COMPREPLY=(); "
                              "_memplan_cli; echo \"${COMPREPLY[*]}\"; }\n"
                              "t memplan-cli est\n t memplan-cli estimate --\n t memplan-cli solve ''\n t memplan-cli "
                              "report x --units ''\n";
        QProcess p;
        p.start(bash, {"-c", probe});
        QVERIFY(p.waitForFinished(20000));
        const QStringList lines = QString::fromUtf8(p.readAllStandardOutput()).split('\n');
        QCOMPARE(lines.value(0), QString("estimate"));
        QCOMPARE(lines.value(1), QString("--table --json --check --help"));
        QCOMPARE(lines.value(2),
                 QString("max-context max-concurrency min-gpus gpu-layers max-micro-batch max-sequence"));
        QCOMPARE(lines.value(3), QString("gib gb"));
    }
    void processVersionAndHelp()
    {
        const QString cli = QStringLiteral(MEMPLAN_BINARY_DIR "/app/memplan-cli");
        QProcess p;
        p.start(cli, {"--version"});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().startsWith("memplan-cli "));
        p.start(cli, {"estimate", "--help"});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().startsWith("usage: memplan-cli estimate FILE|-"));
        p.start(cli, {"inspect", "model.gguf", "--bogus"});
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("unknown option '--bogus'"));
    }
};

QTEST_GUILESS_MAIN(TstCliOptions)
#include "tst_clioptions.moc"
