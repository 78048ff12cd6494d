// A complete PDF report (resolve, estimate, report model with solvers, both
// charts, PDF bytes) must take under a second; see docs/performance.md.

#include "report/pdfreport.h"
#include "report/reportbuilder.h"
#include "report/reportexport.h"

#include "estimator.h"
#include "scenario/catalog.h"
#include "scenario/resolve.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace memplan;
using namespace memplan::ui;

class BenchReport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void completePdf();
    void reportModelOnly();
    void renderOnly();
    void medianOfTen();

private:
    PresetCatalog m_catalog;
};

void BenchReport::initTestCase()
{
    m_catalog.addDirectory(MEMPLAN_SOURCE_DIR "/presets");
}

void BenchReport::completePdf()
{
    QTemporaryDir dir;
    const Scenario s = defaultScenario();
    QBENCHMARK
    {
        const ResolvedScenario r = resolveScenario(s, m_catalog);
        const Estimate e = estimate(r);
        QVERIFY(exportPdf(dir.filePath("r.pdf"), e, s, r).ok);
    }
}

void BenchReport::reportModelOnly()
{
    const Scenario s = defaultScenario();
    const ResolvedScenario r = resolveScenario(s, m_catalog);
    const Estimate e = estimate(r);
    QBENCHMARK
    {
        const ReportDocument doc = buildReport(e, s, r);
        QVERIFY(!doc.sections.isEmpty());
    }
}

void BenchReport::renderOnly()
{
    const Scenario s = defaultScenario();
    const ResolvedScenario r = resolveScenario(s, m_catalog);
    const ReportDocument doc = buildReport(estimate(r), s, r);
    QBENCHMARK
    {
        QVERIFY(!renderPdf(doc).isEmpty());
    }
}

void BenchReport::medianOfTen()
{
    QTemporaryDir dir;
    const Scenario s = defaultScenario();
    QList<qint64> ms;
    for (int i = 0; i < 10; ++i) {
        QElapsedTimer t;
        t.start();
        const ResolvedScenario r = resolveScenario(s, m_catalog);
        const Estimate e = estimate(r);
        QVERIFY(exportPdf(dir.filePath("r.pdf"), e, s, r).ok);
        ms << t.elapsed();
    }
    std::sort(ms.begin(), ms.end());
    qInfo("complete PDF report: median %lld ms, max %lld ms (10 runs, first %s)", ms[5], ms.back(), "included");
    QVERIFY2(ms[5] < 1000, "a complete PDF report must take under 1 s");
}

QTEST_MAIN(BenchReport)
#include "bench_report.moc"
