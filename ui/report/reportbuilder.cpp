#include "reportbuilder.h"
#include "enginetext.h"
#include "errortext.h"
#include "koreanparticles.h"
#include "kvshortfalltext.h"
#include "speedsection.h"

#include "charts/palette.h"
#include "compare/advicetext.h"

#include "poolfigures.h"
#include "questions/advice.h"
#include "questions/solvers.h"

#include <QLocale>

#include <cmath>

namespace memplan::ui {

namespace {

class ReportText {
    Q_DECLARE_TR_FUNCTIONS(ReportText)
};

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return ReportText::tr(text, disambiguation, n);
}

QString qs(const std::string &s)
{
    return memplan::ui::engineText(s);
}
QString qs(std::string_view s)
{
    return memplan::ui::engineText(s);
}

QString both(Bytes b, UnitSystem u)
{
    return qs(formatBoth(b, u));
}
/// One figure in the report's chosen unit system ("22.35 GiB" or "24.00 GB").
QString one(Bytes b, UnitSystem u)
{
    return qs(u == UnitSystem::Decimal ? formatDecimal(b) : formatBinary(b));
}
QString shellLines(const QString &command);
QString count(std::uint64_t v)
{
    return qs(formatCount(v));
}

QString evidenceName(Evidence e)
{
    switch (e) {
    case Evidence::Calculated:
        return tr("calculated");
    case Evidence::Estimated:
        return tr("estimated");
    case Evidence::Measured:
        return tr("measured");
    }
    return {};
}

QString poolKindName(PoolKind k)
{
    switch (k) {
    case PoolKind::Vram:
        return tr("GPU memory");
    case PoolKind::Ram:
        return tr("host RAM");
    case PoolKind::Unified:
        return tr("unified memory");
    }
    return {};
}

QString hardwareKindName(HardwareKind k)
{
    switch (k) {
    case HardwareKind::DiscreteGpu:
        return tr("discrete GPU");
    case HardwareKind::Unified:
        return tr("unified memory machine");
    case HardwareKind::Cpu:
        return tr("CPU only");
    }
    return {};
}

QString yesNo(bool b)
{
    return b ? tr("yes") : tr("no");
}

QString formatLabel(const QuantFormat *f)
{
    if (!f)
        return tr("(none)");
    return tr("%1 (%2 bits per weight)").arg(qs(f->label), QLocale().toString(f->bitsPerWeight(), 'f', 2));
}

QString termsText(const Item &item)
{
    QStringList parts;
    for (std::size_t i = 0; i < item.terms.size(); ++i) {
        const Term &t = item.terms[i];
        // Whole numbers in full (byte counts, token counts), fractions to 4 significant digits.
        const bool whole = std::floor(t.value) == t.value && std::abs(t.value) < 1e18;
        parts << QStringLiteral("%1 = %2").arg(qs(t.symbol), whole ? QLocale::c().toString(qint64(t.value))
                                                                   : QLocale::c().toString(t.value, 'g', 4));
    }
    return parts.join(QStringLiteral(", "));
}

ReportSection verdictSection(const Estimate &e, UnitSystem u, QString *verdict, QList<ReportFigure> *keyFigures)
{
    ReportSection s;
    s.id = QStringLiteral("verdict");
    s.heading = tr("Verdict");
    const Pool &main = e.mainPool();
    if (e.fits) {
        *verdict = tr("Fits: %1 free on %2.").arg(both(poolFree(main), u), qs(main.name));
    } else {
        QStringList short_;
        for (const Pool &p : e.pools)
            if (!p.fits && poolOver(p) > 0)
                short_ << tr("%1 short on %2").arg(both(poolOver(p), u), qs(p.name));
            else if (!p.fits && p.loadingPeakBytes > p.usableBytes)
                short_ << tr("%1 while loading: the peak of %2 is over the %3 usable")
                              .arg(qs(p.name), one(p.loadingPeakBytes, u), one(p.usableBytes, u));
        const KvShortfall kv = kvPoolShortfall(e);
        if (short_.isEmpty() && kv) // the full KV pool lacks tokens (vLLM-style runtimes)
            *verdict = tr("Does not fit: %1.").arg(kvShortfallText(main.name, kv, u));
        else if (short_.isEmpty())
            *verdict = tr("Does not fit: the KV cache holds %1 tokens, the workload needs %2.")
                           .arg(count(e.kvCapacityTokens), count(e.requestedKvTokens));
        else
            *verdict = tr("Does not fit: %1.").arg(short_.join(QStringLiteral("; ")));
    }
    s.paragraphs << *verdict;

    keyFigures->append({tr("Total used"), both(main.totalBytes, u)});
    keyFigures->append({tr("Usable limit"), both(main.usableBytes, u)});
    keyFigures->append({tr("Physical capacity"), both(main.capacityBytes, u)});
    const KvShortfall kvShort = kvPoolShortfall(e);
    if (main.fits)
        keyFigures->append({tr("Headroom"), both(poolFree(main), u)});
    else if (poolOver(main) == 0 && kvShort) // the pool is exactly full: the shortfall is in tokens
        keyFigures->append({tr("Shortfall"), kvShortfallFigure(kvShort, u)});
    else
        keyFigures->append({tr("Shortfall"), both(poolOver(main), u)});
    keyFigures->append({tr("Weights"), both(e.model.weightsBytes, u)});
    if (e.training.active) { // training: model states and activations instead of a KV cache
        const TrainingSummary &t = e.training;
        keyFigures->append({tr("Trainable parameters"), count(t.trainableParameters)});
        keyFigures->append({tr("Model states per GPU"), both(t.modelStateBytesPerRank, u)});
        keyFigures->append({tr("Activations and logits per GPU"), both(t.activationBytesPerRank, u)});
        keyFigures->append(
            {tr("Micro-batch × sequence"), tr("%1 × %2").arg(count(t.microBatch), count(t.peakSequenceTokens))});
    } else {
        keyFigures->append({tr("KV cache per token"), one(e.model.kvBytesPerToken, u)});
        keyFigures->append({tr("KV tokens requested / that fit"),
                            tr("%1 / %2").arg(count(e.requestedKvTokens), count(e.kvCapacityTokens))});
    }
    if (main.loadingPeakBytes > main.totalBytes)
        keyFigures->append({tr("Peak while loading"), both(main.loadingPeakBytes, u)});

    s.table.header = {tr("Pool"), tr("Kind"), tr("Used"), tr("Usable"), tr("Capacity"), tr("Headroom / shortfall")};
    s.table.numericColumns = {2, 3, 4, 5};
    for (int i = 0; i < int(e.pools.size()); ++i) {
        const Pool &p = e.pools[std::size_t(i)];
        const KvShortfall poolShort = kvPoolShortfall(e, std::size_t(i));
        const QString margin = p.fits                          ? tr("+%1").arg(one(poolFree(p), u))
                               : poolOver(p) == 0 && poolShort ? tr("−%1").arg(kvShortfallFigure(poolShort, u))
                                                               : tr("−%1").arg(one(poolOver(p), u));
        s.table.rows << QStringList{
            qs(p.name), poolKindName(p.kind), one(p.totalBytes, u), one(p.usableBytes, u), one(p.capacityBytes, u),
            margin};
        if (!p.fits)
            s.table.emphasizedRows << i;
    }
    return s;
}

ReportSection scenarioSection(const Scenario &sc, const ResolvedScenario &r, const Estimate &e, UnitSystem u)
{
    ReportSection s;
    s.id = QStringLiteral("scenario");
    s.heading = tr("Scenario");
    const ResolvedModel &m = r.model;
    QString model = qs(m.name);
    if (m.hypothetical)
        model += tr(" (hypothetical: architecture changed by the scenario)");
    s.figures << ReportFigure{tr("Model"), model};
    QString source;
    if (!sc.model.file.empty())
        source = tr("imported from %1").arg(qs(sc.model.file));
    else if (sc.model.hub)
        source = tr("headers of the Hugging Face repository %1").arg(qs(sc.model.hub->text()));
    else if (!sc.model.preset.empty())
        source = tr("preset %1, from %2").arg(qs(sc.model.preset), m.source.empty() ? tr("(no source)") : qs(m.source));
    else
        source = tr("inline configuration");
    if (!sc.model.config.empty() && !sc.model.preset.empty())
        source += tr("; overrides: %1").arg(qs(sc.model.config.dump()));
    s.figures << ReportFigure{tr("Model source"), source};
    QString params = tr("%1 computed from the architecture").arg(count(m.params.total()));
    if (m.declaredParameters)
        params = tr("%1 stated (%2 computed)").arg(count(*m.declaredParameters), count(m.params.total()));
    if (e.model.activeParameters && e.model.activeParameters != e.model.parameters)
        params += tr("; %1 active per token").arg(count(e.model.activeParameters));
    s.figures << ReportFigure{tr("Parameters"), params};
    s.figures << ReportFigure{tr("Weights"),
                              tr("%1, %2").arg(both(e.model.weightsBytes, u), evidenceName(e.model.weightsEvidence))};
    s.figures << ReportFigure{tr("Weight format"), formatLabel(r.weightFormat)};
    if (r.embeddingFormat && r.embeddingFormat != r.weightFormat)
        s.figures << ReportFigure{tr("Embedding format"), formatLabel(r.embeddingFormat)};
    if (r.outputFormat && r.outputFormat != r.embeddingFormat && !m.arch.tieWordEmbeddings)
        s.figures << ReportFigure{tr("Output head format"), formatLabel(r.outputFormat)};
    if (r.expertFormat && r.expertFormat != r.weightFormat && m.params.routedExperts > 0)
        s.figures << ReportFigure{tr("Expert format"), formatLabel(r.expertFormat)};
    QString kv = r.kvFormatK ? qs(r.kvFormatK->label) : qs(sc.kvCacheDtype);
    if (r.kvFormatV && r.kvFormatV != r.kvFormatK)
        kv += QStringLiteral(" / ") + qs(r.kvFormatV->label);
    s.figures << ReportFigure{tr("KV cache type"), kv};
    s.figures << ReportFigure{
        tr("Context"),
        tr("%1 tokens per sequence (model maximum %2)").arg(count(r.workload.contextTokens), count(m.maxContext))};
    s.figures << ReportFigure{tr("Concurrency"), r.workload.concurrency == 1
                                                     ? tr("1 sequence")
                                                     : tr("%1 sequences").arg(count(r.workload.concurrency))};
    if (r.workload.sharedPrefixTokens > 0)
        s.figures << ReportFigure{tr("Shared prefix"), tr("%1 tokens").arg(count(r.workload.sharedPrefixTokens))};
    if (sc.workload.batchTokens > 0)
        s.figures << ReportFigure{tr("Prefill batch"), tr("%1 tokens").arg(count(sc.workload.batchTokens))};
    QString hw = qs(r.hardware.name);
    if (r.gpuCount > 1)
        hw = tr("%1 × %2").arg(r.gpuCount).arg(hw);
    if (r.hardware.capacityBytes > 0)
        hw += tr(", %1 each").arg(both(r.hardware.capacityBytes, u));
    hw += QStringLiteral(" (%1)").arg(hardwareKindName(r.hardware.kind));
    s.figures << ReportFigure{tr("Hardware"), hw};
    s.figures << ReportFigure{
        tr("Host RAM"),
        tr("%1, %2 reserved for the system").arg(both(r.host.ramBytes, u), both(r.host.reservedBytes, u))};
    s.figures << ReportFigure{tr("Runtime profile"), qs(r.runtime.name)};
    if (!r.runtime.calibratedFrom.empty()) // issue 18: a profile calibrated from a log says so
        s.figures << ReportFigure{tr("Runtime overheads"),
                                  withParticles(tr("calibrated on this machine from the log %1: the workspace "
                                                   "and system share are its measured figures")
                                                    .arg(qs(r.runtime.calibratedFrom)))};
    if (!sc.runtime.settings.empty())
        s.figures << ReportFigure{tr("Runtime settings"), qs(sc.runtime.settings.dump())};
    QString placement =
        tr("%1 % of the layers on the GPU").arg(QLocale().toString(r.placement.gpuLayerFraction * 100, 'f', 0));
    placement += tr("; KV cache on the GPU: %1").arg(yesNo(r.placement.kvOnGpu));
    if (r.placement.expertsOnHost)
        placement += tr("; routed experts in host RAM");
    // The engine decides whether llama.cpp's -sm row applies (its back end may load it by layer).
    if (r.gpuCount > 1)
        placement += r.tensorParallel   ? tr("; tensor parallel")
                     : e.speed.rowSplit ? tr("; row split (each GPU holds its rows of every matrix)")
                                        : tr("; layer split");
    s.figures << ReportFigure{tr("Placement"), placement};
    if (!e.launchCommand.empty())
        s.figures << ReportFigure{tr("Equivalent command"), shellLines(qs(e.launchCommand)), true};
    if (!e.launchNote.id.empty()) // the command holds a placeholder for the weights
        s.figures << ReportFigure{tr("Before running it"), noticeText(e.launchNote)};
    return s;
}

ReportSection breakdownSection(const Estimate &e)
{
    ReportSection s;
    s.id = QStringLiteral("breakdown");
    s.heading = tr("Breakdown");
    s.paragraphs << tr("Every figure with its formula, the values put into it and how it was obtained. "
                       "Estimated figures give the range the runtime is expected to stay in.");
    s.table.header = {tr("Pool"), tr("Guest"), tr("Item"), tr("GiB"), tr("GB"), tr("Evidence"), tr("Formula")};
    s.table.numericColumns = {3, 4};
    for (const Item &item : e.items) {
        if (item.bytes == 0 && item.high == 0)
            continue;
        QString evidence = evidenceName(item.evidence);
        if (item.evidence == Evidence::Estimated && item.high > item.low)
            evidence +=
                QStringLiteral(" (%1–%2 GiB)").arg(qs(formatGiBNumber(item.low)), qs(formatGiBNumber(item.high)));
        QString formula = qs(item.formula);
        const QString terms = termsText(item);
        if (!terms.isEmpty())
            formula += QStringLiteral("; ") + terms;
        const QString pool = item.pool < e.pools.size() ? qs(e.pools[item.pool].id) : QString::number(item.pool);
        s.table.rows << QStringList{pool,
                                    guestName(item.guest),
                                    memplan::ui::itemText(item),
                                    qs(formatGiBNumber(item.bytes)),
                                    qs(formatGBNumber(item.bytes)),
                                    evidence,
                                    formula};
    }
    return s;
}

/// "vllm serve m --a 1 --b 2" as one flag per line with shell continuations, so the
/// PDF never breaks inside a flag and the copied text still runs in a shell. A line still
/// longer than a page column (torchtune's key=value overrides carry no "--") is wrapped at
/// spaces outside quotes, so the command never squeezes the figure table.
QString shellLines(const QString &command)
{
    constexpr qsizetype kColumns = 72;
    const QString joint = QStringLiteral(" \\\n  ");
    QString out;
    qsizetype lineStart = 0;  // where the current output line begins
    qsizetype lastBreak = -1; // the last space outside quotes on it, in `out`
    QChar quote;
    for (qsizetype i = 0; i < command.size(); ++i) {
        const QChar c = command[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == u'"' || c == u'\'') {
            quote = c;
        } else if (c == u' ') {
            if (command.mid(i + 1, 2) == QLatin1String("--") && out.size() > lineStart) {
                out += joint;
                lineStart = out.size() - 2;
                lastBreak = -1;
                continue;
            }
            lastBreak = out.size();
        }
        out += c;
        if (out.size() - lineStart > kColumns && lastBreak > lineStart) {
            out.replace(lastBreak, 1, joint);
            lineStart = lastBreak + joint.size() - 2;
            lastBreak = -1;
        }
    }
    return out;
}

/// The core's advice (the banner and `memplan-cli advise` list the same), worded once.
QStringList suggestions(const std::vector<Advice> &advice, bool fits)
{
    QStringList out;
    for (const Advice &a : advice)
        out << AdviceText::full(a, fits);
    return out;
}

/// One line for the top of the report: go ahead, or the first change that makes it fit.
QString recommendation(const Estimate &e, const ResolvedScenario &r, const QString &verdict,
                       const std::vector<Advice> &advice)
{
    if (e.fits)
        return tr("Recommendation: runs as configured. %1").arg(verdict);
    // The cheapest change the engine checked, as the banner offers it first.
    for (const Advice &a : advice)
        if (a.fits)
            return tr("Recommendation: %1 (cost: %2).").arg(AdviceText::line(a), AdviceText::cost(a));
    if (r.hardware.kind == HardwareKind::DiscreteGpu)
        if (const auto gpus = solveMinGpus(r); gpus && *gpus > r.gpuCount)
            return tr("Recommendation: use %1 × %2, or a smaller weight format or context.")
                .arg(*gpus)
                .arg(qs(r.hardware.name));
    if (const auto maxCtx = solveMaxContext(r))
        return tr("Recommendation: shorten the context to %1 tokens per sequence, or use a smaller weight format.")
            .arg(count(*maxCtx));
    return tr("Recommendation: choose a smaller model or weight format, or a machine with more memory.");
}

ReportSection assumptionsSection(const Estimate &e, const ResolvedScenario &r)
{
    ReportSection s;
    s.id = QStringLiteral("assumptions");
    s.heading = tr("Assumptions and limits");
    s.bullets << tr("Weights are parameters × bits per weight / 8 for each part of the model; an imported file "
                    "replaces this with the sizes its header states.")
              << tr("The KV cache is layers × 2 × KV heads × head dimension × bytes per element × tokens, "
                    "allocated the way the runtime profile describes.")
              << tr("Activation, workspace, allocator slack and the system share are estimates from the runtime "
                    "profile (%1); real runs vary within the stated ranges.")
                     .arg(qs(r.runtime.name))
              << tr("Decoder layers are treated as uniform; several GPUs share the GPU layers evenly.")
              << tr("Memory fragmentation over long runs, other programs on the GPU and driver updates are not "
                    "modelled; keep some headroom.")
              << (e.training.active ? tr("A training estimate is the peak of one optimizer step per GPU; gradient "
                                         "accumulation does not raise it.")
                                    : tr("The estimate covers inference only: no training, no fine-tuning."));
    // The estimate repeats the resolved scenario's warnings first, then adds its own; translate by id.
    for (std::size_t i = 0; i < e.warnings.size(); ++i)
        s.bullets << tr("Warning: %1")
                         .arg(i < e.notices.size() ? memplan::ui::noticeText(e.notices[i])
                                                   : importWarningText(e.warnings[i]));
    for (const std::string &w : r.warnings)
        if (std::find(e.warnings.begin(), e.warnings.end(), w) == e.warnings.end())
            s.bullets << tr("Warning: %1").arg(importWarningText(w));
    return s;
}

} // namespace

const ReportSection *ReportDocument::section(const QString &id) const
{
    for (const ReportSection &s : sections)
        if (s.id == id)
            return &s;
    return nullptr;
}

QString programVersion()
{
    return QStringLiteral(MEMPLAN_VERSION);
}

ReportDocument buildReport(const Estimate &e, const Scenario &sc, const ResolvedScenario &r,
                           const ReportOptions &options)
{
    ReportDocument doc;
    doc.units = options.units;
    doc.estimate = e;
    doc.bars = buildBarSeries(e);
    doc.sweep = buildSweep(r, SweepAxis::Context);
    doc.fits = e.fits;
    doc.programVersion = programVersion();
    const QDateTime when = options.generatedAt.isValid() ? options.generatedAt : QDateTime::currentDateTime();
    doc.generatedAt = QLocale().toString(when, QLocale::LongFormat);
    doc.title = tr("Memory sizing report");
    doc.subtitle = sc.name.empty() ? tr("%1 on %2").arg(qs(r.model.name), qs(r.hardware.name)) : qs(sc.name);

    // The context sweep and the inference suggestions answer serving questions; a training
    // scenario has its own solvers (memplan-cli solve max-micro-batch / max-sequence).
    const bool training = e.training.active;
    std::vector<Advice> advice;
    if (options.suggestions && options.catalog && !training)
        advice = memplan::advise(sc, r, e, *options.catalog);

    doc.sections << verdictSection(e, options.units, &doc.verdict, &doc.keyFigures);
    doc.recommendation = recommendation(e, r, doc.verdict, advice);

    ReportSection bars;
    bars.id = QStringLiteral("chart-pools");
    bars.heading = tr("Memory by pool");
    bars.chart = ReportChart::Breakdown;
    bool anyUsableLine = false;
    for (const Bar &b : doc.bars.bars)
        anyUsableLine = anyUsableLine || (b.usable > 0 && b.usable != b.capacity);
    // The caption describes only lines that are drawn.
    bars.caption = anyUsableLine
                       ? tr("Each bar is one memory pool, stacked by guest, with its total above it. The solid line is "
                            "the physical capacity, the dashed line the limit the runtime may fill; anything above it "
                            "is hatched red.")
                       : tr("Each bar is one memory pool, stacked by guest, with its total above it. The solid line is "
                            "the physical capacity; anything above it is hatched red.");
    doc.sections << bars;

    ReportSection sweep;
    sweep.id = QStringLiteral("chart-sweep");
    sweep.heading = tr("Memory against context length");
    sweep.chart = ReportChart::Sweep;
    sweep.caption =
        tr("The main pool (%1) as the context grows, everything else unchanged.").arg(qs(e.mainPool().name));
    if (doc.sweep.maxFitting)
        sweep.caption +=
            QLatin1Char(' ') + tr("The largest context that fits is %1 tokens.").arg(count(*doc.sweep.maxFitting));
    if (!training)
        doc.sections << sweep;

    doc.sections << scenarioSection(sc, r, e, options.units);

    doc.sections << breakdownSection(e);

    if (!training) { // a training step has no decode or prefill speed
        doc.sections << speedSection(e, r);
        if (ReportSection chart = speedChartSection(e, r, &doc.speed, &doc.speedAgainstGpuLayers);
            chart.chart != ReportChart::None)
            doc.sections << chart;
    }

    ReportSection sugg;
    sugg.id = QStringLiteral("suggestions");
    sugg.heading = tr("Suggestions");
    sugg.bullets = suggestions(advice, e.fits);
    if (training)
        sugg.paragraphs << tr("For training, memplan-cli solve max-micro-batch and max-sequence give the largest "
                              "micro-batch and sequence length that fit.");
    else if (sugg.bullets.isEmpty())
        sugg.paragraphs << tr("No suggestions.");
    doc.sections << sugg;

    doc.sections << assumptionsSection(e, r);

    ReportSection units;
    units.id = QStringLiteral("units");
    units.heading = tr("Units");
    units.paragraphs << withParticles(
        tr("Binary units: 1 GiB = 1024³ bytes = 1,073,741,824 bytes (also KiB, MiB). Decimal units: "
           "1 GB = 1000³ bytes = 1,000,000,000 bytes, as GPU and RAM vendors label memory. "
           "So 16 GB = 14.90 GiB and 16 GiB = 17.18 GB. A GPU sold as \"24 GB\" has 24 GiB of memory, "
           "of which the driver reports a little less as its total. Figures are given as %1 with the "
           "other unit in brackets.")
            .arg(options.units == UnitSystem::Binary ? tr("GiB") : tr("GB")));
    doc.sections << units;
    return doc;
}

} // namespace memplan::ui
