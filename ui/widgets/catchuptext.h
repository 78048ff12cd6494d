#pragma once
// Secondary text that follows a slider but is not what the user watches while dragging
// (the speed summary, the runtime's launch command): the first text of a burst of updates
// is shown at once, the ones that follow within settleMs wait for the pause and the text
// shown meanwhile is dimmed, so it reads as "catching up" and is never taken for the
// current figures. A long paragraph or command line shaped, laid out and painted again on
// every step was a tenth of a slider step (bench_gui eventCosts) for text nobody can read
// at 60 updates a second.
//
// Only a widget on screen waits: a hidden one, and every call in a test without a shown
// window, gets its text at once.

#include <QObject>
#include <QPalette>
#include <QString>

#include <functional>
#include <optional>

class QTimer;
class QWidget;

namespace memplan::ui {

class CatchUpText : public QObject {
    Q_OBJECT
public:
    using Show = std::function<void(const QString &)>;
    /// `show` puts a text on `widget`; `role` is the palette role its text is painted in.
    CatchUpText(QWidget *widget, QPalette::ColorRole role, int settleMs, Show show);

    void setText(const QString &text);
    /// The text last given: the one shown, or the one waiting for the pause.
    const QString &latest() const { return m_latest; }
    bool pending() const { return m_pending.has_value(); }
    /// Shows the waiting text now (and undims it).
    void catchUp();

private:
    void setDimmed(bool dimmed);

    QWidget *m_widget;
    QPalette::ColorRole m_role;
    QTimer *m_settle;
    Show m_show;
    QString m_latest;
    std::optional<QString> m_pending;
    bool m_dimmed = false;
    bool m_ownPalette = false; ///< the widget had a palette of its own before it was dimmed
    QPalette m_palette;        ///< that palette
};

} // namespace memplan::ui
