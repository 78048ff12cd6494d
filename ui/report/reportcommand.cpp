#include "reportcommand.h"

#include "reportexport.h"

#include "error.h"
#include "estimator.h"
#include "files/inputfile.h"
#include "hubimport.h"
#include "presetloader.h"
#include "scenario/scenariojson.h"

#include <QApplication>
#include <QFile>
#include <QLocale>
#include <QTextStream>
#include <QTranslator>

#include "translator.h"

#include <iostream>
#include <string_view>

namespace memplan::ui {

namespace {

constexpr int kExitOk = 0;
constexpr int kExitWriteFailed = 1;
constexpr int kExitUsage = 2;
constexpr int kExitNetwork = 4;

int fail(std::ostream &err, const QString &message)
{
    err << "memplan-cli: " << message.toStdString() << "\n";
    return kExitUsage;
}

std::string readInput(const QString &path)
{
    // Regular files only, size-capped (core/files/inputfile.h): /dev/zero or a FIFO must not hang.
    if (path == QLatin1String("-")) {
        QFile f;
        if (!f.open(stdin, QIODevice::ReadOnly))
            throw InputError(ErrorInfo{"(stdin)", "", "cannot be read (" + f.errorString().toStdString() + ")"});
        std::string text;
        for (QByteArray chunk = f.read(1 << 16); !chunk.isEmpty(); chunk = f.read(1 << 16)) {
            text.append(chunk.constData(), std::size_t(chunk.size()));
            if (text.size() > kMaxScenarioFileBytes)
                throw InputError(
                    ErrorInfo{"(stdin)", "", "is larger than " + std::to_string(kMaxScenarioFileBytes >> 20) + " MiB"});
        }
        return text;
    }
    return readInputFile(QFile::encodeName(path).toStdString(), kMaxScenarioFileBytes);
}

} // namespace

int runReportCommand(const QStringList &args, const PresetCatalog &catalog, std::ostream &out, std::ostream &err)
{
    QString file, pdfPath, jsonPath, csvPath;
    PdfOptions pdf;
    pdf.pageSize = defaultPageSize();
    ReportOptions report;
    report.catalog = &catalog;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == QLatin1String("--pdf") && hasValue)
            pdfPath = args[++i];
        else if (a == QLatin1String("--json") && hasValue)
            jsonPath = args[++i];
        else if (a == QLatin1String("--csv") && hasValue)
            csvPath = args[++i];
        else if (a == QLatin1String("--page") && hasValue) {
            const QString v = args[++i].toLower();
            if (v == QLatin1String("a4"))
                pdf.pageSize = QPageSize::A4;
            else if (v == QLatin1String("letter"))
                pdf.pageSize = QPageSize::Letter;
            else
                return fail(err, QStringLiteral("--page must be a4 or letter, got '%1'").arg(v));
        } else if (a == QLatin1String("--units") && hasValue) {
            const QString v = args[++i].toLower();
            if (v == QLatin1String("gib"))
                report.units = UnitSystem::Binary;
            else if (v == QLatin1String("gb"))
                report.units = UnitSystem::Decimal;
            else
                return fail(err, QStringLiteral("--units must be gib or gb, got '%1'").arg(v));
        } else if ((a == QLatin1String("--lang") || a == QLatin1String("--presets")) && hasValue) {
            ++i; // applied by reportMain before the command runs
        } else if (a.startsWith(QLatin1String("--")) && a != QLatin1String("-")) {
            return fail(err, QStringLiteral("report: unknown or incomplete option '%1'").arg(a));
        } else if (file.isEmpty()) {
            file = a;
        } else {
            return fail(err, QStringLiteral("report takes one scenario file, got also '%1'").arg(a));
        }
    }
    if (file.isEmpty())
        return fail(err, QStringLiteral("report needs a scenario file (or - for standard input)"));
    if (pdfPath.isEmpty() && jsonPath.isEmpty() && csvPath.isEmpty())
        return fail(err, QStringLiteral("report needs at least one of --pdf, --json, --csv"));

    Scenario scenario;
    ResolvedScenario resolved;
    Estimate result;
    try {
        const std::string origin = file == QLatin1String("-") ? std::string("(stdin)") : file.toStdString();
        scenario = scenarioFromText(readInput(file), origin);
        try {
            resolved = resolveScenario(scenario, catalog);
        } catch (const InputError &e) {
            throw e.inFile(origin);
        }
        result = estimate(resolved);
    } catch (const InputError &e) {
        return fail(err, QString::fromStdString(e.info().message()));
    } catch (const SourceUnavailable &e) {
        // model.hub not in the header cache and not fetched: the network's exit code, as in memplan-cli.
        err << "memplan-cli: " << e.what() << "\n";
        return kExitNetwork;
    } catch (const std::exception &e) {
        return fail(err, QString::fromUtf8(e.what()));
    }

    QList<WriteResult> results;
    if (!pdfPath.isEmpty())
        results << exportPdf(pdfPath, result, scenario, resolved, report, pdf);
    if (!jsonPath.isEmpty())
        results << exportJson(jsonPath, result, scenario);
    if (!csvPath.isEmpty())
        results << exportCsv(csvPath, result);
    int rc = kExitOk;
    for (const WriteResult &r : results) {
        if (r.ok) {
            out << "wrote " << r.path.toStdString() << "\n";
        } else {
            err << "memplan-cli: " << r.error.toStdString() << "\n";
            rc = kExitWriteFailed;
        }
    }
    return rc;
}

bool installReportTranslation(const QString &language)
{
    static QTranslator *installed = nullptr;
    if (installed) {
        QCoreApplication::removeTranslator(installed);
        delete installed;
        installed = nullptr;
    }
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return true;
    // The fallback translator also finds strings lupdate filed under the namespace's context.
    auto *translator = new FallbackTranslator(QCoreApplication::instance());
    if (!translator->load(locale, QStringLiteral("memplan"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete translator;
        return false;
    }
    QCoreApplication::installTranslator(translator);
    installed = translator;
    return true;
}

namespace {
QtMessageHandler g_defaultHandler = nullptr;

// Qt notes a missing XDG_RUNTIME_DIR on stderr when the offscreen platform starts;
// for a command-line tool that is noise beside the one error line scripts read.
void quietRuntimeDirNote(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    if (g_defaultHandler)
        g_defaultHandler(type, context, message);
    else
        std::cerr << qPrintable(qFormatLogMessage(type, context, message)) << "\n";
}
} // namespace

int drawingCommandMain(int argc, char **argv, const char *command, const char *document,
                       const std::function<int(const QStringList &, const PresetCatalog &)> &run)
{
    g_defaultHandler = qInstallMessageHandler(quietRuntimeDirNote);
    // Rendering the charts and the PDF needs a GUI application, but not a screen.
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("memplan"));
    QCoreApplication::setOrganizationName(QStringLiteral("memplan"));

    QStringList presetDirs;
    QString language;
    QStringList args;
    const QStringList raw = QCoreApplication::arguments();
    bool seenCommand = false;
    for (int i = 1; i < raw.size(); ++i) {
        if (raw[i] == QLatin1String("--presets") && i + 1 < raw.size())
            presetDirs << raw[++i];
        else if (raw[i] == QLatin1String("--lang") && i + 1 < raw.size())
            language = raw[++i];
        else if (!seenCommand && raw[i] == QLatin1String(command))
            seenCommand = true;
        else
            args << raw[i];
    }
    if (!installReportTranslation(language) && !language.isEmpty())
        std::cerr << "memplan-cli: no translation for '" << language.toStdString() << "'; the " << document
                  << " is in English\n";
    if (const QString problem = app::presetDirectoryProblem(presetDirs); !problem.isEmpty())
        return fail(std::cerr, problem);
    net::installCommandLineHubLoader(); // a scenario's model.hub, as memplan-cli reads it
    return run(args, app::loadCatalog(presetDirs));
}

int reportMain(int argc, char **argv)
{
    return drawingCommandMain(argc, argv, "report", "report", [](const QStringList &args, const PresetCatalog &c) {
        return runReportCommand(args, c, std::cout, std::cerr);
    });
}

} // namespace memplan::ui
