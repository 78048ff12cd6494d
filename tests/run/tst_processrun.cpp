// One child process run to its end (core/run/processrun.h, issue 27 "Try it on this
// computer"): stopped at a ready line, at the time limit or on cancel, with its helpers;
// its output captured in order and within a cap; a program that is not there reported, not
// thrown. The children are /bin/sh scripts, so every end is produced for real.
#include "run/loadonly.h"
#include "run/processrun.h"

#include <QtTest>

#include <atomic>
#include <csignal>
#include <fstream>
#include <thread>

using namespace memplan;

namespace {

ProcessRequest shell(const std::string &script, double limit = 30)
{
    ProcessRequest r;
    r.program = "/bin/sh";
    r.args = {"-c", script};
    r.timeLimitSeconds = limit;
    return r;
}

bool alive(pid_t pid)
{
    return ::kill(pid, 0) == 0;
}

pid_t readPid(const QString &path)
{
    std::ifstream in(path.toStdString());
    long pid = 0;
    in >> pid;
    return pid_t(pid);
}

} // namespace

class TstProcessRun : public QObject {
    Q_OBJECT
private slots:
    void stopsAtTheReadyLineWithItsHelpers()
    {
        // A server that loads, says so and would then serve for a minute; a helper it started too.
        QTemporaryDir dir;
        const QString pidFile = dir.filePath(QStringLiteral("helper.pid"));
        ProcessRequest r = shell("sleep 60 & echo $! > '" + pidFile.toStdString() +
                                 "'; echo 'loading'; echo 'buffers' >&2; echo 'main: model loaded'; sleep 60");
        r.readyLines = {"model loaded"};
        std::vector<std::string> seen;
        const ProcessResult p = runProcess(r, nullptr, [&](std::string_view l) { seen.emplace_back(l); });
        QCOMPARE(int(p.end), int(ProcessEnd::Ready));
        QCOMPARE(p.readyLine, std::string("main: model loaded"));
        QVERIFY(p.log.find("loading\n") != std::string::npos);
        QVERIFY2(p.log.find("buffers\n") != std::string::npos, "standard error is captured with standard output");
        QCOMPARE(seen.back(), std::string("main: model loaded"));
        const pid_t helper = readPid(pidFile);
        QVERIFY(helper > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!alive(helper), 5000); // the whole process group was stopped
    }

    void reportsHowItEnded()
    {
        ProcessResult p = runProcess(shell("echo out; exit 3"));
        QCOMPARE(int(p.end), int(ProcessEnd::Exited));
        QCOMPARE(p.exitCode, 3);
        QCOMPARE(p.log, std::string("out\n"));
        QCOMPARE(processEndEnglish(p).substr(0, 21), std::string("exited with code 3 af"));

        p = runProcess(shell("kill -SEGV $$"));
        QCOMPARE(int(p.end), int(ProcessEnd::Exited));
        QCOMPARE(p.signal, SIGSEGV);

        p = runProcess(shell("echo started; sleep 60", 0.5));
        QCOMPARE(int(p.end), int(ProcessEnd::TimedOut));
        QCOMPARE(p.log, std::string("started\n"));
        QVERIFY(p.seconds < 30);
    }

    void endsWhenTheProgramEndsThoughAHelperHoldsItsOutput()
    {
        // The script exits at once; its helper keeps the pipe open for a minute.
        const ProcessResult p = runProcess(shell("sleep 60 & echo done"));
        QCOMPARE(int(p.end), int(ProcessEnd::Exited));
        QCOMPARE(p.exitCode, 0);
        QCOMPARE(p.log, std::string("done\n"));
        QVERIFY(p.seconds < 30);
    }

    void cancels()
    {
        std::atomic<bool> cancel{false};
        std::thread t([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            cancel = true;
        });
        const ProcessResult p = runProcess(shell("sleep 60"), &cancel);
        t.join();
        QCOMPARE(int(p.end), int(ProcessEnd::Cancelled));
    }

    void keepsTheStartOfAnEndlessLog()
    {
        ProcessRequest r = shell("i=0; while [ $i -lt 2000 ]; do echo 0123456789; i=$((i+1)); done");
        r.maxLogBytes = 1000;
        const ProcessResult p = runProcess(r);
        QCOMPARE(p.log.size(), std::size_t(1000));
        QVERIFY(p.truncated);
        QCOMPARE(p.log.substr(0, 11), std::string("0123456789\n"));
    }

    void passesItsEnvironmentAndNoInput()
    {
        ProcessRequest r = shell("echo \"$MEMPLAN_PROBE\"; cat; echo end");
        r.environment = {{"MEMPLAN_PROBE", "offline"}};
        const ProcessResult p = runProcess(r);
        QCOMPARE(p.log, std::string("offline\nend\n")); // stdin is /dev/null: cat returns at once
    }

    void aMissingProgramIsReportedNotThrown()
    {
        ProcessRequest r;
        r.program = "memplan-no-such-runtime";
        ProcessResult p = runProcess(r);
        QCOMPARE(int(p.end), int(ProcessEnd::NotStarted));
        QCOMPARE(p.problem, std::string("not found on PATH"));
        r.program = "/nonexistent/llama-server";
        p = runProcess(r);
        QCOMPARE(int(p.end), int(ProcessEnd::NotStarted));
        QCOMPARE(p.problem, std::string("is not an executable file"));
        QCOMPARE(findProgram("sh").empty(), false);
    }

    void quotesForAShell()
    {
        QCOMPARE(shellCommandLine("llama-server", {"--model", "/models/My Model.gguf", "--ctx-size", "4096"}),
                 std::string("llama-server --model '/models/My Model.gguf' --ctx-size 4096"));
        QCOMPARE(shellCommandLine("x", {"it's", ""}), std::string("x 'it'\\''s' ''"));
    }
};

QTEST_GUILESS_MAIN(TstProcessRun)
#include "tst_processrun.moc"
