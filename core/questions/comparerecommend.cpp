#include "questions/comparerecommend.h"

#include "units.h"

#include <algorithm>
#include <cstdio>

namespace memplan {

namespace {

std::string number(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

/// Candidates that qualify: those that fit entirely when any does, else those that fit with offload.
std::vector<int> qualifying(const std::vector<CandidateResult> &results)
{
    for (FitBadge badge : {FitBadge::Fits, FitBadge::FitsWithOffload}) {
        std::vector<int> out;
        for (std::size_t i = 0; i < results.size(); ++i)
            if (results[i].error.empty() && results[i].badge == badge)
                out.push_back(int(i));
        if (!out.empty())
            return out;
    }
    return {};
}

bool samePricedCurrency(const std::vector<int> &pool, const std::vector<CandidateFigures> &figures)
{
    for (int i : pool)
        if (figures[i].machinePrice <= 0 || figures[i].currency != figures[pool.front()].currency)
            return false;
    return true;
}

bool allHaveSpeed(const std::vector<int> &pool, const std::vector<CandidateFigures> &figures)
{
    return std::all_of(pool.begin(), pool.end(), [&](int i) { return figures[i].decodePerSequence > 0; });
}

/// Drops the machines below the speed floor from the pool; the reason names them.
std::optional<RecommendReason> applySpeedFloor(std::vector<int> &pool, const std::vector<CandidateResult> &results,
                                               const std::vector<CandidateFigures> &figures, double floor)
{
    if (floor <= 0)
        return std::nullopt;
    RecommendReason r{.kind = ReasonKind::BelowSpeedFloor, .number = floor};
    std::vector<int> kept;
    for (int i : pool) {
        if (figures[i].decodePerSequence >= floor) {
            kept.push_back(i);
            continue;
        }
        const CandidateResult &c = results[i];
        r.names.push_back(c.name.empty() ? c.candidate.hardware : c.name);
    }
    pool = std::move(kept);
    r.value = r.names.size();
    if (r.value == 0)
        return std::nullopt;
    return r;
}

void addOthers(Recommendation &rec, const std::vector<CandidateResult> &results)
{
    RecommendReason r{.kind = ReasonKind::OthersDoNotFit};
    for (const CandidateResult &c : results)
        if (c.badge == FitBadge::DoesNotFit)
            r.names.push_back(c.name.empty() ? c.candidate.hardware : c.name);
    r.value = r.names.size();
    r.total = results.size();
    if (r.value > 0)
        rec.reasons.push_back(std::move(r));
}

} // namespace

CandidateFigures candidateFigures(const CandidateResult &c, const Price &devicePrice)
{
    CandidateFigures f;
    const SpeedEstimate &s = c.estimate.speed;
    if (s.available && c.error.empty() && c.badge != FitBadge::DoesNotFit) {
        f.decodePerSequence = s.decodePerSequence.expected;
        f.decodeTotal = s.decodeTotal.expected;
    }
    if (devicePrice.known()) {
        f.deviceCount = std::max<std::uint32_t>(c.candidate.count, 1);
        f.devicePrice = devicePrice.amount;
        f.machinePrice = devicePrice.amount * double(f.deviceCount);
        f.currency = devicePrice.currency;
        if (c.deviceCapacityBytes > 0)
            f.pricePerGiB = f.machinePrice / (double(c.deviceCapacityBytes) / double(GiB));
        if (f.decodeTotal > 0)
            f.pricePerTokenPerSecond = f.machinePrice / f.decodeTotal;
    }
    return f;
}

std::string_view reasonId(ReasonKind kind)
{
    switch (kind) {
    case ReasonKind::FitsOnDevice:
        return "reason.fits_on_device";
    case ReasonKind::FitsWithOffload:
        return "reason.fits_with_offload";
    case ReasonKind::Headroom:
        return "reason.headroom";
    case ReasonKind::Speed:
        return "reason.speed";
    case ReasonKind::Cheapest:
        return "reason.cheapest";
    case ReasonKind::Fastest:
        return "reason.fastest";
    case ReasonKind::MostHeadroom:
        return "reason.most_headroom";
    case ReasonKind::OthersDoNotFit:
        return "reason.others_do_not_fit";
    case ReasonKind::NoneFits:
        return "reason.none_fits";
    case ReasonKind::BelowSpeedFloor:
        return "reason.below_speed_floor";
    }
    return "reason.unknown";
}

Recommendation recommend(const std::vector<CandidateResult> &results, const std::vector<CandidateFigures> &figures,
                         const RecommendOptions &options)
{
    Recommendation rec;
    std::vector<int> pool = qualifying(results);
    const bool anyFits = !pool.empty();
    const std::optional<RecommendReason> tooSlow =
        applySpeedFloor(pool, results, figures, options.minDecodePerSequence);
    if (anyFits && pool.empty()) { // machines hold it, none as fast as asked
        rec.reasons.push_back(*tooSlow);
        addOthers(rec, results);
        return rec;
    }
    if (pool.empty()) {
        // The closest miss: the smallest overflow among the machines the engine could estimate.
        const CandidateResult *closest = nullptr;
        for (const CandidateResult &c : results)
            if (c.error.empty() && (!closest || c.overflowBytes < closest->overflowBytes))
                closest = &c;
        RecommendReason r{.kind = ReasonKind::NoneFits, .total = results.size()};
        if (closest) {
            r.name = closest->name;
            r.bytes = closest->overflowBytes;
        }
        rec.reasons.push_back(std::move(r));
        return rec;
    }
    const bool byPrice = samePricedCurrency(pool, figures);
    const bool bySpeed = !byPrice && allHaveSpeed(pool, figures);
    const auto better = [&](int a, int b) {
        if (byPrice && figures[a].machinePrice != figures[b].machinePrice)
            return figures[a].machinePrice < figures[b].machinePrice;
        if (bySpeed && figures[a].decodePerSequence != figures[b].decodePerSequence)
            return figures[a].decodePerSequence > figures[b].decodePerSequence;
        return results[a].headroomBytes > results[b].headroomBytes;
    };
    rec.best = *std::min_element(pool.begin(), pool.end(), better);
    const CandidateResult &best = results[rec.best];
    const CandidateFigures &bf = figures[rec.best];

    if (best.badge == FitBadge::Fits)
        rec.reasons.push_back({.kind = ReasonKind::FitsOnDevice});
    else
        rec.reasons.push_back(
            {.kind = ReasonKind::FitsWithOffload, .value = best.gpuLayers, .total = best.totalLayers});
    if (byPrice)
        rec.reasons.push_back({.kind = ReasonKind::Cheapest,
                               .value = pool.size(),
                               .total = bf.deviceCount,
                               .number = bf.machinePrice,
                               .currency = bf.currency,
                               .unitPrice = bf.devicePrice});
    else if (bySpeed && pool.size() > 1)
        rec.reasons.push_back({.kind = ReasonKind::Fastest, .value = pool.size()});
    else if (pool.size() > 1)
        rec.reasons.push_back({.kind = ReasonKind::MostHeadroom, .value = pool.size()});
    rec.reasons.push_back({.kind = ReasonKind::Headroom,
                           .value = best.maxContext.value_or(0),
                           .total = best.maxConcurrency.value_or(0),
                           .bytes = best.headroomBytes});
    if (bf.decodePerSequence > 0)
        rec.reasons.push_back({.kind = ReasonKind::Speed, .number = bf.decodePerSequence});
    if (tooSlow)
        rec.reasons.push_back(*tooSlow);
    addOthers(rec, results);
    return rec;
}

std::string reasonText(const RecommendReason &r)
{
    switch (r.kind) {
    case ReasonKind::FitsOnDevice:
        return "It holds every layer in device memory.";
    case ReasonKind::FitsWithOffload:
        return "It fits only with " + std::to_string(r.value) + " of " + std::to_string(r.total) +
               " layers on the GPU; the rest run at host-RAM speed.";
    case ReasonKind::Headroom:
        return formatBoth(r.bytes) + " stays free; the context can grow to " + formatCount(r.value) +
               " tokens, or up to " + formatCount(r.total) + " sequences can run at once.";
    case ReasonKind::Speed:
        return "Decode runs at about " + number(r.number, 1) + " tokens/s per sequence (expected).";
    case ReasonKind::Cheapest: {
        const std::string price = "At " + number(r.number, 0) + " " + r.currency + " in all (" +
                                  std::to_string(r.total) + " × " + number(r.unitPrice, 0) + " " + r.currency + ")";
        if (r.value == 1)
            return price + " it is the only machine that fits.";
        return price + " it is the cheapest of the " + std::to_string(r.value) + " machines that fit.";
    }
    case ReasonKind::Fastest:
        return "It decodes fastest of the " + std::to_string(r.value) +
               " machines that fit (no complete prices to compare).";
    case ReasonKind::MostHeadroom:
        return "It leaves the most memory free of the " + std::to_string(r.value) + " machines that fit.";
    case ReasonKind::OthersDoNotFit: {
        std::string names;
        for (const std::string &n : r.names)
            names += (names.empty() ? "" : ", ") + n;
        return std::to_string(r.value) + " of " + std::to_string(r.total) + " machines " +
               (r.value == 1 ? "does" : "do") + " not hold it: " + names + ".";
    }
    case ReasonKind::NoneFits:
        if (r.total == 1)
            return r.name + " does not hold it; it is over by " + formatBoth(r.bytes) + ".";
        return "None of the " + std::to_string(r.total) + " machines holds it; the closest, " + r.name +
               ", is over by " + formatBoth(r.bytes) + ".";
    case ReasonKind::BelowSpeedFloor: {
        std::string names;
        for (const std::string &n : r.names)
            names += (names.empty() ? "" : ", ") + n;
        if (r.value == 1)
            return "1 machine that fits decodes below the asked " + number(r.number, 1) +
                   " tokens/s per sequence (or has no speed figure), so it is not recommended: " + names + ".";
        return std::to_string(r.value) + " machines that fit decode below the asked " + number(r.number, 1) +
               " tokens/s per sequence (or have no speed figure), so they are not recommended: " + names + ".";
    }
    }
    return {};
}

std::string recommendationLine(const Recommendation &rec, const std::vector<CandidateResult> &results)
{
    const bool tooSlow = std::any_of(rec.reasons.begin(), rec.reasons.end(),
                                     [](const RecommendReason &r) { return r.kind == ReasonKind::BelowSpeedFloor; });
    if ((rec.best < 0 || std::size_t(rec.best) >= results.size()) && tooSlow)
        return "Recommendation: none of these machines decodes as fast as asked; lower the speed floor, or choose "
               "faster hardware or a smaller format.";
    if (rec.best < 0 || std::size_t(rec.best) >= results.size())
        return "Recommendation: none of these machines; choose a smaller model, format or context, or more memory.";
    const CandidateResult &best = results[rec.best];
    return "Recommendation: " + best.name + (best.badge == FitBadge::Fits ? "." : " (with offload).");
}

} // namespace memplan
