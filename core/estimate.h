#pragma once
// The engine's answer for one scenario (`memplan.estimate/1`): for every memory
// pool the bytes of each guest, and for every figure the formula, the values
// put into it and how sure we are. Formula text and symbols are static strings
// so that building an estimate allocates almost nothing (see docs/performance.md).

#include "bytes.h"
#include "evidence.h"
#include "notice.h"
#include "runtimes/engine.h"
#include "training/trainingsummary.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

inline constexpr const char *kEstimateSchema = "memplan.estimate/1";

/// Where an input value came from, for show-the-math.
enum class Origin { Config, File, Preset, Scenario, Runtime, Derived };
std::string_view originId(Origin o);

/// One symbol of a formula with the value substituted for it.
struct Term {
    std::string_view symbol; ///< "L", "H_kv", "T"
    double value = 0;
    Origin origin = Origin::Derived;
    std::string_view meaning; ///< "layers", "KV heads", "tokens per sequence"
    bool operator==(const Term &) const = default;
};

/// The terms of one item, stored inline so that building an estimate does not allocate per
/// item. It never drops a term: adding past its capacity is a programming error and throws
/// (raise kCapacity when a formula needs more symbols).
class TermList {
public:
    static constexpr std::size_t kCapacity = 16;

    void push_back(const Term &t)
    {
        if (m_size == kCapacity)
            throw std::logic_error("an item has more than 16 terms (raise TermList::kCapacity)");
        m_terms[m_size++] = t;
    }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const Term &operator[](std::size_t i) const { return m_terms[i]; }
    const Term *begin() const { return m_terms.data(); }
    const Term *end() const { return m_terms.data() + m_size; }
    bool operator==(const TermList &o) const { return std::equal(begin(), end(), o.begin(), o.end()); }

private:
    std::array<Term, kCapacity> m_terms{};
    std::uint8_t m_size = 0;
};

/// One line of the breakdown: a guest's share in one pool.
struct Item {
    std::uint16_t pool = 0; ///< index into Estimate::pools
    Guest guest = Guest::Weights;
    Evidence evidence = Evidence::Calculated;
    std::string_view id;      ///< stable id (core/itemids.h): "kv.full", "act.ggml.peak"
    std::string_view label;   ///< "decoder layers", "KV cache", "compute buffer"
    std::string_view formula; ///< "P_gpu × bits / 8"
    Bytes bytes = 0;
    Bytes low = 0;  ///< estimated items: lower end of the range (== bytes otherwise)
    Bytes high = 0; ///< estimated items: upper end
    TermList terms;

    void add(std::string_view symbol, double value, Origin origin, std::string_view meaning)
    {
        terms.push_back(Term{symbol, value, origin, meaning});
    }
    bool operator==(const Item &) const = default;
};

} // namespace memplan
// The speed figures use Term, so their header comes after it.
#include "speed/speedresult.h"
namespace memplan {

struct Pool {
    std::string id;   ///< "gpu0", "gpu1", "host", "unified"
    std::string name; ///< "GPU 0 (GeForce RTX 4090)"
    PoolKind kind = PoolKind::Vram;
    Bytes capacityBytes = 0;
    Bytes usableBytes = 0; ///< what the runtime may fill (device budget, GPU working-set limit)
    std::array<Bytes, kGuestCount> guests{};
    Bytes totalBytes = 0;
    Bytes loadingPeakBytes = 0; ///< highest use while the model loads
    /// Part of totalBytes that is clean file-backed memory the kernel drops when it needs the
    /// room: llama.cpp's mapped originals of the weights it repacked (core/runtimes/llamacpp/
    /// repack.h). It shows in the process's resident size, but does not decide the fit.
    Bytes reclaimableBytes = 0;
    bool fits = true;

    Bytes guest(Guest g) const { return guests[guestIndex(g)]; }
    /// What must stay resident: the total without the reclaimable pages.
    Bytes requiredBytes() const { return saturatingSub(totalBytes, reclaimableBytes); }
    /// Free bytes below the usable limit (0 when over).
    Bytes headroom() const { return saturatingSub(usableBytes, requiredBytes()); }
    /// Bytes over the usable limit (0 when it fits).
    Bytes overflow() const { return saturatingSub(requiredBytes(), usableBytes); }
    bool operator==(const Pool &) const = default;
};

struct ModelSummary {
    std::string id;
    std::string name;
    std::uint64_t parameters = 0;
    std::uint64_t activeParameters = 0;
    std::uint64_t computedParameters = 0;
    std::uint64_t declaredParameters = 0; ///< 0 when none was stated
    Bytes weightsBytes = 0;
    Bytes kvBytesPerToken = 0; ///< all KV-caching layers, one sequence, at the chosen KV dtype (before window caps)
    Evidence weightsEvidence = Evidence::Calculated;
    bool hypothetical = false; ///< the scenario changed the real architecture (e.g. a what-if GQA ratio)
    /// Fixed state of all recurrent layers for one sequence, in the runtime's state dtype (0 = none).
    Bytes recurrentStateBytesPerSequence = 0;
    /// The model type is not one the planner knows: its shapes were read as a Llama-style decoder.
    bool assumedArchitecture = false;
    bool operator==(const ModelSummary &) const = default;
};

struct Estimate {
    ModelSummary model;
    std::uint64_t kvCapacityTokens = 0; ///< KV tokens that fit beside everything else (vLLM's "GPU KV cache size")
    /// For a preallocated pool (vLLM, SGLang): the capacity when the other guests sit at the
    /// high and the low end of their ranges; 0 when not computed (no pool, or items off).
    std::uint64_t kvCapacityTokensLow = 0;
    std::uint64_t kvCapacityTokensHigh = 0;
    std::uint64_t requestedKvTokens = 0; ///< tokens the workload asks the KV cache to hold
    /// Token slots of each sliding-window layer's cache, all sequences (0 = no such layers): the
    /// speed engine's read of a windowed layer is its window, not its share of the full context.
    std::uint64_t windowedKvTokens = 0;
    std::uint64_t contextTokens = 0; ///< tokens per request (sequence) the estimate was made for
    double maxConcurrency = 0;       ///< kvCapacityTokens / tokens per request, as vLLM reports it
    std::vector<Pool> pools;
    std::vector<Item> items;
    std::vector<std::string> warnings; ///< English, one per notice
    std::vector<Notice> notices;       ///< the same warnings as ids with typed arguments
    std::vector<Notice> refusals;      ///< settings the runtime refuses: the verdict is "will not start"
    std::string launchCommand;         ///< the runtime's equivalent command line, when it has one
    /// Why the command holds a placeholder for the weights (core/questions/launchcommand.h); id empty = none.
    Notice launchNote;
    Engine engine; ///< the runtime profile's engine; its text id in the JSON
    /// The runtime release the estimate modelled (runtime.version, else the profile's newest;
    /// empty when the profile follows no release) and whether it was the default.
    std::string runtimeRelease;
    bool runtimeReleaseDefaulted = false;
    SpeedEstimate speed;      ///< decode and prefill speed of this placement (core/speed)
    TrainingSummary training; ///< training scenarios only (core/training)
    bool fits = true;         ///< false as well when the runtime would not start

    bool willStart() const { return refusals.empty(); }
    /// "fits", "does_not_fit" or "will_not_start" (the estimate JSON's `verdict`).
    std::string_view verdictId() const { return !willStart() ? "will_not_start" : fits ? "fits" : "does_not_fit"; }

    /// Records a warning both as its id with arguments and as its English sentence.
    void addNotice(Notice n)
    {
        warnings.push_back(noticeEnglish(n));
        notices.push_back(std::move(n));
    }

    /// The pool the verdict is about: the first GPU, the unified pool, or host RAM.
    const Pool &mainPool() const { return pools.front(); }
    bool operator==(const Estimate &) const = default;
};

} // namespace memplan
