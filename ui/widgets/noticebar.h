#pragma once
// A one-line notice above the verdict with up to two buttons ("Restored your last
// scenario. [New]", "Recovered unsaved work … [Restore] [Discard]"). It sits in
// the layout rather than popping up a dialog, so it never blocks start-up and
// tests click its buttons like a user would.

#include <QFrame>

#include <functional>

class QLabel;
class QPushButton;

namespace memplan::ui {

class NoticeBar : public QFrame {
    Q_OBJECT
public:
    explicit NoticeBar(QWidget *parent = nullptr);

    /// Shows text with buttons; clicking one runs its action and hides the bar.
    void showNotice(const QString &text, const QString &first, std::function<void()> firstAction,
                    const QString &second = {}, std::function<void()> secondAction = {});
    QString text() const;
    QPushButton *firstButton() const { return m_first; }
    QPushButton *secondButton() const { return m_second; }

private:
    QLabel *m_label;
    QPushButton *m_first;
    QPushButton *m_second;
    QPushButton *m_close;
    std::function<void()> m_firstAction;
    std::function<void()> m_secondAction;
};

} // namespace memplan::ui
