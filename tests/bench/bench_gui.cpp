// How fast the window follows a control: one slider step -> resolve + estimate ->
// verdict suggestions (solvers) -> bar series, sweep, table -> queued replots run.
// Target (issue 16): p95 under 4 ms on the 2-core build machine, default scenario
// and the 70B offload example. Also reports start-to-first-paint measured from the
// process start (the kernel's start time, so loading Qt and the libraries counts)
// and RSS. With a display (DISPLAY / WAYLAND_DISPLAY, e.g. under `xvfb-run -a`) it
// runs on that server; without one it falls back to offscreen instead of aborting.
// Numbers go into docs/performance.md.

#include "mainwindow.h"

#include "charts/breakdownchart.h"
#include "charts/chartview.h"
#include "charts/sweepchart.h"
#include "models/breakdowntablemodel.h"
#include "panels/whatifpanel.h"
#include "presetloader.h"
#include "scenariocontroller.h"
#include "speed/speedchart.h"
#include "speed/speedpanel.h"
#include "widgets/logslider.h"
#include "widgets/verdictbanner.h"

#include "estimator.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QSet>
#include <QSlider>
#include <QTest>

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <initializer_list>
#include <vector>

using namespace memplan;
using namespace memplan::ui;

namespace {
long rssKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').front().toLong();
    return -1;
}

/// Milliseconds since this process was started, from /proc (field 22 of
/// /proc/self/stat is the start time in clock ticks after boot; /proc/uptime is now).
double msSinceProcessStart()
{
    QFile stat(QStringLiteral("/proc/self/stat")), uptime(QStringLiteral("/proc/uptime"));
    if (!stat.open(QIODevice::ReadOnly) || !uptime.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray line = stat.readAll();
    // The command name (field 2) may hold spaces; count fields after its closing bracket.
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 20)
        return -1;
    const double startTicks = fields[19].toDouble(); // field 22 overall
    const double nowSeconds = uptime.readAll().split(' ').front().toDouble();
    return (nowSeconds - startTicks / double(sysconf(_SC_CLK_TCK))) * 1000.0;
}

/// Times every paint, layout and update-request event by receiver while switched on:
/// which widgets a step repaints and what each costs (time inside its own handler,
/// nested events subtracted).
class TimingApplication : public QApplication {
public:
    using QApplication::QApplication;
    struct Cost {
        double ms = 0;
        int count = 0;
    };
    bool recording = false;
    QHash<QString, Cost> costs;

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (!recording)
            return QApplication::notify(receiver, event);
        // Named before delivery: a DeferredDelete destroys its receiver.
        // Unnamed objects are told apart by their first named or own-class ancestors.
        QString name;
        int depth = 0;
        for (const QObject *o = receiver; o && depth < 3; o = o->parent(), ++depth) {
            if (depth)
                name += QStringLiteral(" < ");
            name += QString::fromLatin1(o->metaObject()->className()).remove(QStringLiteral("memplan::ui::"));
            if (!o->objectName().isEmpty()) {
                name += QLatin1Char('#') + o->objectName();
                break;
            }
        }
        name += QStringLiteral(" / ") + eventName(event->type());
        QElapsedTimer t;
        t.start();
        m_childNs.push_back(0);
        const bool result = QApplication::notify(receiver, event);
        const qint64 total = t.nsecsElapsed();
        const qint64 own = total - m_childNs.back();
        m_childNs.pop_back();
        if (!m_childNs.empty())
            m_childNs.back() += total;
        Cost &c = costs[name];
        c.ms += own / 1e6;
        ++c.count;
        return result;
    }

private:
    static QString eventName(QEvent::Type type)
    {
        switch (type) {
        case QEvent::Paint:
            return QStringLiteral("Paint");
        case QEvent::UpdateRequest:
            return QStringLiteral("UpdateRequest");
        case QEvent::LayoutRequest:
            return QStringLiteral("LayoutRequest");
        case QEvent::Resize:
            return QStringLiteral("Resize");
        case QEvent::MetaCall:
            return QStringLiteral("MetaCall");
        default:
            return QString::number(int(type));
        }
    }
    std::vector<qint64> m_childNs;
};

/// This process's user-space instructions (perf_event_open; paranoid level 2 allows
/// counting one's own process): a measure of a step's work that other builds on the
/// shared cores do not change, unlike wall time. Unavailable (-1) without perf support.
class InstructionCounter {
public:
    InstructionCounter()
    {
        perf_event_attr attr{};
        attr.type = PERF_TYPE_HARDWARE;
        attr.size = sizeof(attr);
        attr.config = PERF_COUNT_HW_INSTRUCTIONS;
        attr.exclude_kernel = 1;
        attr.exclude_hv = 1;
        m_fd = int(syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0));
    }
    ~InstructionCounter()
    {
        if (m_fd >= 0)
            close(m_fd);
    }
    InstructionCounter(const InstructionCounter &) = delete;
    InstructionCounter &operator=(const InstructionCounter &) = delete;
    long long read() const
    {
        long long value = -1;
        if (m_fd < 0 || ::read(m_fd, &value, sizeof(value)) != sizeof(value))
            return -1;
        return value;
    }

private:
    int m_fd = -1;
};

/// CPU time of the calling thread: unlike wall time it does not count waiting for a core.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

/// Slider steps in a function of their own, for a profiler to count:
/// `valgrind --tool=callgrind --toggle-collect='*runSliderSteps*' bench_gui stepsForProfilers`.
Q_NEVER_INLINE void runSliderSteps(QSlider *slider, int a, int b, int steps)
{
    for (int i = 0; i < steps; ++i) {
        slider->setValue(i % 2 ? a : b);
        QCoreApplication::processEvents();
    }
}

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    return v[std::size_t(p * double(v.size() - 1))];
}
} // namespace

class BenchGui : public QObject {
    Q_OBJECT
private slots:
    void startToFirstPaint()
    {
        const double before = msSinceProcessStart();
        QElapsedTimer t;
        t.start();
        MainWindow w(app::loadCatalog({}, false), false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCoreApplication::processEvents();
        const QPixmap first = w.grab(); // a full paint of every widget, charts included
        QVERIFY(!first.isNull());
        qInfo("platform %s; process start to first paint: %.1f ms (of which window + first paint %.1f ms); "
              "RSS after first paint: %.1f MiB",
              qPrintable(QGuiApplication::platformName()), msSinceProcessStart(), t.nsecsElapsed() / 1e6,
              rssKiB() / 1024.0);
        QVERIFY(before >= 0);
    }

    // Where a step's time goes, each part timed alone (median of 200).
    void parts_data() { controlToRendered_data(); }
    void parts()
    {
        QFETCH(QString, scenario);
        MainWindow w(app::loadCatalog({}, false), false);
        if (!scenario.isEmpty()) {
            QString error;
            QVERIFY(w.loadScenarioFile(QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/") + scenario, &error));
        }
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ScenarioController *c = w.controller();
        const auto median = [](const std::function<void()> &f) {
            std::vector<double> ms;
            for (int i = 0; i < 200; ++i) {
                QElapsedTimer t;
                t.start();
                f();
                ms.push_back(t.nsecsElapsed() / 1e6);
            }
            return percentile(ms, 0.5);
        };
        const Scenario s = c->scenario();
        const double estimateMs = median([&] { (void)memplan::estimate(resolveScenario(s, c->catalog())); });
        const double suggestMs =
            median([&] { (void)computeSuggestions(s, *c->resolved(), c->estimate(), c->catalog()); });
        const double sweepMs = median([&] { (void)c->sweep(SweepAxis::Context); });
        QSlider *slider = w.whatIfPanel()->contextSlider()->slider();
        const int a = slider->value(), b = a - 1;
        bool flip = false;
        const double syncMs = median([&] {
            flip = !flip;
            slider->setValue(flip ? b : a);
        });
        const double paintMs = median([&] {
            flip = !flip;
            slider->setValue(flip ? b : a);
            QCoreApplication::processEvents();
        });
        // The window's render() parts one by one (what a step costs besides painting).
        const Estimate e = c->estimate();
        const auto r = c->resolved();
        const double bannerMs = median([&] { w.verdictBanner()->setResult(s, r, e, QString(), c->catalog()); });
        const double speedMs = median([&] { w.speedPanel()->setResult(r, e); });
        const double barsDataMs = median([&] { w.breakdownChart()->setData(buildBarSeries(e), e); });
        const double tableMs = median([&] { w.breakdownModel()->setEstimate(e); });
        const double scenarioSignalMs = median([&] { emit c->scenarioChanged(s); });
        const double estimateSignalMs = median([&] { emit c->estimateChanged(e); });
        const double renderMs = median([&] { QMetaObject::invokeMethod(&w, "render", Qt::DirectConnection); });
        qInfo("%s: render parts: banner %.3f ms, speed panel %.3f ms, bar setData %.3f ms, table %.3f ms; "
              "scenarioChanged slots %.3f ms, estimateChanged slots %.3f ms",
              QTest::currentDataTag(), bannerMs, speedMs, barsDataMs, tableMs, scenarioSignalMs, estimateSignalMs);
        (void)renderMs;
        const double barsReplotMs = median([&] { w.breakdownChart()->plot()->replot(); });
        const double sweepReplotMs = median([&] { w.sweepChart()->plot()->replot(); });
        qInfo("%s: resolve+estimate %.3f ms, suggestions %.3f ms, sweep series %.3f ms, bar replot %.3f ms, "
              "sweep replot %.3f ms; slider step without events %.3f ms, with events %.3f ms",
              QTest::currentDataTag(), estimateMs, suggestMs, sweepMs, barsReplotMs, sweepReplotMs, syncMs, paintMs);
    }

    // Which receivers a step's events go to and what each costs on its own (200 steps).
    void eventCosts_data() { controlToRendered_data(); }
    void eventCosts()
    {
        QFETCH(QString, scenario);
        auto *app = static_cast<TimingApplication *>(qApp);
        MainWindow w(app::loadCatalog({}, false), false);
        if (!scenario.isEmpty()) {
            QString error;
            QVERIFY(w.loadScenarioFile(QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/") + scenario, &error));
        }
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSlider *slider = w.whatIfPanel()->contextSlider()->slider();
        const int a = slider->value(), b = a > slider->minimum() ? a - 1 : a + 1;
        constexpr int kSteps = 200;
        app->costs.clear();
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < kSteps; ++i) {
            app->recording = true;
            slider->setValue(i % 2 ? a : b);
            QCoreApplication::processEvents();
            app->recording = false;
        }
        const double wallMs = t.nsecsElapsed() / 1e6 / kSteps;
        QList<QPair<double, QString>> rows;
        for (auto it = app->costs.cbegin(); it != app->costs.cend(); ++it)
            rows.append(
                {it->ms / kSteps, QStringLiteral("%1 (%2 per step)").arg(it.key()).arg(double(it->count) / kSteps)});
        std::sort(rows.begin(), rows.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        qInfo("%s: %.3f ms per step; per receiver and event (own time per step):", QTest::currentDataTag(), wallMs);
        for (int i = 0; i < std::min<int>(25, int(rows.size())); ++i)
            qInfo("  %7.3f ms  %s", rows[i].first, qPrintable(rows[i].second));
    }

    // 10 warm-up steps, then 100 counted ones (see runSliderSteps).
    void stepsForProfilers_data() { controlToRendered_data(); }
    void stepsForProfilers()
    {
        QFETCH(QString, scenario);
        MainWindow w(app::loadCatalog({}, false), false);
        if (!scenario.isEmpty()) {
            QString error;
            QVERIFY(w.loadScenarioFile(QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/") + scenario, &error));
        }
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSlider *slider = w.whatIfPanel()->contextSlider()->slider();
        const int a = slider->value(), b = a > slider->minimum() ? a - 1 : a + 1;
        for (int i = 0; i < 10; ++i) {
            slider->setValue(i % 2 ? a : b);
            QCoreApplication::processEvents();
        }
        runSliderSteps(slider, a, b, 100);
    }

    void controlToRendered_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("llama-3.1-8b 4090 (fits)") << QString();
        QTest::newRow("llama-3.1-70b 60% on 4090 (over)") << QStringLiteral("llama-70b-offload-4090.scenario.json");
    }
    void controlToRendered()
    {
        QFETCH(QString, scenario);
        MainWindow w(app::loadCatalog({}, false), false);
        if (!scenario.isEmpty()) {
            QString error;
            QVERIFY2(w.loadScenarioFile(QStringLiteral(MEMPLAN_SOURCE_DIR "/docs/examples/") + scenario, &error),
                     qPrintable(error));
        }
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSlider *slider = w.whatIfPanel()->contextSlider()->slider();
        const int a = slider->value();
        const int b = a > slider->minimum() ? a - 1 : a + 1;
        bool flip = false;
        const auto step = [&] {
            flip = !flip;
            slider->setValue(flip ? b : a);
            // The charts replot on a queued event; run it so the pixels are part of the cost.
            QCoreApplication::processEvents();
        };

        // QBENCHMARK re-runs this function until its timing settles; report the median once per row.
        // Full replots per chart (an axis or legend change redraws everything; a data step
        // should redraw the data layer only).
        QList<QPair<QString, int>> fullReplots;
        for (ChartView *chart : std::initializer_list<ChartView *>{w.breakdownChart(), w.sweepChart(),
                                                                   w.speedPanel()->findChild<SpeedChart *>()}) {
            fullReplots.append(
                {QString::fromLatin1(chart->metaObject()->className()).remove(QStringLiteral("memplan::ui::")), 0});
            const qsizetype slot = fullReplots.size() - 1;
            connect(chart->plot(), &QCustomPlot::beforeReplot, &w,
                    [&fullReplots, slot] { ++fullReplots[slot].second; });
        }
        // QBENCHMARK re-runs this function until its timing settles; report the figures once per row.
        static QSet<QString> reported;
        const InstructionCounter counter;
        std::vector<double> ms, cpuMs, instructions;
        for (int i = 0; i < 200 && !reported.contains(QString::fromUtf8(QTest::currentDataTag())); ++i) {
            const long long i0 = counter.read();
            const double cpu0 = threadCpuMs();
            QElapsedTimer t;
            t.start();
            step();
            ms.push_back(t.nsecsElapsed() / 1e6);
            cpuMs.push_back(threadCpuMs() - cpu0);
            if (i0 >= 0)
                instructions.push_back(double(counter.read() - i0));
        }
        if (!ms.empty()) {
            reported.insert(QString::fromUtf8(QTest::currentDataTag()));
            double load[3] = {0, 0, 0};
            getloadavg(load, 3);
            qInfo("%s: control -> rendered median %.2f ms, p95 %.2f ms, max %.2f ms (n=%zu); main-thread CPU median "
                  "%.2f ms, p95 %.2f ms; load average %.2f; RSS %.1f MiB",
                  QTest::currentDataTag(), percentile(ms, 0.5), percentile(ms, 0.95), percentile(ms, 1.0), ms.size(),
                  percentile(cpuMs, 0.5), percentile(cpuMs, 0.95), load[0], rssKiB() / 1024.0);
            if (!instructions.empty())
                qInfo("%s: user-space instructions per step median %.2f M, p95 %.2f M", QTest::currentDataTag(),
                      percentile(instructions, 0.5) / 1e6, percentile(instructions, 0.95) / 1e6);
            QStringList replots;
            for (const auto &[name, count] : fullReplots)
                replots << QStringLiteral("%1 %2").arg(name).arg(double(count) / double(ms.size()), 0, 'f', 2);
            qInfo("%s: full replots per step: %s", QTest::currentDataTag(),
                  qPrintable(replots.join(QStringLiteral(", "))));
        }
        QBENCHMARK
        {
            step();
        }
    }
};

int main(int argc, char **argv)
{
    // A real X (or Wayland) server when there is one; offscreen otherwise, never an abort.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    TimingApplication app(argc, argv);
    BenchGui bench;
    return QTest::qExec(&bench, argc, argv);
}
#include "bench_gui.moc"
