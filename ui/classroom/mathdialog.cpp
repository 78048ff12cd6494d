#include "mathdialog.h"
#include "enginetext.h"

#include "charts/palette.h"
#include "models/breakdowntablemodel.h"
#include "poolfigures.h"
#include "speed/speedmath.h"
#include "widgets/evidencelegend.h"

#include <QDialogButtonBox>
#include <QLocale>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <cmath>

namespace memplan::ui {

namespace {
QString mathText(std::string_view s)
{
    return memplan::ui::engineText(s).toHtmlEscaped();
}
QString mathText(const std::string &s)
{
    return memplan::ui::engineText(s).toHtmlEscaped();
}

QString mathNumber(double v)
{
    // Integers (layers, tokens, bytes) are shown whole with separators; fractions keep 4 significant digits.
    if (std::abs(v) < 9.0e15 && v == std::floor(v))
        return QLocale().toString(qlonglong(v));
    return QLocale().toString(v, 'g', 4);
}

/// "123,456 bytes = 0.11 GiB = 0.12 GB": all three, the window's unit first.
QString threeWays(Bytes b, UnitSystem units)
{
    const QString gib = QString::fromStdString(formatGiB(b)), gb = QString::fromStdString(formatGB(b));
    return MathDialog::tr("%1 bytes = %2 = %3")
        .arg(QLocale().toString(qulonglong(b)), units == UnitSystem::Decimal ? gb : gib,
             units == UnitSystem::Decimal ? gib : gb);
}

QString evidenceLine(const Item &item, UnitSystem units)
{
    QString line = QStringLiteral("<b>%1</b>: %2")
                       .arg(BreakdownTableModel::evidenceName(item.evidence).toHtmlEscaped(),
                            EvidenceLegend::explanation(item.evidence).toHtmlEscaped());
    if (item.evidence == Evidence::Estimated && item.high > item.low)
        line += QStringLiteral("<br>") +
                MathDialog::tr("Range: %1 to %2")
                    .arg(mathText(formatBoth(item.low, units)), mathText(formatBoth(item.high, units)));
    return line;
}

QString itemHtml(const Estimate &e, const Item &item, UnitSystem units)
{
    QString html = QStringLiteral("<h3>%1 — %2</h3>")
                       .arg(guestName(item.guest).toHtmlEscaped(), memplan::ui::itemText(item).toHtmlEscaped());
    if (item.pool < e.pools.size())
        html += QStringLiteral("<p>%1</p>").arg(MathDialog::tr("In: %1").arg(mathText(e.pools[item.pool].name)));
    html += QStringLiteral("<p>%1 <code style=\"font-size:large\">%2</code></p>")
                .arg(MathDialog::tr("Formula:").toHtmlEscaped(), mathText(item.formula));
    if (item.terms.size() > 0) {
        html += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\"><tr><th>%1</th><th>%2</th>"
                               "<th>%3</th><th>%4</th></tr>")
                    .arg(MathDialog::tr("Symbol"), MathDialog::tr("Value"), MathDialog::tr("Where it came from"),
                         MathDialog::tr("Meaning"));
        for (std::size_t i = 0; i < item.terms.size(); ++i) {
            const Term &t = item.terms[i];
            html += QStringLiteral("<tr><td><code>%1</code></td><td align=\"right\">%2</td><td>%3</td><td>%4</td></tr>")
                        .arg(mathText(t.symbol), mathNumber(t.value), originName(t.origin).toHtmlEscaped(),
                             mathText(t.meaning));
        }
        html += QStringLiteral("</table>");
    }
    html += QStringLiteral("<p><b>%1</b> %2</p>")
                .arg(MathDialog::tr("Result:").toHtmlEscaped(), threeWays(item.bytes, units).toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>").arg(evidenceLine(item, units));
    return html;
}

QString conditionsHtml(const Scenario &s)
{
    const QString weights =
        s.weights.format.empty() ? MathDialog::tr("as shipped") : QString::fromStdString(s.weights.format);
    QStringList lines;
    lines << MathDialog::tr("context %1 tokens × %2 concurrent sequences")
                 .arg(QLocale().toString(qulonglong(s.workload.contextTokens)),
                      QLocale().toString(qulonglong(s.workload.concurrency)));
    lines << MathDialog::tr("weights %1, KV cache %2").arg(weights, QString::fromStdString(s.kvCacheDtype));
    lines << MathDialog::tr("runtime %1, %2 % of layers on the GPU")
                 .arg(QString::fromStdString(s.runtime.preset),
                      mathNumber(std::round(s.placement.gpuLayerFraction * 100)));
    QString html = QStringLiteral("<p><b>%1</b></p><ul>").arg(MathDialog::tr("This answer holds for:").toHtmlEscaped());
    for (const QString &l : lines)
        html += QStringLiteral("<li>%1</li>").arg(l.toHtmlEscaped());
    html += QStringLiteral("</ul><p><i>%1</i></p>").arg(EvidenceLegend::conditionsNote().toHtmlEscaped());
    return html;
}

QString verdictHtml(const Estimate &e, const Scenario &s, UnitSystem units)
{
    if (e.pools.empty())
        return MathDialog::tr("No estimate yet.").toHtmlEscaped();
    const Pool &p = e.mainPool();
    QString html = QStringLiteral("<h3>%1</h3>").arg(MathDialog::tr("Verdict for %1").arg(mathText(p.name)));
    html += QStringLiteral("<p>%1 <code style=\"font-size:large\">%2</code></p>")
                .arg(MathDialog::tr("Formula:").toHtmlEscaped(),
                     MathDialog::tr("total = weights + KV + activation + workspace + allocator + system ≤ usable")
                         .toHtmlEscaped());
    html += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\"><tr><th>%1</th><th>%2</th></tr>")
                .arg(MathDialog::tr("Guest"), MathDialog::tr("Bytes"));
    for (Guest g : kAllGuests)
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">%2</td></tr>")
                    .arg(guestName(g).toHtmlEscaped(), threeWays(p.guest(g), units).toHtmlEscaped());
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=\"right\"><b>%2</b></td></tr></table>")
                .arg(MathDialog::tr("Total"), threeWays(p.totalBytes, units).toHtmlEscaped());
    html += QStringLiteral("<p>%1<br>%2</p>")
                .arg(MathDialog::tr("Capacity: %1").arg(mathText(formatBoth(p.capacityBytes, units))),
                     MathDialog::tr("Usable by the runtime: %1").arg(mathText(formatBoth(p.usableBytes, units))));
    // The limit the verdict turns on (core/poolfigures.h): on unified memory the system share
    // is held against the capacity, not the GPU's usable limit.
    const bool capacityBinds = bindingLimit(p).limit == p.capacityBytes && p.capacityBytes != p.usableBytes;
    const bool unified = p.kind == PoolKind::Unified && p.guest(Guest::System) > 0;
    const QString free = mathText(formatBoth(poolFree(p), units));
    const QString over = mathText(formatBoth(poolOver(p), units));
    QString line;
    if (capacityBinds)
        line = p.fits ? MathDialog::tr("Fits: capacity − total = %1 free").arg(free)
                      : MathDialog::tr("Does not fit: total − capacity = %1 over").arg(over);
    else if (unified)
        line = p.fits ? MathDialog::tr("Fits: usable − (total − system) = %1 free").arg(free)
                      : MathDialog::tr("Does not fit: (total − system) − usable = %1 over").arg(over);
    else
        line = p.fits ? MathDialog::tr("Fits: usable − total = %1 free").arg(free)
                      : MathDialog::tr("Does not fit: total − usable = %1 over").arg(over);
    html += QStringLiteral("<p><b>%1</b></p>").arg(line);
    if (unified)
        html += QStringLiteral("<p>%1</p>")
                    .arg(MathDialog::tr("Unified memory: the GPU side (the total without the system share) must "
                                        "stay within the usable limit, and the total within the capacity.")
                             .toHtmlEscaped());
    if (p.loadingPeakBytes > p.totalBytes)
        html += QStringLiteral("<p>%1</p>")
                    .arg(MathDialog::tr("While loading, use peaks at %1.")
                             .arg(mathText(formatBoth(p.loadingPeakBytes, units))));
    bool anyEstimated = false;
    for (const Item &i : e.items)
        anyEstimated = anyEstimated || (i.pool == 0 && i.evidence == Evidence::Estimated);
    if (anyEstimated)
        html +=
            QStringLiteral("<p>%1</p>")
                .arg(MathDialog::tr("Some of these figures are estimated: the verdict is as reliable as their ranges.")
                         .toHtmlEscaped());
    return html + conditionsHtml(s);
}
} // namespace

QString originName(Origin origin)
{
    switch (origin) {
    case Origin::Config:
        return MathDialog::tr("model config");
    case Origin::File:
        return MathDialog::tr("model file header");
    case Origin::Preset:
        return MathDialog::tr("preset");
    case Origin::Scenario:
        return MathDialog::tr("your scenario (controls)");
    case Origin::Runtime:
        return MathDialog::tr("runtime profile");
    case Origin::Derived:
        return MathDialog::tr("derived from the others");
    }
    return {};
}

QString mathHtml(const Estimate &estimate, const Scenario &scenario, const MathSubject &subject, UnitSystem units)
{
    // All three forms are always shown (the point is to compare them), the chosen unit first.
    switch (subject.kind) {
    case MathSubject::Kind::Item:
        if (subject.item >= 0 && std::size_t(subject.item) < estimate.items.size())
            return itemHtml(estimate, estimate.items[std::size_t(subject.item)], units);
        return MathDialog::tr("No such row.").toHtmlEscaped();
    case MathSubject::Kind::Segment: {
        QString html;
        Bytes sum = 0;
        int n = 0;
        for (const Item &i : estimate.items)
            if (int(i.pool) == subject.pool && i.guest == subject.guest) {
                html += itemHtml(estimate, i, units);
                sum = checkedAdd(sum, i.bytes);
                ++n;
            }
        if (n == 0)
            return MathDialog::tr("Nothing of this guest in this pool.").toHtmlEscaped();
        if (n > 1)
            html += QStringLiteral("<hr><p><b>%1</b> %2</p>")
                        .arg(MathDialog::tr("Sum for %1:").arg(guestName(subject.guest)).toHtmlEscaped(),
                             threeWays(sum, units).toHtmlEscaped());
        return html;
    }
    case MathSubject::Kind::Verdict:
        return verdictHtml(estimate, scenario, units);
    case MathSubject::Kind::Speed:
        return speedMathHtml(estimate, subject.item);
    }
    return {};
}

MathDialog::MathDialog(QWidget *parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("MathDialog"));
    setWindowTitle(tr("Show the Math"));
    auto *layout = new QVBoxLayout(this);
    m_browser = new QTextBrowser;
    m_browser->setOpenLinks(false);
    layout->addWidget(m_browser);
    // Our own translated text: Qt's standard "Close" stays English where its Korean
    // translations are not installed (Debian's qt6-translations-l10n is optional).
    auto *buttons = new QDialogButtonBox;
    buttons->addButton(tr("Close"), QDialogButtonBox::RejectRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(720, 560);
}

void MathDialog::show(const Estimate &estimate, const Scenario &scenario, const MathSubject &subject, UnitSystem units)
{
    m_subject = subject;
    m_browser->setHtml(mathHtml(estimate, scenario, subject, units));
    QDialog::show();
    raise();
    activateWindow();
}

QString MathDialog::plainText() const
{
    return m_browser->toPlainText();
}

} // namespace memplan::ui
