#pragma once
// "Show the math" for one figure of the estimate: the formula in symbols, every
// symbol's value and where it came from, the result in bytes, GiB and GB, and how
// sure the figure is. Subjects: a breakdown row, a bar segment (all rows of one
// guest in one pool), the verdict (the main pool's sum against its limit) or a
// speed figure (Estimate::speed.items, ui/speed/speedmath).

#include "estimate.h"
#include "scenario/scenario.h"
#include "units.h"

#include <QDialog>

class QTextBrowser;

namespace memplan::ui {

struct MathSubject {
    enum class Kind { Item, Segment, Verdict, Speed };
    Kind kind = Kind::Item;
    int item = -1; ///< Kind::Item: index into Estimate::items; Kind::Speed: into Estimate::speed.items
    int pool = -1; ///< Kind::Segment
    Guest guest = Guest::Weights;

    static MathSubject forItem(int item) { return {Kind::Item, item, -1, Guest::Weights}; }
    static MathSubject forSegment(int pool, Guest guest) { return {Kind::Segment, -1, pool, guest}; }
    static MathSubject forVerdict() { return {Kind::Verdict, -1, -1, Guest::Weights}; }
    static MathSubject forSpeed(int speedItem) { return {Kind::Speed, speedItem, -1, Guest::Weights}; }
};

/// Translated name of where a value came from ("model config", "your scenario", ...).
QString originName(Origin origin);

/// The explanation as HTML; a pure function of its inputs so it can be tested without a dialog.
QString mathHtml(const Estimate &estimate, const Scenario &scenario, const MathSubject &subject, UnitSystem units);

class MathDialog : public QDialog {
    Q_OBJECT
public:
    explicit MathDialog(QWidget *parent = nullptr);

    void show(const Estimate &estimate, const Scenario &scenario, const MathSubject &subject, UnitSystem units);
    const MathSubject &subject() const { return m_subject; }
    /// What the dialog shows, as plain text (tests, copy to clipboard).
    QString plainText() const;
    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser = nullptr;
    MathSubject m_subject;
};

} // namespace memplan::ui
