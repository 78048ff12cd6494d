#include "tableprinter.h"

#include "units.h"

#include <cstdio>
#include <sstream>

namespace memplan::cli {

namespace {

std::string row(const std::string &label, Bytes b, const std::string &extra = {})
{
    char buf[256];
    std::snprintf(buf, sizeof buf, "  %-34s %12s GiB %12s GB  %s\n", label.c_str(), formatGiBNumber(b).c_str(),
                  formatGBNumber(b).c_str(), extra.c_str());
    return buf;
}

} // namespace

/// The speed block: bound (the physical ceiling) and expected range, per docs/formulas.md "Speed".
static std::string formatSpeedBlock(const Estimate &e)
{
    const SpeedEstimate &s = e.speed;
    if (!s.available)
        return s.reason.empty() ? std::string() : "Speed: not computed (" + std::string(s.reason) + ")\n";
    std::ostringstream o;
    char buf[256];
    auto limiterOf = [&](std::string_view id) {
        for (const SpeedItem &it : s.items)
            if (it.id == id)
                return std::string(it.limiter);
        return std::string();
    };
    o << "Speed (bound = physical ceiling; expected = bound x backend efficiency, range low-high):\n";
    std::snprintf(buf, sizeof buf, "  decode per sequence   bound %.1f tokens/s, expected %.1f (%.1f-%.1f)  [%s]\n",
                  s.decodePerSequence.bound, s.decodePerSequence.expected, s.decodePerSequence.low,
                  s.decodePerSequence.high, limiterOf("decode_per_sequence").c_str());
    o << buf;
    std::snprintf(buf, sizeof buf, "  decode, %llu sequences  bound %.1f tokens/s, expected %.1f (%.1f-%.1f)\n",
                  static_cast<unsigned long long>(s.concurrency), s.decodeTotal.bound, s.decodeTotal.expected,
                  s.decodeTotal.low, s.decodeTotal.high);
    o << buf;
    if (s.prefill.expected > 0) {
        std::snprintf(
            buf, sizeof buf,
            "  prompt of %llu tokens  bound %.0f tokens/s; time to first token expected %.3g s (%.3g-%.3g s)  [%s]\n",
            static_cast<unsigned long long>(s.promptTokens), s.prefill.bound, s.timeToFirstToken.expected,
            s.timeToFirstToken.low, s.timeToFirstToken.high, limiterOf("prefill").c_str());
    } else {
        std::snprintf(buf, sizeof buf,
                      "  prompt of %llu tokens  bound %.0f tokens/s (memory reads only: no throughput figure)\n",
                      static_cast<unsigned long long>(s.promptTokens), s.prefill.bound);
    }
    o << buf;
    for (const PoolTraffic &p : s.pools) {
        const std::string name = p.pool < e.pools.size() ? e.pools[p.pool].name : "?";
        std::snprintf(buf, sizeof buf, "  %s: reads %.2f GB per step at %.1f GB/s (%s, %s)\n", name.c_str(),
                      (p.weightBytes + double(s.concurrency) * p.kvBytesPerSequence) / 1e9, p.bandwidth / 1e9,
                      std::string(p.path).c_str(), std::string(p.backend).c_str());
        o << buf;
    }
    return o.str();
}

std::string formatTable(const Estimate &e)
{
    std::ostringstream o;
    o << "Model: " << e.model.name << "  parameters " << formatCount(e.model.parameters);
    if (e.model.activeParameters && e.model.activeParameters != e.model.parameters)
        o << " (active " << formatCount(e.model.activeParameters) << ")";
    o << "\n  weights " << formatBoth(e.model.weightsBytes) << " [" << evidenceId(e.model.weightsEvidence) << "]"
      << ", KV per token " << formatCount(e.model.kvBytesPerToken) << " bytes ("
      << formatBinary(e.model.kvBytesPerToken) << ")\n";
    if (e.model.recurrentStateBytesPerSequence)
        o << "  recurrent state per sequence " << formatCount(e.model.recurrentStateBytesPerSequence) << " bytes ("
          << formatBinary(e.model.recurrentStateBytesPerSequence) << "), fixed whatever the context\n";
    if (e.model.assumedArchitecture)
        o << "  ASSUMED ARCHITECTURE: the model type is unknown; sized as a Llama-style decoder from its standard "
             "keys\n";
    o << "Units: GiB = 2^30 bytes, GB = 10^9 bytes.\n\n";
    for (const Pool &p : e.pools) {
        o << p.name << " [" << poolKindId(p.kind) << "]  capacity " << formatBoth(p.capacityBytes) << ", usable "
          << formatBoth(p.usableBytes) << "\n";
        const auto poolIndex = static_cast<std::uint16_t>(&p - e.pools.data());
        for (Guest g : kAllGuests) {
            // The weakest evidence among the guest's items labels the row; estimated rows show their range.
            bool estimated = false;
            bool measured = false;
            Bytes low = 0;
            Bytes high = 0;
            for (const Item &it : e.items) {
                if (it.pool != poolIndex || it.guest != g)
                    continue;
                estimated = estimated || it.evidence == Evidence::Estimated;
                measured = measured || it.evidence == Evidence::Measured;
                low += it.low;
                high += it.high;
            }
            std::string extra;
            if (p.guest(g) > 0) {
                extra = estimated ? "estimated " + formatGiBNumber(low) + "-" + formatGiBNumber(high) + " GiB"
                                  : (measured ? "measured" : "calculated");
            }
            o << row(std::string(guestId(g)), p.guest(g), extra);
        }
        o << row("total", p.totalBytes, p.fits ? "fits" : "DOES NOT FIT");
        if (p.loadingPeakBytes > p.totalBytes)
            o << row("loading peak", p.loadingPeakBytes);
        o << "\n";
    }
    if (e.training.active) {
        // Training: the weights row holds the model states (weights, gradients, master weights,
        // optimizer states); there is no KV cache to size.
        const TrainingSummary &t = e.training;
        o << "Training: " << t.method << ", " << t.optimizer << ", " << t.sharding << " over " << t.shardDegree
          << " rank(s), data parallel " << t.dataParallel << ", tensor parallel " << t.tensorParallel << "\n"
          << "  trainable parameters " << formatCount(t.trainableParameters) << ", frozen "
          << formatCount(t.frozenParameters) << "\n  model states per GPU " << formatBoth(t.modelStateBytesPerRank)
          << " (whole model unsharded " << formatBoth(t.modelStateBytesTotal) << ")\n  activations and logits per GPU "
          << formatBoth(t.activationBytesPerRank) << " (micro-batch " << t.microBatch << " x "
          << formatCount(t.sequenceLength) << " tokens; " << formatCount(t.tokensPerStep)
          << " tokens per optimizer step)\n";
        o << "Verdict: " << (e.fits ? "fits" : "does not fit") << "\n";
        for (const auto &w : e.warnings)
            o << "warning: " << w << "\n";
        if (!e.launchCommand.empty())
            o << "Launch: " << e.launchCommand << "\n";
        return o.str();
    }
    if (e.engine == Engine::Vllm) {
        // The two lines exactly as vLLM prints them at start-up.
        char buf[160];
        std::snprintf(buf, sizeof buf,
                      "GPU KV cache size: %s tokens\nMaximum concurrency for %s tokens per request: %.2fx\n",
                      formatCount(e.kvCapacityTokens).c_str(), formatCount(e.contextTokens).c_str(), e.maxConcurrency);
        o << buf;
    }
    o << "KV capacity: " << formatCount(e.kvCapacityTokens) << " tokens";
    if (e.kvCapacityTokensHigh > 0)
        o << " (range " << formatCount(e.kvCapacityTokensLow) << " to " << formatCount(e.kvCapacityTokensHigh) << ")";
    if (e.maxConcurrency > 0) {
        char buf[64];
        std::snprintf(buf, sizeof buf, " (%.2fx concurrency at the scenario's context)", e.maxConcurrency);
        o << buf;
    }
    o << "\nVerdict: " << (!e.willStart() ? "will not start" : e.fits ? "fits" : "does not fit") << "\n";
    if (!e.runtimeRelease.empty())
        o << "Release modelled: " << engineId(e.engine) << " " << e.runtimeRelease
          << (e.runtimeReleaseDefaulted ? " (the newest the profile follows; set runtime.version for another)" : "")
          << "\n";
    for (const Notice &n : e.refusals)
        o << "refused: " << noticeEnglish(n) << "\n";
    o << formatSpeedBlock(e);
    for (const auto &w : e.warnings)
        o << "warning: " << w << "\n";
    if (!e.launchCommand.empty())
        o << "Launch: " << e.launchCommand << "\n";
    return o.str();
}

} // namespace memplan::cli
