// Issue 14: the verdict banner, `memplan-cli advise` and the report must give the same
// suggestions for the same scenario — same advice ids, same numbers, same order, same
// English wording. All three read core advise(); this suite fails if any front end
// starts computing its own (as the banner did before).

#include "report/reportbuilder.h"
#include "widgets/verdictbanner.h"

#include "cli/clicommands.h"
#include "estimator.h"
#include "scenario/scenariojson.h"

#include <QLocale>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

#include "../report/reporttestsupport.h"

Q_DECLARE_METATYPE(memplan::Scenario)

using namespace memplan;
using namespace memplan::ui;

namespace {

struct Line {
    QString id;
    std::uint64_t value = 0;
    bool fits = false;
    QString text;
};

QList<Line> fromCli(const Scenario &s)
{
    std::istringstream in(scenarioToJson(s).dump());
    std::ostringstream out, err;
    cli::Context ctx{test::catalog(), in, out, err};
    const int code = cli::run({"advise", "-"}, ctx);
    if (code != cli::kExitOk)
        qWarning() << QString::fromStdString(err.str());
    const nlohmann::json doc = nlohmann::json::parse(out.str());
    QList<Line> lines;
    for (const auto &a : doc.at("advice"))
        lines << Line{QString::fromStdString(a.at("id").get<std::string>()), a.at("value").get<std::uint64_t>(),
                      a.at("fits").get<bool>(), QString::fromStdString(a.at("text").get<std::string>())};
    return lines;
}

Scenario scenario(const char *name, const char *model, const char *format, const char *hardware, double gpuShare,
                  std::uint64_t context)
{
    Scenario s = defaultScenario();
    s.name = name;
    s.model.preset = model;
    s.weights.format = format;
    s.hardware.preset = hardware;
    s.placement.gpuLayerFraction = gpuShare;
    s.workload.contextTokens = context;
    return s;
}

} // namespace

class TstAdviceSame : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // The CLI groups digits with commas; the window follows the locale. Compare in English.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void sameEverywhere_data()
    {
        QTest::addColumn<Scenario>("s");
        QTest::addColumn<bool>("fits");
        QTest::newRow("fits: 8B Q4_K_M on an RTX 4090") << defaultScenario() << true;
        QTest::newRow("does not fit: 70B f16 on one RTX 4090")
            << scenario("70B f16", "llama-3.1-70b", "f16", "rtx-4090", 1.0, 8192) << false;
        QTest::newRow("does not fit: 70B Q4_K_M, 32k, all on the GPU")
            << scenario("70B q4", "llama-3.1-70b", "q4_k_m", "rtx-4090", 1.0, 32768) << false;
        QTest::newRow("offloaded, over capacity") << test::overCapacityOffload() << false;
        QTest::newRow("offloaded, fits: 70B Q4_K_M, 30% on the GPU")
            << scenario("70B q4 offloaded", "llama-3.1-70b", "q4_k_m", "rtx-4090", 0.3, 8192) << true;
        QTest::newRow("unified: Qwen3 30B-A3B on M4 Max 128 GB")
            << scenario("unified", "qwen3-30b-a3b", "q4_k_m", "m4-max-128gb", 1.0, 32768) << true;
    }

    void sameEverywhere()
    {
        QFETCH(Scenario, s);
        QFETCH(bool, fits);
        const ResolvedScenario r = resolveScenario(s, test::catalog());
        const Estimate e = estimate(r);
        QCOMPARE(e.fits, fits);

        const QList<Line> cli = fromCli(s);
        QVERIFY2(!cli.isEmpty(), "every scenario here has something to say");

        VerdictBanner banner;
        banner.setResult(s, r, e, QString(), test::catalog());
        const QList<Suggestion> &shown = banner.suggestions();

        ReportOptions options;
        options.catalog = &test::catalog();
        const ReportDocument doc = buildReport(e, s, r, options);
        const QStringList bullets = doc.section(QStringLiteral("suggestions"))->bullets;

        QCOMPARE(shown.size(), cli.size());
        QCOMPARE(bullets.size(), cli.size());
        for (qsizetype i = 0; i < cli.size(); ++i) {
            QCOMPARE(shown[i].id, cli[i].id);
            QCOMPARE(shown[i].value, cli[i].value);
            QCOMPARE(shown[i].fits, cli[i].fits);
            // The window's English wording is the CLI's text; the banner and the report add the
            // same "(not enough alone)" and cost, so their lines are identical.
            QVERIFY2(shown[i].text.startsWith(cli[i].text), qPrintable(shown[i].text + " vs " + cli[i].text));
            QCOMPARE(bullets[i], shown[i].text);
            QVERIFY2(banner.details().contains(shown[i].text.toHtmlEscaped()), qPrintable(banner.details()));
        }
        // The report's one-line recommendation is the first change that fixes it, as the banner lists it.
        if (!fits) {
            const auto first = std::find_if(cli.begin(), cli.end(), [](const Line &l) { return l.fits; });
            QVERIFY(first != cli.end());
            QVERIFY2(doc.recommendation.contains(first->text), qPrintable(doc.recommendation));
        }
    }
};

QTEST_MAIN(TstAdviceSame)
#include "tst_advicesame.moc"
