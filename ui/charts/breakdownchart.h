#pragma once
// The main chart: one stacked bar per memory pool, fed by buildBarSeries().
// It only applies the series (no sizing arithmetic): stacking, capacity and
// usable markers, the hatched overflow and hover explanations.

#include "chartseries.h"
#include "estimate.h"
#include "units.h"

#include "chartview.h"

#include <array>

class QCustomPlot;
class QCPBars;
class QMouseEvent;

namespace memplan::ui {

class BreakdownChart : public ChartView
{
    Q_OBJECT
public:
    explicit BreakdownChart(QWidget *parent = nullptr);

    void setData(const memplan::BarSeries &series, const memplan::Estimate &estimate);

    /// The bars of one guest (stacked in kAllGuests order) and the overflow bars, for tests.
    QCPBars *guestBars(memplan::Guest guest) const;
    QCPBars *overflowBars() const;
    const memplan::BarSeries &series() const { return m_series; }
    /// The tooltip text for a segment, as shown on hover.
    QString segmentToolTip(int poolIndex, memplan::Guest guest) const;

signals:
    void segmentActivated(int poolIndex, memplan::Guest guest);

private:
    void rebuild() override;
    void styleSeries() override;
    /// Pool index and guest under a pixel, if any.
    bool hitTest(const QPointF &pos, int *poolIndex, memplan::Guest *guest) const;
    void onMouseMove(QMouseEvent *event);
    void onMouseRelease(QMouseEvent *event);
    void updateLabelVisibility();

    std::array<QCPBars *, memplan::kGuestCount> m_bars{};
    QCPBars *m_overflowBase = nullptr; ///< invisible, lifts the overflow bars to the usable limit
    QCPBars *m_overflow = nullptr;
    memplan::BarSeries m_series;
    memplan::Estimate m_estimate;
    QPointF m_pressPos;
};

} // namespace memplan::ui
