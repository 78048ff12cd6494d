#pragma once
// The compare view's state without widgets: the candidates (at most eight), the
// prices the user typed, the pinned A, and the engine's answers for each
// candidate, cached so that a repaint or a change of candidates estimates only
// what changed (a new scenario estimates every candidate once, as it must).

#include "questions/chartseries.h"
#include "questions/comparerecommend.h"
#include "questions/fitsearch.h"
#include "questions/pincompare.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace memplan::ui {

class CompareSession {
public:
    static constexpr std::size_t kMaxCandidates = 8;

    /// The buyer's shortlist from issue 14: RTX 4090, 2× RTX 3090, RTX 5090, M4 Max 128 GB,
    /// DGX Spark, Strix Halo 128 GB and one H100 (the presets that exist in `catalog`).
    static std::vector<Candidate> shortlist(const PresetCatalog &catalog);

    const std::vector<Candidate> &candidates() const { return m_candidates; }
    bool addCandidate(const Candidate &candidate); ///< false when full or already listed
    void removeCandidate(std::size_t index);
    void setCandidates(std::vector<Candidate> candidates); ///< keeps the first kMaxCandidates

    /// A device price the user typed (kept by the window's settings); amount 0 removes it.
    void setPrice(const std::string &hardwareId, const Price &price);
    /// The user's price, else the preset's (with its source), else unknown.
    Price price(const std::string &hardwareId) const;
    const std::map<std::string, Price> &prices() const { return m_prices; }

    /// The buyer's speed floor, tokens/s per sequence (0 = none): machines below it are not
    /// recommended (core/questions/comparerecommend.h).
    void setSpeedFloor(double tokensPerSecond);
    double speedFloor() const { return m_options.minDecodePerSequence; }
    const RecommendOptions &recommendOptions() const { return m_options; }

    /// Brings the answers up to date for `scenario`; estimates only candidates whose
    /// answer is not cached for this scenario. Returns how many it estimated.
    std::size_t update(const Scenario &scenario, const PresetCatalog &catalog);

    const std::vector<CandidateResult> &results() const { return m_results; }
    const std::vector<CandidateFigures> &figures() const { return m_figures; }
    const std::vector<BarSeries> &bars() const { return m_bars; }
    const Recommendation &recommendation() const { return m_recommendation; }
    const Scenario &scenario() const { return m_scenario; }

    /// A/B: the current answers become A; later updates are B.
    void pin(const Estimate &current);
    void clearPin();
    bool pinned() const { return m_pinned; }
    const Scenario &pinnedScenario() const { return m_pinScenario; }
    /// A's answer for a candidate, when it was among the candidates at pin time.
    const CandidateResult *pinnedResult(const Candidate &candidate) const;
    /// B − A for candidate `index`: the headroom (a machine that does not fit counts its
    /// overflow as negative headroom) and the expected decode tokens/s per sequence;
    /// nullopt when nothing is pinned for it.
    std::optional<std::int64_t> headroomDelta(std::size_t index) const;
    std::optional<double> decodeDelta(std::size_t index) const;
    /// The window's own estimate, A against B, item by item.
    PinComparison pinComparison(const Estimate &current) const;

private:
    struct Cached {
        CandidateResult result;
        BarSeries bars;
    };
    static std::string key(const Candidate &c) { return c.hardware + ":" + std::to_string(c.count); }
    void rebuild();

    std::vector<Candidate> m_candidates;
    std::map<std::string, Price> m_prices;       ///< typed by the user
    std::map<std::string, Price> m_presetPrices; ///< from the presets, read at update()
    Scenario m_scenario;
    bool m_haveScenario = false;
    std::map<std::string, Cached> m_cache; ///< for m_scenario only
    std::vector<CandidateResult> m_results;
    std::vector<CandidateFigures> m_figures;
    std::vector<BarSeries> m_bars;
    Recommendation m_recommendation;
    RecommendOptions m_options;

    bool m_pinned = false;
    Scenario m_pinScenario;
    Estimate m_pinEstimate;
    std::map<std::string, CandidateResult> m_pinResults;
};

} // namespace memplan::ui
