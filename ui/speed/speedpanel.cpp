#include "speedpanel.h"

#include "speedchart.h"
#include "speedtexts.h"

#include "widgets/catchuptext.h"
#include "widgets/steadytext.h"

#include "speed/speedseries.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QSettings>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace memplan::ui {

namespace {
const QString kReadableKey = QStringLiteral("speed/readableTokensPerSecond");

QString rate(double v)
{
    return QLocale().toString(v, 'f', v < 10 ? 1 : 0);
}

QString seconds(double v)
{
    return v < 1 ? QLocale().toString(v, 'f', 2) : QLocale().toString(v, 'f', 1);
}
} // namespace

SpeedPanel::SpeedPanel(QWidget *parent) : QWidget(parent)
{
    m_summary = new QLabel;
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_summary->setAccessibleName(tr("Speed"));
    m_summary->setToolTip(tr("Ceiling: bytes each generated token reads divided by the bandwidth of the memory "
                             "they sit in, capped by compute. Expected: the ceiling times how close this runtime "
                             "and backend came to it in published measurements."));
    m_warning = new QLabel;
    m_warning->setWordWrap(true);
    m_warning->setStyleSheet(QStringLiteral("color: #a05a00;"));
    m_warning->hide();
    // Both follow every slider step: keep their boxes during a drag (no window relayout).
    m_summaryText = new SteadyText(m_summary, 400);
    m_warningText = new SteadyText(m_warning, 400);
    // The chart shows the speed live; the summary's numbers catch up when the drag pauses.
    m_summaryCatchUp = new CatchUpText(m_summary, QPalette::WindowText, 400,
                                       [this](const QString &text) { m_summaryText->setText(text); });
    m_readable = new QDoubleSpinBox;
    m_readable->setRange(0.5, 1000);
    m_readable->setDecimals(1);
    m_readable->setSuffix(tr(" tokens/s"));
    m_readable->setValue(QSettings().value(kReadableKey, 10.0).toDouble());
    m_readable->setToolTip(tr("A fitting plan slower than this per user is flagged."));
    auto *readableLabel = new QLabel(tr("Readable rate:"));
    readableLabel->setBuddy(m_readable);
    m_axis = new QComboBox;
    m_axis->addItem(tr("Speed against concurrency"));
    m_axis->addItem(tr("Speed against layers on the GPU"));
    m_axis->setToolTip(tr("What the speed chart varies; everything else stays as set."));
    // The speed figures explain themselves like the memory items: formula, inputs, evidence.
    m_math = new QToolButton;
    m_math->setText(tr("Show the Math"));
    m_math->setToolTip(tr("Formula, inputs and evidence of each speed figure."));
    m_math->setPopupMode(QToolButton::InstantPopup);
    m_mathMenu = new QMenu(m_math);
    m_math->setMenu(m_mathMenu);
    m_math->setEnabled(false);
    m_chart = new SpeedChart;
    m_chart->setMinimumHeight(210);

    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(readableLabel);
    top->addWidget(m_readable);
    top->addWidget(m_axis);
    top->addWidget(m_math);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_warning);
    layout->addWidget(m_chart, 1);

    connect(m_readable, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        QSettings().setValue(kReadableKey, v);
        refreshChart();
    });
    connect(m_axis, &QComboBox::currentIndexChanged, this, [this] { refreshChart(); });
    // Until the user picks an axis, an offloading plan shows speed against the GPU layers (the cliff).
    connect(m_axis, &QComboBox::activated, this, [this] { m_axisChosen = true; });
}

double SpeedPanel::readableRate() const
{
    return m_readable->value();
}

void SpeedPanel::showOffloadAxis(bool gpuLayers)
{
    m_axisChosen = true;
    m_axis->setCurrentIndex(gpuLayers ? 1 : 0);
}

QString SpeedPanel::summaryText() const
{
    return m_summaryCatchUp->latest();
}
QString SpeedPanel::warningText() const
{
    return m_warning->text();
}
bool SpeedPanel::warningShown() const
{
    return m_warned;
}

void SpeedPanel::setResult(const std::optional<ResolvedScenario> &resolved, const Estimate &e)
{
    m_resolved = resolved;
    m_fits = e.fits;
    if (!m_axisChosen && resolved) {
        const QSignalBlocker block(m_axis);
        m_axis->setCurrentIndex(
            resolved->placement.gpuLayerFraction < 1.0 && resolved->hardware.kind == HardwareKind::DiscreteGpu ? 1 : 0);
    }
    const SpeedEstimate &s = e.speed;
    fillMathMenu(e);
    if (resolved && !e.fits) {
        // No tokens/s for a plan that would not run; the offloaded plan's when one fits.
        m_summaryCatchUp->setText(notRunningSpeedText(planSpeed(*resolved, e)));
        m_warning->hide();
        m_warned = false;
        refreshChart();
        return;
    }
    if (!resolved || !s.available) {
        m_summaryCatchUp->setText(tr("Speed: not available for this plan."));
        m_warning->hide();
        m_warned = false;
        m_chart->setData({}, SpeedChart::Axis::Concurrency);
        return;
    }
    QString text = tr("Speed: about %1 tokens/s per user (expected %2–%3; ceiling %4); %5 tokens/s in total at "
                      "concurrency %6.")
                       .arg(rate(s.decodePerSequence.expected), rate(s.decodePerSequence.low),
                            rate(s.decodePerSequence.high), rate(s.decodePerSequence.bound),
                            rate(s.decodeTotal.expected), QLocale().toString(qulonglong(s.concurrency)));
    if (s.timeToFirstToken.expected > 0)
        text += QLatin1Char(' ') + tr("First token after a %1-token prompt in about %2 s (%3–%4 s).")
                                       .arg(QLocale().toString(qulonglong(s.promptTokens)),
                                            seconds(s.timeToFirstToken.expected), seconds(s.timeToFirstToken.low),
                                            seconds(s.timeToFirstToken.high));
    m_summaryCatchUp->setText(text);
    m_warned = e.fits && s.decodePerSequence.expected < readableRate();
    if (m_warned)
        m_warningText->setText(tr("This plan fits, but each user would get only about %1 tokens/s, below the readable "
                                  "rate of %2 tokens/s. Layers in host RAM, slow memory or many sequences are the "
                                  "usual causes; see the speed chart.")
                                   .arg(rate(s.decodePerSequence.expected), rate(readableRate())));
    m_warning->setVisible(m_warned);
    refreshChart();
}

void SpeedPanel::fillMathMenu(const Estimate &e)
{
    const SpeedEstimate &s = e.speed;
    m_math->setEnabled(s.available && !s.items.empty());
    QStringList names, objectNames;
    for (std::size_t i = 0; s.available && i < s.items.size(); ++i) {
        const SpeedItem &it = s.items[i];
        QString name = speedItemText(it);
        if (it.pool >= 0 && std::size_t(it.pool) < e.pools.size())
            name += QStringLiteral(" (%1)").arg(QString::fromStdString(e.pools[std::size_t(it.pool)].id));
        names << name;
        objectNames << QStringLiteral("speedMath_") + QString::fromUtf8(it.id.data(), qsizetype(it.id.size()));
    }
    // A slider step keeps the same figures: rebuilding the menu each time added and removed
    // every action (the entries only name the figures and pass their index).
    QStringList shownNames, shownObjectNames;
    for (const QAction *a : m_mathMenu->actions()) {
        shownNames << a->text();
        shownObjectNames << a->objectName();
    }
    if (shownNames == names && shownObjectNames == objectNames)
        return;
    m_mathMenu->clear();
    for (qsizetype i = 0; i < names.size(); ++i) {
        QAction *a = m_mathMenu->addAction(names[i]);
        a->setObjectName(objectNames[i]);
        connect(a, &QAction::triggered, this, [this, i] { emit mathRequested(int(i)); });
    }
}

void SpeedPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_chartStale)
        refreshChart();
}

void SpeedPanel::refreshChart()
{
    // Hidden in a window on screen (the Speed tab not chosen in a short window, a lesson step
    // before speed, presenting): the series (up to 17 estimates) waits until the strip shows.
    m_chartStale = window()->isVisible() && !isVisible();
    if (m_chartStale)
        return;
    if (!m_resolved) {
        m_chart->setData({}, SpeedChart::Axis::Concurrency);
        return;
    }
    const bool layers = m_axis->currentIndex() == 1;
    SpeedSeries series;
    try {
        series = layers ? offloadSeries(*m_resolved, 17) : concurrencySeries(*m_resolved, 256);
    } catch (const std::exception &) {
        series = {};
    }
    series.readableRate = readableRate();
    m_chart->setData(series, layers ? SpeedChart::Axis::GpuLayers : SpeedChart::Axis::Concurrency);
}

} // namespace memplan::ui
