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

std::string formatTable(const Estimate &e)
{
    std::ostringstream o;
    o << "Model: " << e.model.name << "  parameters " << formatCount(e.model.parameters);
    if (e.model.activeParameters && e.model.activeParameters != e.model.parameters)
        o << " (active " << formatCount(e.model.activeParameters) << ")";
    o << "\n  weights " << formatBoth(e.model.weightsBytes) << " [" << evidenceId(e.model.weightsEvidence) << "]"
      << ", KV per token " << formatCount(e.model.kvBytesPerToken) << " bytes (" << formatBinary(e.model.kvBytesPerToken)
      << ")\n";
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
          << "  trainable parameters " << formatCount(t.trainableParameters) << ", frozen " << formatCount(t.frozenParameters)
          << "\n  model states per GPU " << formatBoth(t.modelStateBytesPerRank) << " (whole model unsharded "
          << formatBoth(t.modelStateBytesTotal) << ")\n  activations and logits per GPU " << formatBoth(t.activationBytesPerRank)
          << " (micro-batch " << t.microBatch << " x " << formatCount(t.sequenceLength) << " tokens; "
          << formatCount(t.tokensPerStep) << " tokens per optimizer step)\n";
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
        std::snprintf(buf, sizeof buf, "GPU KV cache size: %s tokens\nMaximum concurrency for %s tokens per request: %.2fx\n",
                      formatCount(e.kvCapacityTokens).c_str(), formatCount(e.contextTokens).c_str(),
                      e.maxConcurrency);
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
    o << "\nVerdict: " << (e.fits ? "fits" : "does not fit") << "\n";
    for (const auto &w : e.warnings)
        o << "warning: " << w << "\n";
    if (!e.launchCommand.empty())
        o << "Launch: " << e.launchCommand << "\n";
    return o.str();
}

} // namespace memplan::cli
