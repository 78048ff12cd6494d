#pragma once
// A tooltip worked out when the pointer rests on the widget instead of set whenever its
// text changes. The toolbar's Undo button named the step to undo, and every slider step
// that changed that name set the action's tooltip: QToolBar answers any action change by
// laying itself out again, and the request climbed to the main window (bench_gui
// eventCosts: QToolButton / ActionChanged, MainWindow / LayoutRequest once a step).

#include <QEvent>
#include <QHelpEvent>
#include <QObject>
#include <QToolTip>
#include <QWidget>

#include <functional>
#include <utility>

namespace memplan::ui {

class HoverToolTip : public QObject {
public:
    /// Shows text() as `widget`'s tooltip; owned by the widget.
    HoverToolTip(QWidget *widget, std::function<QString()> text) : QObject(widget), m_text(std::move(text))
    {
        widget->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::ToolTip)
            return QObject::eventFilter(watched, event);
        const QString text = m_text();
        auto *help = static_cast<QHelpEvent *>(event);
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, static_cast<QWidget *>(watched));
        return true;
    }

private:
    std::function<QString()> m_text;
};

} // namespace memplan::ui
