// The comparison's recommendation and the A/B deltas (core/comparerecommend, core/pincompare):
// the rule in the header, checked against figures the test derives itself.

#include "error.h"
#include "estimator.h"
#include "formats/comparejson.h"
#include "questions/comparerecommend.h"
#include "questions/pincompare.h"
#include "scenario/catalog.h"

#include "../core/testsupport.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace memplan;

namespace {

std::vector<CandidateFigures> figuresOf(const std::vector<CandidateResult> &results,
                                        const std::vector<Price> &prices = {})
{
    std::vector<CandidateFigures> out;
    for (std::size_t i = 0; i < results.size(); ++i)
        out.push_back(candidateFigures(results[i], i < prices.size() ? prices[i] : Price{}));
    return out;
}

bool hasReason(const Recommendation &r, ReasonKind kind)
{
    return std::any_of(r.reasons.begin(), r.reasons.end(), [&](const RecommendReason &x) { return x.kind == kind; });
}

const std::vector<Candidate> kThree = {{"rtx-4090", 1}, {"rtx-3090", 2}, {"m4-max-128gb", 1}};

} // namespace

class TstCompareRecommend : public QObject {
    Q_OBJECT
private slots:
    void withoutPricesTheFastestThatFitsIsRecommended()
    {
        // Llama 3.1 8B Q4_K_M, 8k context: every machine here holds it on the device.
        const auto results = compareCandidates(defaultScenario(), kThree, test::shippedCatalog());
        const auto figures = figuresOf(results);
        std::size_t fastest = 0;
        for (std::size_t i = 0; i < results.size(); ++i) {
            QCOMPARE(results[i].badge, FitBadge::Fits);
            QVERIFY(figures[i].decodePerSequence > 0);
            if (figures[i].decodePerSequence > figures[fastest].decodePerSequence)
                fastest = i;
        }
        const Recommendation rec = recommend(results, figures);
        QCOMPARE(rec.best, int(fastest));
        QVERIFY(hasReason(rec, ReasonKind::Fastest));
        QVERIFY(hasReason(rec, ReasonKind::FitsOnDevice));
        QVERIFY(!hasReason(rec, ReasonKind::OthersDoNotFit));
        QVERIFY(recommendationLine(rec, results).find(results[fastest].name) != std::string::npos);
    }

    void pricesInOneCurrencyPickTheCheapestAndGivePerGiBAndPerSpeed()
    {
        const auto results = compareCandidates(defaultScenario(), kThree, test::shippedCatalog());
        // Prices typed for the test (not real quotes): 2 × 700 = 1,400 undercuts 1,599 and 3,999.
        const std::vector<Price> prices = {
            {1599, "USD", "", "test"}, {700, "USD", "", "test"}, {3999, "USD", "", "test"}};
        const auto figures = figuresOf(results, prices);
        QCOMPARE(figures[1].machinePrice, 1400.0);
        // Per GiB: 1,400 over two cards of 24,576 MiB each = 1,400 / 48 GiB.
        QCOMPARE(figures[1].pricePerGiB, 1400.0 / 48.0);
        QCOMPARE(figures[1].pricePerTokenPerSecond, 1400.0 / figures[1].decodeTotal);
        const Recommendation rec = recommend(results, figures);
        QCOMPARE(rec.best, 1);
        const auto cheapest = std::find_if(rec.reasons.begin(), rec.reasons.end(),
                                           [](const RecommendReason &r) { return r.kind == ReasonKind::Cheapest; });
        QVERIFY(cheapest != rec.reasons.end());
        QCOMPARE(cheapest->number, 1400.0);
        QCOMPARE(cheapest->value, std::uint64_t(3));

        // A missing price or a second currency: prices no longer decide (never guessed or converted).
        const auto mixed =
            figuresOf(results, {{1599, "USD", "", "test"}, {700, "EUR", "", "test"}, {3999, "USD", "", "test"}});
        QVERIFY(!hasReason(recommend(results, mixed), ReasonKind::Cheapest));
        const auto partial = figuresOf(results, {{1599, "USD", "", "test"}});
        QVERIFY(!hasReason(recommend(results, partial), ReasonKind::Cheapest));
    }

    void oneTotalPriceWithItsDeviceInputAndASpeedFloor()
    {
        // Issue 34 item 7: the total (count × device price) is the one basis; the device price stays
        // beside it as the formula's input, in the reason and in the compare JSON.
        const auto results = compareCandidates(defaultScenario(), kThree, test::shippedCatalog());
        const std::vector<Price> prices = {
            {1599, "USD", "", "test"}, {700, "USD", "", "test"}, {3999, "USD", "", "test"}};
        const auto figures = figuresOf(results, prices);
        QCOMPARE(figures[1].devicePrice, 700.0);
        QCOMPARE(figures[1].deviceCount, 2u);
        const nlohmann::json f = figuresToJson(figures[1]);
        QCOMPARE(f["price"].get<double>(), 1400.0);
        QCOMPARE(f["device_price"].get<double>(), 700.0);
        QCOMPARE(f["device_count"].get<int>(), 2);
        const Recommendation cheap = recommend(results, figures);
        QCOMPARE(cheap.best, 1);
        const std::string why = reasonText(cheap.reasons[1]);
        QVERIFY2(why.find("1400 USD in all (2 × 700 USD)") != std::string::npos, why.c_str());

        // A floor just above the two 3090s' decode speed: they are not recommended, and the reason
        // says why; the cheapest machine at or above the floor is.
        const double floor = figures[1].decodePerSequence + 0.1;
        const Recommendation fast = recommend(results, figures, {.minDecodePerSequence = floor});
        QVERIFY(fast.best != 1);
        QVERIFY(figures[fast.best].decodePerSequence >= floor);
        for (std::size_t i = 0; i < results.size(); ++i)
            if (figures[i].decodePerSequence >= floor && int(i) != fast.best)
                QVERIFY(figures[i].machinePrice >= figures[fast.best].machinePrice);
        const auto below = std::find_if(fast.reasons.begin(), fast.reasons.end(),
                                        [](const RecommendReason &r) { return r.kind == ReasonKind::BelowSpeedFloor; });
        QVERIFY(below != fast.reasons.end());
        QVERIFY(std::find(below->names.begin(), below->names.end(), results[1].name) != below->names.end());
        const nlohmann::json j = recommendationToJson(fast, results, {.minDecodePerSequence = floor});
        QCOMPARE(j["min_tokens_per_s_per_sequence"].get<double>(), floor);

        // A floor no machine reaches: no recommendation, and the line says it is the speed.
        const Recommendation none = recommend(results, figures, {.minDecodePerSequence = 1e6});
        QCOMPARE(none.best, -1);
        QCOMPARE(none.reasons.front().kind, ReasonKind::BelowSpeedFloor);
        QCOMPARE(none.reasons.front().value, std::uint64_t(results.size()));
        QVERIFY(recommendationLine(none, results).find("as fast as asked") != std::string::npos);
    }

    void machinesThatFitOnlyWithOffloadAreRecommendedOnlyWhenNoneFitsWhole()
    {
        // Llama 3.1 70B Q4_K_M (about 40 GiB of weights) with 64 GiB of host RAM: a 24 GiB card needs
        // offload, the 128 GB Mac holds it. The Mac is recommended although the cards are faster per byte.
        Scenario s = defaultScenario();
        s.model.preset = "llama-3.1-70b";
        const auto both = compareCandidates(s, {{"rtx-4090", 1}, {"m4-max-128gb", 1}}, test::shippedCatalog());
        QCOMPARE(both[0].badge, FitBadge::FitsWithOffload);
        QCOMPARE(both[1].badge, FitBadge::Fits);
        QCOMPARE(recommend(both, figuresOf(both)).best, 1);

        const auto cards = compareCandidates(s, {{"rtx-4090", 1}, {"rtx-3090", 1}}, test::shippedCatalog());
        const Recommendation rec = recommend(cards, figuresOf(cards));
        QVERIFY(rec.best >= 0);
        QCOMPARE(rec.reasons.front().kind, ReasonKind::FitsWithOffload);
        QCOMPARE(rec.reasons.front().value, cards[rec.best].gpuLayers);
        QVERIFY(cards[rec.best].gpuLayers < cards[rec.best].totalLayers);
    }

    void whenNothingFitsTheClosestMissIsNamed()
    {
        Scenario s = defaultScenario();
        s.model.preset = "llama-3.1-405b";
        s.weights.format = "f16";
        const auto results = compareCandidates(s, kThree, test::shippedCatalog());
        const Recommendation rec = recommend(results, figuresOf(results));
        QCOMPARE(rec.best, -1);
        QCOMPARE(rec.reasons.size(), std::size_t(1));
        QCOMPARE(rec.reasons.front().kind, ReasonKind::NoneFits);
        const auto closest = std::min_element(results.begin(), results.end(), [](const auto &a, const auto &b) {
            return a.overflowBytes < b.overflowBytes;
        });
        QCOMPARE(rec.reasons.front().name, closest->name);
        QCOMPARE(rec.reasons.front().bytes, closest->overflowBytes);
    }

    // A comparison of one machine, or one machine left out, speaks of one machine: "1 machines" was
    // printed before.
    void oneMachineIsCountedInTheSingular()
    {
        Scenario s = defaultScenario();
        s.model.preset = "llama-3.1-405b";
        s.weights.format = "f16";
        const auto alone = compareCandidates(s, {{"rtx-4090", 1}}, test::shippedCatalog());
        const Recommendation none = recommend(alone, figuresOf(alone));
        QCOMPARE(none.reasons.front().kind, ReasonKind::NoneFits);
        const std::string missed = reasonText(none.reasons.front());
        QVERIFY2(missed.find(alone.front().name + " does not hold it; it is over by ") == 0, missed.c_str());

        const auto two =
            compareCandidates(defaultScenario(), {{"rtx-4090", 1}, {"h100-sxm", 1}}, test::shippedCatalog());
        std::vector<Price> prices(2);
        prices[0].amount = 1600, prices[0].currency = "USD", prices[0].source = "test";
        const Recommendation rec = recommend(two, figuresOf(two, prices));
        for (const RecommendReason &r : rec.reasons) {
            const std::string text = reasonText(r);
            QVERIFY2(text.find(" 1 machines") == std::string::npos && text.rfind("1 machines", 0) != 0, text.c_str());
        }
        RecommendReason slow{.kind = ReasonKind::BelowSpeedFloor, .value = 1, .number = 20, .names = {"RTX 4090"}};
        QVERIFY(reasonText(slow).starts_with("1 machine that fits decodes below the asked 20.0 tokens/s"));
        RecommendReason other{.kind = ReasonKind::OthersDoNotFit, .value = 1, .total = 3, .names = {"RTX 4090"}};
        QCOMPARE(reasonText(other), std::string("1 of 3 machines does not hold it: RTX 4090."));
    }

    void presetPriceNeedsItsSourceAndRoundTrips()
    {
        // A user preset with a price (the figure is made up for the test; no shipped preset has one).
        nlohmann::json doc = hardwarePresetToJson(*test::shippedCatalog().hardwareById("rtx-3090"));
        doc["id"] = "my-3090";
        doc["price"] = {{"amount", 750}, {"currency", "USD"}, {"date", "2026-11"}, {"source", "test shop quote"}};
        const HardwarePreset p = parseHardwarePreset(doc);
        QCOMPARE(p.price, (Price{750, "USD", "2026-11", "test shop quote"}));
        QCOMPARE(parseHardwarePreset(hardwarePresetToJson(p)).price, p.price);
        // No source, no price: the preset is refused with the key named.
        doc["price"].erase("source");
        try {
            parseHardwarePreset(doc);
            QFAIL("a price without a source was accepted");
        } catch (const InputError &e) {
            QCOMPARE(e.info().field, std::string("price.source"));
        }
        doc["price"]["source"] = "x";
        doc["price"]["currency"] = "dollars";
        QVERIFY_THROWS_EXCEPTION(InputError, parseHardwarePreset(doc));
        // Shipped presets carry none (the reference data has no prices).
        for (const HardwarePreset &h : test::shippedCatalog().hardware())
            QVERIFY2(!h.price.known(), h.spec.id.c_str());
    }

    void pinComparisonMovesOnlyTheKvCacheWhenTheContextDoubles()
    {
        // Llama 3.1 8B: 32 layers × 2 (K and V) × 8 KV heads × 128 dims × 2 bytes (f16) = 131,072 bytes
        // per token; 8,192 more tokens = 1 GiB more KV cache, everything sized by weights unchanged.
        Scenario a = defaultScenario();
        a.runtime.preset = "theory";
        Scenario b = a;
        b.workload.contextTokens = 2 * a.workload.contextTokens;
        const Estimate ea = estimate(resolveScenario(a, test::shippedCatalog()));
        const Estimate eb = estimate(resolveScenario(b, test::shippedCatalog()));
        const PinComparison c = comparePinned(ea, eb);
        QCOMPARE(c.guests[guestIndex(Guest::KvCache)], std::int64_t(GiB));
        QCOMPARE(c.guests[guestIndex(Guest::Weights)], std::int64_t(0));
        bool sawKv = false;
        for (const ItemDelta &d : c.items) {
            QVERIFY(d.delta() != 0);
            if (d.guest == Guest::KvCache) {
                sawKv = true;
                QCOMPARE(d.b, 2 * d.a);
            }
        }
        QVERIFY(sawKv);
        QVERIFY(comparePinned(ea, ea).items.empty());
    }
};

QTEST_APPLESS_MAIN(TstCompareRecommend)
#include "tst_comparerecommend.moc"
