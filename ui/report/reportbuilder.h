#pragma once
// What a sizing report says, decided once and independent of the output
// format: the PDF renderer, the tests and any future HTML view read this model.
// All text is translated here (tr()), so a report follows the UI language.

#include "estimate.h"
#include "questions/chartseries.h"
#include "scenario/catalog.h"
#include "scenario/resolve.h"
#include "scenario/scenario.h"
#include "speed/speedseries.h"
#include "units.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace memplan::ui {

struct ReportFigure {
    QString label;
    QString value;
    bool code = false; ///< a command line: monospace, one flag per line, never broken inside a line
    bool operator==(const ReportFigure &) const = default;
};

struct ReportTable {
    QStringList header;
    QList<QStringList> rows;
    QList<int> numericColumns; ///< right-aligned
    QList<int> emphasizedRows; ///< drawn in red (pools that do not fit)
    bool operator==(const ReportTable &) const = default;
};

enum class ReportChart { None, Breakdown, Sweep, Speed };

struct ReportSection {
    QString id; ///< stable key ("verdict", "scenario", "breakdown", ...) for tests and renderers
    QString heading;
    QStringList paragraphs;
    QList<ReportFigure> figures; ///< label/value pairs
    ReportTable table;
    QStringList bullets;
    ReportChart chart = ReportChart::None;
    QString caption;
    bool operator==(const ReportSection &) const = default;
};

struct ReportDocument {
    QString title;
    QString subtitle;
    QString generatedAt;
    QString programVersion;
    bool fits = true;
    QString verdict;
    QString recommendation; ///< one line under the title: what to do
    QList<ReportFigure> keyFigures;
    QList<ReportSection> sections;
    memplan::BarSeries bars;
    memplan::SweepSeries sweep;
    memplan::SpeedSeries speed;         ///< decode speed per user for the speed chart
    bool speedAgainstGpuLayers = false; ///< the speed chart's axis: GPU layers (offload) or concurrency
    memplan::Estimate estimate;
    memplan::UnitSystem units = memplan::UnitSystem::Binary;

    const ReportSection *section(const QString &id) const;
};

struct ReportOptions {
    QDateTime generatedAt; ///< invalid = now
    memplan::UnitSystem units = memplan::UnitSystem::Binary;
    bool suggestions = true; ///< run the solvers (tests of the layout may skip them)
    /// The presets the scenario resolved against: the suggestions are the core's advise(),
    /// which estimates changed scenarios (without it the report lists no suggestions).
    const memplan::PresetCatalog *catalog = nullptr;
};

/// Builds the report for one scenario, its resolution and its estimate. Pure apart
/// from the clock (see ReportOptions::generatedAt) and the installed translator.
ReportDocument buildReport(const memplan::Estimate &estimate, const memplan::Scenario &scenario,
                           const memplan::ResolvedScenario &resolved, const ReportOptions &options = {});

/// The program version the report states (MEMPLAN_VERSION).
QString programVersion();

} // namespace memplan::ui
