#include "tableprinter.h"

#include "clitext.h"
#include "enginetext.h"
#include "poolfigures.h"
#include "questions/kvshortfall.h"
#include "runtimes/runtimemodel.h"
#include "speed/planspeed.h"
#include "speed/speedengine.h"
#include "speed/speedtexts.h"
#include "units.h"

#include <QCoreApplication>

#include <cstdio>
#include <sstream>
#include <vector>

namespace memplan::cli {

namespace {

std::string row(const std::string &label, Bytes b, const std::string &extra = {})
{
    char buf[256];
    std::snprintf(buf, sizeof buf, " %12s GiB %12s GB  %s\n", formatGiBNumber(b).c_str(), formatGBNumber(b).c_str(),
                  extra.c_str());
    return "  " + padTo(label, 34) + buf;
}

/// A guest's row label: its id in English (scripts read it), its name in Korean.
std::string guestLabel(Guest g)
{
    if (!cliKorean())
        return std::string(guestId(g));
    return memplan::ui::guestText(g).toStdString(); // the chart legend's words
}

/// calculated / estimated / measured, as the evidence column says them.
std::string evidenceWord(Evidence e)
{
    switch (e) {
    case Evidence::Measured:
        return say(QT_TRANSLATE_NOOP("CliText", "measured"));
    case Evidence::Estimated:
        return say(QT_TRANSLATE_NOOP("CliText", "estimated"));
    default:
        return say(QT_TRANSLATE_NOOP("CliText", "calculated"));
    }
}

/// A warning or refusal: the core's English, or its translation by notice id.
std::string noticeLine(const Notice &n)
{
    return cliKorean() ? memplan::ui::noticeText(n).toStdString() : noticeEnglish(n);
}

/// The estimate's warnings: English as the engine wrote them; in Korean, each one that is a
/// notice (the same English) through its translation by id, any other (a file importer's
/// note) as written.
std::vector<std::string> warningLines(const Estimate &e)
{
    std::vector<std::string> out;
    for (const std::string &w : e.warnings) {
        std::string line = w;
        if (cliKorean())
            for (const Notice &n : e.notices)
                if (noticeEnglish(n) == w) {
                    line = memplan::ui::noticeText(n).toStdString();
                    break;
                }
        out.push_back(line);
    }
    return out;
}

std::string formatRate(double tokensPerSecond)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", tokensPerSecond);
    return buf;
}

std::string limiterWord(const std::string &limiter)
{
    return cliKorean() ? memplan::ui::speedLimiterText(limiter).toStdString() : limiter;
}

} // namespace

/// The speed block: bound (the physical ceiling) and expected range, per docs/formulas.md "Speed".
static std::string formatSpeedBlock(const Estimate &e, const ResolvedScenario *r)
{
    if (!e.fits) { // no tokens/s for a plan that would not run
        if (r)
            if (const PlanSpeed p = planSpeed(*r, e); p.kind == PlanSpeed::Kind::Offloaded)
                return say(QT_TRANSLATE_NOOP("CliText", "Speed: the plan does not fit in memory, so it would not run "
                                                        "as set; with %1 of %2 layers on the GPU (the rest in host "
                                                        "RAM) it fits, at about %3 tokens/s per sequence (%4-%5)"),
                           {std::to_string(p.gpuLayers), std::to_string(p.layers),
                            formatRate(p.speed.decodePerSequence.expected), formatRate(p.speed.decodePerSequence.low),
                            formatRate(p.speed.decodePerSequence.high)}) +
                       "\n";
        return say(QT_TRANSLATE_NOOP("CliText", "Speed: none; the plan does not fit in memory, so it would not run")) +
               "\n";
    }
    const SpeedEstimate &s = e.speed;
    if (!s.available)
        return s.reason.empty() ? std::string()
                                : say(QT_TRANSLATE_NOOP("CliText", "Speed: not computed (%1)"),
                                      {engineSays(std::string(s.reason))}) +
                                      "\n";
    std::ostringstream o;
    char buf[256];
    auto limiterOf = [&](std::string_view id) {
        for (const SpeedItem &it : s.items)
            if (it.id == id)
                return limiterWord(std::string(it.limiter));
        return std::string();
    };
    // Numbers are formatted here and placed into translated sentences, so both languages
    // print the same digits.
    auto num = [&buf](const char *fmt, double v) {
        std::snprintf(buf, sizeof buf, fmt, v);
        return std::string(buf);
    };
    const std::string count = std::to_string(s.concurrency);
    const std::string prompt = std::to_string(s.promptTokens);
    o << say(QT_TRANSLATE_NOOP(
             "CliText",
             "Speed (bound = physical ceiling; expected = bound / backend efficiency + fixed costs per step, range "
             "low-high):"))
      << "\n  "
      << say(QT_TRANSLATE_NOOP("CliText", "decode per sequence   bound %1 tokens/s, expected %2 (%3-%4)  [%5]"),
             {num("%.1f", s.decodePerSequence.bound), num("%.1f", s.decodePerSequence.expected),
              num("%.1f", s.decodePerSequence.low), num("%.1f", s.decodePerSequence.high),
              limiterOf("decode_per_sequence")})
      << "\n  "
      << say(s.concurrency == 1
                 ? QT_TRANSLATE_NOOP("CliText", "decode, %1 sequence   bound %2 tokens/s, expected %3 (%4-%5)")
                 : QT_TRANSLATE_NOOP("CliText", "decode, %1 sequences  bound %2 tokens/s, expected %3 (%4-%5)"),
             {count, num("%.1f", s.decodeTotal.bound), num("%.1f", s.decodeTotal.expected),
              num("%.1f", s.decodeTotal.low), num("%.1f", s.decodeTotal.high)})
      << "\n  ";
    if (s.prefill.expected > 0) {
        o << say(QT_TRANSLATE_NOOP("CliText", "prompt of %1 tokens  bound %2 tokens/s; time to first token expected "
                                              "%3 s (%4-%5 s)  [%6]"),
                 {prompt, num("%.0f", s.prefill.bound), num("%.3g", s.timeToFirstToken.expected),
                  num("%.3g", s.timeToFirstToken.low), num("%.3g", s.timeToFirstToken.high), limiterOf("prefill")});
    } else {
        o << say(QT_TRANSLATE_NOOP("CliText",
                                   "prompt of %1 tokens  bound %2 tokens/s (memory reads only: no throughput figure)"),
                 {prompt, num("%.0f", s.prefill.bound)});
    }
    o << "\n";
    for (const PoolTraffic &p : s.pools) {
        const std::string name = p.pool < e.pools.size() ? engineSays(e.pools[p.pool].name) : "?";
        const std::string path = cliKorean() ? memplan::ui::speedPathText(p.path).toStdString() : std::string(p.path);
        const StepBytes bytes = decodeStepBytes(s, p, double(s.concurrency));
        o << "  "
          << say(QT_TRANSLATE_NOOP("CliText", "%1: reads %2 GB per step at %3 GB/s (%4, %5)"),
                 {name, num("%.2f", bytes.fewest / 1e9), num("%.1f", p.bandwidth / 1e9), path, std::string(p.backend)});
        if (bytes.expected > bytes.fewest * 1.0005) // the sequences of a mixture pick different experts
            o << say(QT_TRANSLATE_NOOP("CliText", "; %1 GB expected, as the sequences pick different experts"),
                     {num("%.2f", bytes.expected / 1e9)});
        o << "\n";
    }
    return o.str();
}

namespace {

/// The model's header lines and the units line.
void printModel(std::ostringstream &o, const Estimate &e)
{
    std::string model =
        say(QT_TRANSLATE_NOOP("CliText", "Model: %1  parameters %2"), {e.model.name, formatCount(e.model.parameters)});
    if (e.model.activeParameters && e.model.activeParameters != e.model.parameters)
        model += " " + say(QT_TRANSLATE_NOOP("CliText", "(active %1)"), {formatCount(e.model.activeParameters)});
    o << model << "\n  "
      << say(QT_TRANSLATE_NOOP("CliText", "weights %1 [%2], KV per token %3 bytes (%4)"),
             {formatBoth(e.model.weightsBytes), evidenceWord(e.model.weightsEvidence),
              formatCount(e.model.kvBytesPerToken), formatBinary(e.model.kvBytesPerToken)})
      << "\n";
    if (e.model.recurrentStateBytesPerSequence)
        o << "  "
          << say(QT_TRANSLATE_NOOP("CliText", "recurrent state per sequence %1 bytes (%2), fixed whatever the context"),
                 {formatCount(e.model.recurrentStateBytesPerSequence),
                  formatBinary(e.model.recurrentStateBytesPerSequence)})
          << "\n";
    if (e.model.assumedArchitecture)
        o << "  "
          << say(QT_TRANSLATE_NOOP("CliText", "ASSUMED ARCHITECTURE: the model type is unknown; sized as a "
                                              "Llama-style decoder from its standard keys"))
          << "\n";
    o << say(QT_TRANSLATE_NOOP("CliText", "Units: GiB = 2^30 bytes, GB = 10^9 bytes.")) << "\n\n";
}

/// One pool: a row per guest, its total, and its one free/over figure.
void printPool(std::ostringstream &o, const Estimate &e, const Pool &p)
{
    o << say(QT_TRANSLATE_NOOP("CliText", "%1 [%2]  capacity %3, usable %4"),
             {engineSays(p.name), std::string(poolKindId(p.kind)), formatBoth(p.capacityBytes),
              formatBoth(p.usableBytes)})
      << "\n";
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
            extra = estimated ? say(QT_TRANSLATE_NOOP("CliText", "estimated %1-%2 GiB"),
                                    {formatGiBNumber(low), formatGiBNumber(high)})
                              : evidenceWord(measured ? Evidence::Measured : Evidence::Calculated);
        }
        o << row(guestLabel(g), p.guest(g), extra);
    }
    o << row(say(QT_TRANSLATE_NOOP("CliText", "total")), p.totalBytes,
             p.fits ? say(QT_TRANSLATE_NOOP("CliText", "fits")) : say(QT_TRANSLATE_NOOP("CliText", "DOES NOT FIT")));
    // The pool's one free/over figure, as the window's headline and bar say it (estimate.h).
    const KvShortfall kv = kvPoolShortfall(e, poolIndex);
    if (p.fits)
        o << row(say(QT_TRANSLATE_NOOP("CliText", "free")), poolFree(p));
    else if (poolOver(p) > 0)
        o << row(say(QT_TRANSLATE_NOOP("CliText", "over")), poolOver(p));
    else if (kv)
        o << row(say(QT_TRANSLATE_NOOP("CliText", "KV pool short")), kv.bytes,
                 say(QT_TRANSLATE_NOOP("CliText", "%1 tokens: the pool holds %2, the workload asks for %3"),
                     {formatCount(kv.tokens), formatCount(kv.poolTokens), formatCount(kv.requestedTokens)}));
    if (p.reclaimableBytes > 0) // counted in the total, left out of the fit (estimate.h)
        o << row(say(QT_TRANSLATE_NOOP("CliText", "of which reclaimable")), p.reclaimableBytes,
                 say(QT_TRANSLATE_NOOP("CliText", "mapped file pages; not required")));
    if (p.loadingPeakBytes > p.totalBytes)
        o << row(say(QT_TRANSLATE_NOOP("CliText", "loading peak")), p.loadingPeakBytes);
    o << "\n";
}

/// A training estimate's summary, verdict, warnings and launch line.
void printTraining(std::ostringstream &o, const Estimate &e, const std::string &verdictFits,
                   const std::string &verdictNo)
{
    // Training: the weights row holds the model states (weights, gradients, master weights,
    // optimizer states); there is no KV cache to size.
    const TrainingSummary &t = e.training;
    o << say(QT_TRANSLATE_NOOP("CliText", "Training: %1, %2, %3 over %4 rank(s), data parallel %5, tensor parallel %6"),
             {t.method, t.optimizer, t.sharding, std::to_string(t.shardDegree), std::to_string(t.dataParallel),
              std::to_string(t.tensorParallel)})
      << "\n  "
      << say(QT_TRANSLATE_NOOP("CliText", "trainable parameters %1, frozen %2"),
             {formatCount(t.trainableParameters), formatCount(t.frozenParameters)})
      << "\n  "
      << say(QT_TRANSLATE_NOOP("CliText", "model states per GPU %1 (whole model unsharded %2)"),
             {formatBoth(t.modelStateBytesPerRank), formatBoth(t.modelStateBytesTotal)})
      << "\n  "
      << say(QT_TRANSLATE_NOOP("CliText", "activations and logits per GPU %1 (micro-batch %2 x %3 tokens; %4 "
                                          "tokens per optimizer step)"),
             {formatBoth(t.activationBytesPerRank), std::to_string(t.microBatch), formatCount(t.peakSequenceTokens),
              formatCount(t.tokensPerStep)})
      << "\n";
    o << say(QT_TRANSLATE_NOOP("CliText", "Verdict: %1"), {e.fits ? verdictFits : verdictNo}) << "\n";
    for (const std::string &w : warningLines(e))
        o << say(QT_TRANSLATE_NOOP("CliText", "warning: %1"), {w}) << "\n";
    if (!e.launchCommand.empty())
        o << say(QT_TRANSLATE_NOOP("CliText", "Launch: %1"), {e.launchCommand}) << "\n";
    if (!e.launchNote.id.empty())
        o << say(QT_TRANSLATE_NOOP("CliText", "note: %1"), {noticeLine(e.launchNote)}) << "\n";
}

} // namespace

std::string formatTable(const Estimate &e, const ResolvedScenario *r)
{
    std::ostringstream o;
    printModel(o, e);
    for (const Pool &p : e.pools)
        printPool(o, e, p);
    const std::string verdictFits = say(QT_TRANSLATE_NOOP("CliText", "fits"));
    const std::string verdictNo = say(QT_TRANSLATE_NOOP("CliText", "does not fit"));
    if (e.training.active) {
        printTraining(o, e, verdictFits, verdictNo);
        return o.str();
    }
    // The lines exactly as the runtime prints them at start-up (its own words: never translated).
    o << runtimeModel(e.engine).startupEcho(e);
    std::string kv = say(QT_TRANSLATE_NOOP("CliText", "KV capacity: %1 tokens"), {formatCount(e.kvCapacityTokens)});
    if (e.kvCapacityTokensHigh > 0)
        kv += " " + say(QT_TRANSLATE_NOOP("CliText", "(range %1 to %2)"),
                        {formatCount(e.kvCapacityTokensLow), formatCount(e.kvCapacityTokensHigh)});
    if (e.maxConcurrency > 0) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.2f", e.maxConcurrency);
        kv += " " + say(QT_TRANSLATE_NOOP("CliText", "(%1x concurrency at the scenario's context)"), {buf});
    }
    o << kv << "\n"
      << say(QT_TRANSLATE_NOOP("CliText", "Verdict: %1"),
             {!e.willStart() ? say(QT_TRANSLATE_NOOP("CliText", "will not start"))
              : e.fits       ? verdictFits
                             : verdictNo})
      << "\n";
    if (!e.runtimeRelease.empty())
        o << say(e.runtimeReleaseDefaulted
                     ? QT_TRANSLATE_NOOP("CliText", "Release modelled: %1 %2 (the newest the profile follows; set "
                                                    "runtime.version for another)")
                     : QT_TRANSLATE_NOOP("CliText", "Release modelled: %1 %2"),
                 {std::string(engineId(e.engine)), e.runtimeRelease})
          << "\n";
    for (const Notice &n : e.refusals)
        o << say(QT_TRANSLATE_NOOP("CliText", "refused: %1"), {noticeLine(n)}) << "\n";
    o << formatSpeedBlock(e, r);
    for (const std::string &w : warningLines(e))
        o << say(QT_TRANSLATE_NOOP("CliText", "warning: %1"), {w}) << "\n";
    if (!e.launchCommand.empty())
        o << say(QT_TRANSLATE_NOOP("CliText", "Launch: %1"), {e.launchCommand}) << "\n";
    if (!e.launchNote.id.empty())
        o << say(QT_TRANSLATE_NOOP("CliText", "note: %1"), {noticeLine(e.launchNote)}) << "\n";
    return o.str();
}

} // namespace memplan::cli
