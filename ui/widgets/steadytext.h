#pragma once
// Sets a label's text without laying the window out again while the new text fits the
// label's box. QLabel::setText() asks its layout for a new geometry on every change,
// and that request climbs to the main window: a label that follows a slider (the
// verdict headline, the speed summary) made every drag step relayout the whole window
// (bench_gui eventCosts: MainWindow / LayoutRequest). While texts come in quick
// succession the label keeps its size (a widget whose minimum and maximum sizes are
// equal does not pass geometry requests on); a text that needs more room, or a pause
// of settleMs, gives the layout back its say.

#include <QObject>
#include <QSize>

class QLabel;
class QTimer;

namespace memplan::ui {

class SteadyText : public QObject {
    Q_OBJECT
public:
    SteadyText(QLabel *label, int settleMs);

    void setText(const QString &text);
    /// Ends the hold now (a font or style change makes the held size wrong).
    void release();
    bool holding() const { return m_holding; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool fitsHeldBox() const;
    /// The text with every digit written as 0 (null when the font's digits differ in width):
    /// texts with the same shape take the same room.
    QString digitShape(const QString &text) const;

    QLabel *m_label;
    QTimer *m_settle;
    bool m_holding = false;
    QSize m_minimum, m_maximum;   ///< the label's own limits, restored on release
    QString m_fitShape;           ///< digitShape() of the last text measured to fit the held box
    bool m_uniformDigits = false; ///< the label's font gives the ten digits one advance
};

} // namespace memplan::ui
