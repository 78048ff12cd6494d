// Issues 13 and 18 in the window, with real widgets: a reconciled runtime log's measured
// figures beside the plan (a measured bar per pool on the main chart, a measured column in
// the table, both gone after Clear), show-the-math for the speed figures, and a runtime
// profile calibrated from a log labelled "calibrated" in the window and the report.
#include "mainwindow.h"

#include "charts/breakdownchart.h"
#include "classroom/mathdialog.h"
#include "logs/calibration.h"
#include "logs/logparser.h"
#include "logs/measuredoverlay.h"
#include "models/breakdowntablemodel.h"
#include "panels/runtimepicker.h"
#include "presetloader.h"
#include "reconcile/reconciledialog.h"
#include "report/reportbuilder.h"
#include "scenariocontroller.h"
#include "speed/speedpanel.h"

#include "../core/testsupport.h"
#include "estimator.h"

#include <nlohmann/json.hpp>

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QMenu>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <qcustomplot.h>

using namespace memplan;
using namespace memplan::ui;

namespace {

std::string excerpt(const char *caseFile)
{
    QFile f(QStringLiteral(MEMPLAN_SOURCE_DIR "/tests/data/runtime-logs/") + QLatin1String(caseFile));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(f.readAll().toStdString())["log_excerpt"].get<std::string>();
}

// Mistral 7B Q4_K_M with 20 of 33 layers on an RTX GPU (llama.cpp): figures on gpu0 and host.
constexpr const char *kPartialOffload = "llamacpp-mistral-7b-v0.1-q4_k_m-ctx768-partial-offload-20of33.json";

QList<QCPAbstractItem *> items(QCustomPlot *plot, const QString &name)
{
    QList<QCPAbstractItem *> out;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (plot->item(i)->objectName() == name)
            out << plot->item(i);
    return out;
}

} // namespace

class TestMeasuredWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_catalog = app::loadCatalog({}, false);
    }

    void reconciledLogOverlaysChartAndTable()
    {
        const std::string log = excerpt(kPartialOffload);
        QVERIFY(!log.empty());
        const MeasuredRun run = parseRuntimeLog(log);
        const LogScenario ls = scenarioFromLog(run, m_catalog);
        QVERIFY(ls.modelIdentified);

        MainWindow w(m_catalog, false);
        w.resize(1280, 800);
        w.controller()->setScenario(ls.scenario, QStringLiteral("log scenario"));
        const auto plot = w.breakdownChart()->plot();
        QVERIFY(items(plot, QStringLiteral("measuredSegment")).isEmpty());
        QVERIFY(w.breakdownTable()->isColumnHidden(BreakdownTableModel::MeasuredColumn));
        QVERIFY(!w.clearMeasuredAction()->isEnabled());

        // Through the window's own dialog: File → Open Runtime Log, paste, Compare.
        QAction *open = nullptr;
        for (QAction *a : w.fileMenu()->actions())
            if (a->text().contains(QLatin1String("Runtime")))
                open = a;
        QVERIFY(open);
        open->trigger();
        auto *dialog = w.findChild<ReconcileDialog *>();
        QVERIFY(dialog);
        QVERIFY(dialog->setLogText(QString::fromStdString(log), QStringLiteral("/tmp/mistral-run.log")));
        QVERIFY(w.measuredShown());
        QVERIFY(w.clearMeasuredAction()->isEnabled());

        // The chart: one measured segment per compared guest and pool, at the measured height.
        const Reconciliation &r = dialog->result();
        int expected = 0;
        const Comparison *kv = nullptr;
        for (const Comparison &c : r.comparisons)
            if (c.unit == "bytes" && c.compared && c.measured > 0) {
                ++expected;
                if (c.poolId == "gpu0" && c.guest == "kv_cache")
                    kv = &c;
            }
        QVERIFY(kv);
        const auto segments = items(plot, QStringLiteral("measuredSegment"));
        QCOMPARE(segments.size(), qsizetype(expected));
        bool kvDrawn = false;
        for (QCPAbstractItem *s : segments)
            if (s->property("bar").toInt() == int(kv->pool) &&
                s->property("guest").toInt() == int(guestIndex(Guest::KvCache))) {
                QCOMPARE(s->property("value").toDouble(), kv->measured / double(GiB));
                kvDrawn = true;
            }
        QVERIFY(kvDrawn);
        QVERIFY(!items(plot, QStringLiteral("measuredLabel")).isEmpty());
        QVERIFY(plot->legend->hasItemWithPlottable(plot->graph(2)));
        QVERIFY(w.breakdownChart()->measuredToolTip(int(kv->pool)).contains(QLatin1String("mistral-run.log")));

        // The table: a "Measured" column with the figure on the guest's first row in that pool.
        BreakdownTableModel *model = w.breakdownModel();
        QVERIFY(!w.breakdownTable()->isColumnHidden(BreakdownTableModel::MeasuredColumn));
        QCOMPARE(model->headerData(BreakdownTableModel::MeasuredColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Measured, per guest"));
        int kvRows = 0;
        const Estimate &e = w.estimate();
        for (int row = 0; row < model->rowCount(); ++row) {
            const Item &it = e.items[std::size_t(row)];
            if (it.pool != kv->pool || it.guest != Guest::KvCache)
                continue;
            const QString cell = model->data(model->index(row, BreakdownTableModel::MeasuredColumn)).toString();
            QCOMPARE(cell, kvRows == 0 ? QString::fromStdString(formatGiB(Bytes(kv->measured))) : QString());
            ++kvRows;
        }
        QVERIFY(kvRows >= 1);

        // A slider step keeps the overlay (what was measured does not move with the plan).
        Scenario longer = w.scenario();
        longer.workload.contextTokens *= 2;
        w.controller()->setScenario(longer, QStringLiteral("longer"));
        QCOMPARE(items(plot, QStringLiteral("measuredSegment")).size(), qsizetype(expected));

        // Clear removes both.
        w.clearMeasuredAction()->trigger();
        QVERIFY(!w.measuredShown());
        QVERIFY(items(plot, QStringLiteral("measuredSegment")).isEmpty());
        QVERIFY(items(plot, QStringLiteral("measuredLabel")).isEmpty());
        QVERIFY(!plot->legend->hasItemWithPlottable(plot->graph(2)));
        QVERIFY(w.breakdownTable()->isColumnHidden(BreakdownTableModel::MeasuredColumn));
        for (int row = 0; row < model->rowCount(); ++row)
            QVERIFY(model->data(model->index(row, BreakdownTableModel::MeasuredColumn)).toString().isEmpty());
    }

    void logFileAgainstTheWindowScenario()
    {
        // `memplan --scenario S --log L`: the committed llama.cpp CPU log against its scenario.
        MainWindow w(m_catalog, false);
        QString error;
        QVERIFY(w.loadScenarioFile(
            QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/llama-cpu-qwen3-0.6b.scenario.json"), &error));
        QVERIFY(w.showLogFile(QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/llama-cpu-qwen3-0.6b.log"), &error));
        QVERIFY(w.measuredShown());
        QVERIFY(!items(w.breakdownChart()->plot(), QStringLiteral("measuredSegment")).isEmpty());
        QCOMPARE(w.breakdownChart()->measured().origin, std::string("llama-cpu-qwen3-0.6b.log"));
        // A missing file and a file with nothing recognisable are errors naming the file; the overlay stays.
        QVERIFY(!w.showLogFile(QStringLiteral("/nonexistent/run.log"), &error));
        QVERIFY2(error.contains(QLatin1String("run.log")), qPrintable(error));
        QTemporaryDir dir;
        QFile junk(dir.filePath(QStringLiteral("junk.log")));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("nothing to see\n");
        junk.close();
        QVERIFY(!w.showLogFile(junk.fileName(), &error));
        QVERIFY2(error.contains(QLatin1String("junk.log")), qPrintable(error));
        QVERIFY(w.measuredShown());
    }

    void speedFiguresShowTheirMath()
    {
        MainWindow w(m_catalog, false);
        auto *speed = w.findChild<SpeedPanel *>();
        QVERIFY(speed);
        const SpeedEstimate &s = w.estimate().speed;
        QVERIFY(s.available);
        QToolButton *button = speed->mathButton();
        QVERIFY(button->isEnabled());
        QCOMPARE(button->menu()->actions().size(), qsizetype(s.items.size()));
        QAction *decode = button->menu()->findChild<QAction *>(QStringLiteral("speedMath_decode_per_sequence"));
        QVERIFY(decode);
        decode->trigger();
        QVERIFY(w.mathDialog() && w.mathDialog()->isVisible());
        QCOMPARE(w.mathDialog()->subject().kind, MathSubject::Kind::Speed);
        const QString text = w.mathDialog()->plainText();
        // The formula, an input with its origin, the three kinds of evidence and the values.
        QVERIFY2(text.contains(QStringLiteral("Σ_p max((W_p + B × KV_p) / BW_p")), qPrintable(text));
        QVERIFY(text.contains(QLatin1String("sequences decoded together")));
        QVERIFY(text.contains(QLatin1String("your scenario")));
        for (const char *evidence : {"calculated", "estimated", "measured"})
            QVERIFY2(text.contains(QLatin1String(evidence)), evidence);
        QVERIFY(
            text.contains(QLocale().toString(s.decodePerSequence.bound, 'f', s.decodePerSequence.bound < 10 ? 1 : 0)));
        QVERIFY(text.contains(QLatin1String("memory bandwidth")));

        QAction *ttft = button->menu()->findChild<QAction *>(QStringLiteral("speedMath_time_to_first_token"));
        QVERIFY(ttft);
        ttft->trigger();
        QVERIFY(w.mathDialog()->plainText().contains(QLatin1String("time to first token")));
    }

    void calibratedProfileIsLabelledAndUsed()
    {
        // vLLM on an H100 (llm-d summary): the log's 0.13 GiB of non-torch memory becomes this
        // machine's workspace. The next estimate uses it, and the window and the report say so.
        const std::string log = excerpt("vllm-llama-3.1-8b-bf16-h100-util0.9-maxlen16000-llmd-summary.json");
        QVERIFY(!log.empty());
        const MeasuredRun run = parseRuntimeLog(log);
        const LogScenario ls = scenarioFromLog(run, m_catalog);
        const Reconciliation r = reconcile(run, ls.scenario, m_catalog, false);
        QTemporaryDir dir;
        QVERIFY(!saveCalibration(calibrationFromRun(r, "h100-run.log", log), dir.path().toStdString()).empty());
        PresetCatalog calibrated = m_catalog;
        QVERIFY(applyCalibrations(calibrated, dir.path().toStdString()).empty());

        const Estimate before = memplan::estimate(ls.scenario, m_catalog);
        const Estimate after = memplan::estimate(ls.scenario, calibrated);
        QVERIFY(before.pools[0].guest(Guest::Workspace) != after.pools[0].guest(Guest::Workspace));

        MainWindow w(calibrated, false);
        w.controller()->setScenario(ls.scenario, QStringLiteral("vllm"));
        QCOMPARE(w.estimate().pools[0].guest(Guest::Workspace), after.pools[0].guest(Guest::Workspace));
        QComboBox *runtime = w.runtimePicker()->runtimeCombo();
        QVERIFY2(runtime->currentText().contains(QLatin1String("calibrated on")), qPrintable(runtime->currentText()));
        QVERIFY(runtime->itemData(runtime->currentIndex(), Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("h100-run.log")));

        const ResolvedScenario resolved = resolveScenario(ls.scenario, calibrated);
        ReportOptions options;
        options.suggestions = false;
        const ReportDocument doc = buildReport(after, ls.scenario, resolved, options);
        bool labelled = false;
        for (const ReportFigure &f : doc.section(QStringLiteral("scenario"))->figures)
            labelled = labelled || (f.value.contains(QLatin1String("calibrated on this machine")) &&
                                    f.value.contains(QLatin1String("h100-run.log")));
        QVERIFY(labelled);
        // The uncalibrated report has no such line.
        const ReportDocument plain = buildReport(before, ls.scenario, resolveScenario(ls.scenario, m_catalog), options);
        for (const ReportFigure &f : plain.section(QStringLiteral("scenario"))->figures)
            QVERIFY(!f.value.contains(QLatin1String("calibrated")));
    }

private:
    PresetCatalog m_catalog;
};

QTEST_MAIN(TestMeasuredWindow)
#include "tst_measuredwindow.moc"
