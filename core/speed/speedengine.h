#pragma once
// Speed from the memory plan: after the sizing engine has placed every guest in a
// pool, this reads what each pool holds and turns it into decode and prefill speed.
//
// Decode (one step makes one token for each of B sequences):
//   t_p(B)   = max((W_p + B × KV_p) / BW_p , (2 × P_p + A_p) × B / F_p)   per pool p
//   t_step   = Σ_p t_p            layers split across pools run one after another
//            = max_gpu t_p + Σ_host t_p + t_allreduce    under tensor parallelism
//   speed    = 1 / t_step per sequence, B / t_step in total
// W_p counts the weights pool p reads per step: for a mixture of experts the shared
// parts, the router and k of E routed experts, not all of them. KV_p is one
// sequence's KV (or recurrent state) held there. BW_p is the bandwidth of the
// memory the pool's reads run at: GPU memory, the GPU's share of unified memory,
// host RAM for layers the CPU computes, or the host link when the runtime streams
// offloaded weights to the GPU. F_p is the dense throughput for the weight format.
//
// Prefill (time to first token for a prompt of T tokens in micro-batches of u):
//   t_p = max(ceil(T/u) × W'_p / BW'_p , (2 × P_p × T + 2 × L_p × H × d × T²) / F'_p)
// where the prompt's attention term grows with the square of its length.
//
// Expected = bound × efficiency (core/speed/efficiency.h), applied per pool.

#include "estimate.h"
#include "scenario/resolve.h"

namespace memplan {

/// Fills e.speed from the resolved scenario and the estimate's items (no items: not available).
void estimateSpeed(const ResolvedScenario &r, Estimate &e);

/// Decode speed at another concurrency B with the same placement and context:
/// per sequence (tokens/s) and in total. Used by charts and solvers.
struct DecodeAt {
    SpeedFigure perSequence;
    SpeedFigure total;
    std::string_view limiter;
};
DecodeAt decodeAt(const SpeedEstimate &s, double concurrency);

/// Bytes one pool reads in a decode step of B sequences: its weights (k of E routed experts) and each
/// sequence's KV; the expected figure adds the other experts the sequences' own picks touch.
struct StepBytes {
    double fewest = 0;   ///< what the bound divides by the bandwidth
    double expected = 0; ///< with the union of the sequences' experts (uniform routing)
};
StepBytes decodeStepBytes(const SpeedEstimate &s, const PoolTraffic &p, double concurrency);

/// Prefill of a prompt of T tokens with the same placement.
struct PrefillAt {
    SpeedFigure seconds; ///< bound = shortest; low/high = the expected range
    SpeedFigure tokensPerSecond;
    std::string_view limiter;
};
PrefillAt prefillAt(const SpeedEstimate &s, double promptTokens);

/// Attention FLOPs of a prompt of T tokens (the causal half): the full layers over T²/2 pairs,
/// the windowed ones over the pairs inside their window, W·T − W²/2 once T passes W.
double promptAttentionFlops(const SpeedEstimate &s, double promptTokens);
/// Attention FLOPs per decoded token at a context of `contextTokens`: 2 × coefficient × the keys
/// each layer meets (a windowed layer at most W).
double decodeAttentionFlops(const SpeedEstimate &s, double contextTokens);

} // namespace memplan
