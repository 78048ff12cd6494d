#pragma once
// The speed half of an estimate: how fast the planned placement decodes and how
// long the prompt takes, each as a bound (the physical ceiling: bytes ÷ bandwidth
// and FLOPs ÷ throughput) and an expected value (bound × an efficiency with a
// low-high range per backend). The per-pool traffic is kept so that decode speed
// at any concurrency is a few multiplications (charts, solvers) without another
// estimate. docs/formulas.md ("Speed") has the formulas and their sources.
//
// Include estimate.h, not this header: it needs Term, which estimate.h defines first.

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace memplan {

/// A speed with its ceiling and its expected range.
struct SpeedFigure {
    double bound = 0;    ///< physical ceiling (never below a real measurement)
    double expected = 0; ///< bound × the backend's middle efficiency
    double low = 0;      ///< bound × the low efficiency
    double high = 0;     ///< bound × the high efficiency
    bool operator==(const SpeedFigure &) const = default;
};

/// Efficiency of a backend: measured speed ÷ bound, low-middle-high.
struct Efficiency {
    double low = 0;
    double mid = 0;
    double high = 0;
    bool operator==(const Efficiency &) const = default;
};

/// Time a decode step costs whatever it reads: launching and synchronising each layer's kernels
/// (per layer), and the host's work once per step (scheduling, sampling). Seconds; fast ≤ mid ≤
/// slow, so the fast end goes with the high efficiency.
struct FixedCost {
    double fast = 0;
    double mid = 0;
    double slow = 0;
    bool operator==(const FixedCost &) const = default;
};

/// What one pool contributes to a forward step.
struct PoolTraffic {
    std::uint16_t pool = 0;   ///< index into Estimate::pools
    std::string_view path;    ///< "gpu_memory", "unified_memory", "host_ram", "host_link"
    std::string_view backend; ///< "cuda", "rocm", "metal", "cpu", "link", or the runtime's own
    double bandwidth = 0;     ///< bytes/s the decode reads run at: the memory's peak (bound)
    /// Of bandwidth, the share the reads are known to reach: a unified GPU's gpu_bandwidth_share,
    /// host RAM's sustained fraction (a measured copy rate, not a ceiling). Expected only.
    double reachedShare = 1;
    double weightBytes = 0; ///< weights read per decode step (active experts only)
    /// Every routed expert's weights here. Sequences decoded together route apart: a step reads the
    /// union of the experts they pick (SpeedEstimate::expertsPerToken), expected only.
    double routedBytes = 0;
    double kvBytesPerSequence = 0; ///< KV (or state) read per step and sequence
    double activeParameters = 0;   ///< parameters multiplied per token here
    double flops = 0;              ///< dense FLOP/s for the weight format here (0 = no figure)
    double prefillBandwidth = 0;   ///< bytes/s of the prefill weight reads (host link for op offload)
    double prefillWeightBytes = 0; ///< weights read per prefill micro-batch (experts: uniform routing)
    /// The fewest a micro-batch can read: every token routed to the same k experts (the bound's;
    /// real prompts route more narrowly than uniform). Equal to the above otherwise.
    double prefillWeightBytesFloor = 0;
    double prefillFlops = 0; ///< FLOP/s the prefill of these layers runs at (0 = no figure)
    double layerShare = 0;   ///< share of the decoder layers' weights held here
    /// Share of the attention (Q·Kᵀ and the weighted sum of V) computed here. The ggml scheduler
    /// runs it where the KV cache lives: with the cache in host RAM (-nkvo) the CPU does it for
    /// every layer. Other runtimes compute it with the layer's weights (= layerShare).
    double attentionShare = 0;
    /// FLOP/s the prompt's attention runs at here when the CPU computes it apart from the weights'
    /// products: the CPU's float rate for a host pool's cache on a CPU-only run, under -nkvo, or
    /// when the GPU back end lacks the attention op that op offload would give it. 0: with the
    /// weights, at prefillFlops (op offload: on the GPU, the cache copied over).
    double attentionFlops = 0;
    /// 2 where the kernel computes every cache cell in use and masks afterwards (ggml's CPU
    /// attention without flash attention): the whole T × T square of one micro-batch, less over
    /// many (runtimes::ggmlMulMatAttentionShare); 1 where the masked half is skipped.
    double attentionSquare = 1;
    Efficiency attentionEfficiency; ///< share of attentionFlops reached (when that is set)
    /// Cache bytes per cached token that cross the host link before each prefill micro-batch: a
    /// host pool's cache when llama.cpp runs its attention on the GPU (op offload), every cell in
    /// use so far (core/runtimes/ggml/ggmlgpuattention.h). 0 elsewhere.
    double kvCopiedPerToken = 0;
    /// Bytes of memory traffic per attention FLOP of a prompt where the GPU computes attention
    /// without flash attention: ggml writes the f32 score matrix, the softmax reads and rewrites
    /// it, and the weighted sum of V reads it back (converted to f16 first on CUDA and ROCm), so
    /// every score a micro-batch computes costs some 20 bytes (docs/formulas.md). Expected only;
    /// 0 with flash attention, on a CPU, or in a pool in host RAM.
    double scoreBytesPerFlop = 0;
    double layers = 0;   ///< decoder layers computed here (their fixed cost per step)
    FixedCost layerCost; ///< fixed cost of one layer here per decode step (expected only)
    bool device = false; ///< a GPU (runs in parallel with the other GPUs under tensor parallelism)
    /// Of weightBytes, this GPU's rows of the matrices llama.cpp's row split (-sm row) cuts: every
    /// GPU multiplies its rows at the same time, so these read in parallel with the other GPUs.
    double rowBytes = 0;
    /// Where the CPU computes: its kernels' decode rate for the weight type relative to Q4_K's
    /// (runtime SpeedRules::cpuKernelRate), already in decodeComputeEfficiency; shown, not reapplied.
    double cpuKernelRate = 1;
    Efficiency decodeEfficiency;
    Efficiency prefillEfficiency;
    /// Of the compute term where it differs from the bytes' (a CPU reaches a far smaller share of
    /// its vector ceiling than of its memory's); equal to the above otherwise.
    Efficiency decodeComputeEfficiency;
    Efficiency prefillComputeEfficiency;
    bool operator==(const PoolTraffic &) const = default;
};

/// One explained speed figure, shaped like a memory Item.
struct SpeedItem {
    std::string_view id;      ///< "decode_per_sequence", "decode_total", "prefill", "time_to_first_token"
    std::string_view label;   ///< "decode per sequence"
    std::string_view unit;    ///< "tokens/s" or "s"
    std::string_view formula; ///< "1 / Σ_p max((W_p + B × KV_p) / BW_p, 2 × P_p × B / F_p)"
    std::string_view limiter; ///< what sets the bound: "memory bandwidth", "compute", "host link", "interconnect"
    std::int16_t pool = -1;   ///< the pool a per-pool item is about (-1: the whole step)
    SpeedFigure value;
    std::array<Term, 14> terms{};
    std::uint8_t termCount = 0;

    void add(std::string_view symbol, double v, Origin origin, std::string_view meaning)
    {
        if (termCount < terms.size())
            terms[termCount++] = Term{symbol, v, origin, meaning};
    }
    bool operator==(const SpeedItem &) const = default;
};

struct SpeedEstimate {
    bool available = false;  ///< false when the estimate had no items or the machine has no bandwidth figure
    std::string_view reason; ///< why it is not available
    std::uint64_t concurrency = 0;
    std::uint64_t contextTokens = 0; ///< KV tokens per sequence the decode reads
    std::uint64_t promptTokens = 0;  ///< prompt the time to first token is for
    std::uint64_t microBatchTokens = 0;
    /// llama.cpp's op offload: a micro-batch of at least this many tokens multiplies the weights in
    /// host RAM on the GPU (copied over the link); a shorter one, such as a prompt's last, leaves
    /// them to the CPU (ggml-backend's scheduler asks the GPU backend per operation). 0: no op offload.
    std::uint64_t opOffloadMinBatch = 0;
    bool tensorParallel = false;
    double allReduceBytesPerToken = 0; ///< per device and decode token (all layers)
    double allReducesPerStep = 0;
    double interconnectBandwidth = 0; ///< bytes/s between GPUs
    /// Attention FLOPs per (prompt token)² of the layers that cache every token (the causal half:
    /// 2 × layers × heads × head size).
    double attentionFlopsPerToken2 = 0;
    /// The same for the layers that attend through a window (0: none); a token meets at most
    /// attentionWindow earlier ones there (core/speed/speedengine.h, attentionFlops()).
    double windowedAttentionFlopsPerToken2 = 0;
    double attentionWindow = 0;
    FixedCost stepCost; ///< the runtime's host work per decode step (expected only)
    /// Hand-overs per decode step: between a GPU and the host CPU, and under the row split one per
    /// split matrix product (its input copied to every GPU, the rows' results gathered back).
    double hostSwitches = 0;
    FixedCost switchCost;       ///< one hand-over: synchronise, copy the activations (expected only)
    bool rowSplit = false;      ///< llama.cpp's -sm row: PoolTraffic::rowBytes read in parallel
    double expertsPerToken = 0; ///< k of a mixture's routed experts (0: a dense model)
    double routedExperts = 0;   ///< E, the routed experts per layer
    std::vector<PoolTraffic> pools;
    SpeedFigure decodePerSequence; ///< tokens/s each sequence sees at the scenario's concurrency
    SpeedFigure decodeTotal;       ///< tokens/s over all sequences
    SpeedFigure prefill;           ///< prompt tokens/s
    SpeedFigure timeToFirstToken;  ///< seconds (bound = shortest; low = longest)
    std::vector<SpeedItem> items;
    bool operator==(const SpeedEstimate &) const = default;
};

} // namespace memplan
