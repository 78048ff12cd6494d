#include "verdictbanner.h"
#include "enginetext.h"
#include "errortext.h"
#include "kvshortfalltext.h"
#include "steadytext.h"
#include "trainingsuggestions.h"

#include "compare/advicetext.h"

#include "poolfigures.h"
#include "questions/advice.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QLocale>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace memplan::ui {

namespace {
QString bannerText(const std::string &s)
{
    return memplan::ui::engineText(s);
}

std::string inUnits(Bytes bytes, UnitSystem units)
{
    return units == UnitSystem::Decimal ? formatDecimal(bytes) : formatBinary(bytes);
}
} // namespace

QList<Suggestion> computeSuggestions(const Scenario &scenario, const ResolvedScenario &resolved,
                                     const Estimate &estimate, const PresetCatalog &catalog)
{
    // Context, KV and layer advice answers serving questions; training has its own (issue 15).
    if (scenario.workload.mode == WorkloadMode::Training)
        return trainingSuggestions(scenario, resolved, estimate, catalog);
    // The engine ranks and checks the advice (core/questions/advice.h); the banner only words it,
    // so the CLI's `advise` and the report list the same changes in the same order.
    QList<Suggestion> out;
    for (const Advice &a : memplan::advise(scenario, resolved, estimate, catalog))
        out << Suggestion{AdviceText::full(a, estimate.fits),
                          a.scenario,
                          QString::fromUtf8(adviceId(a.kind)),
                          a.value,
                          a.fits,
                          AdviceText::line(a)};
    return out;
}

VerdictBanner::VerdictBanner(QWidget *parent) : QFrame(parent)
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_headline = new QLabel(this);
    m_headline->setWordWrap(true);
    // Copied from its context menu, not selected with the mouse: a selectable label keeps a
    // text document that was laid out four times for every new headline, a seventh of a
    // slider step (callgrind, bench_gui stepsForProfilers); a plain label lays it out once.
    m_headline->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *copy = new QAction(tr("Copy the verdict"), m_headline);
    connect(copy, &QAction::triggered, this, [this] { QGuiApplication::clipboard()->setText(m_headline->text()); });
    m_headline->addAction(copy);
    m_headlineText = new SteadyText(m_headline, kSettleMs);
    m_details = new QLabel(this);
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_details->setOpenExternalLinks(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->setSpacing(2);
    layout->addWidget(m_headline);
    layout->addWidget(m_details);
    connect(m_details, &QLabel::linkActivated, this, [this](const QString &link) {
        bool ok = false;
        const int i = link.mid(int(qstrlen("suggestion:"))).toInt(&ok);
        if (ok && i >= 0 && i < m_suggestions.size())
            emit suggestionActivated(m_suggestions[i].scenario, m_suggestions[i].text);
    });
    setAccessibleName(tr("Verdict"));
    // While updates come in quick succession (a drag, a held arrow key) the banner may
    // grow but never shrinks, so the charts below do not jump on every step and the
    // window is not laid out again; once the updates pause it settles to its content.
    m_settle = new QTimer(this);
    m_settle->setSingleShot(true);
    m_settle->setInterval(kSettleMs);
    connect(m_settle, &QTimer::timeout, this, [this] {
        if (m_linesStale) { // suggestions put off (or worked out on demand) during the burst
            m_linesStale = false;
            m_pendingDetails.reset();
            applyDetails(detailLines());
        } else if (m_pendingDetails) {
            const QString details = *m_pendingDetails;
            m_pendingDetails.reset();
            applyDetails(details);
        }
        if (minimumHeight() != 0)
            setMinimumHeight(0);
    });
}

void VerdictBanner::setResult(const Scenario &scenario, const std::optional<ResolvedScenario> &resolved,
                              const Estimate &estimate, const QString &error, const PresetCatalog &catalog)
{
    m_estimate = estimate;
    m_error = error;
    // The suggestion lines wait for a pause in a burst anyway (see render()); working them out
    // on every step of a drag cost up to a seventh of the step (the 70B offload example:
    // core advise() resolves a scenario per weight format it tries). Put off while the verdict
    // stays and the lines are on screen; a changed verdict gets its suggestions at once.
    const bool burst = m_settle->isActive() && m_details->isVisible() && verdictColour() == m_appliedColour;
    if (burst && error.isEmpty() && resolved) {
        m_deferred = DeferredAdvice{scenario, *resolved, &catalog};
    } else {
        m_deferred.reset();
        m_suggestions.clear();
        if (error.isEmpty() && resolved)
            m_suggestions = computeSuggestions(scenario, *resolved, estimate, catalog);
    }
    m_problems.clear();
    for (const ErrorInfo &p : catalog.problems())
        m_problems << tr("Preset not loaded: %1").arg(inputErrorText(p));
    render();
}

void VerdictBanner::setUnitSystem(UnitSystem units)
{
    m_units = units;
    render();
}

void VerdictBanner::setPresentationMode(bool large)
{
    m_large = large;
    render();
}

QString VerdictBanner::headline() const
{
    return m_headline->text();
}
QString VerdictBanner::details() const
{
    if (m_deferred)
        return detailLines(); // works the suggestions out
    return m_pendingDetails.value_or(m_details->text());
}

const QList<Suggestion> &VerdictBanner::suggestions() const
{
    computeDeferred();
    return m_suggestions;
}

void VerdictBanner::computeDeferred() const
{
    if (!m_deferred)
        return;
    const DeferredAdvice advice = std::move(*m_deferred);
    m_deferred.reset();
    m_suggestions = computeSuggestions(advice.scenario, advice.resolved, m_estimate, *advice.catalog);
}

QString VerdictBanner::verdictColour() const
{
    if (!m_error.isEmpty())
        return QStringLiteral("#fde2c8");
    if (m_estimate.pools.empty())
        return QStringLiteral("#eeeeee");
    return m_estimate.fits ? QStringLiteral("#d9f2d9") : QStringLiteral("#f8d0d0");
}

QString VerdictBanner::detailLines() const
{
    computeDeferred();
    QStringList lines;
    // Presenting, the three best suggestions, without their costs, leave the charts their room.
    for (int i = 0; i < m_suggestions.size() && (!m_large || i < 3); ++i) {
        const Suggestion &sg = m_suggestions[i];
        const QString &text = m_large && !sg.brief.isEmpty() ? sg.brief : sg.text;
        lines << QStringLiteral("→ <a href=\"suggestion:%1\">%2</a>").arg(i).arg(text.toHtmlEscaped());
    }
    if (m_error.isEmpty())
        for (const Notice &n : m_estimate.refusals) // the runtime would refuse to start
            lines << QStringLiteral("⛔ ") + memplan::ui::noticeText(n).toHtmlEscaped();
    if (m_error.isEmpty())
        for (std::size_t i = 0; i < m_estimate.warnings.size(); ++i)
            lines << QStringLiteral("⚠ ") + (i < m_estimate.notices.size()
                                                 ? memplan::ui::noticeText(m_estimate.notices[i])
                                                 : importWarningText(m_estimate.warnings[i])) // an importer's warning
                                                .toHtmlEscaped();
    for (const QString &p : m_problems)
        lines << QStringLiteral("⚠ ") + p.toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

void VerdictBanner::applyDetails(const QString &details)
{
    if (m_details->text() != details)
        m_details->setText(details);
    m_details->setVisible(!details.isEmpty());
}

void VerdictBanner::render()
{
    QString headline;
    const QString colour = verdictColour();
    if (!m_error.isEmpty()) {
        headline = tr("Cannot estimate: %1").arg(m_error);
    } else if (m_estimate.pools.empty()) {
        headline = tr("No estimate yet");
    } else if (m_estimate.fits) {
        const Pool &main = m_estimate.mainPool();
        headline =
            tr("Fits: %1 free on %2").arg(bannerText(formatBoth(poolFree(main), m_units)), bannerText(main.name));
    } else {
        // Which limit fails, in units: the steady state over the usable memory, or only
        // the loading peak (the copy a runtime holds while it reads the weights).
        QStringList over;
        for (std::size_t i = 0; i < m_estimate.pools.size(); ++i) {
            const Pool &p = m_estimate.pools[i];
            if (p.fits)
                continue;
            const KvShortfall kv = kvPoolShortfall(m_estimate, i);
            if (poolOver(p) > 0)
                over << tr("%1 over by %2 (needs %3 of %4 usable)")
                            .arg(bannerText(p.name), bannerText(formatBoth(poolOver(p), m_units)),
                                 bannerText(inUnits(bindingLimit(p).held, m_units)),
                                 bannerText(inUnits(bindingLimit(p).limit, m_units)));
            else if (p.loadingPeakBytes > p.usableBytes)
                over << tr("%1 while loading: the peak of %2 is over the %3 usable by %4")
                            .arg(bannerText(p.name), bannerText(inUnits(p.loadingPeakBytes, m_units)),
                                 bannerText(inUnits(p.usableBytes, m_units)),
                                 bannerText(formatBoth(p.loadingPeakBytes - p.usableBytes, m_units)));
            else if (kv)
                over << kvShortfallText(p.name, kv, m_units);
            else
                over << bannerText(p.name);
        }
        headline = tr("Does not fit: %1").arg(over.join(QStringLiteral("; ")));
    }

    // Restyling repolishes every child and relayouts the window: only when the look changes,
    // not on every slider step.
    const double scale = m_large ? 1.8 : 1.25;
    const bool restyled = m_appliedColour != colour || m_appliedScale != scale;
    if (restyled) {
        QFont f = font();
        f.setBold(true);
        f.setPointSizeF(font().pointSizeF() * scale);
        m_headline->setFont(f);
        // On a projector the suggestions are read from the back row too: as large as the headline.
        QFont d = font();
        if (m_large)
            d.setPointSizeF(font().pointSizeF() * scale);
        m_details->setFont(d);
        setStyleSheet(QStringLiteral("memplan--ui--VerdictBanner { background: %1; border: 1px solid #999; "
                                     "border-radius: 4px; } QLabel { color: #111; }")
                          .arg(colour));
        m_appliedColour = colour;
        m_appliedScale = scale;
    }
    m_headlineText->setText(headline);
    if (m_deferred && restyled)
        computeDeferred(); // a new look lays the lines out anyway
    if (m_deferred) {
        // Mid-burst with the suggestions put off: the shown lines stay until the pause, and
        // with the headline in its held box nothing in the banner can need more room.
        m_pendingDetails.reset();
        m_linesStale = true;
        if (m_headlineText->holding())
            m_settle->start();
        else
            holdHeight();
        return;
    }
    m_linesStale = false;
    const QString details = detailLines();
    const bool linesShown = !details.isEmpty();
    // While updates come in quick succession (a slider drag) the rich-text lines wait for the
    // pause: laying them out again for every step cost more than the rest of the step together
    // (bench_gui parts, perf: QLabel::sizeHint -> QTextDocumentLayout). The headline, which
    // carries the verdict, follows every step; a change of verdict shows its lines at once.
    const bool burst = m_settle->isActive() && !restyled && m_details->isVisible() == linesShown;
    const bool detailsChange = m_details->text() != details;
    if (burst && detailsChange) {
        m_pendingDetails = details;
    } else {
        m_pendingDetails.reset();
        applyDetails(details);
    }
    // Mid-burst with the headline in its held box and the lines unchanged, the banner cannot
    // need more room: skip asking the layout (it lays the rich-text labels out again).
    if (burst && m_headlineText->holding() && (m_pendingDetails || !detailsChange)) {
        m_settle->start();
        return;
    }
    holdHeight();
}

void VerdictBanner::holdHeight()
{
    const int wanted = std::max(height(), sizeHint().height());
    if (isVisible() && wanted > minimumHeight())
        setMinimumHeight(wanted);
    m_settle->start();
}

} // namespace memplan::ui
