// A 100 MB runtime log (a day of llama-server output: start-up lines, then request
// and generation lines) must parse in under a second (issue 18, docs/performance.md).
// The log is the committed excerpts repeated between ordinary server lines.

#include "logs/logparser.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <ctime>

using namespace memplan;

class BenchLogs : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        std::string excerpts;
        const QDir dir(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs"));
        for (const QString &f : dir.entryList({QStringLiteral("*.json")})) {
            QFile file(dir.filePath(f));
            QVERIFY(file.open(QIODevice::ReadOnly));
            excerpts += nlohmann::json::parse(file.readAll().toStdString())["log_excerpt"].get<std::string>() + "\n";
        }
        // Between start-ups, the lines a serving llama-server prints per request.
        std::string traffic;
        for (int i = 0; i < 200; ++i)
            traffic += "slot launch_slot_: id  0 | task 1234 | processing task\n"
                       "slot update_slots: id  0 | task 1234 | new prompt, n_ctx_slot = 8192, n_keep = 0, "
                       "n_prompt_tokens = 731\n"
                       "srv  log_server_r: request: POST /v1/chat/completions 127.0.0.1 200\n"
                       "\x1b[32mprompt eval time =     112.04 ms /   731 tokens (    0.15 ms per token,  6524.45 "
                       "tokens per second)\x1b[0m\r\n";
        const std::size_t target = 100ull * 1000 * 1000;
        m_log.reserve(target + excerpts.size() + traffic.size());
        while (m_log.size() < target) {
            m_log += excerpts;
            m_log += traffic;
        }
    }

    void parse100MB()
    {
        MeasuredRun run;
        QElapsedTimer t;
        t.start();
        // Processor time, not wall time: the bound is about the parser's work, and a machine
        // shared with compilers would otherwise measure the others.
        const std::clock_t c0 = std::clock();
        QBENCHMARK_ONCE
        {
            run = parseRuntimeLog(m_log);
        }
        const double cpuMs = 1000.0 * double(std::clock() - c0) / CLOCKS_PER_SEC;
        qInfo("%.1f MB, %zu lines: %.0f ms processor time (%lld ms wall)", double(m_log.size()) / 1e6, run.lines, cpuMs,
              t.elapsed());
        QVERIFY(!run.empty());
        QVERIFY(run.figures.size() > 1000); // every repetition's buffers were read
        QVERIFY2(cpuMs < 1000, "a 100 MB log parses in under 1 s");
    }

private:
    std::string m_log;
};

QTEST_GUILESS_MAIN(BenchLogs)
#include "bench_logs.moc"
