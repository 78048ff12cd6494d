// The planner window's entry point: options, translation, fonts, then MainWindow.
// `--screenshot` renders the window offscreen to a PNG and exits, so docs and
// tests get real pictures without a person at the screen.

#include "classroom/lessonhandout.h"
#include "classroom/lessonwalkthrough.h"
#include "koreanparticles.h"
#include "mainwindow.h"
#include "presetloader.h"
#include "scenariocontroller.h"
#include "settings.h"
#include "translator.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFont>
#include <QLibraryInfo>
#include <QLocale>
#include <QPixmap>
#include <QPointer>
#include <QTimer>
#include <QTranslator>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string_view>

namespace {

int fail(const QString &message)
{
    std::fprintf(stderr, "memplan: %s\n", qPrintable(message));
    return 2;
}

/// Switches the interface language; the previous translators are removed first so
/// View → Language can switch back and forth.
void installLanguage(QApplication &app, const QString &language)
{
    static QPointer<QTranslator> own;
    static QPointer<QTranslator> qt;
    for (QTranslator *t : {own.data(), qt.data()})
        if (t) {
            QApplication::removeTranslator(t);
            delete t;
        }
    const bool korean = language == QLatin1String("ko");
    if (korean) {
        QLocale::setDefault(QLocale(QLocale::Korean, QLocale::SouthKorea));
        own = new memplan::ui::FallbackTranslator(&app);
        if (own->load(QStringLiteral(":/i18n/memplan_ko.qm")))
            QApplication::installTranslator(own);
        qt = new QTranslator(&app);
        if (qt->load(QLocale(QLocale::Korean), QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QApplication::installTranslator(qt);
    } else {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    // Hangul must render whatever the language: model names, user presets and file
    // paths can hold it. Korean puts the CJK face first so Latin and Hangul share metrics.
    QFont font = QApplication::font();
    const QString base = font.families().value(korean ? 1 : 0, font.family());
    font.setFamilies(korean ? QStringList{QStringLiteral("Noto Sans CJK KR"), base}
                            : QStringList{base, QStringLiteral("Noto Sans CJK KR")});
    QApplication::setFont(font);
}

/// "ko" or "en": the setting ("" = follow the system) resolved against the system locale.
QString resolveLanguage(const QString &setting)
{
    if (!setting.isEmpty())
        return setting;
    return QLocale::system().language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
}

/// --lang is needed before the parser exists, so that --help is already translated.
/// --help and --version print text and exit: they need no display, so a terminal without one
/// (ssh, a container, CI) gets the text instead of an abort in the platform plugin.
void textOnlyWithoutDisplay(int argc, char *argv[])
{
    if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        return;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a(argv[i]);
        if (a == "-h" || a == "--help" || a == "--help-all" || a == "-v" || a == "--version") {
            qputenv("QT_QPA_PLATFORM", "offscreen");
            return;
        }
    }
}

QString languageArgument(const QStringList &args)
{
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--lang") && i + 1 < args.size())
            return args[i + 1];
        if (args[i].startsWith(QLatin1String("--lang=")))
            return args[i].mid(7);
    }
    return {};
}

/// The language of this start: --lang, else the saved setting (not for screenshots, which show
/// exactly what the command line says), else the system's. False when --lang is bad (exit 2).
bool chooseLanguage(QApplication &app, bool screenshot)
{
    QString language = languageArgument(QApplication::arguments());
    const bool fromCommandLine = !language.isEmpty();
    if (language.isEmpty() && !screenshot)
        language = memplan::ui::Settings().language();
    language = resolveLanguage(language);
    if (language != QLatin1String("ko") && language != QLatin1String("en")) {
        if (fromCommandLine) {
            fail(memplan::ui::withParticles(
                QCoreApplication::translate("main", "--lang must be ko or en, not '%1'").arg(language)));
            return false;
        }
        // A bad saved setting must not keep the window from starting: note it and go on.
        std::fprintf(
            stderr, "memplan: %s\n",
            qPrintable(memplan::ui::withParticles(
                QCoreApplication::translate("main", "ignoring the saved language '%1' (not ko or en)").arg(language))));
        language = resolveLanguage(QString());
    }
    installLanguage(app, language);
    return true;
}

/// The window's command line (translated: the language is installed before it is built).
struct CommandLine {
    QCommandLineParser parser;
    const QCommandLineOption scenario{QStringLiteral("scenario"),
                                      QCoreApplication::translate("main", "Open this scenario file."),
                                      QCoreApplication::translate("main", "FILE")};
    const QCommandLineOption screenshot{QStringLiteral("screenshot"),
                                        QCoreApplication::translate("main", "Render the window to this PNG and exit."),
                                        QCoreApplication::translate("main", "OUT.png")};
    const QCommandLineOption presets{QStringLiteral("presets"),
                                     QCoreApplication::translate("main", "Also load presets from DIR."),
                                     QCoreApplication::translate("main", "DIR")};
    const QCommandLineOption lang{QStringLiteral("lang"),
                                  QCoreApplication::translate("main", "Interface language: ko or en."),
                                  QCoreApplication::translate("main", "LANG")};
    const QCommandLineOption size{QStringLiteral("size"),
                                  QCoreApplication::translate("main", "Window size for --screenshot (WxH)."),
                                  QCoreApplication::translate("main", "WxH"), QStringLiteral("1400x900")};
    const QCommandLineOption lesson{QStringLiteral("lesson"),
                                    QCoreApplication::translate("main", "Open the classroom panel on this lesson."),
                                    QCoreApplication::translate("main", "ID")};
    const QCommandLineOption step{
        QStringLiteral("step"),
        QCoreApplication::translate("main", "With --lesson: start at this step (1 = the goal)."),
        QCoreApplication::translate("main", "N"), QStringLiteral("1")};
    const QCommandLineOption present{QStringLiteral("present"),
                                     QCoreApplication::translate("main", "Start in presentation mode.")};
    const QCommandLineOption log{
        QStringLiteral("log"),
        QCoreApplication::translate(
            "main", "Compare this runtime log with the scenario and show what it measured beside the plan."),
        QCoreApplication::translate("main", "FILE")};
    const QCommandLineOption handout{
        QStringLiteral("handout"),
        QCoreApplication::translate("main", "With --lesson: write the lesson as a PDF handout and exit."),
        QCoreApplication::translate("main", "OUT.pdf")};
    const QCommandLineOption slides{
        QStringLiteral("slides"),
        QCoreApplication::translate("main", "With --lesson: write the lesson as 16:9 PDF slides and exit."),
        QCoreApplication::translate("main", "OUT.pdf")};

    explicit CommandLine(QApplication &app)
    {
        parser.setApplicationDescription(QCoreApplication::translate(
            "main", "LLM Memory Planner: what a model needs in memory, and whether it fits."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({scenario, screenshot, presets, lang, size, lesson, step, present, log, handout, slides});
        parser.process(app);
    }
};

/// Handouts and slides need no window: render, write atomically, exit.
int writeLessonPrints(const CommandLine &cl)
{
    const QCommandLineParser &parser = cl.parser;
    if (!parser.isSet(cl.lesson))
        return fail(QCoreApplication::translate("main", "--handout and --slides need --lesson ID"));
    const memplan::PresetCatalog lessons = memplan::app::loadCatalog(parser.values(cl.presets), false);
    for (const auto &[opt, layout] : {std::pair{&cl.handout, memplan::ui::LessonPrintLayout::Handout},
                                      std::pair{&cl.slides, memplan::ui::LessonPrintLayout::Slides}}) {
        if (!parser.isSet(*opt))
            continue;
        const memplan::FileWriteResult r = memplan::ui::writeLessonPdf(
            lessons, parser.value(cl.lesson), {layout, memplan::UnitSystem::Binary}, parser.value(*opt));
        if (!r.ok)
            return fail(QString::fromStdString(r.message()));
    }
    return 0;
}

/// Opens what the command line names (scenario, log, lesson); an exit code on failure, else -1.
int openRequested(memplan::ui::MainWindow *window, const CommandLine &cl, bool screenshot)
{
    const QCommandLineParser &parser = cl.parser;
    if (parser.isSet(cl.scenario)) {
        QString error;
        if (!window->loadScenarioFile(parser.value(cl.scenario), &error))
            return fail(error);
        // A scenario that reads but does not resolve (num_attention_heads: 0) is bad input
        // too: a script asking for a screenshot must see it in the exit code, as with the CLI.
        if (screenshot && !window->controller()->error().isEmpty())
            return fail(QDir::toNativeSeparators(parser.value(cl.scenario)) + QStringLiteral(": ") +
                        window->controller()->error());
    }
    if (parser.isSet(cl.log)) {
        QString error;
        if (!window->showLogFile(parser.value(cl.log), &error))
            return fail(error);
    }
    if (parser.isSet(cl.lesson)) {
        if (!window->openLesson(parser.value(cl.lesson), 0))
            return fail(QCoreApplication::translate("main", "there is no lesson '%1'").arg(parser.value(cl.lesson)));
        // Lessons with questions have more steps: the range is known once the lesson is open.
        bool ok = false;
        const int step = parser.value(cl.step).toInt(&ok);
        const int steps = window->walkthrough()->stepCount();
        if (!ok || step < 1 || step > steps)
            return fail(QCoreApplication::translate("main", "--step must be between 1 and %1").arg(steps));
        window->walkthrough()->setStep(step - 1);
    }
    return -1;
}

/// The interactive window until it closes.
int runWindow(QApplication &app, const memplan::PresetCatalog &catalog, memplan::ui::MainWindow *window, bool present)
{
    // A new language rebuilds the window: every widget then builds its texts
    // with the new translator, and the scenario, file, lesson and mode carry over.
    std::function<void(memplan::ui::MainWindow *)> wire = [&](memplan::ui::MainWindow *w) {
        QObject::connect(w, &memplan::ui::MainWindow::languageChangeRequested, w, [&, w](const QString &code) {
            QTimer::singleShot(0, w, [&, w, code] {
                installLanguage(app, resolveLanguage(code));
                auto *fresh = new memplan::ui::MainWindow(catalog, true);
                fresh->setAttribute(Qt::WA_DeleteOnClose);
                fresh->adoptStateFrom(*w);
                wire(fresh);
                fresh->show();
                w->setAttribute(Qt::WA_DeleteOnClose, false);
                w->deleteLater();
            });
        });
    };
    wire(window);
    window->show();
    if (present)
        window->setPresentationMode(true);
    return QApplication::exec();
}

/// Renders the window at --size to the --screenshot PNG.
int takeScreenshot(memplan::ui::MainWindow *window, const CommandLine &cl)
{
    const QCommandLineParser &parser = cl.parser;
    const QStringList size = parser.value(cl.size).split(QLatin1Char('x'));
    if (size.size() != 2 || size[0].toInt() < 200 || size[1].toInt() < 200)
        return fail(QCoreApplication::translate("main", "--size must look like 1400x900"));
    // Presentation layout before show(): a screenshot keeps the --size it was asked for
    // instead of the offscreen screen's full-screen geometry.
    if (parser.isSet(cl.present))
        window->setPresentationMode(true);
    window->resize(size[0].toInt(), size[1].toInt());
    window->show();
    const QString out = parser.value(cl.screenshot);
    int rc = 0;
    // The charts replot on a queued event, and what follows quick updates (banner lines, the
    // speed chart's axis) settles 400 ms after the last one: grab once both are done.
    QTimer::singleShot(500, window, [&] {
        const QPixmap pixmap = window->grab();
        if (pixmap.isNull() || !pixmap.save(out, "PNG"))
            rc = fail(memplan::ui::withParticles(
                QCoreApplication::translate("main", "cannot write screenshot %1").arg(QDir::toNativeSeparators(out))));
        QApplication::exit(rc);
    });
    QApplication::exec();
    delete window;
    return rc;
}

} // namespace

int main(int argc, char *argv[])
{
    textOnlyWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("memplan"));
    QApplication::setApplicationName(QStringLiteral("memplan"));
    QApplication::setApplicationDisplayName(QStringLiteral("LLM Memory Planner"));
    QApplication::setApplicationVersion(QStringLiteral(MEMPLAN_VERSION));
    // Before any QSettings: a settings file that is a FIFO blocked the start forever (issue 35).
    if (const QString problem = memplan::ui::Settings::avoidUnreadableFiles(); !problem.isEmpty())
        std::fprintf(stderr, "memplan: %s\n", qPrintable(problem));

    const QStringList args = QApplication::arguments();
    const bool screenshot = args.contains(QLatin1String("--screenshot")) ||
                            std::any_of(args.begin(), args.end(),
                                        [](const QString &a) { return a.startsWith(QLatin1String("--screenshot=")); });
    if (!chooseLanguage(app, screenshot))
        return 2;
    const CommandLine cl(app);
    const QCommandLineParser &parser = cl.parser;
    if (parser.isSet(cl.handout) || parser.isSet(cl.slides))
        return writeLessonPrints(cl);

    if (const QString problem = memplan::app::presetDirectoryProblem(parser.values(cl.presets)); !problem.isEmpty())
        return fail(problem);
    const memplan::PresetCatalog catalog = memplan::app::loadCatalog(parser.values(cl.presets), !screenshot);
    memplan::ui::MainWindowOptions options;
    options.useSettings = !screenshot;
    // A start that names what to show never inherits the previous session's scenario.
    options.restoreLastRun = !parser.isSet(cl.scenario) && !parser.isSet(cl.lesson) && !parser.isSet(cl.present);
    auto *window = new memplan::ui::MainWindow(catalog, options);
    window->setAttribute(Qt::WA_DeleteOnClose);
    if (const int rc = openRequested(window, cl, screenshot); rc >= 0)
        return rc;
    if (!screenshot)
        return runWindow(app, catalog, window, parser.isSet(cl.present));
    return takeScreenshot(window, cl);
}
