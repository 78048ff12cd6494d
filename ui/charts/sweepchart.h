#pragma once
// Main-pool memory against context length (or concurrency) as stacked areas,
// fed by buildSweep(); marks the capacity, the largest fitting value and the
// scenario's own value.

#include "questions/chartseries.h"
#include "units.h"

#include "chartview.h"

#include <array>
#include <utility>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;

namespace memplan::ui {

class SweepChart : public ChartView {
    Q_OBJECT
public:
    explicit SweepChart(QWidget *parent = nullptr);

    void setData(const memplan::SweepSeries &series);

    /// The area of one guest (its top edge is the running total up to that guest), for tests.
    QCPGraph *guestGraph(memplan::Guest guest) const;
    QCPGraph *capacityGraph() const { return m_capacity; }
    QCPGraph *usableGraph() const { return m_usable; }
    const memplan::SweepSeries &series() const { return m_series; }
    /// The curve climbs past twice the capacity and is cut off at the top (marked "off scale").
    bool offScale() const { return m_offScale; }
    /// No point of the sweep fits (said in the middle of the chart).
    bool nothingFits() const { return m_nothingFits; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuild() override;
    /// The first and last x of the series (1 and 2 when it is empty).
    std::pair<double, double> xRange() const;
    /// The stacked guests and the capacity lines; returns the highest total.
    Bytes plotSeries();
    /// Ticks on the powers of two, the ranges and the axis titles.
    void setAxes(Bytes top);
    /// The current value's and the largest fitting value's lines, and the off-scale and
    /// nothing-fits notes.
    void addMarkers(Bytes top);
    void styleSeries() override;
    /// Puts the "current" marker at m_series.current (its line, label text and side).
    void placeCurrentMarker();
    bool currentOnRight() const;
    /// Whether x lies in the right half of the (logarithmic) axis: its label goes on the left.
    bool inRightHalf(std::uint64_t x) const;

    std::array<QCPGraph *, memplan::kGuestCount> m_graphs{};
    QCPGraph *m_capacity = nullptr;
    QCPGraph *m_usable = nullptr;
    memplan::SweepSeries m_series;
    bool m_offScale = false;
    bool m_nothingFits = false;
    int m_builtWidth = 0; ///< plot width the tick labels were thinned for
    /// The scenario's own value, on a layer of its own: a context drag moves only this
    /// marker, and redrawing its layer alone skips the areas, axes and legend.
    QCPItemStraightLine *m_currentLine = nullptr;
    QCPItemText *m_currentLabel = nullptr;
};

/// "256", "4K", "128K", "1M": compact labels for powers of two on the x axis.
QString compactCount(std::uint64_t value);

} // namespace memplan::ui
