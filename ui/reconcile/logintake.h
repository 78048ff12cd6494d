#pragma once
// A runtime log handed to the window without the menu (issue 27): pasted anywhere with
// Ctrl+V while no text field takes the paste, or dropped on the window as a file or as
// text. What is recognised as a log is passed on with logArrived, which the window opens
// the way File → Open Runtime Log… does; anything else (a model file, a scenario) is left
// to the window's own drop handling.

#include <QObject>
#include <QString>

class QMimeData;
class QWidget;

namespace memplan::ui {

class LogIntake : public QObject {
    Q_OBJECT
public:
    /// Watches `window` (an event filter for drops, a window-wide paste shortcut).
    explicit LogIntake(QWidget *window);

    /// True when the text holds a line of a runtime the planner reads (its first 64 KiB are looked at).
    static bool looksLikeLog(const QByteArray &text);

    /// Takes the clipboard's text as a log; false when it is none.
    bool pasteFromClipboard();
    /// Takes what is dropped (a log file or a log's text); false when it is no log.
    bool takeDrop(const QMimeData *mime);

signals:
    /// A log's text and where it came from (a file path, or "(pasted log)").
    void logArrived(const QString &text, const QString &origin);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool takeFile(const QString &path);
};

} // namespace memplan::ui
