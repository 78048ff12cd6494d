#include "comparecommand.h"

#include "comparereport.h"

#include "report/reportcommand.h"

#include "error.h"
#include "files/inputfile.h"
#include "formats/comparejson.h"
#include "presetloader.h"
#include "scenario/scenariojson.h"

#include <QApplication>
#include <QFile>

#include <iostream>
#include <iterator>
#include <string_view>

namespace memplan::ui {

namespace {

constexpr int kCompareExitOk = 0;
constexpr int kCompareExitWriteFailed = 1;
constexpr int kCompareExitUsage = 2;
constexpr const char *kUsage = "compare FILE --hardware ID[:COUNT][,...] --pdf OUT.pdf [--price ID=AMOUNT:CURRENCY] "
                               "[--min-tokens-per-s N] "
                               "[--units gib|gb] [--page a4|letter] [--lang ko|en]";

/// "rtx-4090=1599:USD" → the device price, stated by the user on the command line.
std::pair<std::string, Price> parsePriceOption(const QString &text)
{
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const double amount = eq > 0 && colon > eq ? text.mid(eq + 1, colon - eq - 1).toDouble(&ok) : 0;
    const QString currency = colon > eq ? text.mid(colon + 1).trimmed().toUpper() : QString();
    if (!ok || amount <= 0 || currency.isEmpty())
        throw InputError("--price", "'" + text.toStdString() + "' is not ID=AMOUNT:CURRENCY (e.g. rtx-4090=1599:USD)");
    return {text.left(eq).toStdString(), Price{amount, currency.toStdString(), "", "command line"}};
}

/// `--min-tokens-per-s N`: the buyer's speed floor, tokens/s per sequence.
double parseSpeedFloor(const QString &text)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !(v > 0) || v > 1e9)
        throw InputError("--min-tokens-per-s", "needs a positive number, got '" + text.toStdString() + "'");
    return v;
}

} // namespace

int runComparePdfCommand(const QStringList &args, const PresetCatalog &catalog, std::ostream &out, std::ostream &err)
{
    QString file, pdfPath, hardware;
    UnitSystem units = UnitSystem::Binary;
    PdfOptions pdf;
    pdf.pageSize = defaultPageSize();
    CompareSession session;
    try {
        std::vector<std::pair<std::string, Price>> prices;
        double speedFloor = 0;
        for (int i = 0; i < args.size(); ++i) {
            const QString &a = args[i];
            const bool hasValue = i + 1 < args.size();
            if (a == QLatin1String("--pdf") && hasValue)
                pdfPath = args[++i];
            else if (a == QLatin1String("--hardware") && hasValue)
                hardware = args[++i];
            else if (a == QLatin1String("--price") && hasValue)
                prices.push_back(parsePriceOption(args[++i]));
            else if (a == QLatin1String("--min-tokens-per-s") && hasValue)
                speedFloor = parseSpeedFloor(args[++i]);
            else if (a == QLatin1String("--units") && hasValue)
                units = args[++i].toLower() == QLatin1String("gb") ? UnitSystem::Decimal : UnitSystem::Binary;
            else if (a == QLatin1String("--page") && hasValue)
                pdf.pageSize = args[++i].toLower() == QLatin1String("letter") ? QPageSize::Letter : QPageSize::A4;
            else if ((a == QLatin1String("--lang") || a == QLatin1String("--presets")) && hasValue)
                ++i; // applied by comparePdfMain
            else if (!a.startsWith(QLatin1String("--")) && file.isEmpty())
                file = a;
            else
                throw InputError(a.toStdString(), std::string("is not understood here; usage: ") + kUsage);
        }
        if (file.isEmpty() || hardware.isEmpty() || pdfPath.isEmpty())
            throw InputError("compare", std::string("needs a scenario file, --hardware and --pdf; usage: ") + kUsage);
        const std::string origin = file == QLatin1String("-") ? std::string("(stdin)") : file.toStdString();
        const std::string text = file == QLatin1String("-")
                                     ? std::string(std::istreambuf_iterator<char>(std::cin), {})
                                     : readInputFile(QFile::encodeName(file).toStdString(), kMaxScenarioFileBytes);
        const Scenario scenario = scenarioFromText(text, origin);
        std::vector<Candidate> candidates = parseCandidates(hardware.toStdString());
        if (candidates.size() > CompareSession::kMaxCandidates)
            throw InputError("--hardware",
                             "lists " + std::to_string(candidates.size()) + " machines; a comparison takes at most 8");
        session.setCandidates(std::move(candidates));
        for (const auto &[id, price] : prices)
            session.setPrice(id, price);
        session.setSpeedFloor(speedFloor);
        session.update(scenario, catalog);
    } catch (const InputError &e) {
        err << "memplan-cli: " << e.info().message() << "\n";
        return kCompareExitUsage;
    } catch (const std::exception &e) {
        err << "memplan-cli: " << e.what() << "\n";
        return kCompareExitUsage;
    }
    const WriteResult r = exportComparisonPdf(pdfPath, session, units, pdf);
    if (!r.ok) {
        err << "memplan-cli: " << r.error.toStdString() << "\n";
        return kCompareExitWriteFailed;
    }
    out << "wrote " << r.path.toStdString() << "\n";
    return kCompareExitOk;
}

int comparePdfMain(int argc, char **argv)
{
    return drawingCommandMain(argc, argv, "compare", "comparison",
                              [](const QStringList &args, const PresetCatalog &catalog) {
                                  return runComparePdfCommand(args, catalog, std::cout, std::cerr);
                              });
}

} // namespace memplan::ui
