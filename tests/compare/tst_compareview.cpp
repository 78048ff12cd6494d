// The compare view (issue 14): the buyer's shortlist side by side, what it shows comes
// from the core (recommendation, badges, limits), answers are cached per candidate,
// A/B pin deltas, typed prices, and the comparison PDF written atomically.

#include "compare/comparedialog.h"
#include "compare/comparereport.h"
#include "compare/comparetext.h"
#include "scenariocontroller.h"

#include "../core/testsupport.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFile>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace memplan;
using namespace memplan::ui;

class TstCompareView : public QObject {
    Q_OBJECT
    QTemporaryDir m_settingsDir;

private slots:
    void initTestCase()
    {
        // Settings (candidates, prices) go to a scratch folder, never the user's.
        QCoreApplication::setOrganizationName(QStringLiteral("memplan-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_compareview"));
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
    }

    void shortlistSideBySide()
    {
        ScenarioController controller(test::shippedCatalog());
        controller.setScenario(defaultScenario(), QStringLiteral("test"));
        CompareDialog dialog(&controller);
        dialog.session().setCandidates(CompareSession::shortlist(test::shippedCatalog()));
        dialog.refresh();
        // RTX 4090, 2× RTX 3090, RTX 5090, M4 Max 128 GB, DGX Spark, Strix Halo 128 GB, H100: all shipped presets.
        QCOMPARE(dialog.session().candidates().size(), std::size_t(7));
        QCOMPARE(dialog.table()->rowCount(), 7);
        const auto expected =
            compareCandidates(defaultScenario(), dialog.session().candidates(), test::shippedCatalog());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(dialog.session().results()[i].badge, expected[i].badge);
            QCOMPARE(dialog.session().results()[i].maxContext, expected[i].maxContext);
        }
        QCOMPARE(dialog.recommendationText(),
                 CompareText::recommendation(dialog.session().recommendation(), dialog.session().results()));
        QVERIFY(dialog.session().recommendation().best >= 0);
        // MEMPLAN_SCREENSHOT_DIR=dir: the view as a user sees it, for docs and review.
        if (const QString dir = qEnvironmentVariable("MEMPLAN_SCREENSHOT_DIR"); !dir.isEmpty()) {
            dialog.resize(1200, 820);
            dialog.show();
            dialog.pinCurrent();
            controller.edit(QStringLiteral("context"), QString(),
                            [](Scenario &s) { s.workload.contextTokens = 32768; });
            QCoreApplication::processEvents();
            QVERIFY(dialog.grab().save(dir + QStringLiteral("/compare-view.png")));
            dialog.session().clearPin();
        }
        QVERIFY(!dialog.addCandidate({"rtx-4090", 1})); // already listed
        QVERIFY(dialog.addCandidate({"a100-80gb-sxm", 1}));
        QVERIFY(!dialog.addCandidate({"l4", 1})); // eight is the limit
    }

    void answersAreCachedPerCandidate()
    {
        CompareSession session;
        session.setCandidates({{"rtx-4090", 1}, {"rtx-3090", 2}});
        QCOMPARE(session.update(defaultScenario(), test::shippedCatalog()), std::size_t(2));
        QCOMPARE(session.update(defaultScenario(), test::shippedCatalog()), std::size_t(0));
        QVERIFY(session.addCandidate({"rtx-5090", 1}));
        QCOMPARE(session.update(defaultScenario(), test::shippedCatalog()), std::size_t(1));
        session.setPrice("rtx-4090", {1599, "USD", "2026-12-01", "test"});
        QCOMPARE(session.update(defaultScenario(), test::shippedCatalog()), std::size_t(0)); // a price is no estimate
        Scenario longer = defaultScenario();
        longer.workload.contextTokens *= 2;
        QCOMPARE(session.update(longer, test::shippedCatalog()), std::size_t(3));
    }

    void pinShowsWhatTheEditMoved()
    {
        ScenarioController controller(test::shippedCatalog());
        controller.setScenario(defaultScenario(), QStringLiteral("test"));
        CompareDialog dialog(&controller);
        dialog.session().setCandidates({{"rtx-4090", 1}, {"m4-max-128gb", 1}});
        dialog.show();
        dialog.refresh();
        dialog.pinCurrent();
        controller.edit(QStringLiteral("context"), QString(), [](Scenario &s) { s.workload.contextTokens *= 4; });
        QVERIFY(dialog.pinTable()->isVisibleTo(&dialog));
        QVERIFY(dialog.pinTable()->rowCount() > 0);
        // B has four times the context: the headroom on every machine shrinks.
        for (std::size_t i = 0; i < dialog.session().results().size(); ++i) {
            const auto delta = dialog.session().headroomDelta(i);
            QVERIFY(delta.has_value());
            QVERIFY2(*delta < 0, qPrintable(QString::number(*delta)));
        }
    }

    void typedPriceGivesPricePerGiB()
    {
        ScenarioController controller(test::shippedCatalog());
        controller.setScenario(defaultScenario(), QStringLiteral("test"));
        CompareDialog dialog(&controller);
        dialog.session().setCandidates({{"rtx-3090", 2}});
        dialog.refresh();
        QTableWidget *t = dialog.table();
        int deviceColumn = -1, priceColumn = -1, perGiB = -1;
        for (int c = 0; c < t->columnCount(); ++c) {
            if (t->horizontalHeaderItem(c)->text() == QLatin1String("Price per device"))
                deviceColumn = c;
            if (t->horizontalHeaderItem(c)->text() == QLatin1String("Price"))
                priceColumn = c;
            if (t->horizontalHeaderItem(c)->text() == QLatin1String("Price per GiB"))
                perGiB = c;
        }
        QVERIFY(deviceColumn >= 0 && priceColumn >= 0 && perGiB >= 0);
        QVERIFY(t->item(0, perGiB)->text().isEmpty()); // no price, no invented one
        t->item(0, deviceColumn)->setText(QStringLiteral("700 USD"));
        QCoreApplication::processEvents();
        QCOMPARE(dialog.session().price("rtx-3090").amount, 700.0);
        // Issue 34 item 7: "Price" is the machine's total, the one basis of the recommendation and
        // the PDF; the device price it comes from is the input beside it and in the formula.
        QCOMPARE(t->item(0, priceColumn)->data(Qt::UserRole).toDouble(), 1400.0);
        QVERIFY2(t->item(0, priceColumn)->toolTip().contains(QStringLiteral("2 × 700")),
                 qPrintable(t->item(0, priceColumn)->toolTip()));
        QVERIFY(!(t->item(0, priceColumn)->flags() & Qt::ItemIsEditable));
        // 2 × 700 USD over 2 × 24 GiB = 29.2 USD per GiB.
        QVERIFY2(t->item(0, perGiB)->text().startsWith(QLatin1String("29.2")), qPrintable(t->item(0, perGiB)->text()));
    }

    void aSpeedFloorKeepsSlowMachinesFromTheRecommendation()
    {
        ScenarioController controller(test::shippedCatalog());
        controller.setScenario(defaultScenario(), QStringLiteral("test"));
        CompareDialog dialog(&controller);
        dialog.session().setCandidates({{"rtx-3090", 1}, {"rtx-4090", 1}});
        dialog.refresh();
        QVERIFY(dialog.session().recommendation().best >= 0);
        QVERIFY(dialog.speedFloorBox());
        dialog.speedFloorBox()->setValue(9999); // no card decodes 9,999 tokens/s per sequence
        QCOMPARE(dialog.session().recommendation().best, -1);
        QVERIFY2(dialog.recommendationText().contains(QLatin1String("as fast as asked")),
                 qPrintable(dialog.recommendationText()));
        dialog.speedFloorBox()->setValue(0); // "No speed floor": the recommendation comes back
        QVERIFY(dialog.session().recommendation().best >= 0);
    }

    void presetPriceIsUsedUnlessTheUserTypesOne()
    {
        PresetCatalog catalog = test::shippedCatalog();
        HardwarePreset mine = *catalog.hardwareById("rtx-4090");
        mine.spec.id = "my-4090";
        mine.price = {1800, "USD", "2026-11", "test quote"}; // made up for the test
        catalog.addHardware(mine);
        CompareSession session;
        session.setCandidates({{"my-4090", 2}});
        session.update(defaultScenario(), catalog);
        QCOMPARE(session.price("my-4090").source, std::string("test quote"));
        QCOMPARE(session.figures().front().machinePrice, 3600.0);
        session.setPrice("my-4090", {1500, "USD", "2026-12-01", "user"});
        QCOMPARE(session.figures().front().machinePrice, 3000.0);
    }

    void comparisonPdfIsWrittenAtomically()
    {
        CompareSession session;
        session.setCandidates(CompareSession::shortlist(test::shippedCatalog()));
        session.update(defaultScenario(), test::shippedCatalog());
        const ReportDocument doc = buildComparisonReport(session, UnitSystem::Binary);
        QVERIFY(doc.recommendation.startsWith(QLatin1String("Recommendation: ")));
        QCOMPARE(doc.bars.bars.size(), std::size_t(7));
        QCOMPARE(doc.section(QStringLiteral("candidates"))->table.rows.size(), 7);
        QVERIFY(!doc.section(QStringLiteral("reasons"))->bullets.isEmpty());

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("comparison.pdf"));
        QVERIFY(exportComparisonPdf(path, session, UnitSystem::Binary).ok);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(5) == "%PDF-");
        f.close();
        // A write into a folder that does not exist fails and says so.
        const WriteResult bad =
            exportComparisonPdf(dir.filePath(QStringLiteral("missing/x.pdf")), session, UnitSystem::Binary);
        QVERIFY(!bad.ok);
        QVERIFY(!bad.error.isEmpty());
    }
};

QTEST_MAIN(TstCompareView)
#include "tst_compareview.moc"
