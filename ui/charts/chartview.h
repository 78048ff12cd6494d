#pragma once
// What the bar chart and the sweep chart share: the QCustomPlot they draw
// into, the unit system of their value axis, presentation mode, and the axis
// and legend styling that follows the widget's font.

#include "units.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QStringList>
#include <QWidget>

#include <optional>

class QCustomPlot;
class QCPAbstractItem;

namespace memplan::ui {
class LayeredPlot;
}

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

    /// Gives the data layer ("main": series and items) a paint buffer of its own, so a
    /// step that changes only the data redraws that layer and not the axes, grid and legend.
    void bufferDataLayer();
    /// Replots after a rebuild: the data layer alone when the frame around it (axis ranges,
    /// ticks, labels, legend, size) is the one drawn last, else the whole plot. Queued: a
    /// burst of rebuilds in one event-loop pass draws once.
    void replotData();

    /// Items reused from one rebuild to the next. Creating or deleting an item marks its
    /// layer's buffer stale, which turns every data-only replot into a full one; so a
    /// rebuild brackets its items with beginItems()/endItems() and takes each from
    /// reuseItem(site): the n-th item a code site asks for is the one it set up last time
    /// (every attribute that site sets is set again). Items left over are hidden, with no
    /// name or properties, so nothing that looks items up by name finds them.
    void beginItems();
    template <class T> T *reuseItem(const char *site)
    {
        QList<QCPAbstractItem *> &items = m_itemsBySite[QByteArray(site)];
        int &used = m_itemsUsed[QByteArray(site)];
        if (used == items.size())
            items.append(new T(m_plot));
        T *item = static_cast<T *>(items[used++]);
        item->setVisible(true);
        return item;
    }
    void endItems();

    /// The plot, which paints from a composed image of its layers that did not change;
    /// a rebuild that redraws one layer goes through m_layered->replotLayer().
    LayeredPlot *m_layered = nullptr;
    QCustomPlot *m_plot = nullptr;
    memplan::UnitSystem m_units = memplan::UnitSystem::Binary;
    bool m_large = false;

private:
    void fitValueAxisTitle();
    /// What the layers other than the data layer show, compared before a data-only replot.
    struct Frame {
        QList<double> numbers; ///< axis ranges, scale types, tick positions, plot size
        QStringList texts;     ///< axis titles, tick labels, legend entries
        bool operator==(const Frame &) const = default;
    };
    Frame frameKey() const;
    void runDataReplot();

    QString m_valueAxisTitle;
    std::optional<Frame> m_drawnFrame; ///< frameKey() at the last full replot
    bool m_dataReplotQueued = false;
    QHash<QByteArray, QList<QCPAbstractItem *>> m_itemsBySite;
    QHash<QByteArray, int> m_itemsUsed;
};

} // namespace memplan::ui
