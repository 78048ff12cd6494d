#pragma once
// Decode speed per user against concurrency or against the layers kept on the GPU,
// drawn from core/speed/speedseries (no arithmetic here): the expected line with its
// low-high band, the physical ceiling dashed, the readable rate and the scenario's
// own value marked. Against GPU layers the offload cliff shows as the line falls.

#include "speed/speedseries.h"

#include "charts/chartview.h"

class QCPGraph;
class QTimer;

namespace memplan::ui {

class SpeedChart : public ChartView {
    Q_OBJECT
public:
    enum class Axis { Concurrency, GpuLayers };
    explicit SpeedChart(QWidget *parent = nullptr);

    void setData(const memplan::SpeedSeries &series, Axis axis);
    const memplan::SpeedSeries &series() const { return m_series; }
    QCPGraph *expectedGraph() const { return m_expected; }

    /// As many legend entries to a row as `width` px hold (QCustomPlot's own measure); the PDF
    /// calls it with its own chart width (issue 34 item 11).
    void fitLegendToWidth(int width);

private:
    void rebuild() override;
    void styleSeries() override;
    void resizeEvent(QResizeEvent *event) override;
    void fitLegendInOneRow();

    QCPGraph *m_low = nullptr;
    QCPGraph *m_high = nullptr;
    QCPGraph *m_expected = nullptr;
    QCPGraph *m_bound = nullptr;
    QCPGraph *m_noFit = nullptr;
    memplan::SpeedSeries m_series;
    Axis m_axis = Axis::Concurrency;
    /// Runs while updates come in quick succession (a drag): the value axis then keeps its
    /// range as long as the curves fit in it, so a step redraws the curves and not the
    /// axes; when the updates pause the axis is fitted to the curves again.
    QTimer *m_burst = nullptr;
    bool m_rangeHeld = false;             ///< the shown range is a held one, not fitted to the data
    Axis m_burstAxis = Axis::Concurrency; ///< the x axis of the range being held
    bool m_settling = false;              ///< rebuilding because the burst ended
};

} // namespace memplan::ui
