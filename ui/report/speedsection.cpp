#include "speedsection.h"

#include "enginetext.h"
#include "speed/efficiency.h"
#include "speed/speedengine.h"
#include "speed/speedseries.h"
#include "speed/speedtexts.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace memplan::ui {

namespace {

class SpeedReportText {
    Q_DECLARE_TR_FUNCTIONS(SpeedReportText)
};

QString tr(const char *text)
{
    return SpeedReportText::tr(text);
}

QString value(double v, std::string_view unit)
{
    return speedValueText(v, unit);
}
QString rateText(double v)
{
    return speedValueText(v, "tokens/s");
}
QString gbPerSecond(double bytesPerSecond)
{
    return QLocale().toString(bytesPerSecond / 1e9, 'f', 1);
}
QString gb(double bytes)
{
    return QLocale().toString(bytes / 1e9, 'f', 2);
}

QString speedTermsText(const SpeedItem &item)
{
    QStringList parts;
    for (std::uint8_t i = 0; i < item.termCount; ++i) {
        const Term &t = item.terms[i];
        const bool whole = std::floor(t.value) == t.value && std::abs(t.value) < 1e18;
        parts << QStringLiteral("%1 = %2").arg(engineText(t.symbol), whole ? QLocale::c().toString(qint64(t.value))
                                                                           : QLocale::c().toString(t.value, 'g', 4));
    }
    return parts.join(QStringLiteral(", "));
}

/// "about 42 tokens/s (30–50 tokens/s); bound 58 tokens/s, set by memory bandwidth"
QString figureText(const SpeedFigure &f, std::string_view unit, const QString &limiter)
{
    QString text = tr("about %1 (range %2); bound %3")
                       .arg(value(f.expected, unit), speedRangeText(f.low, f.high, unit), value(f.bound, unit));
    if (!limiter.isEmpty())
        text += tr(", set by %1").arg(limiter);
    return text;
}

const SpeedItem *itemById(const SpeedEstimate &s, std::string_view id)
{
    for (const SpeedItem &it : s.items)
        if (it.id == id)
            return &it;
    return nullptr;
}

/// One line per pool: what it reads per step, at which bandwidth, and the efficiency range with its basis.
QStringList poolLines(const Estimate &e, const ResolvedScenario &r)
{
    const SpeedEstimate &s = e.speed;
    QStringList lines;
    for (const PoolTraffic &p : s.pools) {
        const QString name = p.pool < e.pools.size() ? engineText(e.pools[p.pool].name) : QString::number(p.pool);
        const StepBytes step = decodeStepBytes(s, p, double(s.concurrency));
        const double bytes = step.fewest;
        const BackendEfficiency &basis =
            backendEfficiency(engineFamily(r.runtime.engine), p.backend, poolMemory(r.hardware, !p.device),
                              poolVendor(r.hardware, !p.device));
        lines << tr("%1: reads %2 GB per decode step from %3 at %4 GB/s (%5); decode efficiency %6–%7 "
                    "(middle %8), from %9.")
                     .arg(name, gb(bytes), speedPathText(p.path), gbPerSecond(p.bandwidth),
                          QString::fromUtf8(p.backend.data(), qsizetype(p.backend.size())),
                          QLocale().toString(p.decodeEfficiency.low, 'f', 2),
                          QLocale().toString(p.decodeEfficiency.high, 'f', 2),
                          QLocale().toString(p.decodeEfficiency.mid, 'f', 2), engineText(basis.basis));
        if (step.expected > step.fewest * 1.0005)
            lines.back() += QLatin1Char(' ') + tr("The expected figure reads %1 GB: the sequences' tokens pick "
                                                  "different experts, and together they touch more of them.")
                                                   .arg(gb(step.expected));
    }
    return lines;
}

/// The offload cliff: how much of the step the host pools take, and decode speed at a few GPU layer counts.
QStringList offloadLines(const Estimate &e, const ResolvedScenario &r)
{
    const SpeedEstimate &s = e.speed;
    double hostTime = 0, allTime = 0;
    bool host = false;
    for (const SpeedItem &it : s.items)
        if (it.id == "decode_step_pool" && it.pool >= 0) {
            allTime += it.value.bound;
            for (const PoolTraffic &p : s.pools)
                if (p.pool == std::uint16_t(it.pool) && (p.path == "host_ram" || p.path == "host_link")) {
                    hostTime += it.value.bound;
                    host = true;
                }
        }
    QStringList lines;
    if (!host || allTime <= 0)
        return lines;
    const std::uint32_t layers = r.model.arch.numHiddenLayers;
    const auto onGpu = std::uint32_t(std::lround(r.placement.gpuLayerFraction * layers));
    lines << tr("Offload cliff: %1 of %2 layers sit in host RAM. They take %3 % of each decode step's time at the "
                "bound, because host RAM and the host link are many times slower than GPU memory.")
                 .arg(layers - onGpu)
                 .arg(layers)
                 .arg(QLocale().toString(100 * hostTime / allTime, 'f', 0));
    SpeedSeries series;
    try {
        series = offloadSeries(r, 5);
    } catch (const std::exception &) {
        return lines;
    }
    for (const SpeedPoint &p : series.points)
        lines << tr("%1 of %2 layers on the GPU: about %3 per user (bound %4)%5")
                     .arg(qlonglong(p.x))
                     .arg(layers)
                     .arg(rateText(p.perSequence.expected), rateText(p.perSequence.bound),
                          p.fits ? tr("; fits") : tr("; does not fit in memory"));
    return lines;
}

} // namespace

ReportSection speedChartSection(const Estimate &e, const ResolvedScenario &r, SpeedSeries *series,
                                bool *againstGpuLayers)
{
    ReportSection sec;
    sec.id = QStringLiteral("chart-speed");
    if (!e.speed.available)
        return sec;
    bool host = false;
    for (const PoolTraffic &p : e.speed.pools)
        host = host || p.path == "host_ram" || p.path == "host_link";
    *againstGpuLayers = host && r.hardware.kind == HardwareKind::DiscreteGpu;
    try {
        *series = *againstGpuLayers ? offloadSeries(r, 17) : concurrencySeries(r, 256);
    } catch (const std::exception &) {
        return sec;
    }
    if (series->points.size() < 2)
        return sec;
    sec.chart = ReportChart::Speed;
    sec.heading = *againstGpuLayers ? tr("Speed against layers on the GPU") : tr("Speed against concurrency");
    sec.caption =
        *againstGpuLayers
            ? tr("Decode speed per user as layers move from host RAM to the GPU, everything else unchanged: "
                 "the solid line is the expected value with its range, the dashed line the bound. The speed "
                 "climbs steeply only once the last layers leave host RAM.")
            : tr("Decode speed per user as more sequences are decoded together on this machine, everything "
                 "else unchanged: the solid line is the expected value with its range, the dashed line the bound.");
    return sec;
}

ReportSection speedSection(const Estimate &e, const ResolvedScenario &r)
{
    ReportSection sec;
    sec.id = QStringLiteral("speed");
    sec.heading = tr("Speed");
    const SpeedEstimate &s = e.speed;
    if (!e.fits) { // a plan that would not run has no speed of its own (core/speed/planspeed.h)
        sec.paragraphs << notRunningSpeedText(planSpeed(r, e));
        return sec;
    }
    if (!s.available) {
        sec.paragraphs << tr("No speed figures for this plan (%1).").arg(engineText(s.reason));
        return sec;
    }
    sec.paragraphs << tr(
        "Capacity decides whether the model runs; bandwidth decides how fast. Each figure has a "
        "bound, the physical ceiling: the bytes one step reads divided by the bandwidth of the memory "
        "they sit in, or the arithmetic divided by the dense throughput, whichever takes longer. The "
        "expected value takes the bound's time over the share of it this runtime and backend reached in "
        "published measurements, plus what every step costs whatever its size: launching each layer's "
        "kernels, the runtime's own work, hand-overs between GPU and CPU (calculated bound, estimated "
        "range).");
    const SpeedItem *per = itemById(s, "decode_per_sequence");
    const SpeedItem *pre = itemById(s, "prefill");
    const QString perLimiter = per ? speedLimiterText(per->limiter) : QString();
    sec.figures << ReportFigure{tr("Decode per sequence"), figureText(s.decodePerSequence, "tokens/s", perLimiter)};
    sec.figures << ReportFigure{tr("Decode, all sequences"), tr("%1 at concurrency %2")
                                                                 .arg(figureText(s.decodeTotal, "tokens/s", QString()),
                                                                      QLocale().toString(qulonglong(s.concurrency)))};
    if (s.prefill.expected > 0) {
        sec.figures << ReportFigure{
            tr("Prefill"),
            tr("%1-token prompt: %2")
                .arg(QLocale().toString(qulonglong(s.promptTokens)),
                     figureText(s.prefill, "tokens/s", pre ? speedLimiterText(pre->limiter) : QString()))};
        sec.figures << ReportFigure{tr("Time to first token"),
                                    tr("about %1 (range %2); shortest possible %3")
                                        .arg(value(s.timeToFirstToken.expected, "s"),
                                             speedRangeText(s.timeToFirstToken.low, s.timeToFirstToken.high, "s"),
                                             value(s.timeToFirstToken.bound, "s"))};
    } else {
        sec.figures << ReportFigure{tr("Prefill"), tr("bound %1 from memory reads only: the hardware preset states no "
                                                      "dense throughput for this format")
                                                       .arg(rateText(s.prefill.bound))};
    }
    if (per)
        sec.figures << ReportFigure{tr("Bound set by"), tr("%1 (decode)").arg(perLimiter)};

    sec.table.header = {tr("Figure"), tr("Bound"),      tr("Expected"),
                        tr("Range"),  tr("Limited by"), tr("Formula and inputs")};
    for (const SpeedItem &it : s.items) {
        QString name = speedItemText(it);
        if (it.pool >= 0 && std::size_t(it.pool) < e.pools.size())
            name += QStringLiteral(" (%1)").arg(engineText(e.pools[std::size_t(it.pool)].name));
        QString formula = engineText(it.formula);
        if (const QString terms = speedTermsText(it); !terms.isEmpty())
            formula += QStringLiteral("; ") + terms;
        sec.table.rows << QStringList{name,
                                      value(it.value.bound, it.unit),
                                      value(it.value.expected, it.unit),
                                      speedRangeText(it.value.low, it.value.high, it.unit),
                                      speedLimiterText(it.limiter),
                                      formula};
    }
    sec.bullets << poolLines(e, r) << offloadLines(e, r);
    sec.bullets << tr("Evidence: the bounds are calculated from the placement and the hardware preset's bandwidth and "
                      "throughput; the expected ranges are estimated from published llama-bench, vLLM and MLX results "
                      "(docs/accuracy.md, \"Speed\"). No speed in this report is measured.");
    return sec;
}

} // namespace memplan::ui
