#pragma once
// Speed next to the verdict: tokens/s per user and in total, time to first token,
// a warning when a plan fits but each user gets less than a readable rate (a
// setting, default 10 tokens/s), and the speed chart against concurrency or GPU
// layers. Figures come from Estimate::speed and core/speed/speedseries; this
// widget only formats them.

#include "estimate.h"
#include "scenario/resolve.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QMenu;
class QToolButton;

namespace memplan::ui {

class SpeedChart;
class CatchUpText;
class SteadyText;

class SpeedPanel : public QWidget {
    Q_OBJECT
public:
    explicit SpeedPanel(QWidget *parent = nullptr);

    void setResult(const std::optional<memplan::ResolvedScenario> &resolved, const memplan::Estimate &estimate);

    /// Tokens/s per user below which a fitting plan is flagged (QSettings "speed/readableTokensPerSecond").
    double readableRate() const;
    QString summaryText() const;
    QString warningText() const;
    bool warningShown() const;
    SpeedChart *chart() const { return m_chart; }
    void showOffloadAxis(bool gpuLayers);
    /// The "Show the Math" button; its menu has one entry per speed figure (Estimate::speed.items).
    QToolButton *mathButton() const { return m_math; }

signals:
    /// The user asked for the math of Estimate::speed.items[index].
    void mathRequested(int index);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refreshChart();
    void fillMathMenu(const memplan::Estimate &estimate);

    QLabel *m_summary = nullptr;
    QLabel *m_warning = nullptr;
    SteadyText *m_summaryText = nullptr;     ///< m_summary's text, kept in its box during a drag
    CatchUpText *m_summaryCatchUp = nullptr; ///< ... and put off until the drag pauses
    SteadyText *m_warningText = nullptr;
    QDoubleSpinBox *m_readable = nullptr;
    QComboBox *m_axis = nullptr;
    QToolButton *m_math = nullptr;
    QMenu *m_mathMenu = nullptr;
    SpeedChart *m_chart = nullptr;
    std::optional<memplan::ResolvedScenario> m_resolved;
    bool m_fits = false;
    bool m_warned = false;
    bool m_axisChosen = false; ///< the user picked the chart's axis
    bool m_chartStale = false; ///< the chart waits for the strip to be shown
};

} // namespace memplan::ui
