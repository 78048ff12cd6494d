// A 100 MB runtime log (a day of llama-server output: start-up lines, then request
// and generation lines) must parse in under a second (issue 18, docs/performance.md).
// The log is the committed excerpts repeated between ordinary server lines. Issue 27: the same
// log wrapped line by line (docker compose around llama.cpp's own timestamps, ANSI colour)
// must parse in under a second too, wrappers taken off.

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

    void parse100MB() { measure(m_log, "bare"); }

    void parseWrapped100MB()
    {
        // Every line as `docker compose` shows a llama-server started with --log-timestamps
        // --log-prefix, coloured: "llama-server-1  | 0.01.072.940 I \x1b[32m...\x1b[0m".
        std::string wrapped;
        wrapped.reserve(m_log.size() + m_log.size() / 2);
        std::size_t pos = 0, i = 0;
        while (pos < m_log.size() && wrapped.size() < 100ull * 1000 * 1000) {
            std::size_t end = m_log.find('\n', pos);
            if (end == std::string::npos)
                end = m_log.size();
            char stamp[96];
            std::snprintf(stamp, sizeof stamp, "llama-server-1  | %zu.%02zu.%03zu.%03zu I \x1b[32m", i / 3600000,
                          i / 60000 % 60, i / 1000 % 1000, i % 1000);
            wrapped += stamp;
            wrapped.append(m_log, pos, end - pos);
            wrapped += "\x1b[0m\n";
            pos = end + 1;
            ++i;
        }
        measure(wrapped, "wrapped");
    }

private:
    void measure(const std::string &log, const char *what)
    {
        std::vector<MeasuredRun> runs;
        QElapsedTimer t;
        t.start();
        // Processor time, not wall time: the bound is about the parser's work, and a machine
        // shared with compilers would otherwise measure the others.
        const std::clock_t c0 = std::clock();
        QBENCHMARK_ONCE
        {
            runs = parseRuntimeLogRuns(log);
        }
        const double cpuMs = 1000.0 * double(std::clock() - c0) / CLOCKS_PER_SEC;
        std::size_t figures = 0;
        for (const MeasuredRun &r : runs)
            figures += r.figures.size();
        qInfo("%s: %.1f MB, %zu lines, %zu runs: %.0f ms processor time (%lld ms wall)", what, double(log.size()) / 1e6,
              runs.front().lines, runs.size(), cpuMs, t.elapsed());
        QVERIFY(!runs.front().empty());
        QVERIFY(figures > 1000); // every repetition's buffers were read
        QVERIFY2(cpuMs < 1000, "a 100 MB log parses in under 1 s");
    }

    std::string m_log;
};

QTEST_GUILESS_MAIN(BenchLogs)
#include "bench_logs.moc"
