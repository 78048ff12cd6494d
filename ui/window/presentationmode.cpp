#include "presentationmode.h"

#include "charts/breakdownchart.h"
#include "charts/sweepchart.h"
#include "classroom/lessonwalkthrough.h"
#include "mainwindow.h"
#include "speed/speedpanel.h"
#include "widgets/evidencelegend.h"
#include "widgets/verdictbanner.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QMenuBar>
#include <QSplitter>
#include <QTabWidget>
#include <QToolBar>

#include <algorithm>

namespace memplan::ui {

void PresentationMode::setOn(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    if (on)
        m_stateBefore = m_window.saveState();
    else
        setBlanked(false);
    applyLook(on);
    if (m_actions.toggle && m_actions.toggle->isChecked() != on)
        m_actions.toggle->setChecked(on);
    for (QAction *a : m_actions.keys)
        a->setEnabled(on);
    if (m_actions.blank)
        m_actions.blank->setEnabled(on);
    if (m_actions.scenario) {
        m_actions.scenario->setChecked(false);
        m_actions.table->setChecked(false);
    }
    applyLayout();
    if (!on && !m_stateBefore.isEmpty())
        m_window.restoreState(m_stateBefore);
    if (m_window.isVisible())
        on ? m_window.showFullScreen() : m_window.showNormal();
}

void PresentationMode::applyLook(bool on)
{
    MainWindow &w = m_window;
    if (on) {
        m_normalFont = w.font();
        m_normalPalette = w.palette();
        QFont big = m_normalFont;
        big.setPointSizeF(std::max(14.0, m_normalFont.pointSizeF() * 1.6));
        w.setFont(big);
        // Black on white with saturated accents: washed-out projectors lose greys first.
        QPalette p = m_normalPalette;
        p.setColor(QPalette::Window, Qt::white);
        p.setColor(QPalette::Base, Qt::white);
        p.setColor(QPalette::AlternateBase, QColor(0xee, 0xee, 0xee));
        p.setColor(QPalette::WindowText, Qt::black);
        p.setColor(QPalette::Text, Qt::black);
        p.setColor(QPalette::ButtonText, Qt::black);
        p.setColor(QPalette::Highlight, QColor(0x00, 0x3c, 0xa0));
        p.setColor(QPalette::HighlightedText, Qt::white);
        w.setPalette(p);
    } else {
        w.setFont(m_normalFont);
        w.setPalette(m_normalPalette);
    }
    w.m_breakdown->setPresentationMode(on);
    w.m_sweep->setPresentationMode(on);
    w.m_banner->setPresentationMode(on);
    w.m_walkthrough->setPresentationMode(on);
    if (w.m_mathDialog)
        w.m_mathDialog->setFont(w.font());
}

void PresentationMode::applyLayout()
{
    // Presenting: the charts, the lesson text and its step controls, nothing else unless
    // asked for (F9 scenario panel, F8 table). Both charts sit side by side above nothing:
    // the class reads the bars and the sweep, the teacher steps through the text beside them.
    MainWindow &w = m_window;
    const bool on = m_on;
    const bool showScenario = !on || (m_actions.scenario && m_actions.scenario->isChecked());
    const bool showTable = !on || (m_actions.table && m_actions.table->isChecked());
    w.menuBar()->setVisible(!on);
    if (w.m_mainToolBar)
        w.m_mainToolBar->setVisible(!on);
    w.m_tableBox->setVisible(showTable);
    // In a short window the table shares a tab widget with the speed strip; presenting
    // hides both, so the tab bar must not keep their room under the charts.
    w.m_lowerTabs->setVisible(showTable);
    w.m_legend->setVisible(showTable);
    w.m_speed->setVisible(!on && w.m_guestMask == kAllGuestsVisible);
    w.m_sweepAxis->setVisible(!on);
    w.m_chartSplitter->setOrientation(on ? Qt::Vertical : Qt::Horizontal);
    w.m_sweep->setLegendShown(!on);
    // Stacked under the banner at 720 px, the charts' desktop minimum (260 px each) would
    // push one over the other; the splitter may shrink them further while presenting.
    for (QWidget *chart : {static_cast<QWidget *>(w.m_breakdown), static_cast<QWidget *>(w.m_sweep)})
        chart->setMinimumHeight(on ? 170 : 260);
    QDockWidget *lesson = w.m_classDock;
    if (!on) {
        if (QWidget *bar = lesson->titleBarWidget()) {
            lesson->setTitleBarWidget(nullptr);
            delete bar;
        }
        w.m_scenarioDock->show();
        return;
    }
    const int h = std::max(w.height(), 400);
    w.m_chartSplitter->setSizes({h * 55 / 100, h * 45 / 100});
    w.m_scenarioDock->setVisible(showScenario);
    lesson->show();
    // No dock title in front of the class; the panel is not to be dragged off mid-lesson.
    lesson->setTitleBarWidget(new QWidget(lesson));
    if (w.dockWidgetArea(lesson) != Qt::RightDockWidgetArea || lesson->isFloating()) {
        lesson->setFloating(false);
        w.addDockWidget(Qt::RightDockWidgetArea, lesson);
    }
    if (w.m_docksTabbed) { // a tab beside the scenario panel would hide one of them
        w.addDockWidget(Qt::RightDockWidgetArea, lesson);
        w.m_docksTabbed = false;
    }
    const int width = w.width() > 0 ? w.width() : 1280;
    w.resizeDocks({lesson}, {width * 45 / 100}, Qt::Horizontal);
}

void PresentationMode::setBlanked(bool blank)
{
    if (!m_blank) {
        if (!blank)
            return;
        m_blank = new QWidget(&m_window);
        m_blank->setObjectName(QStringLiteral("BlankScreen"));
        m_blank->setAutoFillBackground(true);
        QPalette p = m_blank->palette();
        p.setColor(QPalette::Window, Qt::black);
        m_blank->setPalette(p);
    }
    m_blank->setGeometry(m_window.rect());
    m_blank->setVisible(blank);
    if (blank)
        m_blank->raise();
}

bool PresentationMode::isBlanked() const
{
    return m_blank && m_blank->isVisible();
}

void PresentationMode::windowResized()
{
    if (m_blank)
        m_blank->setGeometry(m_window.rect());
    if (m_on)
        m_window.resizeDocks({m_window.m_classDock}, {m_window.width() * 45 / 100}, Qt::Horizontal);
}

} // namespace memplan::ui
