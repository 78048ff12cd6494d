#pragma once
// The compare view's and the comparison report's one recommendation line, with
// the reasons under it, decided here so that the window, `memplan-cli compare`
// and the PDF say the same thing. Widgets only word the reasons.
//
// The rule, in the order a buyer asks: only machines that hold the whole model
// in device (or unified) memory are recommended when any does; failing that,
// those that fit with some layers in host RAM. Among those, the cheapest when
// every one has a price in one currency (prices are never invented: a price is
// the user's or a preset's with its source); otherwise the fastest expected
// decode; the largest headroom breaks ties and decides when speed is unknown.
// A buyer who asks for a speed floor (tokens/s per sequence) gets no machine
// below it, nor one whose speed is unknown; the reason lists them (issue 34 item 7).
//
// One price basis everywhere: the machine's total (count × device price); the
// device price stays beside it as the input of that product.

#include "hardware/price.h"
#include "questions/fitsearch.h"

#include <optional>
#include <string>
#include <vector>

namespace memplan {

/// What the comparison shows for one machine beyond its estimate.
struct CandidateFigures {
    double decodePerSequence = 0; ///< expected tokens/s each sequence sees (0 = no speed figure)
    double decodeTotal = 0;       ///< expected tokens/s over all sequences
    double machinePrice = 0;      ///< count × device price (0 = unknown): the price everything compares
    double devicePrice = 0;       ///< the price of one device, the input of machinePrice (0 = unknown)
    std::uint32_t deviceCount = 1;
    std::string currency;
    double pricePerGiB = 0;            ///< machine price ÷ device memory in GiB (0 = unknown)
    double pricePerTokenPerSecond = 0; ///< machine price ÷ total decode tokens/s (0 = unknown)
};

CandidateFigures candidateFigures(const CandidateResult &result, const Price &devicePrice);

enum class ReasonKind {
    FitsOnDevice,    ///< holds every layer in device or unified memory
    FitsWithOffload, ///< fits with `value` of `total` layers on the GPU; the rest run at host-RAM speed
    Headroom,        ///< `bytes` free; largest context `value`, most sequences `total`
    Speed,           ///< about `number` tokens/s per sequence (expected)
    Cheapest,        ///< `number` `currency`, the cheapest of `value` machines that fit
    Fastest,         ///< the fastest expected decode of `value` machines that fit
    MostHeadroom,    ///< the most headroom of `value` machines that fit (no prices, no speed to rank by)
    OthersDoNotFit,  ///< `value` of `total` machines do not hold the workload: `names`
    NoneFits,        ///< none of `total` machines holds it; the closest (`name`) is over by `bytes`
    /// `value` machines that fit decode below the asked `number` tokens/s per sequence, or have no
    /// speed figure: `names` (with no machine left, there is no recommendation)
    BelowSpeedFloor,
};
std::string_view reasonId(ReasonKind kind); ///< "reason.cheapest", for translations and JSON

struct RecommendReason {
    ReasonKind kind = ReasonKind::FitsOnDevice;
    std::uint64_t value = 0;
    std::uint64_t total = 0;
    Bytes bytes = 0;
    double number = 0;
    std::string currency;
    double unitPrice = 0;           ///< Cheapest: the device price; `total` the device count
    std::string name;               ///< a machine's name (NoneFits)
    std::vector<std::string> names; ///< machines' names (OthersDoNotFit)
    bool operator==(const RecommendReason &) const = default;
};

struct Recommendation {
    int best = -1; ///< index into the results; -1 when none fits
    std::vector<RecommendReason> reasons;
};

/// What the buyer asked beyond "it fits".
struct RecommendOptions {
    double minDecodePerSequence = 0; ///< tokens/s each sequence must at least see; 0 = no floor
};

/// `figures` is parallel to `results` (candidateFigures of each).
Recommendation recommend(const std::vector<CandidateResult> &results, const std::vector<CandidateFigures> &figures,
                         const RecommendOptions &options = {});

/// English wording for the CLI and the English report.
std::string recommendationLine(const Recommendation &rec, const std::vector<CandidateResult> &results);
std::string reasonText(const RecommendReason &reason);

} // namespace memplan
