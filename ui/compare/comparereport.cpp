#include "comparereport.h"

#include "comparetext.h"

#include "enginetext.h"

#include <QLocale>

#include <cstdlib>

namespace memplan::ui {

namespace {

class ComparisonReportText {
    Q_DECLARE_TR_FUNCTIONS(memplan::ui::ComparisonReportText)
};

QString tr(const char *text)
{
    return ComparisonReportText::tr(text);
}
QString reportGib(Bytes b, UnitSystem u)
{
    return engineText(u == UnitSystem::Decimal ? formatGB(b, 1) : formatGiB(b, 1));
}
QString reportCount(std::uint64_t n)
{
    return QLocale().toString(qulonglong(n));
}

/// A machine's name short enough to sit under its bar: without the vendor's brand word and
/// the parenthesis, on two lines when it has several words ("Apple M4 Max" → "Apple M4\nMax").
std::string barLabel(const CandidateResult &c)
{
    std::string name = c.name.empty() ? c.candidate.hardware : c.name;
    if (const auto open = name.find(" ("); open != std::string::npos)
        name.erase(open);
    if (const auto brand = name.find("GeForce "); brand != std::string::npos)
        name.erase(brand, 8);
    if (name.size() > 10) {
        std::size_t best = std::string::npos;
        for (std::size_t i = name.find(' '); i != std::string::npos; i = name.find(' ', i + 1))
            if (best == std::string::npos ||
                std::abs(int(i) - int(name.size() / 2)) < std::abs(int(best) - int(name.size() / 2)))
                best = i;
        if (best != std::string::npos)
            name[best] = '\n';
    }
    return name;
}

/// One bar per machine: its main pool (the first GPU, or the unified pool), named after the machine.
BarSeries machineBars(const CompareSession &session)
{
    BarSeries out;
    Bytes top = 0;
    for (std::size_t i = 0; i < session.results().size(); ++i) {
        const BarSeries &s = session.bars()[i];
        if (s.bars.empty())
            continue;
        Bar b = s.bars.front();
        b.poolName = barLabel(session.results()[i]);
        b.poolId = session.results()[i].candidate.hardware;
        top = std::max({top, b.capacity, b.total});
        out.bars.push_back(std::move(b));
    }
    out.axisMax = niceAxisMax(top);
    return out;
}

QString scenarioLine(const Scenario &s, const std::vector<CandidateResult> &results)
{
    QString model = QString::fromStdString(s.model.preset);
    if (!results.empty())
        if (const auto &r = results.front(); r.error.empty() && !r.estimate.model.name.empty())
            model = engineText(r.estimate.model.name);
    return tr("%1, %2 weights, %3 tokens of context × %4 sequences, %5")
        .arg(model, engineText(s.weights.format.empty() ? std::string("native") : s.weights.format),
             reportCount(s.workload.contextTokens), reportCount(s.workload.concurrency),
             QString::fromStdString(s.runtime.preset));
}

ReportSection tableSection(const CompareSession &session, UnitSystem units)
{
    ReportSection t;
    t.id = QStringLiteral("candidates");
    t.heading = tr("The machines side by side");
    t.table.header = {tr("Machine"),        tr("Verdict"),      tr("Memory"), tr("Headroom"), tr("Largest context"),
                      tr("Most sequences"), tr("Decode tok/s"), tr("Price"),  tr("Per GiB"),  tr("Per tok/s")};
    t.table.numericColumns = {2, 3, 4, 5, 6, 7, 8, 9};
    for (std::size_t i = 0; i < session.results().size(); ++i) {
        const CandidateResult &c = session.results()[i];
        const CandidateFigures &f = session.figures()[i];
        const Price p = session.price(c.candidate.hardware);
        t.table.rows << QStringList{
            QString::fromStdString(c.name.empty() ? c.candidate.hardware : c.name),
            c.error.empty() ? CompareText::badge(c.badge) : engineText(c.error),
            c.deviceCapacityBytes ? reportGib(c.deviceCapacityBytes, units) : QStringLiteral("–"),
            c.badge == FitBadge::DoesNotFit ? tr("over by %1").arg(reportGib(c.overflowBytes, units))
                                            : reportGib(c.headroomBytes, units),
            c.maxContext ? reportCount(*c.maxContext) : QStringLiteral("–"),
            c.maxConcurrency ? reportCount(*c.maxConcurrency) : QStringLiteral("–"),
            f.decodePerSequence > 0 ? QLocale().toString(f.decodePerSequence, 'f', 1) : QStringLiteral("–"),
            CompareText::money(f.machinePrice, f.currency),
            CompareText::money(f.pricePerGiB, f.currency, 1),
            CompareText::money(f.pricePerTokenPerSecond, f.currency, 1)};
        if (c.badge == FitBadge::DoesNotFit)
            t.table.emphasizedRows << int(i);
        if (p.known()) // the total the table shows, from the device price it was typed or sourced as
            t.bullets << (p.date.empty() ? tr("%1: %2 (price per device from %3)")
                                               .arg(QString::fromStdString(c.name), CompareText::priceFormula(f),
                                                    QString::fromStdString(p.source))
                                         : tr("%1: %2 (price per device from %3, %4)")
                                               .arg(QString::fromStdString(c.name), CompareText::priceFormula(f),
                                                    QString::fromStdString(p.source), QString::fromStdString(p.date)));
    }
    return t;
}

} // namespace

ReportDocument buildComparisonReport(const CompareSession &session, UnitSystem units, const QDateTime &generatedAt)
{
    ReportDocument doc;
    doc.units = units;
    doc.programVersion = programVersion();
    doc.generatedAt =
        QLocale().toString(generatedAt.isValid() ? generatedAt : QDateTime::currentDateTime(), QLocale::LongFormat);
    doc.title = tr("Machine comparison");
    doc.subtitle = scenarioLine(session.scenario(), session.results());
    const Recommendation &rec = session.recommendation();
    doc.fits = rec.best >= 0;
    doc.recommendation = CompareText::recommendation(rec, session.results());
    doc.bars = machineBars(session);

    ReportSection why;
    why.id = QStringLiteral("reasons");
    why.heading = tr("Why");
    why.bullets = CompareText::reasons(rec, units);
    if (session.speedFloor() > 0)
        why.bullets.prepend(
            tr("Asked: at least %1 tokens/s per sequence.").arg(QLocale().toString(session.speedFloor(), 'f', 1)));
    doc.sections << why;

    ReportSection bars;
    bars.id = QStringLiteral("chart-pools");
    bars.heading = tr("Memory on each machine");
    bars.chart = ReportChart::Breakdown;
    bars.caption = tr("One bar per machine: its first GPU or its unified memory, stacked by guest, against its "
                      "capacity (solid line) and the runtime's usable limit (dashed); red is what does not fit.");
    doc.sections << bars;

    doc.sections << tableSection(session, units);

    ReportSection notes;
    notes.id = QStringLiteral("assumptions");
    notes.heading = tr("Assumptions and limits");
    notes.bullets << tr("Each machine runs the same model, format, context, sequences and runtime; a machine that "
                        "cannot hold every layer is shown with the largest GPU share that fits, the rest in host RAM.")
                  << tr("Decode speed is the expected value of the speed model (memory bandwidth × a measured "
                        "efficiency range), per sequence at the scenario's concurrency; measure before buying.")
                  << tr("Prices are only those typed by the user or given with a source in a preset; none is "
                        "invented. A price is per device; a machine's price is devices × price.")
                  << (units == UnitSystem::Decimal ? tr("Memory in GB (10^9 bytes).")
                                                   : tr("Memory in GiB (2^30 bytes)."));
    doc.sections << notes;
    return doc;
}

WriteResult exportComparisonPdf(const QString &path, const CompareSession &session, UnitSystem units,
                                const PdfOptions &pdf)
{
    return writeExport(path, ExportFormat::Pdf, renderPdf(buildComparisonReport(session, units), pdf));
}

} // namespace memplan::ui
