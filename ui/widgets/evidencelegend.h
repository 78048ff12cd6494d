#pragma once
// What "calculated", "estimated" and "measured" mean, next to the figures that
// carry those labels, and why a yes/no answer is only as good as its conditions.

#include "evidence.h"

#include <QFrame>

class QLabel;

namespace memplan::ui {

class EvidenceLegend : public QFrame {
    Q_OBJECT
public:
    /// compact: one line per kind for the space under the table; otherwise with the note on conditions.
    explicit EvidenceLegend(bool compact = true, QWidget *parent = nullptr);

    /// One sentence on what the kind of evidence means (also used by the math dialog).
    static QString explanation(Evidence evidence);
    /// Why "this GPU is enough" needs its conditions stated.
    static QString conditionsNote();
    QString text() const;

private:
    QLabel *m_label = nullptr;
};

} // namespace memplan::ui
