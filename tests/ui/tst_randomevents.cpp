// 10,000 random control events on the real window (issue 16, "Done when"):
// sliders, pickers, spin boxes with typed text, undo/redo, lessons, units, New.
// After each event: the bars sum to the table's rows per pool, nothing negative or
// non-finite is shown, the banner's verdict is the estimate's, undo then redo
// returns an equal scenario, and unsaved work is never dropped without a prompt.
//
// The seed is fixed and printed; MEMPLAN_SEED and MEMPLAN_EVENTS override it and
// the count to replay or stretch a run.

#include "mainwindow.h"

#include "charts/breakdownchart.h"
#include "classroom/lessonwalkthrough.h"
#include "models/breakdowntablemodel.h"
#include "panels/hardwarepicker.h"
#include "panels/modelpicker.h"
#include "panels/runtimepicker.h"
#include "panels/whatifpanel.h"
#include "scenariocontroller.h"
#include "widgets/logslider.h"
#include "widgets/verdictbanner.h"

#include "presetloader.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using namespace memplan;
using namespace memplan::ui;

class TestRandomEvents : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_catalog = app::loadCatalog({}, false);
    }

    // Ten blocks of a tenth of the events, each on a fresh window with its own seed (seed + block),
    // so that no single test function runs into QtTest's five-minute watchdog on a loaded machine.
    void randomEvents_data()
    {
        QTest::addColumn<int>("block");
        for (int b = 0; b < 10; ++b)
            QTest::addRow("block %d", b) << b;
    }

    void randomEvents()
    {
        QFETCH(int, block);
        const quint32 base = qEnvironmentVariableIsSet("MEMPLAN_SEED")
                                 ? quint32(qEnvironmentVariableIntValue("MEMPLAN_SEED"))
                                 : 20261201u;
        const quint32 seed = base + quint32(block);
        const int total =
            qEnvironmentVariableIsSet("MEMPLAN_EVENTS") ? qEnvironmentVariableIntValue("MEMPLAN_EVENTS") : 10000;
        const int events = total / 10;
        qInfo("random GUI events: seed %u (base %u + block %d), %d events (MEMPLAN_SEED / MEMPLAN_EVENTS to change)",
              seed, base, block, events);
        QRandomGenerator rng(seed);

        MainWindow w(m_catalog, false);
        int prompts = 0;
        w.setDiscardPrompt([&](const QString &) {
            ++prompts;
            return rng.bounded(2) ? MainWindow::DiscardAnswer::Discard : MainWindow::DiscardAnswer::Cancel;
        });
        // The window stays hidden: every check reads the widgets' and models' state, and an
        // unpainted window keeps 10,000 events within about two minutes on the 2-core CI machine.
        // (tst_layout and tst_typedvalues cover the shown window.)
        w.resize(1280, 720);

        std::vector<QString> modelIds, lessonIds;
        for (const ModelPreset &p : m_catalog.models())
            modelIds.push_back(QString::fromStdString(p.id));
        for (const Lesson &l : w.walkthrough()->lessons())
            lessonIds.push_back(l.id);
        const QStringList typed = {QStringLiteral("200000"), QStringLiteral("32k"),       QStringLiteral("1M"),
                                   QStringLiteral("abc"),    QStringLiteral("5"),         QStringLiteral("128K"),
                                   QStringLiteral(""),       QStringLiteral("999999999"), QStringLiteral("4,096"),
                                   QStringLiteral("1.5k"),   QStringLiteral("-3"),        QStringLiteral("64")};
        auto typeInto = [&](QAbstractSpinBox *spin, const QString &text) {
            spin->setFocus();
            spin->selectAll();
            QTest::keyClicks(spin, text);
            QTest::keyClick(spin, Qt::Key_Return);
        };
        auto pickIndex = [&](QComboBox *combo) {
            if (combo->count() > 0)
                combo->setCurrentIndex(int(rng.bounded(combo->count())));
        };

        QElapsedTimer clock;
        clock.start();
        for (int n = 0; n < events; ++n) {
            const int kind = int(rng.bounded(20));
            const bool modifiedBefore = w.isModified();
            const ScenarioDocument docBefore = w.document();
            const int promptsBefore = prompts;
            WhatIfPanel *p = w.whatIfPanel();
            switch (kind) {
            case 0:
                QTest::keyClick(p->contextSlider()->slider(), rng.bounded(2) ? Qt::Key_Right : Qt::Key_Left);
                break;
            case 1:
                p->concurrencySlider()->slider()->setValue(int(rng.bounded(11)));
                break;
            case 2:
                typeInto(p->contextSlider()->spinBox(), typed[int(rng.bounded(typed.size()))]);
                break;
            case 3:
                typeInto(p->concurrencySlider()->spinBox(), typed[int(rng.bounded(typed.size()))]);
                break;
            case 4:
                pickIndex(p->weightFormat());
                break;
            case 5:
                pickIndex(p->kvDtype());
                break;
            case 6:
                pickIndex(p->gqaRatio());
                break;
            case 7:
                p->offloadSlider()->setValue(int(rng.bounded(101)));
                break;
            case 8:
                if (p->kvOnGpu()->isEnabled())
                    QTest::mouseClick(p->kvOnGpu(), Qt::LeftButton, {}, QPoint(4, p->kvOnGpu()->height() / 2));
                break;
            case 9:
                typeInto(w.hardwarePicker()->gpuCount(), typed[int(rng.bounded(typed.size()))]);
                break;
            case 10:
                w.modelPicker()->choose(modelIds[rng.bounded(quint32(modelIds.size()))]);
                break;
            case 11: {
                QComboBox *m = w.hardwarePicker()->machineCombo();
                const int i = int(rng.bounded(m->count()));
                if (!m->itemData(i).toString().isEmpty())
                    m->setCurrentIndex(i);
                break;
            }
            case 12:
                w.hardwarePicker()->hostRam()->setValue(double(8 << rng.bounded(6)));
                break;
            case 13:
                pickIndex(w.runtimePicker()->runtimeCombo());
                break;
            case 14: {
                // Undo, then redo, returns the same scenario; undo again lands where the first undo did.
                QUndoStack *u = w.controller()->undoStack();
                if (!u->canUndo())
                    break;
                const Scenario before = w.scenario();
                u->undo();
                const Scenario undone = w.scenario();
                u->redo();
                QVERIFY2(w.scenario() == before,
                         qPrintable(QStringLiteral("event %1: redo after undo differs").arg(n)));
                u->undo();
                QVERIFY2(w.scenario() == undone, qPrintable(QStringLiteral("event %1: second undo differs").arg(n)));
                break;
            }
            case 15:
                w.controller()->undoStack()->redo();
                break;
            case 16:
                if (rng.bounded(4) == 0)
                    w.openLesson(lessonIds[rng.bounded(quint32(lessonIds.size()))], int(rng.bounded(8)));
                else if (w.classroomDock()->isVisible())
                    rng.bounded(2) ? w.walkthrough()->next() : w.walkthrough()->previous();
                break;
            case 17:
                w.setUnitSystem(rng.bounded(2) ? UnitSystem::Binary : UnitSystem::Decimal);
                break;
            case 18:
                if (rng.bounded(8) == 0)
                    w.newScenario();
                else
                    w.classroomDock()->setVisible(!w.classroomDock()->isVisible());
                break;
            case 19:
                w.controller()->endGesture();
                break;
            }
            checkInvariants(w, n, kind);
            if (QTest::currentTestFailed())
                return;
            // Unsaved work is dropped when the document's file or saved state changed
            // while the scenario differed from it; that needs a question first.
            const bool dropped = modifiedBefore && (w.document().path() != docBefore.path() ||
                                                    w.document().savedScenario() != docBefore.savedScenario());
            QVERIFY2(
                !dropped || prompts > promptsBefore,
                qPrintable(QStringLiteral("event %1 (kind %2) dropped unsaved work without asking").arg(n).arg(kind)));
        }
        qInfo("%d events in %lld ms, %d prompts", events, clock.elapsed(), prompts);
    }

private:
    void checkInvariants(MainWindow &w, int n, int kind)
    {
        const QString where = QStringLiteral("event %1 (kind %2)").arg(n).arg(kind);
        const Estimate &e = w.estimate();
        const BarSeries &bars = w.breakdownChart()->series();
        const BreakdownTableModel *table = w.breakdownModel();
        if (!w.controller()->error().isEmpty()) {
            // A rejected scenario shows no numbers: nothing of the previous estimate is drawn.
            QVERIFY2(bars.bars.empty() && table->rowCount() == 0, qPrintable(where));
            return;
        }
        if (e.pools.empty())
            return;
        // Bars: each pool's stack equals that pool's rows in the table (guests shown).
        QCOMPARE(table->rowCount(), int(e.items.size()));
        for (std::size_t b = 0; b < bars.bars.size(); ++b) {
            Bytes stack = 0;
            for (Bytes g : bars.bars[b].guests)
                stack += g;
            Bytes rows = 0;
            for (int r = 0; r < table->rowCount(); ++r)
                if (e.items[std::size_t(r)].pool == int(b) && w.guestMask()[std::size_t(e.items[std::size_t(r)].guest)])
                    rows += table->index(r, BreakdownTableModel::GiBColumn)
                                .data(BreakdownTableModel::BytesRole)
                                .toULongLong();
            QVERIFY2(
                stack == rows,
                qPrintable(QStringLiteral("%1: pool %2 bars %3 B, table %4 B").arg(where).arg(b).arg(stack).arg(rows)));
            QVERIFY2(bars.axisMax >= bars.bars[b].total, qPrintable(where));
        }
        // Nothing negative or non-finite in what the table shows.
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c : {int(BreakdownTableModel::GiBColumn), int(BreakdownTableModel::GBColumn),
                          int(BreakdownTableModel::ShareColumn)}) {
                const QString text = table->index(r, c).data().toString();
                QVERIFY2(!text.startsWith(u'-') && !text.contains(QStringLiteral("nan"), Qt::CaseInsensitive) &&
                             !text.contains(QStringLiteral("inf"), Qt::CaseInsensitive),
                         qPrintable(where + QStringLiteral(": ") + text));
            }
        for (const Pool &pool : e.pools)
            QVERIFY2(pool.usableBytes <= pool.capacityBytes || pool.capacityBytes == 0, qPrintable(where));
        // The banner's verdict is the estimate's (while a lesson hides the banner it says nothing).
        if (w.controller()->error().isEmpty() && w.verdictBanner()->isVisibleTo(&w)) {
            const QString h = w.verdictBanner()->headline();
            QVERIFY2(h.startsWith(QStringLiteral("Fits")) == e.fits, qPrintable(where + QStringLiteral(": ") + h));
        }
    }

    PresetCatalog m_catalog;
};

QTEST_MAIN(TestRandomEvents)
#include "tst_randomevents.moc"
