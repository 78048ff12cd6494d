#pragma once
// What the bar chart and the sweep chart share: the QCustomPlot they draw
// into, the unit system of their value axis, presentation mode, and the axis
// and legend styling that follows the widget's font.

#include "units.h"

#include <QWidget>

class QCustomPlot;

namespace memplan::ui {

class ChartView : public QWidget {
    Q_OBJECT
public:
    void setUnitSystem(memplan::UnitSystem units);
    void setPresentationMode(bool large);
    QCustomPlot *plot() const { return m_plot; }
    /// Hides the legend and gives its room back to the plot (presentation mode shows one
    /// legend for both charts: the guests have the same colours in each).
    void setLegendShown(bool shown);

protected:
    ChartView(QWidget *parent, QSize minimumSize);

    void changeEvent(QEvent *event) override;
    /// Fewer legend entries to a row on a narrow chart, so none is cut ("KV c", "Allo").
    void resizeEvent(QResizeEvent *event) override;
    /// Re-applies the data to the plot (after a unit, mode or font change).
    virtual void rebuild() = 0;
    /// Styles the series; called after the shared axis and legend style.
    virtual void styleSeries() = 0;
    /// Shared style then styleSeries(); derived constructors call it once they built their series.
    void applyStyle();
    /// Puts the legend below the plot, three entries to a row (four clip "KV cache" on narrow charts).
    void placeLegendBelow();

    /// Sets the value axis title, or only the unit when the title is longer than the plot
    /// is high (stacked under the banner on a 1280×720 projector it would be cut off).
    void setValueAxisTitle(const QString &title);
    double toUnit(memplan::Bytes bytes) const;
    QString unitName() const;

    QCustomPlot *m_plot = nullptr;
    memplan::UnitSystem m_units = memplan::UnitSystem::Binary;
    bool m_large = false;

private:
    void fitValueAxisTitle();
    QString m_valueAxisTitle;
};

} // namespace memplan::ui
