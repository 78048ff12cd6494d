// The Korean screen holds no English sentence (issue 17): every lesson stepped from the
// first step to the last and each of its variants, in Korean, with what the window
// shows for it (lesson text, banner, table, chart labels, the math of every row and of
// the verdict). Names (models, machines, runtimes), formulas and the Latin-script terms
// the source texts keep (KV, activation, workspace, prefix …) are allowed; a run of four
// or more English words is a sentence someone forgot to translate.

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "classroom/lessonwalkthrough.h"
#include "classroom/mathdialog.h"
#include "mainwindow.h"
#include "models/breakdowntablemodel.h"
#include "scenariocontroller.h"
#include "translator.h"
#include "widgets/noticebar.h"
#include "widgets/verdictbanner.h"

#include "presetloader.h"

#include <QAbstractButton>
#include <QApplication>
#include <QLabel>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTest>
#include <QTextDocument>

#include <qcustomplot.h>

using namespace memplan;
using namespace memplan::ui;

namespace {
/// Four or more English words in a row: "the keys and values", "Scratch buffers the kernels".
const QRegularExpression kSentence(QStringLiteral("\\b[A-Za-z][a-z]+(?:[ ,]+[a-z][a-z]+){3,}\\b"));

QString plain(const QString &html)
{
    QTextDocument d;
    d.setHtml(html);
    return d.toPlainText();
}
} // namespace

class TestKoreanScreen : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::Korean, QLocale::SouthKorea));
        m_translator = new FallbackTranslator(this);
        QVERIFY(m_translator->load(QStringLiteral(":/i18n/memplan_ko.qm")));
        QApplication::installTranslator(m_translator);
        m_catalog = app::loadCatalog({}, false);
    }

    void theDetectorFindsEnglish()
    {
        // The check itself must be able to fail.
        QVERIFY(kSentence.match(QStringLiteral("무엇인가: The keys and values of every token")).hasMatch());
        QVERIFY(!kSentence.match(QStringLiteral("GPU 0 (GeForce RTX 4060 Ti 16GB)에 2.00 GiB")).hasMatch());
        QVERIFY(!kSentence.match(QStringLiteral("합계 = 가중치 + KV + activation + workspace")).hasMatch());
    }

    void noEnglishSentenceInKorean()
    {
        MainWindow w(m_catalog, false);
        w.setDiscardPrompt([](const QString &) { return MainWindow::DiscardAnswer::Discard; });
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMap<QString, QString> found; // English run -> where it was seen first
        const auto scan = [&](const QString &text, const QString &where) {
            auto it = kSentence.globalMatch(text);
            while (it.hasNext()) {
                const QString run = it.next().captured(0);
                if (!found.contains(run))
                    found.insert(run, where);
            }
        };
        const auto scanWindow = [&](const QString &where) {
            scan(w.walkthrough()->stepText(), where + QStringLiteral(" lesson text"));
            if (w.verdictBanner()->isVisible())
                scan(w.verdictBanner()->headline() + QLatin1Char('\n') + w.verdictBanner()->details(),
                     where + QStringLiteral(" banner"));
            if (w.noticeBar()->isVisible())
                scan(w.noticeBar()->text(), where + QStringLiteral(" notice"));
            // Every label and button on screen (the speed panel, the legends, the notice bar …).
            for (const QLabel *label : w.findChildren<QLabel *>())
                if (label->isVisible())
                    scan(plain(label->text()), where + QStringLiteral(" label ") + label->objectName());
            for (const QAbstractButton *b : w.findChildren<QAbstractButton *>())
                if (b->isVisible())
                    scan(b->text(), where + QStringLiteral(" button"));
            for (QCustomPlot *plot : w.findChildren<QCustomPlot *>()) {
                if (!plot->isVisible())
                    continue;
                for (QCPAxis *axis : plot->axisRect()->axes())
                    scan(axis->label(), where + QStringLiteral(" axis"));
                for (int i = 0; i < plot->legend->itemCount(); ++i)
                    if (auto *item = qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(i)))
                        scan(item->plottable()->name(), where + QStringLiteral(" legend"));
            }
            const BreakdownTableModel *m = w.breakdownModel();
            for (int r = 0; r < m->rowCount(); ++r)
                for (int c = 0; c < m->columnCount(); ++c) {
                    scan(m->data(m->index(r, c)).toString(), where + QStringLiteral(" table"));
                    scan(m->data(m->index(r, c), Qt::ToolTipRole).toString(), where + QStringLiteral(" table tip"));
                }
            for (QWidget *chart : {static_cast<QWidget *>(w.breakdownChart()), static_cast<QWidget *>(w.sweepChart())})
                for (const QCPItemText *t : chart->findChildren<QCPItemText *>())
                    scan(t->text(), where + QStringLiteral(" chart"));
            const Estimate &e = w.estimate();
            for (std::size_t i = 0; i < e.items.size(); ++i)
                scan(plain(mathHtml(e, w.scenario(), MathSubject::forItem(int(i)), UnitSystem::Binary)),
                     where + QStringLiteral(" math of ") +
                         QString::fromUtf8(e.items[i].id.data(), qsizetype(e.items[i].id.size())));
            scan(plain(mathHtml(e, w.scenario(), MathSubject::forVerdict(), UnitSystem::Binary)),
                 where + QStringLiteral(" verdict math"));
        };
        for (const Lesson &l : w.walkthrough()->lessons()) {
            QVERIFY(w.openLesson(l.id));
            LessonWalkthrough *walk = w.walkthrough();
            for (int s = 0; s < walk->stepCount(); ++s) {
                walk->setStep(s);
                scan(walk->stepText(), l.id + QStringLiteral(" step %1").arg(s + 1));
            }
            scanWindow(l.id);
            for (int c = 0; c < l.compare.size(); ++c) {
                walk->showCompare(c);
                scanWindow(l.id + QStringLiteral(" compare %1").arg(c));
            }
        }
        QStringList lines;
        for (auto it = found.begin(); it != found.end(); ++it)
            lines << it.key() + QStringLiteral("    [") + it.value() + QLatin1Char(']');
        QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("\n") + lines.join(QLatin1Char('\n'))));
    }

private:
    PresetCatalog m_catalog;
    FallbackTranslator *m_translator = nullptr;
};

QTEST_MAIN(TestKoreanScreen)
#include "tst_koreanscreen.moc"
