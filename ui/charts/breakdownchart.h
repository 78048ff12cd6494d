#pragma once
// The main chart: one stacked bar per memory pool, fed by buildBarSeries().
// It only applies the series (no sizing arithmetic): stacking, capacity and
// usable markers, the hatched overflow and hover explanations.

#include "estimate.h"
#include "logs/measuredoverlay.h"
#include "questions/chartseries.h"
#include "units.h"

#include "chartview.h"

#include <array>

class QCustomPlot;
class QCPBars;
class QMouseEvent;

namespace memplan::ui {

class BreakdownChart : public ChartView {
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

    /// What a reconciled runtime log measured (issue 18): a narrow outlined bar beside each
    /// pool's planned bar, stacked by guest, labelled "measured". An empty overlay removes it.
    void setMeasured(const memplan::MeasuredOverlay &overlay, bool redraw = true);
    const memplan::MeasuredOverlay &measured() const { return m_measured; }
    /// The tooltip of a pool's measured bar.
    QString measuredToolTip(int poolIndex) const;

signals:
    void segmentActivated(int poolIndex, memplan::Guest guest);

private:
    void rebuild() override;
    /// A pool's total against its limit (and what it is over or short by) above its bar.
    void placeTotalLabel(const Bar &bar, double x, int labelPt);
    void styleSeries() override;
    /// Pool index and guest under a pixel, if any.
    bool hitTest(const QPointF &pos, int *poolIndex, memplan::Guest *guest) const;
    void onMouseMove(QMouseEvent *event);
    void onMouseRelease(QMouseEvent *event);
    void updateLabelVisibility();
    void drawMeasured();
    /// Pool whose measured bar is under a pixel, or -1.
    int hitTestMeasured(const QPointF &pos) const;

    std::array<QCPBars *, memplan::kGuestCount> m_bars{};
    QCPBars *m_overflowBase = nullptr; ///< invisible, lifts the overflow bars to the usable limit
    QCPBars *m_overflow = nullptr;
    memplan::BarSeries m_series;
    memplan::Estimate m_estimate;
    memplan::MeasuredOverlay m_measured;
    QPointF m_pressPos;
};

} // namespace memplan::ui
