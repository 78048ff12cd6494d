#include "speedmath.h"

#include "classroom/mathdialog.h"
#include "enginetext.h"
#include "models/breakdowntablemodel.h"
#include "speedtexts.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace memplan::ui {

namespace {

class SpeedMathText {
    Q_DECLARE_TR_FUNCTIONS(SpeedMathText)
};

QString h(const QString &s)
{
    return s.toHtmlEscaped();
}

QString speedNumber(double v)
{
    if (std::abs(v) < 9.0e15 && v == std::floor(v))
        return QLocale().toString(qlonglong(v));
    return QLocale().toString(v, 'g', 4);
}

} // namespace

QString speedMathHtml(const Estimate &e, int index)
{
    const SpeedEstimate &s = e.speed;
    if (!s.available || index < 0 || std::size_t(index) >= s.items.size())
        return h(SpeedMathText::tr("No speed figure for this plan."));
    const SpeedItem &it = s.items[std::size_t(index)];
    QString html = QStringLiteral("<h3>%1 — %2</h3>").arg(h(SpeedMathText::tr("Speed")), h(speedItemText(it)));
    if (it.pool >= 0 && std::size_t(it.pool) < e.pools.size())
        html += QStringLiteral("<p>%1</p>")
                    .arg(h(SpeedMathText::tr("In: %1").arg(engineText(e.pools[std::size_t(it.pool)].name))));
    html += QStringLiteral("<p>%1 <code style=\"font-size:large\">%2</code></p>")
                .arg(h(SpeedMathText::tr("Formula:")), h(engineText(it.formula)));
    if (it.termCount > 0) {
        html += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\"><tr><th>%1</th><th>%2</th>"
                               "<th>%3</th><th>%4</th></tr>")
                    .arg(h(SpeedMathText::tr("Symbol")), h(SpeedMathText::tr("Value")),
                         h(SpeedMathText::tr("Where it came from")), h(SpeedMathText::tr("Meaning")));
        for (std::uint8_t i = 0; i < it.termCount; ++i) {
            const Term &t = it.terms[i];
            html += QStringLiteral("<tr><td><code>%1</code></td><td align=\"right\">%2</td><td>%3</td><td>%4</td></tr>")
                        .arg(h(engineText(t.symbol)), speedNumber(t.value), h(originName(t.origin)),
                             h(engineText(t.meaning)));
        }
        html += QStringLiteral("</table>");
    }
    // The three kinds of evidence side by side, as the memory items show theirs.
    html +=
        QStringLiteral(
            "<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\"><tr><th>%1</th><th>%2</th><th>%3</th></tr>")
            .arg(h(SpeedMathText::tr("Evidence")), h(SpeedMathText::tr("Figure")), h(SpeedMathText::tr("What it is")));
    html +=
        QStringLiteral("<tr><td><b>%1</b></td><td align=\"right\">%2</td><td>%3</td></tr>")
            .arg(h(BreakdownTableModel::evidenceName(Evidence::Calculated)), h(speedValueText(it.value.bound, it.unit)),
                 h(SpeedMathText::tr("Bound: the physical ceiling from the formula, with efficiency 1.")));
    html +=
        QStringLiteral("<tr><td><b>%1</b></td><td align=\"right\">%2<br>%3</td><td>%4</td></tr>")
            .arg(h(BreakdownTableModel::evidenceName(Evidence::Estimated)),
                 h(speedValueText(it.value.expected, it.unit)), h(speedRangeText(it.value.low, it.value.high, it.unit)),
                 h(SpeedMathText::tr("Expected: the bound's time over the backend's efficiency η, plus the fixed "
                                     "costs of a step, low to high, from published measurements (docs/accuracy.md).")));
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=\"right\">—</td><td>%2</td></tr></table>")
                .arg(h(BreakdownTableModel::evidenceName(Evidence::Measured)),
                     h(SpeedMathText::tr("Not measured: run the model and compare with the expected range.")));
    if (!it.limiter.empty())
        html += QStringLiteral("<p><b>%1</b> %2</p>")
                    .arg(h(SpeedMathText::tr("Limited by:")), h(speedLimiterText(it.limiter)));
    html += QStringLiteral("<p><i>%1</i></p>")
                .arg(h(SpeedMathText::tr(
                           "This holds for concurrency %1, %2 tokens of context per sequence and a %3-token prompt.")
                           .arg(QLocale().toString(qulonglong(s.concurrency)),
                                QLocale().toString(qulonglong(s.contextTokens)),
                                QLocale().toString(qulonglong(s.promptTokens)))));
    return html;
}

} // namespace memplan::ui
