// runtime.version: which runtime release an estimate models (core/runtimes/release.h and each
// runtime's releaserules.h). Golden values: the release boundaries documented in
// docs/formulas.md ("Runtime releases") with the llama.cpp pull request or vLLM release
// behind each; the effect on the buffers follows from the rules already tested against logs
// (tst_runtimelogs), so these tests check which rules a release selects.
#include "error.h"
#include "estimator.h"
#include "formats/estimatejson.h"
#include "itemids.h"
#include "runtimes/llamacpp/releaserules.h"
#include "runtimes/ollama/vendoredllamacpp.h"
#include "runtimes/release.h"
#include "runtimes/vllm/releaserules.h"
#include "scenario/resolve.h"
#include "scenario/scenariojson.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace memplan;
using nlohmann::json;

namespace {

Scenario llamaCpu(const std::string &version = {}, json settings = json::object())
{
    Scenario s;
    s.model.preset = "llama-3.2-1b";
    s.weights.format = "q4_0";
    s.workload.contextTokens = 4096;
    s.hardware.preset = "cpu";
    s.runtime.preset = "llama.cpp";
    s.runtime.settings = std::move(settings);
    if (!version.empty())
        s.runtime.settings["version"] = version;
    return s;
}

Scenario vllmH100(const std::string &version = {})
{
    Scenario s;
    s.model.preset = "llama-3.1-8b";
    s.weights.format = "bf16";
    s.workload.contextTokens = 8192;
    s.hardware.preset = "h100-sxm";
    s.runtime.preset = "vllm";
    if (!version.empty())
        s.runtime.settings["version"] = version;
    return s;
}

ResolvedScenario resolve(const Scenario &s)
{
    return resolveScenario(s, test::shippedCatalog());
}

Bytes itemBytes(const Estimate &e, std::string_view id)
{
    Bytes sum = 0;
    for (const Item &it : e.items)
        if (it.id == id)
            sum += it.bytes;
    return sum;
}

bool hasNotice(const ResolvedScenario &r, std::string_view id)
{
    for (const Notice &n : r.notices)
        if (n.id == id)
            return true;
    return false;
}

} // namespace

class TstRelease : public QObject {
    Q_OBJECT
private slots:
    void readsEachRuntimesReleaseNames()
    {
        // llama.cpp: a release tag (b6699), the number `--version` prints (6699), a semantic version.
        QCOMPARE(parseRelease(Engine::LlamaCpp, "b6699")->parts[0], 6699u);
        QCOMPARE(parseRelease(Engine::LlamaCpp, "6699"), parseRelease(Engine::LlamaCpp, "b6699"));
        QCOMPARE(parseRelease(Engine::LlamaCpp, "v0.5.0")->era, 1u);
        QCOMPARE(parseRelease(Engine::LlamaCpp, "0.5.0"), parseRelease(Engine::LlamaCpp, "v0.5.0"));
        for (const char *bad : {"", "latest", "0.5", "v6699", "b6.6", "b6699x", "bb6699"})
            QVERIFY2(!parseRelease(Engine::LlamaCpp, bad), bad);
        // vLLM and the others: dotted versions with PEP 440 suffixes.
        QVERIFY(parseRelease(Engine::Vllm, "0.10.1.1"));
        QCOMPARE(parseRelease(Engine::Vllm, "v0.21.0"), parseRelease(Engine::Vllm, "0.21.0"));
        QVERIFY(parseRelease(Engine::Vllm, "0.6.4.post1"));
        QVERIFY(parseRelease(Engine::Vllm, "0.11.0+cu128"));
        QVERIFY(parseRelease(Engine::Sglang, "0.5.3rc0"));
        for (const char *bad : {"21", "abc", "0.21.x", "0.21.0 beta", "v", "0..1"})
            QVERIFY2(!parseRelease(Engine::Vllm, bad), bad);
        QVERIFY(!parseRelease(Engine::Theory, "1.0.0")); // the theory profile models no runtime
    }

    void ordersReleasesByNumberNotText()
    {
        auto v = [](const char *t) { return *parseRelease(Engine::Vllm, t); };
        QVERIFY(v("0.10.1") > v("0.9.2"));     // numeric, not lexicographic
        QVERIFY(v("0.22.0rc1") < v("0.22.0")); // a release candidate comes before its release
        QVERIFY(v("0.22.0rc1") > v("0.21.0"));
        QVERIFY(v("0.10.1.1") > v("0.10.1"));
        auto l = [](const char *t) { return *parseRelease(Engine::LlamaCpp, t); };
        QVERIFY(l("b10830") > l("b9450"));
        QVERIFY(l("v0.1.0") > l("b9999")); // semantic versions came after the build numbers
        QVERIFY(l("v0.5.0") > l("v0.3.0"));
    }

    void defaultsToTheNewestReleaseEachProfileFollows()
    {
        const ResolvedScenario l = resolve(llamaCpu());
        QCOMPARE(l.release.version, std::string("v0.5.0"));
        QVERIFY(l.release.defaulted);
        const ResolvedScenario v = resolve(vllmH100());
        QCOMPARE(v.release.version, std::string("0.21.0"));
        // A profile that follows no particular release names none, and takes any it is told.
        Scenario sg = vllmH100();
        sg.runtime.preset = "sglang";
        QCOMPARE(resolve(sg).release.version, std::string());
        sg.runtime.settings["version"] = "0.5.3";
        QCOMPARE(resolve(sg).release.version, std::string("0.5.3"));
        QVERIFY(!resolve(sg).release.defaulted);
    }

    void unparseableVersionIsAnErrorNamingTheKey()
    {
        for (const char *bad : {"latest", "0.5", "v6699"}) {
            try {
                resolve(llamaCpu(bad));
                QFAIL("accepted an unparseable version");
            } catch (const InputError &e) {
                QCOMPARE(e.info().field, std::string("runtime.version"));
                QVERIFY(e.info().reason.find(bad) != std::string::npos);
            }
        }
        Scenario s = llamaCpu();
        s.runtime.settings["version"] = 6699; // a number, not a name
        QVERIFY_THROWS_EXCEPTION(InputError, resolve(s));
        Scenario t = test::theoryScenario("llama-3.1-8b", "bf16", 4096);
        t.runtime.settings["version"] = "1.0.0";
        try {
            resolve(t);
            QFAIL("theory accepted a release");
        } catch (const InputError &e) {
            QCOMPARE(e.info().field, std::string("runtime.version"));
        }
    }

    void olderReleaseThanKnownWarns()
    {
        // llama.cpp's profile knows builds back to b1900 (its oldest reproduced log); vLLM to 0.6.4.
        const ResolvedScenario old = resolve(llamaCpu("b1500"));
        QVERIFY(hasNotice(old, "warn.release_older"));
        const Notice &n = old.notices.back();
        QCOMPARE(n.arg("release")->text, std::string("b1500"));
        QCOMPARE(n.arg("oldest")->text, std::string("b1900"));
        QVERIFY(old.warnings.back().find("b1500") != std::string::npos);
        QVERIFY(!hasNotice(resolve(llamaCpu("b1900")), "warn.release_older"));
        QVERIFY(!hasNotice(resolve(llamaCpu("b6699")), "warn.release_older"));
        QVERIFY(hasNotice(resolve(vllmH100("0.5.5")), "warn.release_older"));
        QVERIFY(!hasNotice(resolve(vllmH100("0.10.1.1")), "warn.release_older"));
        // The warning reaches the estimate as a notice with its id.
        const Estimate e = estimate(old);
        QVERIFY(std::any_of(e.notices.begin(), e.notices.end(),
                            [](const Notice &x) { return x.id == "warn.release_older"; }));
    }

    void llamaCppGraphRulesFollowTheBuild()
    {
        // n_outputs_max (PR #23861) and the out-of-place GLU: builds from b9450 use the current
        // graph; b6699 (the gpt-oss-20b log) the legacy one. The v0.5.0 runs are current.
        QCOMPARE(resolve(llamaCpu("b6699")).settings.graphRules, std::string("legacy"));
        QCOMPARE(resolve(llamaCpu("b9449")).settings.graphRules, std::string("legacy"));
        QCOMPARE(resolve(llamaCpu("b9450")).settings.graphRules, std::string("current"));
        QCOMPARE(resolve(llamaCpu()).settings.graphRules, std::string("current"));
        // The compute buffer changes with it: the legacy FFN stage is 12bH + 8bF, the current 16bH + 12bF.
        const Bytes legacy = itemBytes(estimate(resolve(llamaCpu("b6699"))), itemid::kActGgmlPeak);
        const Bytes current = itemBytes(estimate(resolve(llamaCpu("v0.5.0"))), itemid::kActGgmlPeak);
        QVERIFY2(legacy != current, "the release must change the compute buffer");
        // graph_rules named in the scenario wins over the release (kept for old scenario files).
        QCOMPARE(resolve(llamaCpu("b6699", {{"graph_rules", "current"}})).settings.graphRules, std::string("current"));
        QCOMPARE(resolve(llamaCpu({}, {{"graph_rules", "legacy"}})).settings.graphRules, std::string("legacy"));
    }

    void llamaCppDefaultsFollowTheBuild()
    {
        // --flash-attn auto (PR #15434) from b6325: before it the default was off.
        QVERIFY(!resolve(llamaCpu("b6324")).settings.flashAttn);
        QVERIFY(resolve(llamaCpu("b6325")).settings.flashAttn);
        QVERIFY(resolve(llamaCpu("b6000", {{"flash_attn", "on"}})).settings.flashAttn); // named: it wins
        // Each boundary is the commit count at the pull request's merge (the tag it first ships in).
        // Per-sequence KV streams (PR #14363, 225e7a14) from b5913: before it kv_unified did not exist.
        QVERIFY(resolve(llamaCpu("b5912", {{"kv_unified", false}})).settings.kvUnified);
        QVERIFY(!resolve(llamaCpu("b5913", {{"kv_unified", false}})).settings.kvUnified);
        // llama-server's host caches: context checkpoints (PR #15293, d32e03f4) from b6160, the
        // prompt cache (--cache-ram, PR #16391, d00cbea6) from b6723.
        const ResolvedScenario b6700 = resolve(llamaCpu("b6700"));
        QCOMPARE(b6700.settings.cacheRamMib, std::int64_t(0));
        QCOMPARE(b6700.settings.ctxCheckpoints, 32u);
        QCOMPARE(resolve(llamaCpu("b6159")).settings.ctxCheckpoints, 0u);
        QCOMPARE(resolve(llamaCpu("b6160")).settings.ctxCheckpoints, 32u);
        QCOMPARE(resolve(llamaCpu("b6722")).settings.cacheRamMib, std::int64_t(0));
        QCOMPARE(resolve(llamaCpu("b6723")).settings.cacheRamMib, std::int64_t(8192));
        QCOMPARE(itemBytes(estimate(b6700), itemid::kWorkspacePromptCache), Bytes(0));
        QVERIFY(itemBytes(estimate(resolve(llamaCpu("b6723"))), itemid::kWorkspacePromptCache) > 0);
        // The launch command leaves out flags the build does not have.
        QVERIFY(estimate(resolve(llamaCpu("b6700"))).launchCommand.find("--cache-ram") == std::string::npos);
    }

    void llamaCppOffloadsTheOutputLayerFirstSincePr18148()
    {
        // tests/data/runtime-logs/gpu/llamacpp-qwen2.5-vl-7b-…-gfx906-b7972 (first start): --fit chose
        // -ngl 21 for 28 layers and the build printed "offloading output layer to GPU", "offloading
        // 20 repeating layers to GPU", "offloaded 21/29 layers" and a KV buffer of 20 layers (1360 of
        // 1904 MiB). Before PR #18148 the same -ngl held 21 repeating layers and no output layer.
        auto onRtx = [](const std::string &version, json settings) {
            Scenario s = llamaCpu(version, std::move(settings));
            s.model.preset = "qwen2.5-7b";
            s.hardware.preset = "rtx-4090";
            return resolve(s);
        };
        const ResolvedScenario now = onRtx("b7972", {{"n_gpu_layers", 21}});
        const ResolvedScenario before = onRtx("b7400", {{"n_gpu_layers", 21}});
        QCOMPARE(std::lround(now.placement.gpuLayerFraction * 28), 20L);
        QCOMPARE(std::lround(before.placement.gpuLayerFraction * 28), 21L);
        QVERIFY(now.settings.outputLayerFirst && !before.settings.outputLayerFirst);
        auto outputOnGpu = [](const ResolvedScenario &r) {
            const Estimate e = estimate(r);
            Bytes gpu = 0;
            for (const Item &it : e.items)
                if (it.pool == 0 && it.id == itemid::kWeightsOutputHead)
                    gpu += it.bytes;
            return gpu > 0;
        };
        QVERIFY(outputOnGpu(now));
        QVERIFY(!outputOnGpu(before));
        // A placement by share: 20 repeating layers need -ngl 21 now, 20 before; every layer -ngl 29.
        auto ngl = [&](const std::string &version, double share) {
            Scenario s = llamaCpu(version);
            s.model.preset = "qwen2.5-7b";
            s.hardware.preset = "rtx-4090";
            s.placement.gpuLayerFraction = share;
            return resolve(s).settings.nGpuLayers;
        };
        QCOMPARE(ngl("b7972", 20.0 / 28), 21);
        QCOMPARE(ngl("b7400", 20.0 / 28), 20);
        QCOMPARE(ngl("b7972", 1.0), 29);
        QCOMPARE(ngl("b7972", 0.0), 0);
    }

    void llamaCppContextPaddingFollowsTheBuild()
    {
        // n_ctx is padded to 256 with flash attention and 32 without (PR #7257), not at all from
        // PR #16812 (85a7d867, b6868), to 256 again from PR #17046 (16bcc125, b6975).
        // Golden cells from logs: build 4404 on SYCL, FA off, -c 40128 -> "kv_size = 40128";
        // build 5398, FA off, 4096 -> 4096 (its "padding = 32"); the Strix Halo Vulkan run
        // (Aug 2025, FA off) -c 70000 -> 70016 cells.
        auto padding = [](const std::string &version, bool fa) {
            return resolve(llamaCpu(version, {{"flash_attn", fa}})).runtime.contextPadding;
        };
        QCOMPARE(padding("b4404", false), 32u);
        QCOMPARE(padding("b6867", true), 256u);
        QCOMPARE(padding("b6868", false), 1u);
        QCOMPARE(padding("b6974", true), 1u);
        QCOMPARE(padding("b6975", false), 256u);
        auto kvCells = [](const std::string &version, std::uint64_t ctx, bool fa) {
            const Estimate e = estimate(resolve(llamaCpu(version, {{"ctx_size", ctx}, {"flash_attn", fa}})));
            return itemBytes(e, itemid::kKvFull) / e.model.kvBytesPerToken;
        };
        QCOMPARE(kvCells("b4404", 40128, false), Bytes(40128));
        QCOMPARE(kvCells("b6000", 70000, false), Bytes(70016));
        QCOMPARE(kvCells("b6000", 70000, true), Bytes(70144));
        QCOMPARE(kvCells("b6900", 70000, true), Bytes(70000));
        QCOMPARE(kvCells("v0.5.0", 70000, false), Bytes(70144));
    }

    void llamaCppDeepSeekCacheFollowsTheBuild()
    {
        // DeepSeek-V3 (61 layers, 128 heads, d_nope 128, d_rope 64, d_v 128, r_kv 512), f16 cache.
        // Before PR #12801 (b5137) every head's K and V: 128 x (128 + 64) + 128 x 128 elements per
        // token and layer; from it the latents K (512 + 64) and V (512); from PR #19067 (b7832) the
        // latent K alone. Build numbers: the llama.cpp tags of the two merge commits.
        auto perTokenLayer = [](const std::string &version) {
            Scenario s = llamaCpu(version, {{"ctx_size", 8192}});
            s.model.preset = "deepseek-v3";
            const Estimate e = estimate(resolve(s));
            return e.model.kvBytesPerToken / 61;
        };
        QCOMPARE(perTokenLayer("b5136"), Bytes((128 * (128 + 64) + 128 * 128) * 2));
        QCOMPARE(perTokenLayer("b5137"), Bytes((512 + 64 + 512) * 2));
        QCOMPARE(perTokenLayer("b7831"), Bytes((512 + 64 + 512) * 2));
        QCOMPARE(perTokenLayer("b7832"), Bytes((512 + 64) * 2));
        QCOMPARE(perTokenLayer(""), Bytes((512 + 64) * 2));
        // The older layout at 8192 cells is 61 x 8192 x 81920 B = 39040 MiB, the "KV self size"
        // an April 2025 build printed for DeepSeek-R1 (Ollama's runner, in tests/data/runtime-logs/gpu).
        QCOMPARE(perTokenLayer("b5000") * 61 * 8192, Bytes(39040) * MiB);
        // vLLM keeps the latent alone whatever its release.
        Scenario v = vllmH100();
        v.model.preset = "deepseek-v3";
        QCOMPARE(resolve(v).model.arch.mlaCache, MlaCache::Latent);
    }

    void ollamaVersionsKeyTheLlamaCppTreeTheyVendor()
    {
        // Ollama numbers its own releases; the rules are those of the llama.cpp tree each one
        // pins (Makefile.sync, llama/vendoring, LLAMA_CPP_VERSION at the release tags).
        auto build = [](const char *ollama) {
            const ollama::VendoredLlamaCpp *v = ollama::vendoredLlamaCpp(*parseDottedRelease(ollama));
            return v ? std::string(v->build) : std::string("none");
        };
        QCOMPARE(build("0.7.0"), std::string("b5359"));  // "build: 5359 (de4c07f9)" in an issue's log
        QCOMPARE(build("0.11.4"), std::string("b5359")); // the same pin until 0.11.5
        QCOMPARE(build("0.6.6"), std::string("b5120"));  // no n_embd_head_k_mla yet: before b5137
        QCOMPARE(build("0.13.2"), std::string("b7209")); // 7f8ef50cc
        QCOMPARE(build("0.17.0"), std::string("b7400")); // ec98e2002, pinned from 0.13.5 to 0.29
        QCOMPARE(build("0.30.0"), std::string("b9452")); // LLAMA_CPP_VERSION
        QCOMPARE(build("0.32.15"), std::string("b10488"));
        QCOMPARE(build("0.3.0"), std::string("b3862")); // older: every keyed boundary is later
        // Before b6325 llama.cpp had no flash-attention "auto", and Ollama passed it off.
        auto ollamaAt = [](const char *version) {
            Scenario s = llamaCpu(version);
            s.runtime.preset = "ollama";
            return resolve(s);
        };
        const ResolvedScenario old = ollamaAt("0.12.3"), recent = ollamaAt("0.17.0");
        QCOMPARE(old.release.version, std::string("0.12.3"));
        QVERIFY(!old.settings.flashAttn);
        QCOMPARE(recent.settings.flashAttn, ollamaAt("").settings.flashAttn);
        QCOMPARE(llamacpp::buildRelease(Engine::Ollama, recent.release).version, std::string("b7400"));
        QCOMPARE(llamacpp::buildRelease(Engine::LlamaCpp, recent.release).version, std::string("0.17.0"));
    }

    void vllmCudaGraphAccountingFollowsTheRelease()
    {
        // From 0.21.0 the profiler takes the CUDA graphs out of the KV budget; before, they were
        // captured after the pool was sized, so the pool was larger by the graphs' bytes.
        QVERIFY(resolve(vllmH100()).settings.profileCudaGraphs);
        QVERIFY(!resolve(vllmH100("0.20.2")).settings.profileCudaGraphs);
        QVERIFY(!resolve(vllmH100("0.10.1.1")).settings.profileCudaGraphs);
        const Estimate now = estimate(resolve(vllmH100()));
        const Estimate before = estimate(resolve(vllmH100("0.20.2")));
        const Bytes graphs = test::shippedCatalog().runtime("vllm")->cudaGraphBytes;
        QCOMPARE(itemBytes(before, itemid::kKvPool) - itemBytes(now, itemid::kKvPool), graphs);
        QVERIFY(before.kvCapacityTokens > now.kvCapacityTokens);
        Scenario named = vllmH100("0.20.2");
        named.runtime.settings["memory_profiler_estimate_cudagraphs"] = true; // named: it wins
        QVERIFY(resolve(named).settings.profileCudaGraphs);
    }

    void vllmV0ProfilesTheWholePrompt()
    {
        // Before 0.8.0 (V0 engine), without chunked prefill the profiling step held
        // max(max_model_len, 2048) tokens and 256 sequences, whatever the card.
        const ResolvedScenario v0 = resolve(vllmH100("0.7.3"));
        QCOMPARE(v0.settings.maxNumBatchedTokens, std::uint64_t(8192));
        QCOMPARE(v0.settings.maxNumSeqs, 256u);
        Scenario longer = vllmH100("0.6.4");
        longer.workload.contextTokens = 20000;
        QCOMPARE(resolve(longer).settings.maxNumBatchedTokens, std::uint64_t(20000));
        // V1 on an H100: 8192 tokens and 1024 sequences (EngineArgs.get_batch_defaults).
        const ResolvedScenario v1 = resolve(vllmH100("0.10.1.1"));
        QCOMPARE(v1.settings.maxNumBatchedTokens, std::uint64_t(8192));
        QCOMPARE(v1.settings.maxNumSeqs, 1024u);
    }

    void versionRoundTripsThroughScenarioAndEstimateJson()
    {
        const Scenario s = llamaCpu("b6699");
        const json sj = scenarioToJson(s);
        QCOMPARE(sj["runtime"]["version"].get<std::string>(), std::string("b6699"));
        const Scenario back = scenarioFromJson(sj);
        QCOMPARE(back.runtime.settings, s.runtime.settings);
        QCOMPARE(scenarioToJson(back), sj);

        const Estimate e = estimate(resolve(s));
        QCOMPARE(e.runtimeRelease, std::string("b6699"));
        QVERIFY(!e.runtimeReleaseDefaulted);
        const json ej = estimateToJson(e, &s);
        QCOMPARE(ej["runtime_release"].get<std::string>(), std::string("b6699"));
        QCOMPARE(ej["runtime_release_defaulted"].get<bool>(), false);
        const Estimate read = estimateFromJson(ej);
        QCOMPARE(read.runtimeRelease, e.runtimeRelease);
        QCOMPARE(read.runtimeReleaseDefaulted, false);
        QCOMPARE(estimateToJson(read, &s), ej);
        // The scenario inside the estimate reads back with its version.
        QCOMPARE(scenarioFromJson(ej["scenario"]).runtime.settings["version"].get<std::string>(), std::string("b6699"));

        // Unnamed: the estimate says which release it took, and that it was the default.
        const json dj = estimateToJson(estimate(resolve(vllmH100())));
        QCOMPARE(dj["runtime_release"].get<std::string>(), std::string("0.21.0"));
        QCOMPARE(dj["runtime_release_defaulted"].get<bool>(), true);
    }

    void profileReleaseNamesAreChecked()
    {
        // A runtime profile whose release block names no release is refused, naming the key.
        json doc = {{"schema", "memplan.runtime-preset/1"},
                    {"id", "x"},
                    {"engine", "vllm"},
                    {"release", {{"newest", "newest"}}}};
        try {
            parseRuntimeProfile(doc);
            QFAIL("accepted a bad release name");
        } catch (const InputError &e) {
            QCOMPARE(e.info().field, std::string("release.newest"));
        }
    }
};

QTEST_APPLESS_MAIN(TstRelease)
#include "tst_release.moc"
