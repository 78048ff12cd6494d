// Issue 27: a runtime log reads the same however it is wrapped. Every committed excerpt
// (tests/data/runtime-logs/*.json) is re-wrapped line by line in the formats users paste
// (llama.cpp's own timestamps, docker compose, journald, kubectl --timestamps, vLLM's worker
// and engine prefixes, mpirun tags, SGLang, Python logging, ANSI colour with CRLF and tabs,
// markdown quotes and tables, HTML escapes, a collector format no scanner knows, and several
// of them nested) and must give exactly the figures, settings and model the bare excerpt
// gives. The rest checks the learned shapes, several runs in one file and interleaved
// processes, on lines written in the formats the excerpts show.
#include "logs/logparser.h"
#include "logs/unwrap.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QtTest>

#include <functional>

using namespace memplan;
using nlohmann::json;

namespace {

std::string excerpt(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return json::parse(f.readAll().toStdString())["log_excerpt"].get<std::string>();
}

using Wrap = std::function<std::string(const std::string &line, std::size_t i)>;

std::string two(std::size_t v)
{
    char b[8];
    std::snprintf(b, sizeof b, "%02zu", v % 60);
    return b;
}

/// The wrapper formats, each as a function of the line and its index.
const std::vector<std::pair<const char *, Wrap>> &wrappers()
{
    static const std::vector<std::pair<const char *, Wrap>> w = {
        {"llama.cpp timestamps",
         [](const std::string &l, std::size_t i) { return "0." + two(i / 60) + "." + two(i) + "7.940 I " + l; }},
        {"docker compose", [](const std::string &l, std::size_t) { return "llama-server-1  | " + l; }},
        {"journald",
         [](const std::string &l, std::size_t i) {
             return "Dec 04 10:" + two(i / 60) + ":" + two(i) + " gpu-07 llama-server[4242]: " + l;
         }},
        {"kubectl --timestamps",
         [](const std::string &l, std::size_t i) { return "2026-12-04T10:00:" + two(i) + ".123456789Z " + l; }},
        {"vLLM worker", [](const std::string &l, std::size_t) { return "(VllmWorker rank=0 pid=4242) " + l; }},
        {"vLLM engine core and level",
         [](const std::string &l, std::size_t i) {
             return "(EngineCore_0 pid=77) INFO 12-04 10:33:" + two(i) + " [gpu_model_runner.py:1234] " + l;
         }},
        {"Ray worker",
         [](const std::string &l, std::size_t) { return "(RayWorkerWrapper pid=345, ip=10.0.0.2) " + l; }},
        {"mpirun tag", [](const std::string &l, std::size_t) { return "[1,0]<stdout>:" + l; }},
        {"SGLang", [](const std::string &l, std::size_t i) { return "[2026-12-04 10:00:" + two(i) + " TP0] " + l; }},
        {"Python logging", [](const std::string &l,
                              std::size_t i) { return "2026-12-04 10:00:" + two(i) + ",123 - server - INFO - " + l; }},
        {"ANSI colour, CRLF, tab", [](const std::string &l, std::size_t) { return "\t\x1b[1;32m" + l + "\x1b[0m\r"; }},
        {"markdown quote", [](const std::string &l, std::size_t) { return "> " + l; }},
        {"markdown table",
         [](const std::string &l, std::size_t) { return l.find('|') == std::string::npos ? "| " + l + " |" : l; }},
        {"unknown collector",
         [](const std::string &l, std::size_t i) { return "node-07 {12:00:" + two(i) + ".123} >> " + l; }},
        {"nested: compose, worker, ANSI",
         [](const std::string &l, std::size_t) {
             return "vllm-1  | (VllmWorker rank=0 pid=9) \x1b[36m" + l + "\x1b[0m";
         }},
    };
    return w;
}

std::string rewrap(const std::string &text, const Wrap &wrap)
{
    std::string out;
    std::size_t pos = 0, i = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        out += wrap(text.substr(pos, end - pos), i++) + "\n";
        pos = end + 1;
    }
    return out;
}

/// Everything parsed that a reconciliation uses, without the counts of lines.
json essence(const MeasuredRun &r)
{
    json j = measuredRunToJson(r);
    j.erase("lines");
    j.erase("recognised_lines");
    j.erase("run");
    return j;
}

} // namespace

class TstLogUnwrap : public QObject {
    Q_OBJECT
private slots:
    void rewrappedExcerpts_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("wrapper");
        const QDir dir(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs"));
        for (const QString &f : dir.entryList({QStringLiteral("*.json")}))
            for (std::size_t w = 0; w < wrappers().size(); ++w)
                QTest::newRow(qPrintable(f.chopped(5) + QStringLiteral(" / ") + QString::fromUtf8(wrappers()[w].first)))
                    << dir.filePath(f) << int(w);
    }
    void rewrappedExcerpts()
    {
        QFETCH(QString, path);
        QFETCH(int, wrapper);
        const std::string bare = excerpt(path);
        const MeasuredRun plain = parseRuntimeLog(bare);
        QVERIFY(!plain.empty());
        const MeasuredRun wrapped = parseRuntimeLog(rewrap(bare, wrappers()[std::size_t(wrapper)].second));
        QCOMPARE(wrapped.runCount, plain.runCount);
        QCOMPARE(wrapped.figures.size(), plain.figures.size());
        for (std::size_t i = 0; i < plain.figures.size(); ++i)
            QVERIFY2(wrapped.figures[i] == plain.figures[i],
                     qPrintable(QString::fromStdString(plain.figures[i].kind + " " + plain.figures[i].device)));
        const json a = essence(plain), b = essence(wrapped);
        QVERIFY2(a == b, qPrintable(QString::fromStdString("bare " + a.dump() + "\nwrapped " + b.dump())));
    }

    void learnsAnUnknownPrefix()
    {
        // A prefix no scanner knows, repeated line after line, is learned as a shape and taken off.
        std::string log;
        for (int i = 0; i < 5; ++i)
            log += "node-07 {12:00:0" + std::to_string(i) + ".123} >> llama_context: n_ctx = 4096\n";
        LogUnwrapper u(log);
        QVERIFY(!u.learnedShapes().empty());
        QCOMPARE(u.learnedShapes().front(), std::string("a-9 {9:9:9.9} >> "));
        UnwrappedLine l;
        QVERIFY(u.next(l));
        QCOMPARE(std::string(l.text), std::string("llama_context: n_ctx = 4096"));
        // Words alone are never taken for a wrapper: they may be the runtime's own text.
        LogUnwrapper words("Loading model INFO text\nLoading model INFO more\n");
        QVERIFY(words.learnedShapes().empty());
    }

    void severalRuns()
    {
        // A server restarted with a larger context: two runs, the last shown unless asked.
        const std::string log = "build: 4000 (abc) with cc\n"
                                "llama_kv_cache:      CUDA0 KV buffer size =   224.00 MiB\n"
                                "build: 4000 (abc) with cc\n"
                                "llama_kv_cache:      CUDA0 KV buffer size =   448.00 MiB\n";
        const auto runs = parseRuntimeLogRuns(log);
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(sumFigures(runs[0], "kv_buffer").bytes, 224 * MiB);
        QCOMPARE(sumFigures(runs[1], "kv_buffer").bytes, 448 * MiB);
        QCOMPARE(parseRuntimeLog(log).runNumber, std::size_t(2));
        QCOMPARE(sumFigures(parseRuntimeLog(log, 1), "kv_buffer").bytes, 224 * MiB);
        QCOMPARE(parseRuntimeLog(log, 9).runNumber, std::size_t(2)); // past the last: the last
        QCOMPARE(measuredRunToJson(runs[0])["run"]["of"].get<int>(), 2);
    }

    void interleavedProcesses()
    {
        // Two containers writing into one compose log: each is its own run, its lines apart.
        const std::string log = "small-1  | llama_kv_cache:      CUDA0 KV buffer size =    64.00 MiB\n"
                                "big-1    | llama_kv_cache:      CUDA1 KV buffer size =   512.00 MiB\n"
                                "small-1  | load_tensors:        CUDA0 model buffer size =  1000.00 MiB\n"
                                "big-1    | load_tensors:        CUDA1 model buffer size =  8000.00 MiB\n"
                                "webui-1  | INFO:     Started server process\n";
        const auto runs = parseRuntimeLogRuns(log);
        QCOMPARE(runs.size(), std::size_t(2)); // the web UI printed nothing a runtime prints
        QCOMPARE(runs[0].stream, std::string("small-1"));
        QCOMPARE(sumFigures(runs[0], "model_buffer").bytes, 1000 * MiB);
        QCOMPARE(runs[1].stream, std::string("big-1"));
        QCOMPARE(sumFigures(runs[1], "kv_buffer").bytes, 512 * MiB);
    }

    void untrustedWrappers()
    {
        // Unclosed groups, endless digits, a prefix longer than any head, a line of bars: bounded, no crash.
        std::string log = std::string(100000, '[') + "\n" + std::string(100000, '9') + ".1.2 I x\n" +
                          std::string(70000, '|') + "\n" + "(pid=" + std::string(5000, ' ') + "\n";
        for (int i = 0; i < 3; ++i)
            log += std::string(200, 'x') + ": 1 " + "llama_context: n_ctx = 1\n";
        const MeasuredRun r = parseRuntimeLog(log);
        QVERIFY(r.lines >= 7);
        // HTML escapes from a copied web page read as the characters they stand for.
        const MeasuredRun html = parseRuntimeLog("&gt; llama_kv_cache:      CUDA0 KV buffer size =   224.00 MiB\n");
        QCOMPARE(sumFigures(html, "kv_buffer").bytes, 224 * MiB);
    }

    void controlBytesAndEntitiesAnywhere()
    {
        // A line is cleaned when any byte needs it (an escape, an entity), wherever it stands, and a
        // clean line is read as it is.
        const std::string clean = "llama_kv_cache: CUDA0 KV buffer size = 224.00 MiB";
        std::string scratch;
        const std::vector<std::string> none;
        QCOMPARE(LogUnwrapper::unwrapLine(clean, scratch, none), std::string_view(clean));
        for (std::size_t at = 0; at <= clean.size(); ++at) {
            // An escape sequence is removed, wherever it stands.
            const std::string escaped = clean.substr(0, at) + "\x1b[0m" + clean.substr(at);
            QCOMPARE(LogUnwrapper::unwrapLine(escaped, scratch, none), std::string_view(clean));
            // A UTF-8 byte (0x80 or above) next to an entity does not hide it.
            const std::string amp = clean.substr(0, at) + "\xc3\xa9&amp;" + clean.substr(at);
            QCOMPARE(std::string(LogUnwrapper::unwrapLine(amp, scratch, none)),
                     clean.substr(0, at) + "\xc3\xa9&" + clean.substr(at));
        }
        // The test looks at eight bytes at a time: bytes from 0x80 up (Korean text in UTF-8, 0xEA to
        // 0xED leading) are not control bytes, so such a line is read in place, wherever they stand.
        const std::string korean = "\xeb\xaa\xa8\xeb\x8d\xb8 llama_kv_cache: \xed\x8c\x8c\xec\x9d\xbc 224.00 MiB";
        QCOMPARE(LogUnwrapper::unwrapLine(korean, scratch, none).data(), korean.data());
    }
};

QTEST_APPLESS_MAIN(TstLogUnwrap)
#include "tst_logunwrap.moc"
