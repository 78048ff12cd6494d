#include "speed/speedengine.h"
#include "estimation/expertlayers.h"
#include "estimation/plan.h"

#include "hardware/cpucores.h"
#include "itemids.h"
#include "runtimes/ggml/ggmlcpuattention.h"
#include "runtimes/ggml/ggmlgpuattention.h"
#include "runtimes/ggml/ggmlrepackrate.h"
#include "runtimes/ggml/ggmlspeed.h"
#include "runtimes/llamacpp/cpufeatures.h"
#include "runtimes/llamacpp/releaserules.h"
#include "speed/efficiency.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace memplan {

namespace {

// Host RAM when the scenario names no CPU platform: dual-channel DDR5-5600, the
// cpu-ddr5-5600-2ch preset (2 × 8 B × 5600 MT/s). Stated as an assumption in a warning.
constexpr double kDefaultHostBandwidth = 89.6e9;
// Host link when the preset states none: PCIe 4.0 x16, 32 GB/s per direction.
constexpr double kDefaultHostLink = 32e9;
// Fixed cost of one all-reduce between GPUs of one machine (launch and synchronisation),
// added to the expected step only; the bound counts the bytes alone.
constexpr double kAllReduceLatency = 8e-6;

// Labels of the sizing engine's items this module reads (core/estimator.cpp).
constexpr std::string_view kDecoderLayers = "decoder layers";
constexpr std::string_view kRoutedExperts = "routed experts";
constexpr std::string_view kEmbedding = "token embedding";
constexpr std::string_view kKvPreallocated = "KV block pool (preallocated)";

bool isFloat16(const QuantFormat &f)
{
    return f.family == FormatFamily::Float && f.bitsPerWeight() >= 16;
}

/// Dense FLOP/s a GPU reaches for matrix products on weights stored in format f. The
/// bound takes the fastest rate a kernel for that format can use: integer formats
/// (GGUF, GPTQ/AWQ) may run on INT8 tensor cores (llama.cpp MMQ) or dequantize to
/// FP16; FP8 and FP4 formats use their own rate where the hardware has it.
double deviceFlops(const HardwareSpec &h, const QuantFormat &f)
{
    const double fp16 = std::max(h.fp16TflopsDense, h.fp16AccTflopsDense);
    double best = fp16;
    if (f.family == FormatFamily::Float && f.bitsPerWeight() <= 8)
        best = std::max(best, h.fp8TflopsDense);
    if (f.family == FormatFamily::Microscaling)
        best = std::max({best, h.fp8TflopsDense, h.fp4TflopsDense});
    if (!isFloat16(f) && f.family != FormatFamily::Microscaling && !(f.family == FormatFamily::Float))
        best = std::max(best, h.int8TopsDense);
    return best * 1e12;
}

/// FP16 FLOP per byte of memory bandwidth across GPU presets (presets/hardware, counted on
/// 2026-12-07): the tenth percentile, the median and the highest. A GPU that states no compute
/// rate (a preset without one, a machine typed in) is given its bandwidth times these, so its
/// prompt rate has a range rather than none. The presets of its vendor where there are at least
/// five (NVIDIA 24: 77, 201, 419; AMD 6: 117, 225, 315; Apple 42: 23, 30, 43), else those of its
/// kind (discrete GPUs 30: 80, 200, 450, Gaudi 3 the highest; unified machines 43: 23, 30, 232,
/// Strix Halo the highest). The bound takes the highest, so it stays a ceiling.
Efficiency flopsPerByteWithoutFigure(const HardwareSpec &h)
{
    const std::string_view vendor = poolVendor(h, false);
    if (vendor == "nvidia")
        return {77, 201, 419};
    if (vendor == "amd")
        return {117, 225, 315};
    if (vendor == "apple")
        return {23, 30, 43};
    return h.kind == HardwareKind::Unified ? Efficiency{23, 30, 232} : Efficiency{80, 200, 450};
}

/// Whether a GPU whose preset gives `statedFlops` (deviceFlops()) for a format takes its compute
/// rate from flopsPerByteWithoutFigure() instead.
bool computeFromBandwidth(const HardwareSpec &h, double statedFlops)
{
    return statedFlops <= 0 && h.kind != HardwareKind::Cpu && h.bandwidthBytesPerSecond > 0;
}

/// Share of E routed experts a micro-batch of u tokens touches when each picks k.
double expertCoverage(double k, double experts, double u)
{
    if (experts <= 0)
        return 1;
    return 1 - std::pow(1 - k / experts, u);
}

struct PoolTime {
    double bound = 0;
    double expectedMid = 0;
    double expectedLow = 0;  ///< with the low efficiency (slowest)
    double expectedHigh = 0; ///< with the high efficiency (fastest)
    bool computeBound = false;
};

// An efficiency range times a kernel's relative rate.
void scaleEfficiency(Efficiency &e, double rate)
{
    e.low *= rate;
    e.mid *= rate;
    e.high *= rate;
}

// ... or times a rate that has a range of its own, end by end.
void scaleEfficiency(Efficiency &e, const Efficiency &rate)
{
    e.low *= rate.low;
    e.mid *= rate.mid;
    e.high *= rate.high;
}

// The slower of the reads and the arithmetic, each at its own share of its ceiling. Where both
// shares are one figure this is max(mem, comp) / η.
double slower(double mem, double comp, double memShare, double compShare)
{
    return std::max(mem / memShare, comp > 0 ? comp / compShare : 0.0);
}

/// Of a mixture's routed experts, the share one decode step of `batch` sequences reads beyond the
/// k/E a single sequence reads: the sequences route apart, and uniform routing touches
/// 1 − (1 − k/E)^B of them. Expected only: the bound keeps k/E, every sequence picking the same
/// experts, so it stays a ceiling.
double extraExpertShare(const SpeedEstimate &s, double batch)
{
    if (s.routedExperts <= 0 || batch <= 1)
        return 0;
    return expertCoverage(s.expertsPerToken, s.routedExperts, batch) - s.expertsPerToken / s.routedExperts;
}

/// One pool's bytes in a decode step of `batch` sequences, given extraExpertShare for that batch.
StepBytes stepBytes(const PoolTraffic &p, double batch, double expertExtra)
{
    const double fewest = p.weightBytes + batch * p.kvBytesPerSequence;
    return {fewest, fewest + p.routedBytes * expertExtra};
}

PoolTime decodeTime(const PoolTraffic &p, double batch, double contextTokens, double attnPerCtx, double expertExtra)
{
    PoolTime t;
    const StepBytes bytes = stepBytes(p, batch, expertExtra);
    const double mem = p.bandwidth > 0 ? bytes.fewest / p.bandwidth : 0;
    const double memExpected = p.bandwidth > 0 ? bytes.expected / (p.bandwidth * p.reachedShare) : 0;
    const double work = (2 * p.activeParameters + attnPerCtx * p.attentionShare * contextTokens) * batch;
    const double comp = p.flops > 0 ? work / p.flops : 0;
    t.bound = std::max(mem, comp);
    t.computeBound = comp > mem;
    // The fixed costs do not shrink with the bytes: they are what keeps a small model on a fast
    // GPU well under its bandwidth ceiling. The bound leaves them out (it stays a ceiling).
    const Efficiency &m = p.decodeEfficiency, &c = p.decodeComputeEfficiency;
    t.expectedMid = slower(memExpected, comp, m.mid, c.mid) + p.layers * p.layerCost.mid;
    t.expectedLow = slower(memExpected, comp, m.low, c.low) + p.layers * p.layerCost.slow;
    t.expectedHigh = slower(memExpected, comp, m.high, c.high) + p.layers * p.layerCost.fast;
    return t;
}

// The part of a prompt a pool in host RAM leaves to the CPU under op offload: a micro-batch under
// the minimum (the prompt's last, or all of a short prompt) is multiplied where its weights are,
// its tokens reading the experts they route to (at most the micro-batch's union) from host RAM.
PoolTime cpuTailTime(const PoolTraffic &p, double tail, double tailAttention)
{
    PoolTime t;
    const double bytes = std::min(tail * p.weightBytes, p.prefillWeightBytes);
    const double floor = std::min(tail * p.weightBytes, p.prefillWeightBytesFloor);
    const double mem = p.bandwidth > 0 ? bytes / (p.bandwidth * p.reachedShare) : 0;
    const double memFloor = p.bandwidth > 0 ? floor / p.bandwidth : 0;
    const double comp = p.flops > 0 ? (2 * p.activeParameters * tail + tailAttention) / p.flops : 0;
    t.bound = std::max(memFloor, comp);
    t.computeBound = comp > memFloor;
    const Efficiency &m = p.decodeEfficiency, &c = p.decodeComputeEfficiency;
    t.expectedMid = slower(mem, comp, m.mid, c.mid);
    t.expectedLow = slower(mem, comp, m.low, c.low);
    t.expectedHigh = slower(mem, comp, m.high, c.high);
    return t;
}

PoolTime prefillTime(const PoolTraffic &p, double tokens, double microBatch, double attnPerTok2,
                     double opOffloadMinBatch)
{
    PoolTime t;
    const double u = std::max(1.0, microBatch);
    double passes = std::ceil(tokens / u);
    // llama.cpp's op offload is decided per micro-batch (ggml-backend.cpp asks the GPU backend's
    // offload_op, which wants at least op_offload_min_batch tokens): a last micro-batch below it
    // stays on the CPU, and the host weights cross the link once fewer.
    const double last = tokens - (passes - 1) * u;
    const double tail =
        opOffloadMinBatch > 0 && !p.device && p.path == "host_ram" && last < opOffloadMinBatch ? last : 0;
    const double offloaded = tokens - tail;
    if (tail > 0)
        passes -= 1;
    const double bw = p.prefillBandwidth;
    // The bound at the peak; the expected reads at the share of it the memory is known to reach
    // (the host link's own share is in its efficiency row).
    const double reached = bw == p.bandwidth ? p.reachedShare : 1.0;
    // Under op offload the cache cells in use cross with the weights before every micro-batch:
    // Σ over the passes of min(i × u, T) cells.
    const double cellsCopied = p.kvCopiedPerToken > 0 && passes > 0 ? u * passes * (passes - 1) / 2 + offloaded : 0;
    const double kvCopy = p.kvCopiedPerToken * cellsCopied;
    const double mem = bw > 0 ? (passes * p.prefillWeightBytes + kvCopy) / (bw * reached) : 0;
    const double memFloor = bw > 0 ? (passes * p.prefillWeightBytesFloor + kvCopy) / bw : 0;
    const double attention = attnPerTok2 * p.attentionShare * offloaded * offloaded;
    // Attention on another engine (the CPU while the weights go to the GPU) runs between the
    // weights' products, not beside them: its time adds.
    const bool apart = p.attentionFlops > 0;
    const double work = 2 * p.activeParameters * offloaded + (apart ? 0 : attention);
    const double comp = p.prefillFlops > 0 ? work / p.prefillFlops : 0;
    const double attnComp = apart ? attention / p.attentionFlops : 0;
    t.bound = std::max(memFloor, comp) + attnComp;
    t.computeBound = comp + attnComp > memFloor;
    const Efficiency &m = p.prefillEfficiency, &c = p.prefillComputeEfficiency, &a = p.attentionEfficiency;
    // The bound counts the causal half; the expected time what the kernel computes. A kernel that
    // computes the masked cells (square 2) does so against the cells in use per micro-batch, and so
    // do the score matrices a GPU keeps without flash attention.
    const bool everyCell = p.attentionSquare >= 2 || p.scoreBytesPerFlop > 0;
    const double inUse = everyCell ? runtimes::ggmlMulMatAttentionShare(offloaded, u) : 1.0;
    const double attnWork = attnComp * (p.attentionSquare >= 2 ? inUse : p.attentionSquare);
    // Without flash attention a GPU also moves the score matrices through its memory, in kernels
    // of their own (after the products, not beside them); the fast end at the fewest bytes.
    const double scores = p.scoreBytesPerFlop > 0 && p.bandwidth > 0
                              ? attention * inUse * p.scoreBytesPerFlop / (p.bandwidth * p.reachedShare)
                              : 0;
    // Those kernels only stream memory: they reach the memory's decode share, not the prefill's.
    const Efficiency &sm = p.decodeEfficiency;
    t.expectedMid = slower(mem, comp, m.mid, c.mid) + (apart ? attnWork / a.mid : 0) + scores / sm.mid;
    t.expectedLow = slower(mem, comp, m.low, c.low) + (apart ? attnWork / a.low : 0) + scores / sm.low;
    t.expectedHigh = slower(mem, comp, m.high, c.high) + (apart ? attnWork / a.high : 0) +
                     scores * (runtimes::kGgmlScoreTraffic.fewest / runtimes::kGgmlScoreTraffic.usual) / sm.high;
    if (tail > 0) {
        const PoolTime cpu =
            cpuTailTime(p, tail, attnPerTok2 * p.attentionShare * (tokens * tokens - offloaded * offloaded));
        t.bound += cpu.bound;
        t.expectedMid += cpu.expectedMid;
        t.expectedLow += cpu.expectedLow;
        t.expectedHigh += cpu.expectedHigh;
        t.computeBound = t.computeBound || cpu.computeBound;
    }
    return t;
}

/// A GPU's traffic under the row split, as its rows of the split matrices and the rest.
std::pair<PoolTraffic, PoolTraffic> splitRows(const PoolTraffic &p)
{
    const double f = std::min(1.0, p.rowBytes / p.weightBytes);
    PoolTraffic rows = p, own = p;
    rows.weightBytes = p.rowBytes;
    rows.routedBytes = 0; // the routed experts are 3-D and stay whole on their GPU
    rows.kvBytesPerSequence = 0;
    rows.activeParameters = p.activeParameters * f;
    rows.prefillWeightBytes = rows.prefillWeightBytesFloor = p.rowBytes;
    rows.attentionShare = 0;
    rows.layers = 0;
    own.weightBytes -= p.rowBytes;
    own.activeParameters -= rows.activeParameters;
    own.prefillWeightBytes = std::max(0.0, own.prefillWeightBytes - p.rowBytes);
    own.prefillWeightBytesFloor = std::max(0.0, own.prefillWeightBytesFloor - p.rowBytes);
    return {rows, own};
}

/// Combines per-pool times: devices in parallel under tensor parallelism (and the rows of the
/// row split), everything else one after another.
template <typename F>
PoolTime combine(const SpeedEstimate &s, F &&timeOf, std::string_view &limiter, bool prefill = false)
{
    PoolTime parallel, serial;
    const PoolTraffic *slowest = nullptr;
    double slowestTime = -1;
    bool slowestCompute = false;
    auto add = [&](const PoolTime &t, bool inParallel) {
        PoolTime &into = inParallel ? parallel : serial;
        if (inParallel) {
            into.bound = std::max(into.bound, t.bound);
            into.expectedMid = std::max(into.expectedMid, t.expectedMid);
            into.expectedLow = std::max(into.expectedLow, t.expectedLow);
            into.expectedHigh = std::max(into.expectedHigh, t.expectedHigh);
        } else {
            into.bound += t.bound;
            into.expectedMid += t.expectedMid;
            into.expectedLow += t.expectedLow;
            into.expectedHigh += t.expectedHigh;
        }
    };
    for (const PoolTraffic &p : s.pools) {
        PoolTime t;
        if (s.rowSplit && p.device && p.rowBytes > 0 && p.weightBytes > 0) {
            // The GPU's rows run beside the other GPUs' rows; the rest of its layers (experts, the
            // attention over its cache) one device after another, as under the layer split.
            const auto [rows, own] = splitRows(p);
            const PoolTime tr = timeOf(rows), to = timeOf(own);
            add(tr, true);
            add(to, false);
            t = {tr.bound + to.bound, 0, 0, 0, to.computeBound || tr.computeBound};
        } else {
            t = timeOf(p);
            add(t, s.tensorParallel && p.device);
        }
        if (t.bound > slowestTime) {
            slowestTime = t.bound;
            slowest = &p;
            slowestCompute = t.computeBound;
        }
    }
    // Prefill of op-offloaded host layers runs over the link although decode reads them from RAM.
    const bool linked = slowest && (slowest->path == "host_link" ||
                                    (prefill && !slowest->device && slowest->prefillBandwidth != slowest->bandwidth));
    limiter = !slowest                      ? ""
              : slowestCompute              ? "compute"
              : linked                      ? "host link"
              : slowest->path == "host_ram" ? "host RAM bandwidth"
                                            : "memory bandwidth";
    return {parallel.bound + serial.bound, parallel.expectedMid + serial.expectedMid,
            parallel.expectedLow + serial.expectedLow, parallel.expectedHigh + serial.expectedHigh, false};
}

SpeedFigure rate(double amount, const PoolTime &t)
{
    auto inv = [&](double x) { return x > 0 ? amount / x : 0; };
    return {inv(t.bound), inv(t.expectedMid), inv(t.expectedLow), inv(t.expectedHigh)};
}

} // namespace

DecodeAt decodeAt(const SpeedEstimate &s, double concurrency)
{
    DecodeAt d;
    if (!s.available || s.pools.empty())
        return d;
    const double b = std::max(1.0, concurrency);
    const double ctx = double(s.contextTokens);
    // Decode attention: each new token's query meets every cached key and value (a windowed
    // layer's last W).
    const double attnPerCtx = ctx > 0 ? decodeAttentionFlops(s, ctx) / ctx : 0;
    const double extra = extraExpertShare(s, b);
    PoolTime t = combine(
        s, [&](const PoolTraffic &p) { return decodeTime(p, b, ctx, attnPerCtx, extra); }, d.limiter);
    t.expectedMid += s.stepCost.mid + s.hostSwitches * s.switchCost.mid;
    t.expectedLow += s.stepCost.slow + s.hostSwitches * s.switchCost.slow;
    t.expectedHigh += s.stepCost.fast + s.hostSwitches * s.switchCost.fast;
    if (s.tensorParallel && s.interconnectBandwidth > 0) {
        const double bytes = s.allReduceBytesPerToken * b / s.interconnectBandwidth;
        const double latency = s.allReducesPerStep * kAllReduceLatency;
        t.bound += bytes;
        t.expectedMid += bytes + latency;
        t.expectedLow += bytes + latency;
        t.expectedHigh += bytes + latency;
    }
    d.perSequence = rate(1, t);
    d.total = rate(b, t);
    return d;
}

StepBytes decodeStepBytes(const SpeedEstimate &s, const PoolTraffic &p, double concurrency)
{
    const double b = std::max(1.0, concurrency);
    return stepBytes(p, b, extraExpertShare(s, b));
}

double promptAttentionFlops(const SpeedEstimate &s, double promptTokens)
{
    const double t = promptTokens, w = s.attentionWindow;
    const double windowedShare = w > 0 && t > w ? (w * t - w * w / 2) / (t * t / 2) : 1.0;
    return (s.attentionFlopsPerToken2 + s.windowedAttentionFlopsPerToken2 * windowedShare) * t * t;
}

double decodeAttentionFlops(const SpeedEstimate &s, double contextTokens)
{
    const double w = s.attentionWindow;
    const double windowed = w > 0 ? std::min(contextTokens, w) : contextTokens;
    return 2 * (s.attentionFlopsPerToken2 * contextTokens + s.windowedAttentionFlopsPerToken2 * windowed);
}

PrefillAt prefillAt(const SpeedEstimate &s, double promptTokens)
{
    PrefillAt p;
    if (!s.available || s.pools.empty() || promptTokens <= 0)
        return p;
    const double attnPerTok2 = promptAttentionFlops(s, promptTokens) / (promptTokens * promptTokens);
    const PoolTime t = combine(
        s,
        [&](const PoolTraffic &pt) {
            return prefillTime(pt, promptTokens, double(s.microBatchTokens), attnPerTok2, double(s.opOffloadMinBatch));
        },
        p.limiter, true);
    // Seconds: bound is the shortest; the range runs from the fastest to the slowest expected.
    p.seconds = {t.bound, t.expectedMid, t.expectedHigh, t.expectedLow};
    p.tokensPerSecond = rate(promptTokens, t);
    return p;
}

namespace {

// What the sizing engine's items put in one pool, as the speed model reads them.
struct Sums {
    double dense = 0, routed = 0, kv = 0, layers = 0;
    double decoder = 0;     ///< the decoder layers' own weights (attention, dense MLP, norms), experts apart
    double head = 0;        ///< the output head's weights here
    double repacked = 0;    ///< of the weights here, those the CPU holds repacked (CPU_REPACK)
    double kvWindow = 0;    ///< of kv, the sliding-window layers' cache
    double windowSlots = 0; ///< the token slots kvWindow holds, all sequences
    bool preallocated = false;
};

// Host-side paths the pools may read through, shared by every pool.
struct HostPaths {
    double ramBandwidth = 0; ///< the platform's peak
    double ramShare = 1;     ///< of it, the sustained fraction the preset states (expected only)
    bool ramAssumed = false; ///< no CPU platform stated: the default DDR5 figure is used
    double link = 0;
    bool opOffload = false;        ///< llama.cpp multiplies host weights on the GPU at this micro-batch
    bool pinned = false;           ///< the host weights sit in page-locked memory (copied by DMA)
    double cpuOps = 0;             ///< the host CPU's ceiling for the weight format at the thread count, ops/s
    double cpuExpertOps = 0;       ///< the same for the routed experts' format (gpt-oss ships them in MXFP4)
    double cpuFloatOps = 0;        ///< the same for float kernels (attention over an f16 or f32 cache)
    CpuKernelRate cpuKernel;       ///< the runtime's CPU kernel rate for the weight format
    CpuKernelRate cpuExpertKernel; ///< the same for the routed experts' format
    std::string simd;              ///< the host CPU's vector class ("avx2", "neon_i8mm", ...)
};

// Everything one pool's traffic depends on besides its own sums.
struct PoolSetting {
    const ResolvedScenario &r;
    const SpeedRules &rules;
    std::string_view family;
    bool streams;
    HostPaths host;
    double activeShareExperts;
    double coverage;
    double readTotal;
    double layerTotal;
    double decoderTotal;                       ///< decoder-layer weights over all pools
    double routedTotal;                        ///< routed-expert weights over all pools
    double kvTotal;                            ///< KV (and state) bytes over all pools
    bool usedExpertsCopy;                      ///< op offload copies only the routed experts (llama.cpp from PR #15346)
    bool rowSplit;                             ///< llama.cpp's -sm row (estimation::rowSplitApplies)
    double kvHeldShare;                        ///< of the cache allocated per sequence, the share a decode step reads
    runtimes::CpuAttentionKernel cpuAttention; ///< ggml-cpu's kernel for a prompt's attention on the CPU
    bool gpuRunsAttention;                     ///< under op offload the GPU runs the host layers' attention op
    double heldTokens;                         ///< the tokens a sequence holds (kvBytesPerSequence's)
    double scoreBytesPerFlop;                  ///< a GPU's score traffic without flash attention (PoolTraffic)
};

// Reset but keep the vectors' capacity: re-estimating into the same Estimate (charts,
// solvers) then allocates nothing.
void resetKeepingCapacity(SpeedEstimate &s)
{
    std::vector<PoolTraffic> pools = std::move(s.pools);
    std::vector<SpeedItem> items = std::move(s.items);
    pools.clear();
    items.clear();
    s = SpeedEstimate{};
    s.pools = std::move(pools);
    s.items = std::move(items);
}

// The layers that cache keys through a sliding window (none without a window).
std::uint32_t windowedKvLayers(const ModelArchitecture &a)
{
    return a.slidingWindow > 0 ? std::min(a.numWindowedLayers, a.numKvLayers()) : 0;
}

// The tokens a sequence holds: the scenario's, within the cache the runtime allocated.
std::uint64_t tokensHeld(const ResolvedScenario &r)
{
    const std::uint64_t cells = std::max<std::uint64_t>(1, r.workload.contextTokens);
    return r.heldTokens ? std::min(r.heldTokens, cells) : cells;
}

// The workload's shape: sequences, tokens per micro-batch, attention cost per token².
// A query head's K and V sizes added: what one (query, key) pair costs, 2 FLOPs per multiply-add
// over both. ggml runs a latent-attention layer absorbed, every query head against the one cached
// latent (K = latent + rope part, V = latent; llama-graph.cpp, v_mla); other runtimes and files
// converted before PR #12801 attend with each head's own K and V.
double attentionWidth(const ResolvedScenario &r, const SpeedRules &rules)
{
    const ModelArchitecture &a = r.model.arch;
    if (!a.isMla())
        return 2.0 * a.effectiveHeadDim();
    if (rules.ggmlScheduler && a.mlaCache != MlaCache::PerHead)
        return 2.0 * a.kvLoraRank + a.qkRopeHeadDim;
    return double(a.qkNopeHeadDim) + a.qkRopeHeadDim + a.vHeadDim;
}

void setWorkload(const ResolvedScenario &r, const SpeedRules &rules, bool discrete, SpeedEstimate &s)
{
    const ModelArchitecture &a = r.model.arch;
    s.concurrency = std::max<std::uint64_t>(1, r.workload.concurrency);
    // A decode step attends over the cells in use and a prompt is as long as the scenario says,
    // however large the runtime's cache (llama.cpp reads only the used cells, n_kv; vLLM only the
    // blocks a request holds).
    s.contextTokens = tokensHeld(r);
    s.promptTokens = s.contextTokens;
    s.tensorParallel = r.tensorParallel && r.gpuCount > 1 && discrete;
    std::uint64_t u = r.workload.batchTokens;
    if (!u)
        u = rules.ggmlScheduler
                ? r.settings.ubatchSize
                : (r.settings.maxNumBatchedTokens ? r.settings.maxNumBatchedTokens : r.runtime.defaultBatchTokens);
    s.microBatchTokens = std::max<std::uint64_t>(1, u);
    // Attention of a causal prompt: Q·Kᵀ and the weighted sum of V, 2 FLOPs per multiply-add,
    // half the square masked: 2 × L × H × d per token², over the layers that cache keys (a
    // recurrent layer attends to nothing); windowed layers apart, capped at their window.
    const double perLayer = double(a.numAttentionHeads) * attentionWidth(r, rules);
    const std::uint32_t windowed = windowedKvLayers(a);
    s.attentionFlopsPerToken2 = perLayer * (a.numKvLayers() - windowed);
    s.windowedAttentionFlopsPerToken2 = perLayer * windowed;
    s.attentionWindow = windowed ? double(a.slidingWindow) : 0;
}

// What each pool holds, from the sizing engine's items.
void sumPoolItems(const Estimate &e, bool tied, Sums *sums)
{
    for (const Item &it : e.items) {
        // The CPU's repacked copy is read instead of the originals, not beside them; a step reads
        // one row of the RoPE tables per token, not the tables.
        if (it.pool < e.pools.size() && it.id == itemid::kWeightsRepacked)
            sums[it.pool].repacked += double(it.bytes);
        if (it.pool >= e.pools.size() || it.id == itemid::kWeightsRepacked || it.id == itemid::kWeightsRopeTables)
            continue;
        const double b = double(it.bytes);
        if (it.guest == Guest::Weights) {
            if (it.label == kRoutedExperts)
                sums[it.pool].routed += b;
            else if (it.label != kEmbedding || tied) // an untied embedding reads one row per token
                sums[it.pool].dense += b;
            if (it.label == kDecoderLayers || it.label == kRoutedExperts)
                sums[it.pool].layers += b;
            if (it.label == kDecoderLayers)
                sums[it.pool].decoder += b;
            if (it.id == itemid::kWeightsOutputHead)
                sums[it.pool].head += b;
        } else if (it.guest == Guest::KvCache && it.label != kKvPreallocated) {
            sums[it.pool].kv += b;
            if (it.id == itemid::kKvWindow) {
                sums[it.pool].kvWindow += b;
                sums[it.pool].windowSlots = double(e.windowedKvTokens);
            }
        } else if (it.guest == Guest::KvCache) {
            sums[it.pool].preallocated = true;
        }
    }
}

// A preallocated block pool (vLLM, SGLang) is sized by the memory left, not by the workload:
// the tokens actually held are the workload's, spread over the pools like the layers.
// A sliding-window layer's share of the cache is its layers' share (every layer caches the same
// heads); its blocks beyond the window are freed, so it reads its window like llama.cpp's.
void spreadPreallocatedKv(const Estimate &e, const ModelArchitecture &a, double layerTotal, Sums *sums)
{
    const std::uint32_t windowed = windowedKvLayers(a);
    const double windowShare = windowed ? double(windowed) / double(a.numKvLayers()) : 0;
    for (std::size_t i = 0; i < e.pools.size(); ++i)
        if (sums[i].kv == 0 && sums[i].preallocated && layerTotal > 0) {
            sums[i].kv = double(e.model.kvBytesPerToken) * double(e.requestedKvTokens) * sums[i].layers / layerTotal;
            sums[i].kvWindow = sums[i].kv * windowShare;
            sums[i].windowSlots = double(e.requestedKvTokens);
        }
}

// The cache bytes one decode step reads for each sequence here. A full-attention layer reads every
// token the sequence holds, its share of what was allocated; a sliding-window layer reads at most
// its window, however long the context the runtime allocated for (a llama-server started with -c
// 32768 serving a short chat reads all of its Gemma 3 window layers' cells, not 1/60 of them).
double kvReadPerSequence(const PoolSetting &c, const Sums &sum, double concurrency)
{
    if (sum.kvWindow <= 0 || sum.windowSlots <= 0)
        return sum.kv / concurrency * c.kvHeldShare;
    const double window = double(c.r.model.arch.slidingWindow);
    return (sum.kv - sum.kvWindow) / concurrency * c.kvHeldShare +
           sum.kvWindow / sum.windowSlots * std::min(c.heldTokens, window);
}

// The host CPU's cores and thread count. The vector class is the scenario's, else llama.cpp's
// cpu_features setting, else the machine's default.
struct HostCpu {
    CpuCores cores;
    std::uint32_t threads = 0;
    /// The ceiling: integer dot products for quantized weights (ggml quantizes the activations to
    /// 8 bits), float FMAs for float weights.
    double ops(bool integerKernel) const { return cpuPeakOps(cores, threads, integerKernel); }
};

HostCpu hostCpu(const ResolvedScenario &r)
{
    HostCpu c{r.host.cpu};
    if (c.cores.simd.empty())
        c.cores.simd = r.settings.cpuFeatures != "auto"
                           ? r.settings.cpuFeatures
                           : llamacpp::cpuFeaturesName(llamacpp::defaultCpuFeatures(r.hardware.id, r.hardware.vendor));
    c.threads = r.settings.threads ? r.settings.threads : c.cores.defaultThreads();
    return c;
}

// Host RAM bandwidth (the CPU platform's peak × its sustained fraction when stated), the host
// link, and whether the ggml scheduler's op offload applies.
HostPaths hostPaths(const ResolvedScenario &r, const SpeedRules &rules, bool discrete, const SpeedEstimate &s)
{
    const HardwareSpec &h = r.hardware;
    HostPaths p;
    double hostPeak = double(h.kind == HardwareKind::Cpu ? h.bandwidthBytesPerSecond : r.host.bandwidthBytesPerSecond);
    double hostFraction =
        h.kind == HardwareKind::Cpu ? h.sustainedBandwidthFraction : r.host.sustainedBandwidthFraction;
    if (hostPeak <= 0) {
        hostPeak = kDefaultHostBandwidth;
        p.ramAssumed = true;
    }
    p.ramBandwidth = hostPeak;
    p.ramShare = hostFraction > 0 ? hostFraction : 1.0;
    p.link = h.hostLinkBytesPerSecond ? double(h.hostLinkBytesPerSecond) : kDefaultHostLink;
    p.opOffload = rules.ggmlScheduler && discrete && r.runtime.opOffloadMinBatch > 0 &&
                  s.microBatchTokens >= r.runtime.opOffloadMinBatch;
    // llama.cpp reads --no-mmap host layers into the GPU's pinned host buffer; under mmap its
    // loader keeps them in the mapping (llama-model-loader.cpp, "avoid using a host buffer when
    // using mmap"), which CUDA page-locked only before PR #6206. Ollama's own engine allocates
    // them with malloc (ollama/ollama#16221). Pageable bytes cross through a staging copy.
    p.pinned = r.runtime.engine == Engine::LlamaCpp &&
               (!r.settings.mmap || !releaseAtLeast(r.release, Engine::LlamaCpp, llamacpp::kMappedModelPageableSince));
    // ggml multiplies quantized and microscaled weights (MXFP4 included) with integer dot products
    // against 8-bit activations; float weights with float FMAs.
    const QuantFormat &experts = r.expertFormat ? *r.expertFormat : *r.weightFormat;
    const HostCpu cpu = hostCpu(r);
    p.simd = cpu.cores.simd;
    p.cpuOps = cpu.ops(r.weightFormat->family != FormatFamily::Float);
    p.cpuExpertOps = cpu.ops(experts.family != FormatFamily::Float);
    p.cpuFloatOps = cpu.ops(false);
    if (rules.cpuKernelRate) {
        p.cpuKernel = rules.cpuKernelRate(*r.weightFormat, cpu.cores.simd);
        p.cpuExpertKernel = rules.cpuKernelRate(experts, cpu.cores.simd);
    }
    return p;
}

// The attention op as llama.cpp builds it: a latent-attention layer caches one latent head for
// every query head (K = latent + rope part, V = latent) or, in files converted before PR #12801,
// every head's own K and V.
runtimes::AttentionOpShape attentionOpShape(const ResolvedScenario &r)
{
    const ModelArchitecture &a = r.model.arch;
    runtimes::AttentionOpShape op;
    op.k = r.kvFormatK;
    op.v = r.kvFormatV;
    if (a.isMla() && a.mlaCache == MlaCache::PerHead) {
        op.kHeadDim = a.qkNopeHeadDim + a.qkRopeHeadDim;
        op.vHeadDim = a.vHeadDim;
    } else if (a.isMla()) {
        op.kHeadDim = a.kvLoraRank + a.qkRopeHeadDim;
        op.vHeadDim = a.kvLoraRank;
        op.gqaRatio = a.numAttentionHeads;
    } else {
        op.kHeadDim = op.vHeadDim = a.effectiveHeadDim();
        op.gqaRatio = a.kvHeads() ? a.numAttentionHeads / a.kvHeads() : 1;
    }
    return op;
}

// The share of the host link op offload's copies reach. From page-locked memory the GPU copies by
// DMA; from pageable memory the driver first copies every byte into its pinned staging buffer on
// the CPU, so the rate is the host's memcpy, the one measured on a PCIe 4.0 x16 card
// (efficiency.cpp, "link_pageable"), not a share of a faster link; the DMA caps it on a slower one.
// How fast a host copies differs from machine to machine, so the range reaches the pinned rate.
Efficiency opOffloadLinkShare(const PoolSetting &c)
{
    const Efficiency pinned = backendEfficiency(c.family, "link").prefill;
    Efficiency e = pinned;
    if (!c.host.pinned) {
        const Efficiency staged = backendEfficiency(c.family, "link_pageable").prefill;
        const double toLink = kDefaultHostLink / c.host.link;
        // The fast end stays the pinned rate: a host whose memcpy keeps up with the link.
        e = {std::min(pinned.low, staged.low * toLink), std::min(pinned.mid, staged.mid * toLink), pinned.high};
    } else if (c.host.ramAssumed && c.host.link > kDefaultHostLink) {
        // A PCIe link runs at the older generation of its two ends. With no host stated, the
        // board may be a generation behind the card: the slow end of the range is PCIe 4.0 x16.
        e.low *= kDefaultHostLink / c.host.link;
    }
    return e;
}

// Where a host pool's prompt attention runs under the ggml scheduler: on the GPU with the
// offloaded products (its cache copied over), or on the CPU in float.
void placeHostAttention(const PoolSetting &c, PoolTraffic &p)
{
    if (c.host.opOffload && c.gpuRunsAttention) {
        // The attention follows the offloaded products to the GPU; the cache cells in use
        // cross the link before each micro-batch (runtimes/ggml/ggmlgpuattention.h).
        p.kvCopiedPerToken = c.heldTokens > 0 ? p.kvBytesPerSequence / c.heldTokens : 0;
    } else {
        // The attention over the cache in host RAM runs on the CPU in float, beside the weights'
        // products, at the rate of the kernel ggml-cpu picks for the cache type and build
        // (runtimes/ggml/ggmlcpuattention.h).
        const BackendEfficiency &cpu = backendEfficiency(c.family, "cpu", "any");
        const runtimes::CpuAttentionKernel &k = c.cpuAttention;
        p.attentionFlops = c.host.cpuFloatOps;
        p.attentionEfficiency = cpu.prefillCompute.mid > 0 ? cpu.prefillCompute : cpu.prefill;
        scaleEfficiency(p.attentionEfficiency, k.rate);
        p.attentionSquare = k.square;
    }
}

// Arm's repacked GEMM kernels (runtimes/ggml/ggmlrepackrate.h) on a CPU-only run's prompt, on
// the share of the products whose weights were repacked.
void applyArmRepackRate(const PoolSetting &c, const Sums &sum, PoolTraffic &p)
{
    const std::string_view simd = c.host.simd;
    if (!c.host.opOffload && c.rules.ggmlScheduler && sum.repacked > 0 && simd.rfind("neon", 0) == 0) {
        const double share = std::min(1.0, sum.repacked / std::max(1.0, sum.dense + sum.routed));
        const Efficiency f = runtimes::ggmlArmRepackPrefillRate();
        scaleEfficiency(p.prefillComputeEfficiency,
                        {1 + share * (f.low - 1), 1 + share * (f.mid - 1), 1 + share * (f.high - 1)});
    }
}

// One pool's bytes, parameters, path, bandwidth, FLOP/s and backend efficiencies.
PoolTraffic poolTraffic(const PoolSetting &c, const Estimate &e, std::size_t i, const Sums &sum, double concurrency)
{
    const ResolvedScenario &r = c.r;
    const HardwareSpec &h = r.hardware;
    const Pool &pool = e.pools[i];
    const double read = sum.dense + sum.routed * c.activeShareExperts;
    PoolTraffic p;
    p.pool = static_cast<std::uint16_t>(i);
    const bool host = pool.kind == PoolKind::Ram;
    const bool streamed = host && c.streams;
    // The kernel class of what the pool mostly multiplies: its experts', or the other weights'.
    const bool expertsDominate = sum.routed * c.activeShareExperts > sum.dense;
    const double statedFlops = deviceFlops(h, *r.weightFormat);
    const bool guessedFlops = computeFromBandwidth(h, statedFlops);
    const Efficiency balance = guessedFlops ? flopsPerByteWithoutFigure(h) : Efficiency{};
    const double gpuFlops = guessedFlops ? double(h.bandwidthBytesPerSecond) * balance.high : statedFlops;
    p.weightBytes = read;
    p.routedBytes = sum.routed;
    p.kvBytesPerSequence = kvReadPerSequence(c, sum, concurrency);
    p.activeParameters = double(e.model.activeParameters) * read / c.readTotal;
    p.layerShare = c.layerTotal > 0 ? sum.layers / c.layerTotal : 0;
    // The ggml scheduler computes attention where the cache is (the KV tensors are its inputs);
    // other runtimes keep the cache with the layer.
    p.attentionShare = c.rules.ggmlScheduler && c.kvTotal > 0 ? sum.kv / c.kvTotal : p.layerShare;
    // llama.cpp's op offload copied a host expert tensor whole until PR #15346; since then only the
    // experts the micro-batch routes to cross, as a GPU reads only those. Uniform routing touches
    // 1 − (1 − k/E)^u of them, the expected share; the fewest possible, k/E (every token picks the
    // same experts), is the bound's, since real prompts route more narrowly than uniform draws.
    const bool copiedWhole = host && !streamed && c.host.opOffload && !c.usedExpertsCopy;
    p.prefillWeightBytes = sum.dense + sum.routed * (copiedWhole ? 1.0 : c.coverage);
    p.prefillWeightBytesFloor = sum.dense + sum.routed * (copiedWhole ? 1.0 : c.activeShareExperts);
    p.device = !host;
    if (c.rowSplit && !host)
        p.rowBytes = std::min(read, sum.decoder + sum.head);
    if (!host) {
        p.path = pool.kind == PoolKind::Unified ? "unified_memory" : "gpu_memory";
        p.scoreBytesPerFlop = c.scoreBytesPerFlop;
        // The bound reads at the memory's peak: a measured share of it is no ceiling (a Strix
        // Halo decode reached 227 GB/s where a copy test had measured 215 of the 256).
        p.bandwidth = double(h.bandwidthBytesPerSecond);
        p.reachedShare = h.gpuBandwidthShare > 0 ? h.gpuBandwidthShare : 1.0;
        p.flops = p.prefillFlops = gpuFlops;
        p.prefillBandwidth = p.bandwidth;
    } else if (streamed) {
        p.path = "host_link";
        p.bandwidth = p.prefillBandwidth = c.host.link;
        p.flops = p.prefillFlops = gpuFlops;
    } else {
        p.path = "host_ram";
        p.bandwidth = c.host.ramBandwidth;
        p.reachedShare = c.host.ramShare;
        // A unified machine's host-side pool is computed by its GPU (no CPU figure applies).
        p.flops = h.kind == HardwareKind::Unified ? 0 : expertsDominate ? c.host.cpuExpertOps : c.host.cpuOps;
        // llama.cpp's op offload: from a large enough micro-batch the host weights are copied
        // to the GPU and multiplied there (ggml-backend scheduler), so prefill runs at the link.
        p.prefillBandwidth = c.host.opOffload ? c.host.link : c.host.ramBandwidth;
        p.prefillFlops = c.host.opOffload ? gpuFlops : p.flops;
    }
    const bool cpuComputes = host && h.kind != HardwareKind::Unified;
    p.backend = poolBackend(c.rules, h, cpuComputes, streamed);
    const BackendEfficiency &eff =
        backendEfficiency(c.family, p.backend, poolMemory(h, cpuComputes), poolVendor(h, cpuComputes));
    p.decodeEfficiency = eff.decode;
    // A layer's fixed cost is paid wherever any of its kernels run: a GPU that keeps every layer's
    // attention while the experts of most layers sit in host RAM (--n-cpu-moe) still runs them all.
    const double decoderShare = c.decoderTotal > 0 ? sum.decoder / c.decoderTotal : p.layerShare;
    const double routedShare = c.routedTotal > 0 ? sum.routed / c.routedTotal : 0;
    p.layers = std::max(decoderShare, routedShare) * double(r.model.arch.numHiddenLayers);
    p.layerCost = eff.decodeLayer;
    p.prefillEfficiency = c.host.opOffload && host ? opOffloadLinkShare(c) : eff.prefill;
    if (c.rules.ggmlScheduler && cpuComputes && p.attentionShare > 0)
        placeHostAttention(c, p);
    const bool ownCompute = eff.decodeCompute.mid > 0;
    p.decodeComputeEfficiency = ownCompute ? eff.decodeCompute : p.decodeEfficiency;
    p.prefillComputeEfficiency = ownCompute && !(c.host.opOffload && host) ? eff.prefillCompute : p.prefillEfficiency;
    if (c.host.opOffload && host) {
        // The copied weights (and the attention with them) are multiplied by the GPU, at its share.
        const BackendEfficiency &gpu = backendEfficiency(c.family, poolBackend(c.rules, h, false, false),
                                                         poolMemory(h, false), poolVendor(h, false));
        p.prefillComputeEfficiency = gpu.prefillCompute.mid > 0 ? gpu.prefillCompute : gpu.prefill;
    }
    if (guessedFlops) {
        // The GPU's rate is its bandwidth times the highest balance; the expected range spans them.
        const Efficiency spread{balance.low / balance.high, balance.mid / balance.high, 1};
        if (!cpuComputes)
            scaleEfficiency(p.decodeComputeEfficiency, spread);
        if (!cpuComputes || c.host.opOffload)
            scaleEfficiency(p.prefillComputeEfficiency, spread);
    }
    if (cpuComputes) {
        // The CPU rows were measured on Q4_K-like files; a codebook type's kernels unpack its
        // blocks far slower (core/runtimes/ggml/ggmlcpukernels.h). The ceiling stays the cores'.
        const CpuKernelRate k = expertsDominate ? c.host.cpuExpertKernel : c.host.cpuKernel;
        p.cpuKernelRate = k.decode;
        scaleEfficiency(p.decodeComputeEfficiency, k.decode);
        if (!c.host.opOffload)
            scaleEfficiency(p.prefillComputeEfficiency, k.prefill);
        applyArmRepackRate(c, sum, p);
    }
    return p;
}

// Whether the CPU computes any pool's work (a figure of the host CPU then enters the speed).
bool cpuComputes(const SpeedEstimate &s)
{
    return std::any_of(s.pools.begin(), s.pools.end(), [](const PoolTraffic &p) { return p.backend == "cpu"; });
}

// Fills s.pools with every pool that has something to read; false (with s.reason) when a pool
// has no bandwidth figure.
bool buildPools(const PoolSetting &c, const Estimate &e, const Sums *sums, SpeedEstimate &s, bool &hostUsed)
{
    s.pools.reserve(e.pools.size());
    s.items.reserve(5 + e.pools.size());
    for (std::size_t i = 0; i < e.pools.size(); ++i) {
        const double read = sums[i].dense + sums[i].routed * c.activeShareExperts;
        if (read <= 0 && sums[i].kv <= 0)
            continue;
        const PoolTraffic p = poolTraffic(c, e, i, sums[i], double(s.concurrency));
        if (p.path == "host_ram")
            hostUsed = true;
        if (p.bandwidth <= 0) {
            s.reason = "the hardware preset states no memory bandwidth";
            s.pools.clear();
            return false;
        }
        s.pools.push_back(p);
    }
    return true;
}

// Matrix products the row split cuts in one decode step: each multiplies on every GPU and gathers
// the rows' results on the layer's GPU (ggml-cuda's ggml_cuda_op_mul_mat), a hand-over between GPUs.
// Per layer: the attention's q, k, v and output; a dense FFN's gate, up and down (no gate in a
// plain MLP), a mixture's router and shared expert (the routed experts are 3-D and stay whole).
double rowSplitProducts(const ResolvedScenario &r, double gpuLayers, bool headOnGpu)
{
    const ModelArchitecture &a = r.model.arch;
    const double dense = a.gatedMlp ? 3 : 2;
    const double mixture = 1 + (a.sharedExpertIntermediateSize ? 3 : 0);
    double products = headOnGpu ? 1 : 0;
    const auto first = std::uint32_t(double(a.numHiddenLayers) - gpuLayers);
    for (std::uint32_t i = first; i < a.numHiddenLayers; ++i)
        products += 4 + (a.isMoeLayer(i) ? mixture : dense);
    return products;
}

// Hand-overs between the GPU and the CPU in one decode step, for a runtime whose host computes
// what sits in host RAM (the ggml scheduler): each is a synchronisation and a copy of the
// activations, and each costs the same whatever the model's size. Layers in host RAM hand over
// once each way; a KV cache in host RAM, or a mixture's experts there, twice per GPU layer.
// A build that starts the CPU's threads for every graph (before kCpuThreadPoolSince) pays that
// on each hand-over to the CPU, not on those between GPUs under the row split.
void setHostSwitches(const ResolvedScenario &r, const SpeedRules &rules, bool discrete, bool cpuThreadPool,
                     SpeedEstimate &s)
{
    if (!rules.ggmlScheduler || !discrete)
        return;
    bool hostPool = false;
    const PoolTraffic *gpu = nullptr;
    for (const PoolTraffic &p : s.pools) {
        if (p.device)
            gpu = gpu ? gpu : &p;
        else if (p.path == "host_ram")
            hostPool = true;
    }
    if (!gpu || (!hostPool && !s.rowSplit))
        return;
    const ModelArchitecture &a = r.model.arch;
    const double layers = double(a.numHiddenLayers);
    // Whole layers on the GPU as the sizing plan places them (llama.cpp offloads the last ones).
    const double gpuLayers = std::min(layers, std::round(r.placement.gpuLayerFraction * layers));
    const double hostLayers = layers - gpuLayers;
    const double betweenGpus = s.rowSplit ? rowSplitProducts(r, gpuLayers, gpuLayers >= layers) : 0;
    double toHost = 0;
    if (hostLayers > 0 && hostPool)
        toHost += 2;
    if (!r.placement.kvOnGpu && hostPool)
        toHost += 2 * gpuLayers;
    // Blocks the GPU computes whose experts are in host RAM (--n-cpu-moe, -ot) hand over twice.
    if (a.isMoe() && hostPool)
        toHost += 2.0 * estimation::countExpertLayers(r, std::uint32_t(gpuLayers), r.gpuCount, nullptr).hostOfGpuLayers;
    s.hostSwitches = betweenGpus + toHost;
    const FixedCost usual =
        backendEfficiency(rules.family, gpu->backend, poolMemory(r.hardware, false), poolVendor(r.hardware, false))
            .hostSwitch;
    const FixedCost cpu = cpuThreadPool ? usual : runtimes::ggmlHandOverThreadsCreated();
    if (s.hostSwitches > 0) {
        const auto mean = [&](double u, double c) { return (betweenGpus * u + toHost * c) / s.hostSwitches; };
        s.switchCost = {mean(usual.fast, cpu.fast), mean(usual.mid, cpu.mid), mean(usual.slow, cpu.slow)};
    }
}

// Tensor parallelism: two all-reduces per layer of the hidden state (FP16), a ring moving
// 2 × (N − 1) / N of it per device.
void setAllReduce(const ResolvedScenario &r, double link, SpeedEstimate &s)
{
    if (!s.tensorParallel)
        return;
    const ModelArchitecture &a = r.model.arch;
    const HardwareSpec &h = r.hardware;
    const double n = r.gpuCount;
    s.allReducesPerStep = 2.0 * a.numHiddenLayers;
    s.allReduceBytesPerToken = s.allReducesPerStep * 2 * (n - 1) / n * double(a.hiddenSize) * 2;
    s.interconnectBandwidth = h.interconnectBytesPerSecond ? double(h.interconnectBytesPerSecond) : link;
}

// The decode items: per sequence and for all sequences.
void addDecodeItems(const Estimate &e, const DecodeAt &d, double weights, double kvSeq, SpeedEstimate &s)
{
    const PoolTraffic &main = s.pools.front();
    const char *decodeFormula =
        s.tensorParallel
            ? "1 / (max_gpu t_p + Σ_host t_p + t_ar), t_p = max((W_p + B × KV_p) / BW_p, 2 × P_p × B / F_p); "
              "expected: t_p / η + L_p × c_layer, + c_step + n_sw × c_sw"
            : "1 / Σ_p max((W_p + B × KV_p) / BW_p, 2 × P_p × B / F_p); expected: Σ_p (t_p / η + L_p × c_layer) + "
              "c_step + n_sw × c_sw";
    // Items are built in place: this runs on every estimate (docs/performance.md).
    SpeedItem &per = s.items.emplace_back();
    per.id = "decode_per_sequence";
    per.label = "decode speed per sequence";
    per.unit = "tokens/s";
    per.formula = decodeFormula;
    per.limiter = d.limiter;
    per.value = d.perSequence;
    per.add("B", double(s.concurrency), Origin::Scenario, "sequences decoded together");
    per.add("W", weights, Origin::Derived, "weight bytes read per step (active experts only)");
    if (s.routedExperts > 0 && s.concurrency > 1)
        per.add("E_B", expertCoverage(s.expertsPerToken, s.routedExperts, double(s.concurrency)), Origin::Derived,
                "share of the routed experts the B sequences' picks touch, 1 − (1 − k/E)^B (expected; "
                "the bound keeps k/E)");
    per.add("KV", kvSeq, Origin::Derived, "KV bytes read per step and sequence");
    per.add("BW", main.bandwidth, Origin::Preset, "bandwidth of the first pool, bytes/s");
    if (main.reachedShare < 1)
        per.add("s_BW", main.reachedShare, Origin::Preset,
                "share of the bandwidth the reads are known to reach (expected only; the bound reads at the peak)");
    if (s.pools.size() > 1)
        per.add("BW_2", s.pools.back().bandwidth, Origin::Preset, "bandwidth of the last pool, bytes/s");
    per.add("F", main.flops, Origin::Preset, "dense FLOP/s for the weight format (0 = no figure)");
    per.add("P", double(e.model.activeParameters), Origin::Config, "active parameters per token");
    per.add("η", main.decodeEfficiency.mid, Origin::Runtime, "decode efficiency of the backend (middle)");
    if (s.pools.size() == 1 && main.backend == "cpu") // several pools: in each pool's item
        per.add("κ", main.cpuKernelRate, Origin::Runtime,
                "the CPU kernels' rate for this weight type relative to Q4_K's (in the compute share)");
    per.add("c_layer", main.layerCost.mid, Origin::Runtime, "fixed cost per layer and step, s (middle)");
    per.add("c_step", s.stepCost.mid, Origin::Runtime, "the runtime's host work per step, s (middle)");
    per.add("n_sw", s.hostSwitches, Origin::Derived, "hand-overs per step (GPU and CPU; GPUs under -sm row)");
    per.add("c_sw", s.switchCost.mid, Origin::Runtime, "cost of one hand-over, s (middle)");

    SpeedItem &total = s.items.emplace_back(s.items.back());
    total.id = "decode_total";
    total.label = "decode speed, all sequences";
    total.formula = "B × decode speed per sequence";
    total.value = d.total;
}

// The prefill items: prompt tokens per second and time to first token.
void addPrefillItems(const ResolvedScenario &r, const Estimate &e, const PrefillAt &pf, double weights,
                     SpeedEstimate &s)
{
    const ModelArchitecture &a = r.model.arch;
    const PoolTraffic &main = s.pools.front();
    SpeedItem &pre = s.items.emplace_back();
    pre.id = "prefill";
    pre.label = "prompt processing (prefill)";
    pre.unit = "tokens/s";
    pre.formula = "T / Σ_p (max(⌈T/u⌉ × W'_p / BW'_p, (2 × P_p × T + 2 × L × H × d × T² × a_p) / F'_p) + "
                  "[attention on the CPU] 2 × L × H × d × T² × a_p / F_cpu + "
                  "[a last micro-batch of t tokens under the op-offload minimum] max(t × W_p / BW_ram, 2 × P_p × t / "
                  "F_cpu) + [a GPU without flash attention, expected] L × H × T² × s × a_p × b_s / BW_p)";
    pre.limiter = pf.limiter;
    pre.value = pf.tokensPerSecond;
    pre.add("T", double(s.promptTokens), Origin::Scenario, "prompt tokens");
    pre.add("u", double(s.microBatchTokens), Origin::Runtime, "tokens per micro-batch");
    pre.add("P", double(e.model.activeParameters), Origin::Config, "active parameters per token");
    // One attending layer's coefficient, as setWorkload derived it (a model without one shows the
    // plain head size).
    const double attending = s.attentionFlopsPerToken2 + s.windowedAttentionFlopsPerToken2;
    const double perLayer = attending > 0 && a.numKvLayers() > 0 ? attending / a.numKvLayers()
                                                                 : 2.0 * a.numAttentionHeads * a.effectiveHeadDim();
    pre.add("L", perLayer > 0 ? s.attentionFlopsPerToken2 / perLayer : 0, Origin::Config,
            "layers that attend to every cached token");
    if (s.attentionWindow > 0) {
        pre.add("L_w", s.windowedAttentionFlopsPerToken2 / perLayer, Origin::Config,
                "layers that attend through a window (W × T − W²/2 pairs once T passes W)");
        pre.add("W", s.attentionWindow, Origin::Config, "attention window, tokens");
    }
    pre.add("H", a.numAttentionHeads, Origin::Config, "attention heads");
    pre.add("d", perLayer / (2.0 * std::max(1u, a.numAttentionHeads)), Origin::Config,
            "head dimension (latent attention: the mean of the K and V sizes it multiplies)");
    if (main.device && computeFromBandwidth(r.hardware, deviceFlops(r.hardware, *r.weightFormat)))
        pre.add("F", main.prefillFlops, Origin::Derived,
                "dense FLOP/s: none stated, so the bandwidth times the highest FLOP per byte of the GPU presets "
                "(the expected range spans the presets' tenth percentile to the highest)");
    else
        pre.add("F", main.prefillFlops, Origin::Preset, "dense FLOP/s for the weight format (0 = no figure)");
    pre.add("W'", weights, Origin::Derived, "weight bytes read per micro-batch (experts the batch touches)");
    pre.add("η", main.prefillEfficiency.mid, Origin::Runtime, "prefill efficiency of the backend (middle)");
    pre.add("a_p", main.attentionShare, Origin::Derived,
            "share of the attention computed in the first pool (llama.cpp: its share of the KV cache)");
    double cpuAttention = 0;
    for (const PoolTraffic &p : s.pools)
        cpuAttention = std::max(cpuAttention, p.attentionFlops);
    pre.add("F_cpu", cpuAttention, Origin::Derived,
            "the CPU's float rate for attention over a cache in host RAM (0 = attention runs with the weights)");
    if (main.scoreBytesPerFlop > 0)
        pre.add("b_s", runtimes::kGgmlScoreTraffic.usual, Origin::Runtime,
                "bytes each attention score moves through GPU memory without flash attention (16 at the fast end)");

    SpeedItem &ttft = s.items.emplace_back(s.items.back());
    ttft.id = "time_to_first_token";
    ttft.label = "time to first token";
    ttft.unit = "s";
    ttft.formula = "Σ_p (max(⌈T/u⌉ × W'_p / BW'_p, (2 × P_p × T + 2 × L × H × d × T² × a_p) / F'_p) + "
                   "[attention on the CPU] 2 × L × H × d × T² × a_p / F_cpu + "
                   "[a last micro-batch of t tokens under the op-offload minimum] max(t × W_p / BW_ram, 2 × P_p × t / "
                   "F_cpu) + [a GPU without flash attention, expected] L × H × T² × s × a_p × b_s / BW_p)";
    ttft.value = pf.seconds;
}

// One line per pool when there are several: its share of the decode step, which is where an
// offload cliff shows (with one pool the headline item says it all).
void addPoolStepItems(SpeedEstimate &s)
{
    if (s.pools.size() < 2)
        return;
    const double extra = extraExpertShare(s, double(s.concurrency));
    for (const PoolTraffic &p : s.pools) {
        const PoolTime t = decodeTime(
            p, double(s.concurrency), double(s.contextTokens),
            s.contextTokens ? decodeAttentionFlops(s, double(s.contextTokens)) / double(s.contextTokens) : 0, extra);
        SpeedItem &it = s.items.emplace_back();
        it.id = "decode_step_pool";
        it.label = "decode step time in this pool";
        it.unit = "s";
        it.pool = static_cast<std::int16_t>(p.pool);
        it.formula = "max((W_p + B × KV_p) / BW_p, 2 × P_p × B / F_p); expected: / η_p + L_p × c_layer";
        it.limiter = t.computeBound          ? "compute"
                     : p.path == "host_link" ? "host link"
                     : p.path == "host_ram"  ? "host RAM bandwidth"
                                             : "memory bandwidth";
        it.value = {t.bound, t.expectedMid, t.expectedHigh, t.expectedLow};
        it.add("W_p", p.weightBytes, Origin::Derived, "weight bytes read per step here");
        it.add("KV_p", p.kvBytesPerSequence, Origin::Derived, "KV bytes per sequence here");
        it.add("B", double(s.concurrency), Origin::Scenario, "sequences decoded together");
        it.add("BW_p", p.bandwidth, Origin::Preset, "bandwidth the reads run at, bytes/s");
        if (p.reachedShare < 1)
            it.add("s_p", p.reachedShare, Origin::Preset,
                   "share of the bandwidth the reads are known to reach (expected only; the bound reads at the peak)");
        it.add("P_p", p.activeParameters, Origin::Derived, "parameters multiplied here per token");
        it.add("F_p", p.flops, Origin::Preset, "dense FLOP/s here (0 = no figure)");
        it.add("η_p", p.decodeEfficiency.mid, Origin::Runtime, "decode efficiency here (middle)");
        if (p.backend == "cpu")
            it.add("κ_p", p.cpuKernelRate, Origin::Runtime,
                   "the CPU kernels' rate for this weight type relative to Q4_K's (in the compute share)");
        it.add("L_p", p.layers, Origin::Derived, "layers computed here");
        it.add("c_layer", p.layerCost.mid, Origin::Runtime, "fixed cost per layer and step here, s (middle)");
    }
}

// The all-reduce item under tensor parallelism.
void addAllReduceItem(const ResolvedScenario &r, SpeedEstimate &s)
{
    if (!s.tensorParallel)
        return;
    const ModelArchitecture &a = r.model.arch;
    SpeedItem &ar = s.items.emplace_back();
    ar.id = "allreduce";
    ar.label = "all-reduce between GPUs per step";
    ar.unit = "s";
    ar.formula = "2 × L × 2 × (N − 1) / N × H × 2 B × B_seq / BW_link (+ latency per all-reduce, expected only)";
    ar.limiter = "interconnect";
    const double bytes = s.allReduceBytesPerToken * double(s.concurrency) / s.interconnectBandwidth;
    const double lat = s.allReducesPerStep * kAllReduceLatency;
    ar.value = {bytes, bytes + lat, bytes + lat, bytes + lat};
    ar.add("L", a.numHiddenLayers, Origin::Config, "layers");
    ar.add("N", r.gpuCount, Origin::Scenario, "GPUs");
    ar.add("H", a.hiddenSize, Origin::Config, "hidden size");
    ar.add("B_seq", double(s.concurrency), Origin::Scenario, "sequences decoded together");
    ar.add("BW_link", s.interconnectBandwidth, Origin::Preset, "GPU-to-GPU bytes/s per direction");
    ar.add("t_lat", kAllReduceLatency, Origin::Derived, "fixed cost per all-reduce, s");
}

// Headline figures and their explained items.
void addHeadline(const ResolvedScenario &r, const Estimate &e, SpeedEstimate &s)
{
    const DecodeAt d = decodeAt(s, double(s.concurrency));
    const PrefillAt pf = prefillAt(s, double(s.promptTokens));
    s.decodePerSequence = d.perSequence;
    s.decodeTotal = d.total;
    s.prefill = pf.tokensPerSecond;
    s.timeToFirstToken = pf.seconds;

    double weights = 0, kvSeq = 0;
    for (const PoolTraffic &p : s.pools) {
        weights += p.weightBytes;
        kvSeq += p.kvBytesPerSequence;
    }
    addDecodeItems(e, d, weights, kvSeq, s);
    addPrefillItems(r, e, pf, weights, s);
    addPoolStepItems(s);
    addAllReduceItem(r, s);
}

} // namespace

void estimateSpeed(const ResolvedScenario &r, Estimate &e)
{
    SpeedEstimate &s = e.speed;
    resetKeepingCapacity(s);
    if (e.items.empty()) {
        s.reason = "speed needs the estimate's items";
        return;
    }
    const ModelArchitecture &a = r.model.arch;
    const HardwareSpec &h = r.hardware;
    const SpeedRules &rules = speedRulesOf(r.runtime.engine);
    const bool discrete = h.kind == HardwareKind::DiscreteGpu;
    // Some runtimes keep offloaded weights in host RAM and copy them to the GPU for every forward
    // pass (vLLM cpu_offload_gb, accelerate's offload hooks); others compute the host layers on
    // the CPU and ship only activations across.
    const bool streams = discrete && rules.streamsHostWeights;
    setWorkload(r, rules, discrete, s);

    // A tied table is read whole as the output head, unless the runtime keeps a separate copy for
    // the head (llama.cpp on a separate GPU): then that copy is read and the host's is only looked up.
    const bool headCopy =
        std::any_of(e.items.begin(), e.items.end(), [](const Item &it) { return it.id == itemid::kWeightsOutputHead; });
    const bool tied = r.model.params.outputHead == 0 && !headCopy;
    const double k = a.numExpertsPerTok, experts = a.numExperts;
    const double activeShareExperts = experts > 0 ? k / experts : 1;
    const double coverage = expertCoverage(k, experts, double(s.microBatchTokens));
    s.expertsPerToken = experts > 0 ? k : 0;
    s.routedExperts = experts > 0 ? experts : 0;
    // Per-pool sums on the stack for the usual handful of pools (this runs on every estimate).
    std::array<Sums, 16> local{};
    std::vector<Sums> heap;
    Sums *sums = local.data();
    if (e.pools.size() > local.size()) {
        heap.resize(e.pools.size());
        sums = heap.data();
    }
    sumPoolItems(e, tied, sums);
    double readTotal = 0, layerTotal = 0, decoderTotal = 0, routedTotal = 0, kvTotal = 0;
    for (std::size_t i = 0; i < e.pools.size(); ++i) {
        readTotal += sums[i].dense + sums[i].routed * activeShareExperts;
        layerTotal += sums[i].layers;
        decoderTotal += sums[i].decoder;
        routedTotal += sums[i].routed;
    }
    if (readTotal <= 0) {
        s.reason = "no weights to read";
        return;
    }
    spreadPreallocatedKv(e, a, layerTotal, sums);
    for (std::size_t i = 0; i < e.pools.size(); ++i)
        kvTotal += sums[i].kv;

    // The llama.cpp build a ggml runtime runs (Ollama's vendored one), for its cut-offs.
    const RuntimeRelease ggmlBuild = llamacpp::buildRelease(r.runtime.engine, r.release);
    HostPaths host = hostPaths(r, rules, discrete, s);
    // A build that repacked the host layers beside a GPU (llama.cpp 4282-4935) kept their products
    // on the CPU: a repacked buffer is not a host buffer to the scheduler, which offloads only
    // products of host-buffer weights. When most of the host's layer weights are repacked, the
    // prompt runs there as on a CPU-only machine (issue #12481: 420 -> 37 prompt tokens/s).
    for (std::size_t i = 0; host.opOffload && i < e.pools.size(); ++i)
        if (e.pools[i].kind == PoolKind::Ram && sums[i].repacked > 0.5 * sums[i].layers)
            host.opOffload = false;
    // A build for an SVE core: -mcpu=native on one, or the SVE variant a release loads there.
    const runtimes::CpuAttentionBuild attentionBuild{
        releaseAtLeast(ggmlBuild, Engine::LlamaCpp, llamacpp::kTiledCpuFlashAttnSince), host.simd == "neon_sve"};
    const PoolSetting setting{r, rules, rules.family, streams, std::move(host), activeShareExperts, coverage, readTotal,
                              layerTotal, decoderTotal, routedTotal, kvTotal,
                              (r.runtime.engine != Engine::LlamaCpp && r.runtime.engine != Engine::Ollama) ||
                                  releaseAtLeast(ggmlBuild, Engine::LlamaCpp, llamacpp::kUsedExpertsCopySince),
                              rules.ggmlScheduler && estimation::rowSplitApplies(r),
                              double(s.contextTokens) / double(std::max<std::uint64_t>(1, r.workload.contextTokens)),
                              runtimes::ggmlCpuAttentionKernel(r.settings.flashAttn, attentionBuild, r.kvFormatK,
                                                               r.kvFormatV, s.microBatchTokens),
                              // -nkvo: llama.cpp pins the attention to the CPU (llama-graph.cpp, build_attn_mha:
                              // the attention output to the CPU backend when !offload_kqv).
                              r.placement.kvOnGpu &&
                                  runtimes::ggmlGpuRunsAttention(r.settings.flashAttn, attentionOpShape(r)),
                              double(s.contextTokens),
                              rules.ggmlScheduler && !r.settings.flashAttn
                                  ? runtimes::kGgmlScoreTraffic.usual / (2 * attentionWidth(r, rules))
                                  : 0};
    s.rowSplit = setting.rowSplit;
    bool hostUsed = false;
    if (!buildPools(setting, e, sums, s, hostUsed))
        return;
    // Only a pool in host RAM has weights to copy, so the minimum matters (and is written) only then.
    s.opOffloadMinBatch = hostUsed && setting.host.opOffload ? r.runtime.opOffloadMinBatch : 0;
    if (hostUsed && setting.host.ramAssumed)
        e.addNotice(makeNotice("warn.speed_host_assumed", {}));
    if (hostUsed && r.host.cpuAssumed && cpuComputes(s))
        e.addNotice(makeNotice("warn.speed_cpu_assumed", {}));
    if (computeFromBandwidth(r.hardware, deviceFlops(r.hardware, *r.weightFormat)))
        e.addNotice(makeNotice("warn.speed_no_compute_figure", {textArg("device", r.hardware.name)}));
    setAllReduce(r, setting.host.link, s);
    setHostSwitches(r, rules, discrete, releaseAtLeast(ggmlBuild, Engine::LlamaCpp, llamacpp::kCpuThreadPoolSince), s);
    // The host's work per step is the runtime's on the pool that drives the step (the first).
    s.stepCost =
        backendEfficiency(rules.family, s.pools.front().backend, poolMemory(r.hardware, !s.pools.front().device),
                          poolVendor(r.hardware, !s.pools.front().device))
            .decodeStep;
    s.available = true;
    addHeadline(r, e, s);
}

} // namespace memplan
