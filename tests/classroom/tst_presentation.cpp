// Presentation mode as a projector shows it (issue 17): at 1280x720, 1920x1080 and
// 3840x2160, in English and in Korean, three lessons stepped from the first step to
// the last. On every step the visible pieces lie inside the window and do not
// overlap, no button or legend entry is cut short, the lesson text needs no scroll
// bar (a question's math steps excepted, docs/classroom.md), the two sweep markers
// do not cover each other, and the scenario panel and the table stay hidden.

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "classroom/lessonwalkthrough.h"
#include "classroom/mathdialog.h"
#include "mainwindow.h"
#include "scenariocontroller.h"
#include "speed/speedpanel.h"
#include "translator.h"
#include "widgets/verdictbanner.h"

#include "presetloader.h"

#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTest>
#include <QTextBrowser>

#include <qcustomplot.h>

using namespace memplan;
using namespace memplan::ui;

namespace {
QRect inWindow(const QWidget *w, const QWidget *window)
{
    return QRect(w->mapTo(window, QPoint(0, 0)), w->size());
}
} // namespace

class TestPresentation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_catalog = app::loadCatalog({}, false);
    }

    void cleanup()
    {
        if (m_translator) {
            QApplication::removeTranslator(m_translator);
            delete m_translator;
            m_translator = nullptr;
        }
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void nothingCutOrOverlapping_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("lesson");
        for (const QSize size : {QSize(1280, 720), QSize(1920, 1080), QSize(3840, 2160)})
            for (const char *lang : {"en", "ko"})
                for (const char *id : {"weights-are-not-the-need", "mha-gqa-mqa", "paging-and-prefix-sharing"})
                    QTest::addRow("%dx%d %s %s", size.width(), size.height(), lang, id)
                        << size << QString::fromLatin1(lang) << QString::fromLatin1(id);
    }

    void nothingCutOrOverlapping()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QFETCH(QString, lesson);
        if (language == QLatin1String("ko")) {
            QLocale::setDefault(QLocale(QLocale::Korean, QLocale::SouthKorea));
            m_translator = new FallbackTranslator;
            QVERIFY(m_translator->load(QStringLiteral(":/i18n/memplan_ko.qm")));
            QApplication::installTranslator(m_translator);
        }
        MainWindow w(m_catalog, false);
        w.setPresentationMode(true); // before show(): the window keeps this size (as --screenshot does)
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openLesson(lesson));
        QCOMPARE(w.size(), size);
        QVERIFY(!w.menuBar()->isVisible());
        QVERIFY(!w.scenarioDock()->isVisible());
        QVERIFY(!w.tablePanel()->isVisible());
        QVERIFY(!w.speedPanel()->isVisible());
        LessonWalkthrough *walk = w.walkthrough();
        const QRect window = w.rect();
        for (int s = 0; s < walk->stepCount(); ++s) {
            walk->setStep(s);
            QApplication::processEvents();
            const QString where = QStringLiteral("step %1: ").arg(s + 1);
            // The pieces a class sees, each whole inside the window, none on top of another.
            QList<QPair<QString, QWidget *>> pieces = {
                {QStringLiteral("title"), walk->titleLabel()}, {QStringLiteral("back"), walk->backButton()},
                {QStringLiteral("next"), walk->nextButton()},  {QStringLiteral("text"), walk->body()},
                {QStringLiteral("bars"), w.breakdownChart()},  {QStringLiteral("sweep"), w.sweepChart()},
                {QStringLiteral("banner"), w.verdictBanner()}, {QStringLiteral("compare"), walk->compareLinks()}};
            pieces.erase(
                std::remove_if(pieces.begin(), pieces.end(), [](const auto &p) { return !p.second->isVisible(); }),
                pieces.end());
            for (int i = 0; i < pieces.size(); ++i) {
                const QRect r = inWindow(pieces[i].second, &w);
                QVERIFY2(window.contains(r),
                         qPrintable(where + pieces[i].first + QStringLiteral(" outside the window")));
                QVERIFY2(r.height() > 0 && r.width() > 0, qPrintable(where + pieces[i].first));
                for (int j = i + 1; j < pieces.size(); ++j)
                    QVERIFY2(!r.intersects(inWindow(pieces[j].second, &w)),
                             qPrintable(where + pieces[i].first + QStringLiteral(" overlaps ") + pieces[j].first));
            }
            // Buttons show their whole text; wrapped labels get the height their text needs.
            for (QPushButton *b : {walk->backButton(), walk->nextButton()})
                QVERIFY2(b->fontMetrics().horizontalAdvance(b->text()) <= b->contentsRect().width(),
                         qPrintable(where + b->text()));
            for (QLabel *l : {walk->titleLabel(), walk->compareLinks()})
                if (l->isVisible())
                    QVERIFY2(l->heightForWidth(l->width()) <= l->height() + 1,
                             qPrintable(where + l->text() + QStringLiteral(" is cut")));
            // The lesson text fits without a scroll bar, except a question's math (a table per item,
            // docs/classroom.md): it shrinks to 10 pt and may scroll.
            const bool math = walk->plan()[std::size_t(s)].kind == LessonWalkthrough::PlanStep::Kind::Math;
            if (!math)
                QVERIFY2(!walk->body()->verticalScrollBar()->isVisible() ||
                             walk->body()->verticalScrollBar()->maximum() == 0,
                         qPrintable(where + QStringLiteral("the lesson text scrolls")));
            // No legend entry cut short ("activat", "worksp").
            for (ChartView *chart :
                 {static_cast<ChartView *>(w.breakdownChart()), static_cast<ChartView *>(w.sweepChart())}) {
                QCPLegend *legend = chart->plot()->legend;
                if (!legend->visible())
                    continue;
                for (int i = 0; i < legend->itemCount(); ++i) {
                    auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i));
                    if (!item)
                        continue;
                    const int needed = QFontMetrics(legend->font()).horizontalAdvance(item->plottable()->name()) +
                                       legend->iconSize().width() + legend->iconTextPadding();
                    QVERIFY2(item->rect().width() >= needed,
                             qPrintable(where + item->plottable()->name() + QStringLiteral(" is cut")));
                    QVERIFY2(QRect(QPoint(0, 0), chart->plot()->size()).contains(item->outerRect()),
                             qPrintable(where + item->plottable()->name() + QStringLiteral(" outside its chart")));
                }
            }
            // The sweep's two marker labels never cover each other.
            QRectF current, largest;
            for (QCPItemText *t : w.sweepChart()->findChildren<QCPItemText *>()) {
                const QRectF r(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
                if (t->objectName() == QLatin1String("currentMarker"))
                    current = r;
                else if (t->objectName() == QLatin1String("maxFittingMarker"))
                    largest = r;
            }
            if (!current.isNull() && !largest.isNull())
                QVERIFY2(!current.intersects(largest), qPrintable(where + QStringLiteral("sweep markers collide")));
        }
    }

    // A clicker or keyboard drives the lesson wherever the focus is; B or "." blanks the
    // screen and the next key brings it back; the panels return only when asked for.
    void keysStepBlankAndAsk()
    {
        MainWindow w(m_catalog, false);
        w.setPresentationMode(true);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openLesson(QStringLiteral("mha-gqa-mqa")));
        LessonWalkthrough *walk = w.walkthrough();
        w.breakdownChart()->setFocus(); // not the walkthrough: the window-wide keys must still step
        QTest::keyClick(&w, Qt::Key_Right);
        QTest::keyClick(&w, Qt::Key_Down);
        QCOMPARE(walk->step(), 2);
        QTest::keyClick(&w, Qt::Key_PageDown);
        QTest::keyClick(&w, Qt::Key_Left);
        QCOMPARE(walk->step(), 2);
        QTest::keyClick(&w, Qt::Key_End);
        QCOMPARE(walk->step(), walk->stepCount() - 1);
        QTest::keyClick(&w, Qt::Key_Home);
        QCOMPARE(walk->step(), 0);
        QTest::keyClick(&w, Qt::Key_B);
        QVERIFY(w.isBlanked());
        QTest::keyClick(&w, Qt::Key_Period);
        QVERIFY(!w.isBlanked());
        QTest::keyClick(&w, Qt::Key_Period);
        QVERIFY(w.isBlanked());
        QTest::keyClick(&w, Qt::Key_Right); // stepping brings the picture back
        QVERIFY(!w.isBlanked());
        QCOMPARE(walk->step(), 1);
        QTest::keyClick(&w, Qt::Key_F9);
        QVERIFY(w.scenarioDock()->isVisible());
        QTest::keyClick(&w, Qt::Key_F8);
        QVERIFY(w.tablePanel()->isVisible());
        // Leaving presentation mode restores the desktop layout; B types nothing and blanks nothing there.
        w.setPresentationMode(false);
        QVERIFY(w.menuBar()->isVisible());
        QVERIFY(w.tablePanel()->isVisible());
        QVERIFY(w.scenarioDock()->isVisible());
        QTest::keyClick(&w, Qt::Key_B);
        QVERIFY(!w.isBlanked());
    }

    // Issue 34 item 9: with the menu bar hidden, Ctrl+Z and Ctrl+M did nothing while
    // presenting; they work from anywhere in the window.
    void undoAndMathWhilePresenting()
    {
        MainWindow w(m_catalog, false);
        w.setPresentationMode(true);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        const Scenario before = w.scenario();
        Scenario edited = before;
        edited.workload.concurrency = 4;
        w.controller()->setScenario(edited, QStringLiteral("edit"));
        w.breakdownChart()->setFocus();
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.scenario(), before);
        QTest::keySequence(&w, QKeySequence(QKeySequence::Redo));
        QCOMPARE(w.scenario().workload.concurrency, std::uint64_t(4));
        QVERIFY(!w.mathDialog() || !w.mathDialog()->isVisible());
        QTest::keyClick(&w, Qt::Key_M, Qt::ControlModifier);
        QVERIFY(w.mathDialog() && w.mathDialog()->isVisible());
        w.mathDialog()->close();
    }

    // ...and mid-lesson, while the lesson still hides guests (the banner is hidden: the
    // verdict is the answer to come), Ctrl+M does not show the verdict's math; once every
    // guest is on the chart it does.
    void verdictMathWaitsForTheReveal()
    {
        MainWindow w(m_catalog, false);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(w.openLesson(QStringLiteral("weights-are-not-the-need")));
        QVERIFY(w.guestMask() != kAllGuestsVisible);
        QVERIFY(!w.verdictBanner()->isVisible());
        QTest::keyClick(&w, Qt::Key_M, Qt::ControlModifier);
        QVERIFY(!w.mathDialog() || !w.mathDialog()->isVisible());
        LessonWalkthrough *walk = w.walkthrough();
        while (w.guestMask() != kAllGuestsVisible && walk->step() < walk->stepCount() - 1)
            walk->next();
        QCOMPARE(w.guestMask(), kAllGuestsVisible);
        QTest::keyClick(&w, Qt::Key_M, Qt::ControlModifier);
        QVERIFY(w.mathDialog() && w.mathDialog()->isVisible());
        w.mathDialog()->close();
    }

    // A lecture machine starts clean: a --lesson or --present start (restoreLastRun false)
    // takes neither the last run's scenario nor its units.
    void presentingStartsClean()
    {
        {
            MainWindow last(m_catalog, true);
            last.setUnitSystem(UnitSystem::Decimal);
            Scenario s = defaultScenario();
            s.model.preset = "qwen3-8b";
            last.controller()->replaceScenario(s, QStringLiteral("pick"));
            last.setDiscardPrompt([](const QString &) { return MainWindow::DiscardAnswer::Discard; });
            QVERIFY(last.close());
        }
        {
            MainWindow again(m_catalog, true); // an ordinary start does restore both...
            QCOMPARE(again.unitSystem(), UnitSystem::Decimal);
            QCOMPARE(again.scenario().model.preset, std::string("qwen3-8b"));
            again.setDiscardPrompt([](const QString &) { return MainWindow::DiscardAnswer::Discard; });
            QVERIFY(again.close());
        }
        MainWindowOptions lecture;
        lecture.restoreLastRun = false; // ...main() passes this for --lesson and --present
        MainWindow clean(m_catalog, lecture);
        QCOMPARE(clean.unitSystem(), UnitSystem::Binary);
        QCOMPARE(clean.scenario(), defaultScenario());
        clean.setDiscardPrompt([](const QString &) { return MainWindow::DiscardAnswer::Discard; });
    }

private:
    PresetCatalog m_catalog;
    FallbackTranslator *m_translator = nullptr;
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
