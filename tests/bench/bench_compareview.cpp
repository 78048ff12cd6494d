// The compare view with eight machines (issue 14): one slider step re-estimates every
// candidate once and repaints; a repaint alone estimates nothing. Goal: within the
// window's slider budget (docs/performance.md). Run by hand: build/tests/compare/bench_compareview.
#include "compare/comparebars.h"
#include "compare/comparedialog.h"
#include "scenariocontroller.h"

#include "../core/testsupport.h"

#include <QtTest>

using namespace memplan;
using namespace memplan::ui;

namespace {
const std::vector<Candidate> kEight = {{"rtx-4090", 1},     {"rtx-3090", 2},     {"rtx-5090", 1},
                                       {"m4-max-128gb", 1}, {"dgx-spark", 1},    {"strix-halo-128gb", 1},
                                       {"h100-sxm", 1},     {"a100-80gb-sxm", 1}};
}

class BenchCompareView : public QObject {
    Q_OBJECT
private slots:
    void sliderStepEightCandidates()
    {
        ScenarioController controller(test::shippedCatalog());
        controller.setScenario(defaultScenario(), QStringLiteral("bench"));
        CompareDialog dialog(&controller);
        dialog.session().setCandidates(kEight);
        dialog.show();
        dialog.refresh();
        std::uint64_t context = 4096;
        QBENCHMARK
        {
            context = context == 4096 ? 8192 : 4096; // a new scenario each step, as a slider gives
            controller.edit(QStringLiteral("ctx"), QStringLiteral("ctx"),
                            [&](Scenario &s) { s.workload.contextTokens = context; });
            dialog.bars()->repaint();
        }
    }
    void repaintOnlyEightCandidates()
    {
        ScenarioController controller(test::shippedCatalog());
        controller.setScenario(defaultScenario(), QStringLiteral("bench"));
        CompareDialog dialog(&controller);
        dialog.session().setCandidates(kEight);
        dialog.show();
        dialog.refresh();
        QBENCHMARK
        {
            QCOMPARE(dialog.session().update(controller.scenario(), controller.catalog()), std::size_t(0));
            dialog.render();
            dialog.bars()->repaint();
        }
    }
};

QTEST_MAIN(BenchCompareView)
#include "bench_compareview.moc"
