// Speed engine (core/speed): decode and prefill bounds from the memory plan.
// Golden values come from the seed deep dive's bandwidth example (003, section 10:
// 4 GiB read per token at 64 GiB/s is a ceiling of about 16 tokens/s) and from
// arithmetic on the preset figures shown next to each check; the published
// measurements in tests/data/speed/cases.json must never exceed a bound; how well the expected
// range fits them is printed per split (modelling / kept aside) and group (speedevidence.h).
#include "estimator.h"
#include "formats/estimatejson.h"
#include "questions/solvers.h"
#include "runtimes/ggml/ggmlcpuattention.h"
#include "scenario/scenariojson.h"
#include "speed/efficiency.h"
#include "speed/speedengine.h"
#include "speed/speedjson.h"
#include "speed/speedseries.h"
#include "speedevidence.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace memplan;

namespace {

Estimate run(const Scenario &s)
{
    return estimate(resolveScenario(s, test::shippedCatalog()));
}

Scenario llamaCpp(const std::string &model, const std::string &format, std::uint64_t context, const std::string &hw)
{
    Scenario s = test::theoryScenario(model, format, context, 1, hw);
    s.runtime.preset = "llama.cpp";
    return s;
}

/// Llama 2 7B Q4_0 on an RTX 4090 with half its layers in host RAM, in micro-batches of 512 (op
/// offload on), at a 4,096-token context.
Scenario halfTheLayersOnTheHost()
{
    Scenario s = llamaCpp("llama-2-7b", "q4_0", 4096, "rtx-4090");
    s.placement.gpuLayerFraction = 0.5;
    s.workload.batchTokens = 512;
    return s;
}

const SpeedItem *item(const Estimate &e, std::string_view id)
{
    for (const SpeedItem &it : e.speed.items)
        if (it.id == id)
            return &it;
    return nullptr;
}

} // namespace

class TestSpeed : public QObject {
    Q_OBJECT

private slots:
    void seedBandwidthExample()
    {
        // Seed 003 §10: 4 GiB read per token at an effective 64 GiB/s -> about 16 tokens/s.
        SpeedEstimate s;
        s.available = true;
        PoolTraffic p;
        p.bandwidth = 64.0 * double(GiB);
        p.weightBytes = 4.0 * double(GiB);
        p.decodeEfficiency = {1, 1, 1};
        s.pools.push_back(p);
        QCOMPARE(decodeAt(s, 1).perSequence.bound, 16.0);
        // Batching reuses the weights: eight sequences share one read, so the total is 8x (no compute cap here).
        QCOMPARE(decodeAt(s, 8).total.bound, 128.0);
        QCOMPARE(decodeAt(s, 8).perSequence.bound, 16.0);
    }

    void boundIsBandwidthOverBytesRead()
    {
        // Llama 3.1 8B Q4_K_M on an RTX 4090 (1008 GB/s): everything on the GPU, so the bound is
        // 1008e9 / (weights read per token + KV of one sequence). The untied embedding is not read
        // whole (one row per token), the output head is.
        const Estimate e = run(llamaCpp("llama-3.1-8b", "q4_k_m", 4096, "rtx-4090"));
        QVERIFY(e.speed.available);
        QCOMPARE(e.speed.pools.size(), std::size_t(1));
        double weights = 0, kv = 0, embedding = 0;
        for (const Item &it : e.items) {
            if (it.guest == Guest::Weights && it.label != "token embedding")
                weights += double(it.bytes);
            if (it.guest == Guest::Weights && it.label == "token embedding")
                embedding += double(it.bytes);
            if (it.guest == Guest::KvCache)
                kv += double(it.bytes);
        }
        QVERIFY(embedding > 0);
        const double expected = 1008e9 / (weights + kv);
        QVERIFY(qAbs(e.speed.decodePerSequence.bound - expected) < 1e-9 * expected);
        // llama.cpp on CUDA: the expected step is the bound's step over the middle efficiency plus
        // the fixed cost of each of the 32 layers (docs/formulas.md, "Bound and expected").
        const BackendEfficiency &row = backendEfficiency("ggml", "cuda");
        const double step = 1 / expected / row.decode.mid + 32 * row.decodeLayer.mid + row.decodeStep.mid;
        QVERIFY(qAbs(e.speed.decodePerSequence.expected - 1 / step) < 1e-6 * expected);
        QVERIFY(e.speed.decodePerSequence.low < e.speed.decodePerSequence.expected);
        QVERIFY(e.speed.decodePerSequence.high > e.speed.decodePerSequence.expected);
        QVERIFY(item(e, "decode_per_sequence") && item(e, "time_to_first_token"));
        QCOMPARE(item(e, "decode_per_sequence")->limiter, std::string_view("memory bandwidth"));
    }

    void moeReadsOnlyActiveExperts()
    {
        // Qwen3-30B-A3B: 8 of 128 routed experts per token, so a decode step reads far less than
        // the 30B the pool holds; the ratio follows k/E of the expert bytes.
        const Estimate e = run(llamaCpp("qwen3-30b-a3b", "q4_k_m", 4096, "rtx-4090"));
        QVERIFY(e.speed.available);
        double routed = 0, other = 0;
        for (const Item &it : e.items) {
            if (it.guest != Guest::Weights || it.pool != 0 || it.label == "token embedding")
                continue;
            (it.label == "routed experts" ? routed : other) += double(it.bytes);
        }
        QVERIFY(routed > 0);
        const double read = e.speed.pools.front().weightBytes;
        QVERIFY(qAbs(read - (other + routed * 8.0 / 128.0)) < 1.0);
        QVERIFY(read < 0.25 * double(e.model.weightsBytes));
    }

    void sequencesOfAMixtureReadTheUnionOfTheirExperts()
    {
        // Qwen3-30B-A3B (k = 8 of E = 128) fully on a 4090. Two sequences decoded together pick
        // their experts apart: uniform routing touches 1 - (120/128)^2 = 0.12109 of the routed
        // bytes instead of 8/128 = 0.0625. The expected step reads the extra experts; the bound
        // keeps the fewest bytes (both sequences on the same experts) and stays a ceiling.
        const Estimate e = run(llamaCpp("qwen3-30b-a3b", "q4_k_m", 4096, "rtx-4090"));
        QCOMPARE(e.speed.expertsPerToken, 8.0);
        QCOMPARE(e.speed.routedExperts, 128.0);
        const PoolTraffic &gpu = e.speed.pools.front();
        double routed = 0;
        for (const Item &it : e.items)
            if (it.guest == Guest::Weights && it.pool == 0 && it.label == "routed experts")
                routed += double(it.bytes);
        QVERIFY(routed > 0);
        QCOMPARE(gpu.routedBytes, routed);
        const DecodeAt one = decodeAt(e.speed, 1), two = decodeAt(e.speed, 2);
        const double bw = gpu.bandwidth, eta = gpu.decodeEfficiency.mid;
        const double extraShare = (1 - std::pow(120.0 / 128.0, 2)) - 8.0 / 128.0;
        QVERIFY(qAbs(extraShare - 0.0585938) < 1e-6);
        // Memory-bound at both points: the step grows by one sequence's KV and the extra experts.
        const double grown = (gpu.kvBytesPerSequence + routed * extraShare) / (bw * eta);
        QVERIFY(qAbs((1 / two.perSequence.expected - 1 / one.perSequence.expected) - grown) < 1e-9);
        QVERIFY(qAbs((1 / two.perSequence.bound - 1 / one.perSequence.bound) - gpu.kvBytesPerSequence / bw) < 1e-12);
        // The bytes the CLI and the report print per pool say the same.
        const StepBytes bytes = decodeStepBytes(e.speed, gpu, 2);
        QCOMPARE(bytes.fewest, gpu.weightBytes + 2 * gpu.kvBytesPerSequence);
        QVERIFY(qAbs(bytes.expected - (bytes.fewest + routed * extraShare)) < 1.0);
        QCOMPARE(decodeStepBytes(e.speed, gpu, 1).expected, gpu.weightBytes + gpu.kvBytesPerSequence);
        // Many sequences touch nearly every expert: the total gains far less than a dense model's.
        const DecodeAt many = decodeAt(e.speed, 32);
        QVERIFY(many.total.expected < 0.5 * many.total.bound);
        // The term is shown where it applies, and the file keeps what the series needs.
        Scenario two2 = llamaCpp("qwen3-30b-a3b", "q4_k_m", 4096, "rtx-4090");
        two2.workload.concurrency = 2;
        const Estimate e2 = run(two2);
        bool shown = false;
        for (std::uint8_t t = 0; t < item(e2, "decode_per_sequence")->termCount; ++t)
            shown = shown || (item(e2, "decode_per_sequence")->terms[t].symbol == "E_B" &&
                              qAbs(item(e2, "decode_per_sequence")->terms[t].value - 0.12109375) < 1e-9);
        QVERIFY(shown);
        const Estimate back = estimateFromJson(nlohmann::json::parse(estimateToJson(e2).dump()));
        QCOMPARE(back.speed, e2.speed);
        QCOMPARE(decodeAt(back.speed, 32).perSequence.expected, decodeAt(e2.speed, 32).perSequence.expected);
        // A dense model has nothing to add.
        const Estimate dense = run(llamaCpp("llama-3.1-8b", "q4_k_m", 4096, "rtx-4090"));
        QCOMPARE(dense.speed.routedExperts, 0.0);
        QCOMPARE(dense.speed.pools.front().routedBytes, 0.0);
    }

    void offloadedLayersRunAtHostSpeed()
    {
        // Llama 3.1 70B Q4_K_M on a 4090 with 60 % of the layers on the GPU: the host share is read
        // at host RAM speed (default dual-channel DDR5-5600, 89.6 GB/s), which dominates the step.
        Scenario s = llamaCpp("llama-3.1-70b", "q4_k_m", 8192, "rtx-4090");
        s.placement.gpuLayerFraction = 0.6;
        const Estimate e = run(s);
        QVERIFY(e.speed.available);
        QCOMPARE(e.speed.pools.size(), std::size_t(2));
        const PoolTraffic &host = e.speed.pools.back();
        QCOMPARE(host.path, std::string_view("host_ram"));
        QCOMPARE(host.bandwidth, 89.6e9);
        const double gpuTime = e.speed.pools.front().weightBytes / 1008e9;
        const double hostTime = host.weightBytes / 89.6e9;
        QVERIFY(hostTime > 5 * gpuTime);
        QCOMPARE(item(e, "decode_per_sequence")->limiter, std::string_view("host RAM bandwidth"));
        // A faster host (12-channel DDR5-4800, 460.8 GB/s peak) lifts the bound; its 0.8 sustained
        // fraction is a measured copy rate, not a ceiling, so it enters the expected value only.
        s.host.preset = "epyc-genoa-12ch";
        const Estimate fast = run(s);
        QCOMPARE(fast.speed.pools.back().bandwidth, 460.8e9);
        QCOMPARE(fast.speed.pools.back().reachedShare, 0.8);
        QVERIFY(fast.speed.decodePerSequence.bound > 3 * e.speed.decodePerSequence.bound);
        // The host pool's item: its bound reads at the peak, its expected at the stated share.
        const PoolTraffic &fastHost = fast.speed.pools.back();
        bool shown = false;
        for (const SpeedItem &it : fast.speed.items)
            if (it.id == "decode_step_pool" && it.pool == std::int16_t(fastHost.pool)) {
                // Read at the share, the step would take bytes / 368.64 GB/s; at the peak it is shorter.
                const double bytes = fastHost.weightBytes + fastHost.kvBytesPerSequence;
                QCOMPARE(it.value.bound, bytes / 460.8e9);
                QVERIFY(it.value.expected > bytes / (460.8e9 * 0.8));
                for (std::size_t t = 0; t < it.termCount; ++t)
                    shown = shown || (it.terms[t].symbol == "s_p" && it.terms[t].value == 0.8);
            }
        QVERIFY(shown);
    }

    void pageableHostWeightsCrossTheLinkSlower()
    {
        // Op offload (micro-batch 512 >= 32) copies the host layers to the GPU for prefill. Under
        // mmap llama.cpp keeps them in the mapping, pageable since PR #6206 (b2489): the copies go
        // through a staging buffer (link_pageable, 55 % of the PCIe rate, from ollama/ollama#16221).
        // --no-mmap reads them into the pinned host buffer (link, 75 %), as builds before b2489
        // pinned the mapping itself. Ollama's own engine allocates them pageable whatever mmap says.
        Scenario s = llamaCpp("llama-3.1-70b", "q4_k_m", 8192, "rtx-4090");
        s.placement.gpuLayerFraction = 0.6;
        const Estimate mapped = run(s);
        QCOMPARE(mapped.speed.pools.back().path, std::string_view("host_ram"));
        QCOMPARE(mapped.speed.pools.back().prefillEfficiency.mid, 0.55);
        s.runtime.settings["mmap"] = false;
        const Estimate pinned = run(s);
        QCOMPARE(pinned.speed.pools.back().prefillEfficiency.mid, 0.75);
        QVERIFY(pinned.speed.prefill.expected > mapped.speed.prefill.expected);
        // Decode reads the host layers in RAM: no copy, no change.
        QCOMPARE(pinned.speed.decodePerSequence.expected, mapped.speed.decodePerSequence.expected);
        s.runtime.settings.erase("mmap");
        s.runtime.settings["version"] = "b2400";
        QCOMPARE(run(s).speed.pools.back().prefillEfficiency.mid, 0.75);
        Scenario o = s;
        o.runtime.preset = "ollama";
        o.runtime.settings = nlohmann::json::object();
        o.runtime.settings["mmap"] = false;
        const Estimate ollama = run(o);
        QCOMPARE(ollama.speed.pools.size(), std::size_t(2));
        QCOMPARE(ollama.speed.pools.back().path, std::string_view("host_ram"));
        QCOMPARE(ollama.speed.pools.back().prefillEfficiency.mid, 0.55);
    }

    void kvInHostRamMovesAttentionToTheCpu()
    {
        // -nkvo: the KV cache in host RAM. ggml's scheduler runs an operation where its inputs
        // live, so every layer's attention runs on the CPU while op offload (micro-batch >= 32)
        // multiplies the weights on the GPU. llama.cpp PR 4812 (build 1786, before flash attention)
        // measured Llama 2 7B Q4_0 on an RTX 3090 Ti at 4035 prompt tokens/s with the cache on the
        // GPU and 238 with it in host RAM.
        Scenario s = llamaCpp("llama-2-7b", "q4_0", 512, "rtx-3090");
        s.workload.batchTokens = 512;
        s.runtime.settings["version"] = "b1786";
        s.placement.kvOnGpu = false;
        const Estimate e = run(s);
        QVERIFY(e.speed.available);
        QCOMPARE(e.speed.pools.size(), std::size_t(2));
        const PoolTraffic &gpu = e.speed.pools.front(), &host = e.speed.pools.back();
        QCOMPARE(gpu.attentionShare, 0.0);
        QCOMPARE(host.attentionShare, 1.0);
        // The default CPU (8 cores at 4.5 GHz, AVX2: 16 fp32 FMAs per cycle), float kernels.
        QCOMPARE(host.attentionFlops, 2.0 * 16 * 8 * 4.5e9);
        QCOMPARE(host.attentionSquare, 2.0); // no flash attention: the whole score matrix
        // The bound holds the CPU's causal half at its ceiling: 2 x L x H x d x T^2 / F_cpu.
        const double attention = e.speed.attentionFlopsPerToken2 * 512.0 * 512.0 / host.attentionFlops;
        QVERIFY(e.speed.timeToFirstToken.bound >= attention);
        // Two hand-overs per GPU layer in decode.
        QCOMPARE(e.speed.hostSwitches, 64.0);
        // The same run with the cache on the GPU: no host pool, prefill many times faster.
        Scenario onGpu = s;
        onGpu.placement.kvOnGpu = true;
        const Estimate g = run(onGpu);
        QCOMPARE(g.speed.pools.size(), std::size_t(1));
        QCOMPARE(g.speed.pools.front().attentionShare, 1.0);
        QVERIFY(g.speed.prefill.expected > 5 * e.speed.prefill.expected);
        // With flash attention the CPU kernel skips the masked keys.
        s.runtime.settings.erase("version");
        s.runtime.settings["flash_attn"] = "on";
        QCOMPARE(run(s).speed.pools.back().attentionSquare, 1.0);
        QCOMPARE(estimateFromJson(nlohmann::json::parse(estimateToJson(e).dump())).speed, e.speed);
    }

    void hostLayersAttendOnTheGpuUnderOpOffload()
    {
        // Layers in host RAM with op offload on (u >= 32): ggml's scheduler gives the GPU their
        // weights' products and extends that up the graph to their attention ("expand gpu up",
        // ggml-backend.cpp), so the GPU attends and the cells in use cross the link before every
        // micro-batch: kv_token x sum over the passes of min(i x u, T).
        const Scenario s = halfTheLayersOnTheHost();
        const Estimate e = run(s);
        QVERIFY(e.speed.available);
        QCOMPARE(e.speed.pools.size(), std::size_t(2));
        const PoolTraffic &host = e.speed.pools.back();
        QVERIFY(host.attentionShare > 0.4);
        QCOMPARE(host.attentionFlops, 0.0); // with the weights, on the GPU
        QCOMPARE(host.kvCopiedPerToken, host.kvBytesPerSequence / 4096.0);
        // Without the copy the link time of the host pool is shorter by exactly the copied bytes
        // over the link (the link sets the bound here): 8 passes, 512 x 8 x 7 / 2 + 4096 cells.
        SpeedEstimate noCopy = e.speed;
        noCopy.pools.back().kvCopiedPerToken = 0;
        const double cells = 512.0 * 8 * 7 / 2 + 4096;
        const double copied = host.kvCopiedPerToken * cells / host.prefillBandwidth;
        QVERIFY(qAbs(prefillAt(e.speed, 4096).seconds.bound - prefillAt(noCopy, 4096).seconds.bound - copied) <
                1e-9 * copied + 1e-12);
        // -nkvo pins the attention to the CPU (llama-graph.cpp, build_attn_mha): nothing copied.
        Scenario nkvo = s;
        nkvo.placement.kvOnGpu = false;
        const Estimate pinned = run(nkvo);
        const PoolTraffic &cpu = pinned.speed.pools.back();
        QVERIFY(cpu.attentionFlops > 0);
        QCOMPARE(cpu.kvCopiedPerToken, 0.0);
        // A file converted before b5137 caches every DeepSeek-V2 head's K (192) and V (128), one
        // query per cached head: CUDA's flash-attention kernels lack that pair, so the CPU attends.
        Scenario mla = llamaCpp("deepseek-v2-lite", "q4_0", 4096, "rtx-4090");
        mla.placement.gpuLayerFraction = 0.5;
        mla.workload.batchTokens = 512;
        mla.runtime.settings["flash_attn"] = "on";
        mla.runtime.settings["mla_cache"] = "per_head";
        QVERIFY(run(mla).speed.pools.back().attentionFlops > 0);
        mla.runtime.settings["flash_attn"] = "off"; // two products and a softmax: the GPU runs them
        QCOMPARE(run(mla).speed.pools.back().attentionFlops, 0.0);
    }

    void aShortLastMicroBatchLeavesTheHostWeightsToTheCpu()
    {
        // ggml's scheduler asks the GPU backend per operation whether to take a host weight's
        // product (ggml-cuda's offload_op: at least op_offload_min_batch = 32 tokens). A 515-token
        // prompt in micro-batches of 512 copies the host layers once and multiplies the last 3
        // tokens on the CPU; 544 tokens copy them twice; 16 tokens never copy them.
        const Estimate e = run(halfTheLayersOnTheHost());
        QVERIFY(e.speed.available);
        QCOMPARE(e.speed.opOffloadMinBatch, std::uint64_t(32));
        const PoolTraffic &host = e.speed.pools.back();
        QCOMPARE(host.path, std::string_view("host_ram"));
        // The host pool's share of a prompt: the whole prompt's time less the GPU pool's alone.
        SpeedEstimate gpuOnly = e.speed;
        gpuOnly.pools.pop_back();
        auto hostPart = [&](double tokens) {
            return prefillAt(e.speed, tokens).seconds.expected - prefillAt(gpuOnly, tokens).seconds.expected;
        };
        // A tail of t tokens on the CPU, from the pool's own figures: the slower of its bytes from
        // host RAM and its work at the CPU's ceiling, at the CPU's decode shares (the attention of
        // its tokens: T² − (T − t)² pairs at the prompt's coefficient).
        auto tail = [&](double tokens, double t) {
            const double coefficient = promptAttentionFlops(e.speed, tokens) / (tokens * tokens);
            const double attn = coefficient * host.attentionShare * (tokens * tokens - (tokens - t) * (tokens - t));
            const double mem =
                std::min(t * host.weightBytes, host.prefillWeightBytes) / (host.bandwidth * host.reachedShare);
            const double comp = (2 * host.activeParameters * t + attn) / host.flops;
            return std::max(mem / host.decodeEfficiency.mid, comp / host.decodeComputeEfficiency.mid);
        };
        // 515 tokens: the host layers cross once, as for 512, and 3 tokens run on the CPU.
        const double extra = hostPart(515) - hostPart(512);
        QVERIFY2(qAbs(extra - tail(515, 3)) < 1e-9 * hostPart(512),
                 qPrintable(QString("%1 vs tail %2").arg(extra).arg(tail(515, 3))));
        // 544 tokens: the last micro-batch has 32, so the host layers cross twice.
        QVERIFY2(hostPart(544) > 1.8 * hostPart(512),
                 qPrintable(QString("%1 vs %2").arg(hostPart(544)).arg(hostPart(512))));
        // 16 tokens: nothing crosses; the CPU multiplies them all where the weights are.
        QVERIFY(qAbs(hostPart(16) - tail(16, 16)) < 1e-9 * tail(16, 16));
        // Without op offload there is no minimum, and the estimate JSON keeps it only when set.
        QCOMPARE(estimateFromJson(nlohmann::json::parse(estimateToJson(e).dump())).speed, e.speed);
        const Estimate onGpu = run(llamaCpp("llama-2-7b", "q4_0", 4096, "rtx-4090"));
        QCOMPARE(onGpu.speed.opOffloadMinBatch, std::uint64_t(0));
        QVERIFY(!speedToJson(onGpu.speed, onGpu.pools).contains("op_offload_min_batch"));
    }

    void windowedLayersAttendWithinTheirWindow()
    {
        // Gemma 3 12B: 48 layers, 8 attend to every token and 40 through a 1,024-token window
        // (presets/models/gemma-3-12b.json); 16 heads of 256.
        const Estimate e = run(llamaCpp("gemma-3-12b", "q4_0", 4096, "rtx-4090"));
        const double perLayer = 2.0 * 16 * 256;
        QCOMPARE(e.speed.attentionFlopsPerToken2, 8 * perLayer);
        QCOMPARE(e.speed.windowedAttentionFlopsPerToken2, 40 * perLayer);
        QCOMPARE(e.speed.attentionWindow, 1024.0);
        // A 4,096-token prompt: the windowed layers compute W x T - W^2 / 2 pairs, not T^2 / 2.
        const double t = 4096, w = 1024;
        QCOMPARE(promptAttentionFlops(e.speed, t), 8 * perLayer * t * t + 40 * perLayer * 2 * (w * t - w * w / 2));
        // Below the window every layer meets every earlier token.
        QCOMPARE(promptAttentionFlops(e.speed, 512), 48 * perLayer * 512 * 512);
        // A decode step at 4,096 tokens: the windowed layers read their last 1,024.
        QCOMPARE(decodeAttentionFlops(e.speed, t), 2 * (8 * perLayer * t + 40 * perLayer * w));
        // The JSON keeps both.
        QCOMPARE(estimateFromJson(nlohmann::json::parse(estimateToJson(e).dump())).speed, e.speed);
    }

    void latentAttentionCostsWhatGgmlMultiplies()
    {
        // DeepSeek-V3 (61 layers, 128 heads): llama.cpp runs its latent attention absorbed, every
        // query head against the cached latent, K = 512 + 64, V = 512 (llama-graph.cpp, v_mla):
        // 2 FLOPs per multiply-add over both, half the square: 128 x (576 + 512) per layer and token².
        const Estimate latent = run(llamaCpp("deepseek-v3", "q4_k_m", 4096, "h200-sxm"));
        QCOMPARE(latent.speed.attentionFlopsPerToken2, 61.0 * 128 * (576 + 512));
        // A file converted before b5137 attends with each head's own K (128 + 64) and V (128).
        Scenario perHead = llamaCpp("deepseek-v3", "q4_k_m", 4096, "h200-sxm");
        perHead.runtime.settings["mla_cache"] = "per_head";
        QCOMPARE(run(perHead).speed.attentionFlopsPerToken2, 61.0 * 128 * (192 + 128));
        // A plain model: K and V of the head size, 2 x H x d.
        QCOMPARE(run(llamaCpp("llama-2-7b", "q4_0", 512, "rtx-4090")).speed.attentionFlopsPerToken2,
                 32.0 * 32 * (128 + 128));
    }

    void expertsInHostRamHandOverPerLayer()
    {
        // --n-cpu-moe 36 on Qwen3-30B-A3B (48 blocks): the experts of blocks 0-35 stay in host
        // RAM, everything else on the GPU. Each of those blocks hands over to the CPU and back,
        // and the GPU still runs every block's attention and router.
        Scenario s = llamaCpp("qwen3-30b-a3b", "q4_k_m", 4096, "rtx-4090");
        s.runtime.settings["n_cpu_moe"] = 36;
        const Estimate e = run(s);
        QCOMPARE(e.speed.pools.size(), std::size_t(2));
        QCOMPARE(e.speed.hostSwitches, 72.0);
        QCOMPARE(e.speed.pools.front().layers, 48.0);
        QVERIFY(qAbs(e.speed.pools.back().layers - 36.0) < 1.0); // the experts' bytes, per block
        QCOMPARE(e.speed.pools.back().attentionShare, 0.0);      // the cache stays on the GPU
        // Op offload copies the experts a micro-batch routes to (PR #15346): uniform routing of
        // 512 tokens touches nearly all 128; the bound allows for the fewest, 8 of 128. Builds
        // before it copied each expert tensor whole.
        double hostExperts = 0;
        for (const Item &it : e.items)
            if (it.pool == e.speed.pools.back().pool && it.label == "routed experts")
                hostExperts += double(it.bytes);
        QVERIFY(hostExperts > 0);
        const PoolTraffic &host = e.speed.pools.back();
        QVERIFY(host.prefillWeightBytes > 0.99 * hostExperts);
        QVERIFY(qAbs(host.prefillWeightBytesFloor - hostExperts * 8 / 128) < 0.01 * hostExperts);
        Scenario older = s;
        older.runtime.settings["version"] = "b6000";
        const PoolTraffic whole = run(older).speed.pools.back();
        QVERIFY(whole.prefillWeightBytesFloor >= hostExperts);
        QCOMPARE(whole.prefillWeightBytesFloor, whole.prefillWeightBytes);
        QVERIFY(run(older).speed.prefill.bound < e.speed.prefill.bound);
        // DeepSeek-V2-Lite (27 blocks, block 0 dense): --n-cpu-moe 16 moves 15 blocks' experts;
        // with 10 blocks wholly in host RAM as well (-ngl 18: the output layer and 17 blocks), 6 hand
        // over per layer, plus the two at the edge of the host layers.
        Scenario d = llamaCpp("deepseek-v2-lite", "q4_k_m", 4096, "rtx-4090");
        d.runtime.settings["n_cpu_moe"] = 16;
        QCOMPARE(run(d).speed.hostSwitches, 30.0);
        d.runtime.settings["n_gpu_layers"] = 18;
        QCOMPARE(run(d).speed.hostSwitches, 2.0 + 2 * 6);
    }

    void handOverCostFollowsTheCpuThreadPool()
    {
        // Since OpenMP became ggml's thread pool (PR #7606, b3077) the CPU's workers persist between
        // graphs; a hand-over costs 75 us in the middle (ggmlspeed.cpp: the median over the
        // modelling set's 2025 partial-offload runs). An older build started and joined its workers
        // for each CPU graph: 130 us, from PR #4812's -nkvo pair (b1786).
        Scenario s = llamaCpp("qwen3-30b-a3b", "q4_k_m", 4096, "rtx-4090");
        s.runtime.settings["n_cpu_moe"] = 36;
        const SpeedEstimate now = run(s).speed;
        QVERIFY(qAbs(now.switchCost.mid - 75e-6) < 1e-9);
        s.runtime.settings["version"] = "b3076";
        const SpeedEstimate before = run(s).speed;
        QVERIFY(qAbs(before.switchCost.mid - 130e-6) < 1e-9);
        QCOMPARE(before.hostSwitches, now.hostSwitches);
        s.runtime.settings["version"] = "b3077";
        QCOMPARE(run(s).speed.switchCost, now.switchCost);
        // Between GPUs under the row split no CPU thread starts, whatever the build.
        Scenario row = llamaCpp("llama-2-7b", "q4_0", 512, "rtx-3090");
        row.hardware.count = 2;
        row.runtime.settings["split_mode"] = "row";
        row.runtime.settings["version"] = "b2000";
        const SpeedEstimate rowOld = run(row).speed;
        QVERIFY(rowOld.hostSwitches > 0);
        QVERIFY(qAbs(rowOld.switchCost.mid - 75e-6) < 1e-9);
    }

    // The speed strip's series work each point out on one reused copy of the scenario and skip
    // the launch command; every point must still be what a full estimate at that split or
    // concurrency gives.
    void seriesPointsAreTheEstimatesAtEachPoint()
    {
        Scenario s = llamaCpp("llama-3.1-70b", "q4_k_m", 8192, "rtx-4090");
        s.placement.gpuLayerFraction = 0.6;
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        const SpeedSeries layers = offloadSeries(r, 9);
        QVERIFY(layers.points.size() >= 9);
        bool someFit = false, someDoNot = false;
        for (const SpeedPoint &p : layers.points) {
            const Estimate e = estimate(withGpuLayers(r, std::uint32_t(p.x)));
            QCOMPARE(p.perSequence.expected, e.speed.decodePerSequence.expected);
            QCOMPARE(p.perSequence.bound, e.speed.decodePerSequence.bound);
            QCOMPARE(p.fits, e.fits);
            (p.fits ? someFit : someDoNot) = true;
        }
        QVERIFY(someFit && someDoNot); // the series crosses the 24 GB card's limit
        const SpeedSeries users = concurrencySeries(r, 64);
        QVERIFY(users.points.size() >= 7);
        for (const SpeedPoint &p : users.points)
            QCOMPARE(p.fits, estimate(withConcurrency(r, std::uint64_t(p.x))).fits);
    }

    void launchCommandOnlyWhenAsked()
    {
        const ResolvedScenario r =
            resolveScenario(llamaCpp("llama-3.1-8b", "q4_k_m", 8192, "rtx-4090"), test::shippedCatalog());
        const Estimate full = estimate(r);
        const Estimate without = estimate(r, {.launchCommand = false});
        QVERIFY(full.launchCommand.find("--ctx-size 8192") != std::string::npos);
        QVERIFY(without.launchCommand.empty());
        QVERIFY(without.pools == full.pools);
        QCOMPARE(without.speed.decodePerSequence.expected, full.speed.decodePerSequence.expected);
    }

    void vllmStreamsOffloadedWeightsOverTheLink()
    {
        // vLLM's cpu_offload_gb copies the offloaded weights to the GPU for every step: PCIe speed.
        Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 4096, 1, "rtx-4090");
        s.runtime.preset = "vllm";
        s.placement.gpuLayerFraction = 0.5;
        const Estimate e = run(s);
        QVERIFY(e.speed.available);
        QCOMPARE(e.speed.pools.back().path, std::string_view("host_link"));
        QCOMPARE(e.speed.pools.back().bandwidth, 32e9); // PCIe 4.0 x16 per direction
    }

    void batchingMovesDecodeTowardCompute()
    {
        // One sequence is bandwidth-bound; with 1024 short sequences (64 tokens each, so the KV
        // reads stay small) the compute cap 2 x P x B / F takes over.
        const Estimate e = run(llamaCpp("llama-3.1-8b", "f16", 64, "rtx-4090"));
        const DecodeAt one = decodeAt(e.speed, 1), many = decodeAt(e.speed, 1024);
        QCOMPARE(one.limiter, std::string_view("memory bandwidth"));
        QCOMPARE(many.limiter, std::string_view("compute"));
        QVERIFY(many.total.bound > 20 * one.total.bound);
        QVERIFY(many.perSequence.bound < one.perSequence.bound);
        // Compute-bound total: F / (2 P + attention), F = 330.3 TFLOPS (FP16 accumulate, the faster rate).
        const double p = double(e.model.activeParameters);
        QVERIFY(many.total.bound < 330.3e12 / (2 * p));
    }

    void tensorParallelSplitsTheReads()
    {
        // Two H100s under tensor parallelism each read half the weights in parallel, plus an all-reduce.
        Scenario one = test::theoryScenario("llama-3.1-70b", "bf16", 4096, 1, "h100-sxm");
        one.runtime.preset = "vllm";
        one.hardware.count = 1;
        Scenario two = one;
        two.hardware.count = 2;
        const Estimate a = run(one), b = run(two);
        QVERIFY(b.speed.tensorParallel);
        QVERIFY(b.speed.decodePerSequence.bound > 1.8 * a.speed.decodePerSequence.bound);
        QVERIFY(b.speed.decodePerSequence.bound < 2.0 * a.speed.decodePerSequence.bound);
        QVERIFY(item(b, "allreduce"));
        // A layer split runs the two halves one after the other: no faster than one GPU.
        two.placement.splitMode = "layer";
        two.runtime.preset = "llama.cpp";
        one.runtime.preset = "llama.cpp";
        const Estimate c = run(two), d = run(one);
        QVERIFY(!c.speed.tensorParallel);
        QVERIFY(c.speed.decodePerSequence.bound <= d.speed.decodePerSequence.bound * 1.0001);
    }

    void prefillGrowsWithTheSquareOfTheContext()
    {
        // Attention FLOPs grow as T^2: at 64K the time per prompt token is well above that at 1K.
        const Estimate shortPrompt = run(llamaCpp("llama-3.1-8b", "q4_k_m", 1024, "rtx-4090"));
        const Estimate longPrompt = run(llamaCpp("llama-3.1-8b", "q4_k_m", 65536, "rtx-4090"));
        const double perTokenShort = shortPrompt.speed.timeToFirstToken.bound / 1024;
        const double perTokenLong = longPrompt.speed.timeToFirstToken.bound / 65536;
        QVERIFY(perTokenLong > 2 * perTokenShort);
        // 2 x L x H x d per token^2: 2 x 32 x 32 x 128 for Llama 3.1 8B.
        QCOMPARE(longPrompt.speed.attentionFlopsPerToken2, 2.0 * 32 * 32 * 128);
        QVERIFY(shortPrompt.speed.timeToFirstToken.low <= shortPrompt.speed.timeToFirstToken.expected);
        QVERIFY(shortPrompt.speed.timeToFirstToken.expected <= shortPrompt.speed.timeToFirstToken.high);
    }

    void withoutFlashAttentionAGpuMovesItsScoresThroughMemory()
    {
        // Llama 3.1 8B on an RTX 4090, an 8,192-token prompt in micro-batches of 512. Without flash
        // attention ggml writes, softmaxes and reads back every score a micro-batch computes (its
        // rows against every cell in use): 20 bytes per score on CUDA (runtimes/ggml/ggmlgpuattention.h),
        // one score per 2 × (d_K + d_V) = 512 FLOPs. Expected time added = attention FLOPs (causal
        // half) × the micro-batches' share × 20 / 512 / (bandwidth × the decode η: these kernels only
        // stream memory); the bound is unchanged.
        Scenario on = llamaCpp("llama-3.1-8b", "q4_k_m", 8192, "rtx-4090");
        on.workload.batchTokens = 512;
        on.runtime.settings["flash_attn"] = "on";
        Scenario off = on;
        off.runtime.settings["flash_attn"] = "off";
        const Estimate withFa = run(on), without = run(off);
        const PoolTraffic &p = without.speed.pools.front();
        QCOMPARE(withFa.speed.pools.front().scoreBytesPerFlop, 0.0);
        QCOMPARE(p.scoreBytesPerFlop, 20.0 / (2.0 * 256));
        const double T = 8192;
        const double attention = without.speed.attentionFlopsPerToken2 * T * T * p.attentionShare;
        const double scores = attention * runtimes::ggmlMulMatAttentionShare(T, 512) * p.scoreBytesPerFlop /
                              (p.bandwidth * p.reachedShare);
        const double added = without.speed.timeToFirstToken.expected - withFa.speed.timeToFirstToken.expected;
        QVERIFY2(qAbs(added - scores / p.decodeEfficiency.mid) < 1e-9 * without.speed.timeToFirstToken.expected,
                 qPrintable(QString::number(added) + " vs " + QString::number(scores / p.decodeEfficiency.mid)));
        // The fast end counts 16 bytes per score (back ends that read the f32 scores directly).
        const double addedFast = without.speed.timeToFirstToken.low - withFa.speed.timeToFirstToken.low;
        QVERIFY(qAbs(addedFast - scores * 16.0 / 20.0 / p.decodeEfficiency.high) <
                1e-9 * without.speed.timeToFirstToken.low);
        QCOMPARE(without.speed.timeToFirstToken.bound, withFa.speed.timeToFirstToken.bound);
        // 32 layers × 32 heads × 8,192² / 2 × 136/128 ≈ 36.5 G scores × 20 B ≈ 730 GB: 0.7 s at the
        // 4090's 1,008 GB/s before its share.
        QVERIFY(scores > 0.7 && scores < 0.75);
        const nlohmann::json j = speedToJson(without.speed, without.pools);
        QCOMPARE(speedFromJson(j, without.pools).pools.front().scoreBytesPerFlop, p.scoreBytesPerFlop);
        QVERIFY(!speedToJson(withFa.speed, withFa.pools)["pools"][0].contains("score_bytes_per_flop"));
    }

    void aLargeCacheIsReadOnlyWhereItIsFilled()
    {
        // llama.cpp started with -c 32768 and asked for 512 tokens (a llama-bench tg or pp run on a
        // server's context): the cache is allocated for 32,768 cells, but a step attends over the
        // cells in use (n_kv) and the prompt is 512 tokens long.
        Scenario s = llamaCpp("llama-3.1-8b", "q4_k_m", 512, "rtx-4090");
        s.runtime.settings = {{"ctx_size", 32768}};
        const Estimate big = run(s);
        const Estimate small = run(llamaCpp("llama-3.1-8b", "q4_k_m", 512, "rtx-4090"));
        QCOMPARE(big.speed.contextTokens, std::uint64_t(512));
        QCOMPARE(big.speed.promptTokens, std::uint64_t(512));
        QVERIFY(big.pools[0].guest(Guest::KvCache) >= 32 * small.pools[0].guest(Guest::KvCache));
        // What a step reads of the cache is the filled part: 1/64 of the allocation.
        QCOMPARE(big.speed.pools[0].kvBytesPerSequence, double(big.pools[0].guest(Guest::KvCache)) * 512.0 / 32768.0);
        QVERIFY(std::abs(big.speed.decodePerSequence.bound - small.speed.decodePerSequence.bound) <
                0.01 * small.speed.decodePerSequence.bound);
        // Without a stated context below the allocation, the step reads the whole cache.
        s.workload.contextTokens = 65536;
        QCOMPARE(run(s).speed.contextTokens, std::uint64_t(32768));
    }

    void aWindowedLayerReadsItsWindowOfALargeCache()
    {
        // Gemma 3 12B (8 full layers, 40 with a 1,024-token window, the same 8 KV heads of 256 in
        // each) on llama.cpp started with -c 32768: a sequence holding 2,048 tokens reads them all
        // in a full layer and its last 1,024 in a windowed one, whatever the allocation.
        Scenario s = llamaCpp("gemma-3-12b", "q4_0", 2048, "rtx-4090");
        s.runtime.settings = {{"ctx_size", 32768}};
        const Estimate e = run(s);
        const double perLayer = double(e.model.kvBytesPerToken) / 48;
        QCOMPARE(perLayer, 2.0 * 8 * 256 * 2); // K and V, f16
        QCOMPARE(e.speed.pools[0].kvBytesPerSequence, perLayer * (8 * 2048 + 40 * 1024));
        // Below the window every layer reads what the sequence holds.
        s.workload.contextTokens = 512;
        QCOMPARE(run(s).speed.pools[0].kvBytesPerSequence, perLayer * 48 * 512);
        // vLLM frees a windowed layer's blocks behind the window: the same reads from its pool.
        Scenario v = test::theoryScenario("gemma-3-12b", "bf16", 2048, 1, "h100-sxm");
        v.runtime.preset = "vllm";
        const Estimate ve = run(v);
        QCOMPARE(ve.speed.pools[0].kvBytesPerSequence, double(ve.model.kvBytesPerToken) / 48 * (8 * 2048 + 40 * 1024));
    }

    void boundsHoldAgainstPublishedMeasurements()
    {
        std::ifstream in(MEMPLAN_SOURCE_DIR "/tests/data/speed/cases.json");
        QVERIFY(in.good());
        const nlohmann::json doc = nlohmann::json::parse(in);
        int llamaBench = 0, runtimes = 0, excluded = 0;
        std::set<std::string> hardware, ids;
        std::vector<std::string> boundFailures;
        // Tallied per split ("modelling", "aside") and group, plus "all groups" per split.
        std::map<std::pair<std::string, std::string>, test::SpeedFit> fit;
        qInfo("case | split | group | phase | measured | bound | expected | low-high | fit");
        for (const nlohmann::json &c : doc.at("cases")) {
            const std::string id = c.at("id");
            QVERIFY2(ids.insert(id).second, id.c_str());
            QVERIFY2(c.at("source").get<std::string>().rfind("https://", 0) == 0, id.c_str());
            // The split is fixed by a rule on the id (tests/data/speed/cases.json, description).
            const bool aside = c.value("split", std::string()) == "aside";
            QVERIFY2(!c.contains("split") || aside, id.c_str());
            QVERIFY2(aside == test::keptAsideByRule(id), (id + ": split differs from the sha1 rule").c_str());
            if (c.contains("excluded")) {
                // Kept, not scored, with its reason: a measurement above the physical ceiling of the
                // stated setup, or above the bound for a named gap in the engine or a preset (the
                // reason says which; docs/accuracy.md lists them).
                QVERIFY2(!c.at("excluded").get<std::string>().empty(), id.c_str());
                ++excluded;
                qInfo("%s | %s | excluded", id.c_str(), aside ? "aside" : "modelling");
                continue;
            }
            const Scenario s = scenarioFromJson(c.at("scenario"));
            const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
            const Estimate e = estimate(r);
            QVERIFY2(e.speed.available, id.c_str());
            const double measured = c.at("measured_tokens_per_s");
            const bool prefill = c.at("phase") == "prefill";
            const SpeedFigure &f = prefill ? e.speed.prefill : e.speed.decodePerSequence;
            if (f.bound < measured)
                boundFailures.push_back(id + ": bound " + std::to_string(f.bound) + " below measured " +
                                        std::to_string(measured));
            const std::string split = aside ? "aside" : "modelling", group = test::speedGroup(r, e.speed);
            fit[{split, group}].add(measured, f);
            fit[{split, "all groups"}].add(measured, f);
            (c.at("kind") == "llama-bench" ? llamaBench : runtimes)++;
            hardware.insert(c.at("hardware_type").get<std::string>());
            qInfo("%s | %s | %s | %s | %.4g | %.4g | %.4g | %.4g-%.4g | %s", id.c_str(), split.c_str(), group.c_str(),
                  prefill ? "prefill" : "decode", measured, f.bound, f.expected, f.low, f.high,
                  measured >= f.low && measured <= f.high ? "in range" : "outside");
        }
        // The summary docs/accuracy.md quotes: one row per split and group.
        qInfo("split | group | cases | bounds below measured | inside expected range | median "
              "|measured-expected|/measured");
        for (const auto &[key, t] : fit)
            qInfo("%s | %s | %d | %d | %.0f %% | %.1f %%", key.first.c_str(), key.second.c_str(), t.cases,
                  t.boundsBelow, 100 * t.inRangeShare(), 100 * t.medianError());
        qInfo("excluded (kept, not scored): %d", excluded);
        // The only rule asserted: no bound below a published measurement.
        std::string failures;
        for (const std::string &f : boundFailures)
            failures += f + "; ";
        QVERIFY2(boundFailures.empty(), failures.c_str());
        // The committed evidence (issue 30): removing cases should be a visible decision.
        QVERIFY(llamaBench >= 100);
        QVERIFY(runtimes >= 35);
        QVERIFY(hardware.size() >= 38);
        // Every group the issue names has scored cases in both sets.
        for (const char *split : {"modelling", "aside"})
            for (const char *g : {"GPU", "Apple", "CPU-only", "partial offload"})
                QVERIFY2(fit.count({split, g}), (std::string(split) + " / " + g).c_str());
    }

    void lessonClaimsHold()
    {
        // Each speed lesson (presets/lessons) states a relation between its compare scenarios;
        // the engine must show it, so the lesson never teaches what the program contradicts.
        auto compare = [](const char *id) {
            std::ifstream in(std::string(MEMPLAN_SOURCE_DIR "/presets/lessons/") + id + ".json");
            const nlohmann::json doc = nlohmann::json::parse(in);
            std::vector<Estimate> out;
            for (const nlohmann::json &c : doc.at("compare"))
                out.push_back(estimate(scenarioFromJson(c.at("scenario")), test::shippedCatalog()));
            return out;
        };
        // Twice the RAM on the same two channels: the same speed. Twelve channels: several times faster.
        const auto ram = compare("twice-the-ram-is-not-twice-the-speed");
        QCOMPARE(ram.at(0).speed.decodePerSequence.bound, ram.at(1).speed.decodePerSequence.bound);
        QVERIFY(ram.at(2).speed.decodePerSequence.bound > 4 * ram.at(1).speed.decodePerSequence.bound);
        // Q4_0 against FP16 on an M2 Ultra: decode about 3.5x faster (bytes), prefill no faster (compute).
        const auto quant = compare("quantization-is-not-always-faster");
        const double decodeGain = quant.at(1).speed.decodePerSequence.bound / quant.at(0).speed.decodePerSequence.bound;
        const double prefillGain = quant.at(1).speed.prefill.bound / quant.at(0).speed.prefill.bound;
        QVERIFY(decodeGain > 3.0);
        QVERIFY(qAbs(prefillGain - 1.0) < 0.01);
        // 70B on a 4090: 60 % on the GPU runs at under a third of the all-GPU speed, 30 % slower still,
        // and the host pool takes most of each step.
        const auto off = compare("offloaded-layers-run-at-host-speed");
        const double all = off.at(0).speed.decodePerSequence.bound;
        QVERIFY(off.at(1).speed.decodePerSequence.bound < all / 3);
        QVERIFY(off.at(2).speed.decodePerSequence.bound < off.at(1).speed.decodePerSequence.bound);
        const PoolTraffic &host = off.at(1).speed.pools.back();
        const PoolTraffic &gpu = off.at(1).speed.pools.front();
        QVERIFY(host.weightBytes / host.bandwidth >
                0.8 * (host.weightBytes / host.bandwidth + gpu.weightBytes / gpu.bandwidth));
        // Roofline: one sequence reads 15.0 GB of weights (16.06 GB less the 1.05 GB embedding table,
        // looked up a row at a time) and 0.54 GB of KV, so 3.35e12 / 15.5e9 ≈ 216 tokens/s; 16
        // sequences give well over 10x the total; 128 give more in total but less per sequence.
        const auto roof = compare("decode-roofline");
        QVERIFY(roof.at(0).speed.decodePerSequence.bound > 205 && roof.at(0).speed.decodePerSequence.bound < 225);
        QVERIFY(roof.at(1).speed.decodeTotal.bound > 10 * roof.at(0).speed.decodeTotal.bound);
        QVERIFY(roof.at(2).speed.decodeTotal.bound > roof.at(1).speed.decodeTotal.bound);
        QVERIFY(roof.at(2).speed.decodePerSequence.bound < roof.at(1).speed.decodePerSequence.bound);
    }

    void solverKeepsEachUserAboveTheRate()
    {
        // Llama 3.1 8B BF16 on an H100 with vLLM: memory alone allows many sequences; asking for
        // 40 tokens/s per user caps the count where the expected per-sequence speed crosses 40.
        Scenario s = test::theoryScenario("llama-3.1-8b", "bf16", 4096, 1, "h100-sxm");
        s.runtime.preset = "vllm";
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        const auto memory = solveMaxConcurrency(r);
        const auto fast = solveMaxConcurrencyAtSpeed(r, 40);
        QVERIFY(memory && fast);
        QVERIFY(*fast < *memory);
        const Estimate base = estimate(withConcurrency(r, 1));
        QVERIFY(decodeAt(base.speed, double(*fast)).perSequence.expected >= 40);
        QVERIFY(decodeAt(base.speed, double(*fast + 1)).perSequence.expected < 40);
        QVERIFY(!solveMaxConcurrencyAtSpeed(r, 1e6));
    }

    void jsonKeepsTheSpeed()
    {
        const Estimate e = run(llamaCpp("llama-3.1-8b", "q4_k_m", 4096, "rtx-4090"));
        const nlohmann::json j = estimateToJson(e);
        QVERIFY(j.contains("speed"));
        QCOMPARE(j["speed"]["decode_tokens_per_s_per_sequence"]["bound"].get<double>(),
                 e.speed.decodePerSequence.bound);
        QCOMPARE(estimateFromJson(nlohmann::json::parse(j.dump())).speed, e.speed);
    }
};

QTEST_APPLESS_MAIN(TestSpeed)
#include "tst_speed.moc"
