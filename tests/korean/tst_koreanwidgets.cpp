// No English word in the Korean window (issue 33, "done when"): every text a user can read in
// the window's own widgets (labels, buttons, group titles, tabs, menus, combo entries, table
// headers, tooltips) holds no English word, except the Latin-script terms the glossary keeps,
// the names it lists and the names of the presets on screen (models, machines, runtimes).
// tst_koreanscreen checks the lesson screens for English sentences; this one is word by word.

#include "classroom/lessonwalkthrough.h"
#include "englishwords.h"
#include "mainwindow.h"
#include "translator.h"

#include "presetloader.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTextDocument>

using namespace memplan;
using namespace memplan::ui;
using namespace memplan::testko;

namespace {

QString plain(const QString &html)
{
    if (!html.contains(QLatin1Char('<')))
        return html;
    QTextDocument d;
    d.setHtml(html);
    return d.toPlainText();
}

/// The words of a display name ("Llama 3.1 8B Instruct" -> Llama, Instruct).
void addNameWords(const std::string &name, QSet<QString> &kept)
{
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z-]*[A-Za-z]"));
    auto it = word.globalMatch(QString::fromStdString(name));
    while (it.hasNext())
        kept.insert(it.next().captured(0));
}

} // namespace

class TestKoreanWidgets : public QObject {
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
        m_kept = latinWords();
        QVERIFY2(m_kept.size() > 100, "the glossary's kept words could not be read");
        for (const ModelPreset &m : m_catalog.models())
            addNameWords(m.name, m_kept);
        for (const HardwarePreset &h : m_catalog.hardware())
            addNameWords(h.spec.name, m_kept);
        for (const RuntimeProfile &r : m_catalog.runtimes())
            addNameWords(r.name, m_kept);
    }

    void theDetectorFindsAWord()
    {
        // One English word is enough to fail, where tst_koreanscreen needs four in a row.
        QCOMPARE(englishWords(QStringLiteral("컨텍스트 길이 Close"), m_kept), QStringList{QStringLiteral("Close")});
        QVERIFY(englishWords(QStringLiteral("Llama 3.1 8B (GeForce RTX 4090)"), m_kept).isEmpty());
    }

    void noEnglishWordInTheWindow()
    {
        MainWindow w(m_catalog, false);
        w.setDiscardPrompt([](const QString &) { return MainWindow::DiscardAnswer::Discard; });
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMap<QString, QString> found; // "word" -> the first text it was seen in
        int hangulTexts = 0;          // the scan must have read the window in Korean
        static const QRegularExpression hangul(QStringLiteral("[\\x{AC00}-\\x{D7A3}]"));
        const auto scan = [&](const QString &text, const QString &where) {
            hangulTexts += text.contains(hangul) ? 1 : 0;
            for (const QString &word : englishWords(plain(text), m_kept))
                if (!found.contains(word))
                    found.insert(word, where + QStringLiteral(": ") + text.left(120));
        };
        for (QWidget *widget : w.findChildren<QWidget *>()) {
            if (!widget->isVisible())
                continue;
            scan(widget->toolTip(), QStringLiteral("tooltip"));
            if (auto *l = qobject_cast<QLabel *>(widget))
                scan(l->text(), QStringLiteral("label"));
            else if (auto *b = qobject_cast<QAbstractButton *>(widget))
                scan(b->text(), QStringLiteral("button"));
            else if (auto *g = qobject_cast<QGroupBox *>(widget))
                scan(g->title(), QStringLiteral("group"));
            else if (auto *t = qobject_cast<QTabWidget *>(widget))
                for (int i = 0; i < t->count(); ++i)
                    scan(t->tabText(i), QStringLiteral("tab"));
            else if (auto *c = qobject_cast<QComboBox *>(widget))
                for (int i = 0; i < c->count(); ++i)
                    scan(c->itemText(i), QStringLiteral("combo ") + c->objectName());
            else if (auto *v = qobject_cast<QAbstractItemView *>(widget); v && v->model())
                for (Qt::Orientation o : {Qt::Horizontal, Qt::Vertical}) {
                    const int n = o == Qt::Horizontal ? v->model()->columnCount() : 0;
                    for (int i = 0; i < n; ++i)
                        scan(v->model()->headerData(i, o).toString(), QStringLiteral("header"));
                }
        }
        for (QAction *menu : w.menuBar()->actions()) {
            scan(menu->text(), QStringLiteral("menu"));
            if (menu->menu())
                for (QAction *a : menu->menu()->actions()) {
                    scan(a->text(), QStringLiteral("menu item"));
                    scan(a->toolTip() == a->text().remove(QLatin1Char('&')) ? QString() : a->toolTip(),
                         QStringLiteral("menu tip"));
                }
        }
        QVERIFY2(hangulTexts > 100, qPrintable(QStringLiteral("only %1 Korean texts read").arg(hangulTexts)));
        QStringList lines;
        for (auto it = found.cbegin(); it != found.cend(); ++it)
            lines << it.key() + QStringLiteral("    [") + it.value() + QLatin1Char(']');
        QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("\n") + lines.join(QLatin1Char('\n'))));
    }

    void lessonScenarioNamesInKorean()
    {
        // A lesson's scenario name titles its report and suggests its file name.
        MainWindow w(m_catalog, false);
        w.setDiscardPrompt([](const QString &) { return MainWindow::DiscardAnswer::Discard; });
        QStringList bad;
        const auto check = [&](const QString &where) {
            const QString name = QString::fromStdString(w.scenario().name);
            const QStringList words = englishWords(name, m_kept);
            if (!words.isEmpty())
                bad << where + QStringLiteral(": ") + name + QStringLiteral("  →  ") + words.join(QStringLiteral(", "));
        };
        int lessons = 0;
        for (const Lesson &l : w.walkthrough()->lessons()) {
            QVERIFY(w.openLesson(l.id));
            ++lessons;
            check(l.id);
            for (int c = 0; c < l.compare.size(); ++c) {
                w.walkthrough()->showCompare(c);
                check(l.id + QStringLiteral(" compare %1").arg(c));
            }
        }
        QVERIFY(lessons >= 26);
        QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("\n") + bad.join(QLatin1Char('\n'))));
    }

private:
    FallbackTranslator *m_translator = nullptr;
    PresetCatalog m_catalog;
    QSet<QString> m_kept;
};

QTEST_MAIN(TestKoreanWidgets)
#include "tst_koreanwidgets.moc"
