#pragma once
// Presentation mode of a MainWindow (docs/classroom.md): full screen, large fonts and a
// high-contrast palette for projectors; the charts and the lesson beside them and nothing
// else unless asked for (F9 scenario panel, F8 table); B or "." blanks the screen. The
// window owns one and forwards its public calls here; WindowMenus creates its actions.

#include <QByteArray>
#include <QFont>
#include <QList>
#include <QPalette>

class QAction;
class QWidget;

namespace memplan::ui {

class MainWindow;

class PresentationMode {
public:
    explicit PresentationMode(MainWindow &window) : m_window(window) {}

    /// What the View menu and the window-wide shortcuts hold (filled in by WindowMenus).
    struct Actions {
        QAction *toggle = nullptr;   ///< View → Presentation Mode (F11)
        QAction *scenario = nullptr; ///< the scenario panel while presenting (F9)
        QAction *table = nullptr;    ///< the breakdown table while presenting (F8)
        QAction *blank = nullptr;    ///< B or "."
        QList<QAction *> keys;       ///< arrows, Home/End: window-wide only while presenting
    };
    Actions &actions() { return m_actions; }
    const Actions &actions() const { return m_actions; }

    bool isOn() const { return m_on; }
    void setOn(bool on);
    /// Shows what the mode (and the F9/F8 choices) asks for and hides the rest.
    void applyLayout();
    void setBlanked(bool blank);
    bool isBlanked() const;
    /// The black screen covers the whole window, and the lesson keeps its share of it.
    void windowResized();

private:
    /// Font, palette and the widgets that draw differently for a projector.
    void applyLook(bool on);

    MainWindow &m_window;
    Actions m_actions;
    bool m_on = false;
    QByteArray m_stateBefore; ///< the docks and toolbars as they were before presenting
    QFont m_normalFont;
    QPalette m_normalPalette;
    QWidget *m_blank = nullptr;
};

} // namespace memplan::ui
