// Handout and slides of the longest lesson (weights-are-not-the-need: 20 steps with its
// questions), rendered in memory and written atomically. Goal: under 1 s each
// (docs/performance.md, issue 17).

#include "classroom/lessonhandout.h"

#include "presetloader.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace memplan;
using namespace memplan::ui;

class BenchHandout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_catalog = app::loadCatalog({}, false);
    }

    void handout() { run(LessonPrintLayout::Handout); }
    void slides() { run(LessonPrintLayout::Slides); }

private:
    void run(LessonPrintLayout layout)
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lesson.pdf"));
        QBENCHMARK
        {
            QVERIFY(writeLessonPdf(m_catalog, QStringLiteral("weights-are-not-the-need"), {layout, UnitSystem::Binary},
                                   path)
                        .ok);
        }
    }

    PresetCatalog m_catalog;
};

QTEST_MAIN(BenchHandout)
#include "bench_handout.moc"
