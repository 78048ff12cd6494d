#include "comparesession.h"

#include <algorithm>

namespace memplan::ui {

std::vector<Candidate> CompareSession::shortlist(const PresetCatalog &catalog)
{
    const std::vector<Candidate> wanted = {{"rtx-4090", 1},     {"rtx-3090", 2},  {"rtx-5090", 1},
                                           {"m4-max-128gb", 1}, {"dgx-spark", 1}, {"strix-halo-128gb", 1},
                                           {"h100-sxm", 1}};
    std::vector<Candidate> out;
    for (const Candidate &c : wanted)
        if (catalog.hardwareById(c.hardware))
            out.push_back(c);
    return out;
}

bool CompareSession::addCandidate(const Candidate &candidate)
{
    if (m_candidates.size() >= kMaxCandidates ||
        std::find(m_candidates.begin(), m_candidates.end(), candidate) != m_candidates.end())
        return false;
    m_candidates.push_back(candidate);
    rebuild();
    return true;
}

void CompareSession::removeCandidate(std::size_t index)
{
    if (index >= m_candidates.size())
        return;
    m_candidates.erase(m_candidates.begin() + std::ptrdiff_t(index));
    rebuild();
}

void CompareSession::setCandidates(std::vector<Candidate> candidates)
{
    if (candidates.size() > kMaxCandidates)
        candidates.resize(kMaxCandidates);
    m_candidates = std::move(candidates);
    rebuild();
}

void CompareSession::setPrice(const std::string &hardwareId, const Price &price)
{
    if (price.known())
        m_prices[hardwareId] = price;
    else
        m_prices.erase(hardwareId);
    rebuild(); // prices change the figures and the recommendation, never the estimates
}

void CompareSession::setSpeedFloor(double tokensPerSecond)
{
    m_options.minDecodePerSequence = tokensPerSecond > 0 ? tokensPerSecond : 0;
    rebuild(); // the floor changes the recommendation, never the estimates
}

Price CompareSession::price(const std::string &hardwareId) const
{
    if (const auto it = m_prices.find(hardwareId); it != m_prices.end())
        return it->second;
    const auto preset = m_presetPrices.find(hardwareId);
    return preset == m_presetPrices.end() ? Price{} : preset->second;
}

std::size_t CompareSession::update(const Scenario &scenario, const PresetCatalog &catalog)
{
    if (!m_haveScenario || !(scenario == m_scenario)) {
        m_cache.clear();
        m_scenario = scenario;
        m_haveScenario = true;
    }
    std::size_t estimated = 0;
    for (const Candidate &c : m_candidates) {
        if (const HardwarePreset *h = catalog.hardwareById(c.hardware); h && h->price.known())
            m_presetPrices[c.hardware] = h->price;
        if (m_cache.contains(key(c)))
            continue;
        Cached entry;
        entry.result = compareCandidates(scenario, {c}, catalog).front();
        entry.bars = buildBarSeries(entry.result.estimate);
        m_cache.emplace(key(c), std::move(entry));
        ++estimated;
    }
    rebuild();
    return estimated;
}

void CompareSession::rebuild()
{
    m_results.clear();
    m_figures.clear();
    m_bars.clear();
    for (const Candidate &c : m_candidates) {
        const auto it = m_cache.find(key(c));
        if (it == m_cache.end())
            continue; // not estimated yet: the next update() fills it
        m_results.push_back(it->second.result);
        m_bars.push_back(it->second.bars);
        m_figures.push_back(candidateFigures(it->second.result, price(c.hardware)));
    }
    m_recommendation = recommend(m_results, m_figures, m_options);
}

void CompareSession::pin(const Estimate &current)
{
    m_pinned = true;
    m_pinScenario = m_scenario;
    m_pinEstimate = current;
    m_pinResults.clear();
    for (const CandidateResult &r : m_results)
        m_pinResults[key(r.candidate)] = r;
}

void CompareSession::clearPin()
{
    m_pinned = false;
    m_pinResults.clear();
}

const CandidateResult *CompareSession::pinnedResult(const Candidate &candidate) const
{
    const auto it = m_pinResults.find(key(candidate));
    return m_pinned && it != m_pinResults.end() ? &it->second : nullptr;
}

namespace {
std::int64_t signedHeadroom(const CandidateResult &c)
{
    return c.badge == FitBadge::DoesNotFit ? -std::int64_t(c.overflowBytes) : std::int64_t(c.headroomBytes);
}
} // namespace

std::optional<std::int64_t> CompareSession::headroomDelta(std::size_t index) const
{
    if (index >= m_results.size())
        return std::nullopt;
    const CandidateResult *a = pinnedResult(m_results[index].candidate);
    if (!a)
        return std::nullopt;
    return signedHeadroom(m_results[index]) - signedHeadroom(*a);
}

std::optional<double> CompareSession::decodeDelta(std::size_t index) const
{
    if (index >= m_results.size())
        return std::nullopt;
    const CandidateResult *a = pinnedResult(m_results[index].candidate);
    if (!a)
        return std::nullopt;
    const double before = candidateFigures(*a, {}).decodePerSequence;
    const double now = m_figures[index].decodePerSequence;
    if (before <= 0 || now <= 0)
        return std::nullopt;
    return now - before;
}

PinComparison CompareSession::pinComparison(const Estimate &current) const
{
    return comparePinned(m_pinEstimate, current);
}

} // namespace memplan::ui
