#pragma once
// The compare view's bars: one row per machine, one thin bar per memory pool,
// stacked by guest and drawn against that pool's capacity (solid line) and the
// runtime's usable limit (dashed), with the part above it red. When a scenario is
// pinned, A's total is drawn as a ghost outline on the same bar.

#include "comparesession.h"
#include "units.h"

#include <QWidget>

namespace memplan::ui {

class CompareBars : public QWidget {
    Q_OBJECT
public:
    explicit CompareBars(QWidget *parent = nullptr);

    /// Draws what the session holds now (kept by pointer: the session outlives the widget's use).
    void setSession(const CompareSession *session, memplan::UnitSystem units);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    int rowHeight(std::size_t index) const;

    const CompareSession *m_session = nullptr;
    memplan::UnitSystem m_units = memplan::UnitSystem::Binary;
};

} // namespace memplan::ui
