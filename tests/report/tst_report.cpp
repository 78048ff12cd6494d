// Sizing reports (issue 7): what the report says, the PDF's extractable text in
// English and Korean, the JSON round trip, CSV and chart files, atomic writes
// that fail loudly, and the headless `report` command.

#include "report/chartexport.h"
#include "report/csvexport.h"
#include "report/pdfreport.h"
#include "report/reportbuilder.h"
#include "report/reportcommand.h"
#include "report/reportexport.h"
#include "report/reportwriter.h"

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"

#include "estimator.h"
#include "formats/estimatejson.h"
#include "scenario/catalog.h"
#include "scenario/resolve.h"
#include "scenario/scenariojson.h"
#include "units.h"

#include <QDir>
#include <QFile>
#include <QFontInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

#include <nlohmann/json.hpp>

#include <sstream>

#include "reporttestsupport.h"

using namespace memplan;
using namespace memplan::ui;

Q_DECLARE_METATYPE(memplan::Scenario)
Q_DECLARE_METATYPE(memplan::ui::ExportFormat)

namespace {

using test::catalog;

Scenario overCapacity()
{
    return test::overCapacityOffload();
}

struct Run {
    Scenario scenario;
    ResolvedScenario resolved;
    Estimate estimate;
};

Run run(const Scenario &s)
{
    Run r{s, resolveScenario(s, catalog()), {}};
    r.estimate = memplan::estimate(r.resolved);
    return r;
}

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

/// pdftotext's output, or a null string when the tool is missing.
QString pdfText(const QByteArray &pdf)
{
    const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (tool.isEmpty())
        return {};
    QProcess p;
    p.start(tool, {QStringLiteral("-layout"), QStringLiteral("-enc"), QStringLiteral("UTF-8"), QStringLiteral("-"),
                   QStringLiteral("-")});
    p.write(pdf);
    p.closeWriteChannel();
    p.waitForFinished(30000);
    return QString::fromUtf8(p.readAllStandardOutput());
}

/// Stands in for the Korean .qm while it does not exist: every report string
/// becomes Korean text, which proves the strings go through tr() and that the
/// PDF embeds a font with Hangul as real text.
class FakeKorean : public QTranslator {
public:
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        const QByteArray ctx(context);
        if (ctx == "ReportText" || ctx == "PdfText" || ctx == "Guest")
            return QStringLiteral("한국어 ") + QString::fromUtf8(source);
        return {};
    }
    bool isEmpty() const override { return false; }
};

int pageCount(const QByteArray &pdf)
{
    return int(pdf.count("/Type /Page\n") + pdf.count("/Type /Page>") + pdf.count("/Type /Page "));
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT
private slots:
    void documentModel_data();
    void documentModel();
    void longCommandsWrapAtSpaces();
    void pdfTextEnglish();
    void pdfTextKorean();
    void speedSection();
    void pdfPageSizes();
    void jsonRoundTrip_data();
    void jsonRoundTrip();
    void csvTable();
    void chartImages();
    void extensionAdded_data();
    void extensionAdded();
    void unwritableTarget_data();
    void unwritableTarget();
    void atomicWriteLeavesNoTemporaries();
    void headlessCommand();
    void headlessCommandErrors_data();
    void headlessCommandErrors();
};

void TestReport::documentModel_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<bool>("fits");
    QTest::newRow("llama-3.1-8b q4_k_m 8k rtx4090") << defaultScenario() << true;
    QTest::newRow("llama-3.1-70b f16 half offloaded rtx4090") << overCapacity() << false;
}

void TestReport::documentModel()
{
    QFETCH(Scenario, scenario);
    QFETCH(bool, fits);
    const Run r = run(scenario);
    QCOMPARE(r.estimate.fits, fits);
    ReportOptions options;
    options.generatedAt = QDateTime(QDate(2025, 1, 2), QTime(3, 4));
    options.catalog = &catalog();
    const ReportDocument doc = buildReport(r.estimate, r.scenario, r.resolved, options);

    for (const char *id : {"verdict", "chart-pools", "scenario", "chart-sweep", "breakdown", "speed", "suggestions",
                           "assumptions", "units"})
        QVERIFY2(doc.section(QLatin1String(id)), id);
    QCOMPARE(doc.fits, fits);
    QCOMPARE(doc.programVersion, QStringLiteral(MEMPLAN_VERSION));
    const Pool &main = r.estimate.mainPool();
    if (fits)
        QVERIFY2(doc.verdict.startsWith(QLatin1String("Fits")) &&
                     doc.verdict.contains(qs(formatBinary(main.headroom()))),
                 qPrintable(doc.verdict));
    else
        QVERIFY2(doc.verdict.startsWith(QLatin1String("Does not fit")), qPrintable(doc.verdict));
    QCOMPARE(doc.section(QStringLiteral("verdict"))->table.rows.size(), qsizetype(r.estimate.pools.size()));
    QCOMPARE(doc.section(QStringLiteral("verdict"))->table.emphasizedRows.isEmpty(), fits);

    qsizetype nonZero = 0;
    for (const Item &item : r.estimate.items)
        nonZero += (item.bytes != 0 || item.high != 0) ? 1 : 0;
    const ReportSection *breakdown = doc.section(QStringLiteral("breakdown"));
    QCOMPARE(breakdown->table.rows.size(), nonZero);
    QCOMPARE(breakdown->table.header.size(), 7);
    QVERIFY(!doc.section(QStringLiteral("suggestions"))->bullets.isEmpty());
    QCOMPARE(doc.bars, buildBarSeries(r.estimate));

    bool hasModel = false;
    for (const ReportFigure &f : doc.section(QStringLiteral("scenario"))->figures)
        hasModel = hasModel || f.value.contains(qs(r.resolved.model.name));
    QVERIFY(hasModel);
}

void TestReport::longCommandsWrapAtSpaces()
{
    // torchtune's launch line is key=value overrides with no "--": one 300-character line squeezed
    // the scenario table's label column to a letter. Each line now fits a column, and taking the
    // shell continuations out gives the command back unchanged.
    Scenario s;
    s.model.preset = "llama-3.2-3b";
    s.hardware.preset = "a100-80gb-sxm";
    s.runtime.preset = "torchtune";
    s.workload.mode = WorkloadMode::Training;
    s.workload.training.method = TrainingMethod::Full;
    s.workload.training.chunkedLoss = true;
    const Run r = run(s);
    ReportOptions options;
    options.suggestions = false;
    const ReportDocument doc = buildReport(r.estimate, r.scenario, r.resolved, options);
    QString command;
    for (const ReportFigure &f : doc.section(QStringLiteral("scenario"))->figures)
        if (f.code)
            command = f.value;
    QVERIFY(qs(r.estimate.launchCommand).size() > 200);
    const QStringList lines = command.split(u'\n');
    QVERIFY(lines.size() > 3);
    for (const QString &line : lines)
        QVERIFY2(line.size() <= 76, qPrintable(line));
    QString joined = command;
    joined.replace(QStringLiteral(" \\\n  "), QStringLiteral(" "));
    QCOMPARE(joined, qs(r.estimate.launchCommand));
}

void TestReport::pdfTextEnglish()
{
    const Run r = run(defaultScenario());
    const ReportDocument doc = buildReport(r.estimate, r.scenario, r.resolved);
    const QByteArray pdf = renderPdf(doc);
    QVERIFY(pdf.startsWith("%PDF"));
    const QString text = pdfText(pdf);
    if (text.isNull())
        QSKIP("pdftotext (poppler-utils) is not installed");
    const Pool &main = r.estimate.mainPool();
    for (const QString &needle :
         {QStringLiteral("Memory sizing report"), QStringLiteral("Verdict"), QStringLiteral("Scenario"),
          QStringLiteral("Breakdown"), QStringLiteral("Suggestions"), QStringLiteral("Assumptions and limits"),
          QStringLiteral("Units"), QStringLiteral("Page 1 of"), QStringLiteral(MEMPLAN_VERSION),
          qs(r.resolved.model.name), qs(formatBinary(main.headroom())), qs(formatBinary(main.totalBytes)),
          QStringLiteral("1 GiB = 1024"), doc.verdict.left(20)})
        QVERIFY2(text.contains(needle), qPrintable(QStringLiteral("missing '%1'").arg(needle)));
    // Chart text is text too (vector charts): the legend's guest names and an axis title.
    QVERIFY(text.contains(QLatin1String("KV cache")));
    QVERIFY(text.contains(QLatin1String("Context length")));
}

void TestReport::speedSection()
{
    // Issue 13: the report states decode per sequence and in total, prefill and the time to
    // first token as the engine computed them, with the bound, the formula and its inputs.
    const Run r = run(defaultScenario());
    const SpeedEstimate &s = r.estimate.speed;
    QVERIFY(s.available);
    const ReportDocument doc = buildReport(r.estimate, r.scenario, r.resolved);
    const ReportSection *speed = doc.section(QStringLiteral("speed"));
    QVERIFY(speed);
    QStringList labels;
    QString figures;
    for (const ReportFigure &f : speed->figures) {
        labels << f.label;
        figures += f.value + QLatin1Char('\n');
    }
    for (const char *label :
         {"Decode per sequence", "Decode, all sequences", "Prefill", "Time to first token", "Bound set by"})
        QVERIFY2(labels.contains(QLatin1String(label)), label);
    // The engine's figures, formatted as the section formats them (tokens/s to one decimal below 10).
    auto tps = [](double v) { return QLocale().toString(v, 'f', v < 10 ? 1 : 0) + QStringLiteral(" tokens/s"); };
    QVERIFY2(figures.contains(tps(s.decodePerSequence.bound)), qPrintable(figures));
    QVERIFY(figures.contains(tps(s.decodePerSequence.expected)));
    QVERIFY(figures.contains(tps(s.decodeTotal.expected)));
    QVERIFY(figures.contains(QLatin1String("memory bandwidth")));
    // One table row per speed item, with its formula and inputs.
    QCOMPARE(speed->table.rows.size(), qsizetype(s.items.size()));
    QVERIFY(speed->table.rows[0].last().contains(QStringLiteral("Σ_p max((W_p + B × KV_p) / BW_p")));
    QVERIFY(speed->table.rows[0].last().contains(QLatin1String("B = 1")));
    // Evidence: where the efficiency comes from, per pool.
    QVERIFY(speed->bullets.join(QLatin1Char(' ')).contains(QLatin1String("tests/data/speed")));
    // Everything on the GPU: no offload cliff.
    QVERIFY(!speed->bullets.join(QLatin1Char(' ')).contains(QLatin1String("Offload cliff")));

    // Half the layers of a 70B model in host RAM: the cliff, and speed at several GPU layer counts.
    Scenario off = overCapacity();
    off.weights.format = "q4_k_m";
    off.host.ramBytes = 128 * GiB;
    const Run o = run(off);
    const ReportDocument offDoc = buildReport(o.estimate, o.scenario, o.resolved);
    const QString bullets = offDoc.section(QStringLiteral("speed"))->bullets.join(QLatin1Char('\n'));
    QVERIFY2(bullets.contains(QLatin1String("Offload cliff: 40 of 80 layers sit in host RAM")), qPrintable(bullets));
    QVERIFY(bullets.contains(QLatin1String("80 of 80 layers on the GPU")));
    QVERIFY(bullets.contains(QLatin1String("0 of 80 layers on the GPU")));

    // And in the PDF as text.
    const QString text = pdfText(renderPdf(offDoc));
    if (text.isNull())
        QSKIP("pdftotext (poppler-utils) is not installed");
    // (pdftotext turns "fi" and "ff" into ligatures, so the needles avoid them.)
    for (const char *needle :
         {"Speed", "Decode per sequence", "Bound set by", "layers sit in host RAM", "Speed against layers on the GPU"})
        QVERIFY2(text.contains(QLatin1String(needle)), needle);
}

void TestReport::pdfTextKorean()
{
    // The real Korean translation when it covers the report; until then the stand-in.
    const bool realTranslation =
        installReportTranslation(QStringLiteral("ko")) &&
        QCoreApplication::translate("ReportText", "Memory sizing report") != QLatin1String("Memory sizing report");
    FakeKorean fake;
    if (!realTranslation)
        QCoreApplication::installTranslator(&fake);
    const Run r = run(defaultScenario());
    const ReportDocument doc = buildReport(r.estimate, r.scenario, r.resolved);
    const QByteArray pdf = renderPdf(doc);
    QCoreApplication::removeTranslator(&fake);
    installReportTranslation(QStringLiteral("en"));
    // For looking at the pages (docs/performance.md describes the check).
    if (const QString keep = qEnvironmentVariable("MEMPLAN_KEEP_REPORTS"); !keep.isEmpty())
        QVERIFY(writeFileAtomically(keep + QStringLiteral("/report-ko.pdf"), pdf).ok);

    QVERIFY2(doc.title != QLatin1String("Memory sizing report"), "report title does not go through tr()");
    QVERIFY(reportFont(doc).families().contains(QStringLiteral("Noto Sans CJK KR")));
    QVERIFY(QFontInfo(reportFont(doc)).family().contains(QLatin1String("CJK")));
    const QString text = pdfText(pdf);
    if (text.isNull())
        QSKIP("pdftotext (poppler-utils) is not installed");
    for (const QString &heading : {doc.title, doc.section(QStringLiteral("verdict"))->heading,
                                   doc.section(QStringLiteral("breakdown"))->heading})
        QVERIFY2(text.contains(heading), qPrintable(QStringLiteral("missing '%1'").arg(heading)));
    QVERIFY(text.contains(qs(formatBinary(r.estimate.mainPool().headroom()))));
}

void TestReport::pdfPageSizes()
{
    const Run r = run(defaultScenario());
    const ReportDocument doc = buildReport(r.estimate, r.scenario, r.resolved);
    const QByteArray a4 = renderPdf(doc, PdfOptions{QPageSize::A4});
    const QByteArray letter = renderPdf(doc, PdfOptions{QPageSize::Letter});
    QVERIFY(a4.contains("595") && a4.contains("842"));
    QVERIFY(letter.contains("612") && letter.contains("792"));
    QVERIFY(pageCount(a4) >= 2);
}

void TestReport::jsonRoundTrip_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::newRow("llama-3.1-8b q4_k_m 8k rtx4090") << defaultScenario();
    QTest::newRow("llama-3.1-70b f16 half offloaded") << overCapacity();
    Scenario vllm = defaultScenario();
    vllm.runtime.preset = "vllm";
    vllm.weights.format = "bf16";
    vllm.workload.concurrency = 4;
    vllm.runtime.settings = {{"gpu_memory_utilization", 0.85}};
    QTest::newRow("llama-3.1-8b bf16 vllm x4") << vllm;
}

void TestReport::jsonRoundTrip()
{
    QFETCH(Scenario, scenario);
    const Run r = run(scenario);
    const QByteArray bytes = reportJson(r.estimate, r.scenario);
    const nlohmann::json doc = nlohmann::json::parse(bytes.toStdString());
    QCOMPARE(doc.at("schema").get<std::string>(), std::string(kEstimateSchema));
    QCOMPARE(doc.at("program").at("version").get<std::string>(), std::string(MEMPLAN_VERSION));
    QVERIFY(scenarioFromJson(doc) == r.scenario);
    QVERIFY(estimateFromJson(doc) == r.estimate);
    // What File > Open does: the saved report estimates to the same numbers again.
    QVERIFY(memplan::estimate(scenarioFromText(bytes.toStdString(), "report.json"), catalog()) == r.estimate);
}

void TestReport::csvTable()
{
    const Run r = run(defaultScenario());
    const QString csv = QString::fromUtf8(breakdownCsv(r.estimate));
    const QStringList lines = csv.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), qsizetype(r.estimate.items.size()) + 1);
    QVERIFY(lines[0].startsWith(QLatin1String("pool_id,pool,guest,item,bytes")));
    QVERIFY(csv.contains(QLatin1String(",kv_cache,")));
    QVERIFY(csv.contains(QString::number(r.estimate.items.front().bytes)));
    QCOMPARE(csvField(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
    QCOMPARE(csvField(QStringLiteral("say \"hi\"")), QStringLiteral("\"say \"\"hi\"\"\""));
    QCOMPARE(csvField(QStringLiteral("plain")), QStringLiteral("plain"));
}

void TestReport::chartImages()
{
    const Run r = run(defaultScenario());
    BreakdownChart bars;
    bars.setData(buildBarSeries(r.estimate), r.estimate);
    SweepChart sweep;
    sweep.setData(buildSweep(r.resolved, SweepAxis::Context));
    const QByteArray png = chartPng(bars.plot(), QSize(640, 360));
    QVERIFY(png.startsWith("\x89PNG"));
    QImage image;
    QVERIFY(image.loadFromData(png, "PNG"));
    QCOMPARE(image.size(), QSize(1280, 720));
    const QByteArray svg = chartSvg(sweep.plot(), QSize(640, 360), QStringLiteral("sweep"));
    QVERIFY(svg.contains("<svg"));
    QVERIFY2(svg.contains("KV cache"), "SVG text must stay text");
}

void TestReport::extensionAdded_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<ExportFormat>("format");
    QTest::addColumn<QString>("expected");
    QTest::newRow("pdf added") << "report" << ExportFormat::Pdf << "report.pdf";
    QTest::newRow("pdf kept") << "report.pdf" << ExportFormat::Pdf << "report.pdf";
    QTest::newRow("pdf kept, upper case") << "report.PDF" << ExportFormat::Pdf << "report.PDF";
    QTest::newRow("dotted name is not a format") << "plan.v1.2" << ExportFormat::Json << "plan.v1.2.json";
    QTest::newRow("csv added") << "table" << ExportFormat::Csv << "table.csv";
    QTest::newRow("png added") << "chart" << ExportFormat::Png << "chart.png";
    QTest::newRow("svg after other extension") << "chart.png" << ExportFormat::Svg << "chart.png.svg";
}

void TestReport::extensionAdded()
{
    QFETCH(QString, name);
    QFETCH(ExportFormat, format);
    QFETCH(QString, expected);
    QCOMPARE(withExtension(name, format), expected);

    QTemporaryDir dir;
    const WriteResult w = writeExport(dir.filePath(name), format, "x");
    QVERIFY2(w.ok, qPrintable(w.error));
    QCOMPARE(w.path, dir.filePath(expected));
    QVERIFY(QFile::exists(dir.filePath(expected)));
}

void TestReport::unwritableTarget_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("checkedFile");
    // Running as root ignores directory permissions, so use places nobody can write.
    QTest::newRow("inside /proc") << "/proc/memplan-report-test/report.pdf"
                                  << "/proc/memplan-report-test/report.pdf";
    QTest::newRow("missing folder") << "/nonexistent-memplan-dir/sub/report.pdf"
                                    << "/nonexistent-memplan-dir/sub/report.pdf";
    QTest::newRow("target is a folder") << QDir::tempPath() + "/memplan-report-test-dir.pdf"
                                        << QDir::tempPath() + "/memplan-report-test-dir.pdf/x";
}

void TestReport::unwritableTarget()
{
    QFETCH(QString, path);
    QFETCH(QString, checkedFile);
    if (QTest::currentDataTag() == QLatin1String("target is a folder"))
        QVERIFY(QDir().mkpath(path));
    const Run r = run(defaultScenario());
    const WriteResult w = exportPdf(path, r.estimate, r.scenario, r.resolved);
    QVERIFY(!w.ok);
    QVERIFY2(w.error.contains(path), qPrintable(w.error));
    QVERIFY2(w.error.size() > path.size() + 16, qPrintable(w.error)); // a reason follows the name
    QVERIFY(!QFileInfo(checkedFile).isFile());
    if (QTest::currentDataTag() == QLatin1String("target is a folder")) {
        QVERIFY(QFileInfo(path).isDir());
        QDir(path).removeRecursively();
    }
}

void TestReport::atomicWriteLeavesNoTemporaries()
{
    QTemporaryDir dir;
    const Run r = run(defaultScenario());
    QVERIFY(exportJson(dir.filePath("a"), r.estimate, r.scenario).ok);
    QVERIFY(exportCsv(dir.filePath("a"), r.estimate).ok);
    // Overwriting keeps the file whole.
    QVERIFY(exportCsv(dir.filePath("a.csv"), r.estimate).ok);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden, QDir::Name),
             QStringList({QStringLiteral("a.csv"), QStringLiteral("a.json")}));
}

void TestReport::headlessCommand()
{
    QTemporaryDir dir;
    const QString scenarioFile = dir.filePath("s.json");
    {
        QFile f(scenarioFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(scenarioToJson(defaultScenario()).dump(2)));
    }
    std::ostringstream out, err;
    const int rc = runReportCommand({scenarioFile, "--pdf", dir.filePath("r"), "--json", dir.filePath("r.json"),
                                     "--csv", dir.filePath("r.csv"), "--page", "letter"},
                                    catalog(), out, err);
    QVERIFY2(rc == 0, err.str().c_str());
    for (const char *name : {"r.pdf", "r.json", "r.csv"})
        QVERIFY2(QFileInfo(dir.filePath(name)).size() > 100, name);
    QVERIFY(QString::fromStdString(out.str()).contains(dir.filePath("r.pdf")));

    // The JSON it wrote is a valid input for the command itself.
    std::ostringstream out2, err2;
    QCOMPARE(runReportCommand({dir.filePath("r.json"), "--json", dir.filePath("again.json")}, catalog(), out2, err2),
             0);
    QFile a(dir.filePath("r.json")), b(dir.filePath("again.json"));
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(a.readAll(), b.readAll());
}

void TestReport::headlessCommandErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString scenario = MEMPLAN_SOURCE_DIR "/docs/examples/report.scenario.json";
    QTest::newRow("no file") << QStringList{"--pdf", "x.pdf"} << 2 << "needs a scenario file";
    QTest::newRow("no output") << QStringList{scenario} << 2 << "at least one of --pdf";
    QTest::newRow("missing input") << QStringList{"/nonexistent/s.json", "--json", "x"} << 2 << "/nonexistent/s.json";
    QTest::newRow("bad page") << QStringList{scenario, "--pdf", "x", "--page", "a5"} << 2 << "a4 or letter";
    QTest::newRow("unwritable pdf") << QStringList{scenario, "--pdf", "/proc/memplan-x/r.pdf"} << 1
                                    << "Cannot write /proc/memplan-x/r.pdf";
}

void TestReport::headlessCommandErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    std::ostringstream out, err;
    QCOMPARE(runReportCommand(args, catalog(), out, err), exitCode);
    QVERIFY2(QString::fromStdString(err.str()).contains(message), err.str().c_str());
}

QTEST_MAIN(TestReport)
#include "tst_report.moc"
