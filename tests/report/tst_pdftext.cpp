// Issue 17: every figure of a Korean PDF can be copied out of it. Noto Sans CJK KR
// shaped digits in Latin runs to glyphs its cmap does not list, and Qt's PDF engine
// builds ToUnicode from the cmap, so "RTX 4090", "6.83 GiB (7.33 GB)" and the chart
// labels came out of pdftotext as "RTX", " GiB ( ." (ui/report/pdffont.h). These run
// the commands users run (report, compare --pdf, --handout, --slides) and look for
// the engine's own figures in the extracted text.

#include "estimator.h"
#include "presetloader.h"
#include "scenario/resolve.h"
#include "scenario/scenariojson.h"
#include "units.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace memplan;

namespace {

const QString kBin = QStringLiteral(MEMPLAN_BINARY_DIR "/app/");
const QString kDefaultScenario = QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/default.scenario.json");

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

int digits(const QString &text)
{
    return int(text.count(QRegularExpression(QStringLiteral("[0-9]"))));
}

} // namespace

class TstPdfText : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void reportKorean();
    void compareKorean();
    void aLongTitleLeavesThePageNumberClear();
    void lessonPdfs_data();
    void lessonPdfs();

private:
    /// Runs a program of the build; the PDF's text, or fails the test.
    QString pdfFrom(const QString &program, const QStringList &args, const QString &pdf);
    QTemporaryDir m_dir;
    QString m_pdftotext;
};

void TstPdfText::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (m_pdftotext.isEmpty())
        QSKIP("pdftotext (poppler-utils, scripts/install-deps.sh --tests) is not installed: the PDF text cannot be "
              "checked");
}

QString TstPdfText::pdfFrom(const QString &program, const QStringList &args, const QString &pdf)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(kBin + program, args);
    if (!p.waitForFinished(120000) || p.exitCode() != 0) {
        qWarning("%s %s: %s", qPrintable(program), qPrintable(args.join(' ')), p.readAllStandardError().constData());
        return {};
    }
    QProcess text;
    text.start(m_pdftotext, {QStringLiteral("-enc"), QStringLiteral("UTF-8"), pdf, QStringLiteral("-")});
    text.waitForFinished(30000);
    return QString::fromUtf8(text.readAllStandardOutput());
}

void TstPdfText::reportKorean()
{
    const QString ko = pdfFrom(QStringLiteral("memplan-cli"),
                               {"--lang", "ko", "report", kDefaultScenario, "--pdf", m_dir.filePath("ko.pdf")},
                               m_dir.filePath("ko.pdf"));
    const QString en = pdfFrom(QStringLiteral("memplan-cli"),
                               {"--lang", "en", "report", kDefaultScenario, "--pdf", m_dir.filePath("en.pdf")},
                               m_dir.filePath("en.pdf"));
    QVERIFY(!ko.isEmpty() && !en.isEmpty());
    // The engine's figures for the same scenario.
    const PresetCatalog catalog = app::loadCatalog({}, false);
    QFile f(kDefaultScenario);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const ResolvedScenario r = resolveScenario(scenarioFromText(f.readAll().toStdString(), "default"), catalog);
    const Estimate e = estimate(r);
    const Pool &gpu = e.mainPool();
    for (const QString &needle :
         {qs(formatBinary(gpu.totalBytes)) + QStringLiteral(" ("), qs(formatDecimal(gpu.totalBytes)) + QLatin1Char(')'),
          qs(formatBinary(gpu.headroom())), qs(r.model.name), qs(r.hardware.name),
          // Korean words: guest names, as the glossary has them.
          QStringLiteral("가중치"), QStringLiteral("KV 캐시"), QStringLiteral("메모리 산정 보고서")})
        QVERIFY2(ko.contains(needle), qPrintable(QStringLiteral("missing '%1' in the Korean PDF").arg(needle)));
    // The same numbers in both languages: before the fix the Korean PDF gave 399 digits to
    // the English 1,149 (35 %). Layout differs a little, the figures do not.
    QVERIFY2(digits(ko) >= digits(en) * 9 / 10, qPrintable(QStringLiteral("%1 vs %2").arg(digits(ko)).arg(digits(en))));
}

void TstPdfText::aLongTitleLeavesThePageNumberClear()
{
    // The footer's scenario title ran under "Page 1 of 5" when it was long (Gemma 3 27B in Ollama,
    // its vision tower and flash attention named): it is cut short with an ellipsis instead.
    const QString pdf = m_dir.filePath("long.pdf");
    const QString text = pdfFrom(
        QStringLiteral("memplan-cli"),
        {"--lang", "en", "report",
         QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/gemma-3-27b-ollama-4090.scenario.json"), "--pdf", pdf},
        pdf);
    QVERIFY(!text.isEmpty());
    const QRegularExpression footer(QStringLiteral("memplan [^\\n]*…\\s*Page 1 of \\d+"));
    QVERIFY2(footer.match(text).hasMatch(), qPrintable(text.left(4000).right(1500)));
}

void TstPdfText::compareKorean()
{
    const QStringList args{"compare", kDefaultScenario, "--hardware", "rtx-4090,rtx-3090", "--pdf"};
    const QString ko =
        pdfFrom(QStringLiteral("memplan-cli"),
                QStringList{"--lang", "ko"} + args + QStringList{m_dir.filePath("cko.pdf")}, m_dir.filePath("cko.pdf"));
    const QString en =
        pdfFrom(QStringLiteral("memplan-cli"),
                QStringList{"--lang", "en"} + args + QStringList{m_dir.filePath("cen.pdf")}, m_dir.filePath("cen.pdf"));
    QVERIFY(!ko.isEmpty() && !en.isEmpty());
    for (const char *needle : {"RTX 4090", "RTX 3090", "Llama 3.1 8B"})
        QVERIFY2(ko.contains(QLatin1String(needle)), needle);
    // Before: 75 digits against 137.
    QVERIFY2(digits(ko) >= digits(en) * 9 / 10, qPrintable(QStringLiteral("%1 vs %2").arg(digits(ko)).arg(digits(en))));
}

void TstPdfText::lessonPdfs_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("layout");
    for (const char *lang : {"en", "ko"})
        for (const char *layout : {"--handout", "--slides"})
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(lang, layout))) << lang << layout;
}

void TstPdfText::lessonPdfs()
{
    // The handouts draw with the window's font, Noto Sans CJK KR first in Korean and as the
    // fallback in English, so both languages lost digits in chart labels and names.
    QFETCH(QString, language);
    QFETCH(QString, layout);
    const QString id = QStringLiteral("bf16-is-not-fp16");
    const QString pdf = m_dir.filePath(language + layout + QStringLiteral(".pdf"));
    const QString text = pdfFrom(QStringLiteral("memplan"), {"--lang", language, "--lesson", id, layout, pdf}, pdf);
    QVERIFY(!text.isEmpty());
    QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/presets/lessons/") + id + QStringLiteral(".json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const nlohmann::json lesson = nlohmann::json::parse(f.readAll().toStdString());
    const ResolvedScenario r = resolveScenario(scenarioFromJson(lesson["scenario"]), app::loadCatalog({}, false));
    // The model and machine as the charts and text name them, digits included.
    for (const QString &needle : {qs(r.model.name), qs(r.hardware.name), QStringLiteral("GPU 0")})
        QVERIFY2(text.contains(needle), qPrintable(QStringLiteral("missing '%1'").arg(needle)));
    if (language == QLatin1String("ko"))
        QVERIFY(text.contains(QStringLiteral("가중치")));
}

QTEST_GUILESS_MAIN(TstPdfText)
#include "tst_pdftext.moc"
