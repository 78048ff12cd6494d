// The llama.cpp (and vLLM MXFP4) rules of issue 12 items 3-4 as the estimate shows them.
// Golden values: llama.cpp v0.5.0 CPU logs (tests/data/runtime-logs/llamacpp-cpu-*.json,
// tools/llamacpp-measure) or hand calculations next to each check.
#include "error.h"
#include "estimator.h"
#include "testsupport.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace memplan;
using nlohmann::json;

namespace {

Scenario cpuScenario(const std::string &model, const std::string &format, nlohmann::json settings)
{
    Scenario s = test::theoryScenario(model, format, 4096, 1, "cpu-ddr5-5600-2ch");
    s.runtime.preset = "llama.cpp";
    s.host.ramBytes = 64 * GiB;
    s.runtime.settings = std::move(settings);
    return s;
}

Bytes itemBytes(const Estimate &e, std::string_view label)
{
    Bytes b = 0;
    for (const Item &it : e.items)
        if (it.label == label)
            b += it.bytes;
    return b;
}

Bytes kvBytes(const Estimate &e)
{
    Bytes b = 0;
    for (const Pool &p : e.pools)
        b += p.guest(Guest::KvCache);
    return b;
}

} // namespace

class TstLlamaCppEstimate : public QObject {
    Q_OBJECT
private slots:
    void q4_0RepacksBesideTheMappedFile()
    {
        // llamacpp-cpu-llama-3.2-1b-q4_0-ctx4096-ub512-np1-fa-on: CPU_REPACK 522.00 MiB = the 16
        // layers' Q4_0 matrices (547,356,672 B) beside the mapped file. llama-quantize writes the
        // last layer's ffn_up last (2048 x 8192 Q4_0 = 9,437,184 B), so it falls outside the
        // mapped span (CPU_Mapped 718.75 MiB, 9 MiB under the file) and is held once: the item
        // is what the repack adds, 547,356,672 - 9,437,184 B.
        const json base = {{"ctx_size", 4096}, {"cpu_features", "avx2"}};
        const Estimate e = estimate(cpuScenario("llama-3.2-1b", "q4_0", base), test::shippedCatalog());
        const Bytes repack = itemBytes(e, "repacked weights (CPU_REPACK)");
        QCOMPARE(qulonglong(repack), qulonglong(547356672ULL - 9437184ULL));
        // Read into memory (no mmap) the repacked tensors are not held twice.
        json noMmap = base;
        noMmap["mmap"] = false;
        QCOMPARE(itemBytes(estimate(cpuScenario("llama-3.2-1b", "q4_0", noMmap), test::shippedCatalog()),
                           "repacked weights (CPU_REPACK)"),
                 Bytes(0));
        // Q8_0 repacks on Arm with i8mm only.
        QCOMPARE(itemBytes(estimate(cpuScenario("llama-3.2-1b", "q8_0", base), test::shippedCatalog()),
                           "repacked weights (CPU_REPACK)"),
                 Bytes(0));
        json arm = base;
        arm["cpu_features"] = "neon_i8mm";
        QVERIFY(itemBytes(estimate(cpuScenario("llama-3.2-1b", "q8_0", arm), test::shippedCatalog()),
                          "repacked weights (CPU_REPACK)") > 0);
        QVERIFY_THROWS_EXCEPTION(InputError, estimate(cpuScenario("llama-3.2-1b", "q4_0", {{"cpu_features", "sse2"}}),
                                                      test::shippedCatalog()));
    }
    void serverReservesOneLogitRowPerSlot()
    {
        // llamacpp-cpu-llama-3.2-1b-q4_0-ctx4096-ub512-np1-fa-on (n_outputs_max = n_batch):
        // 258.50 MiB, 250.5 MiB of it the 512 x 128256 fp32 logits. llama-server keeps one row.
        const json cli = {{"ctx_size", 4096}, {"flash_attn", "on"}, {"program", "llama-cli"}};
        json server = cli;
        server["program"] = "llama-server";
        const Bytes a = estimate(cpuScenario("llama-3.2-1b", "q4_0", cli), test::shippedCatalog())
                            .pools.back()
                            .guest(Guest::Activation);
        const Bytes b = estimate(cpuScenario("llama-3.2-1b", "q4_0", server), test::shippedCatalog())
                            .pools.back()
                            .guest(Guest::Activation);
        QVERIFY(a > 3 * b);
        QVERIFY(std::abs(double(a) - (258.5 + 0.49) * MiB) / ((258.5 + 0.49) * MiB) < 0.05);
        QVERIFY_THROWS_EXCEPTION(InputError, estimate(cpuScenario("llama-3.2-1b", "q4_0", {{"program", "llama-run"}}),
                                                      test::shippedCatalog()));
    }
    void oneMemoryHoldsTheCpuBackendsInputsToo()
    {
        // llamacpp-pythia-1.4b-q8_0-ctx2048-ub512-metal-apple-m4-ci-b4897 (tests/data/runtime-logs/gpu):
        // beside "Metal compute buffer size = 102.25 MiB" the CPU backend holds the graph inputs,
        // "CPU compute buffer size = 8.01 MiB": the f32 KQ mask 512 x 2048 x 4, the positions
        // 512 x 4 and the embedding rows gathered on the host 512 x 2048 x 4. Llama 3.2 1B has the
        // same hidden size (2048), so the same buffer at the same context and micro-batch.
        Scenario s = test::theoryScenario("llama-3.2-1b", "q8_0", 2048, 1, "m4-16gb");
        s.runtime.preset = "llama.cpp";
        s.runtime.settings = {{"version", "b4897"}, {"ctx_size", 2048}, {"ubatch_size", 512}, {"flash_attn", "off"}};
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.pools.size(), std::size_t(1));
        const Bytes inputs = itemBytes(e, "graph inputs (host buffer)");
        QCOMPARE(qulonglong(inputs), qulonglong(512ULL * 2048 * 4 + 512 * 4 + 512ULL * 2048 * 4));
        QVERIFY(std::abs(double(inputs) - 8.01 * MiB) < 0.01 * MiB);
        // A discrete GPU's host pool holds the same buffer (CUDA_Host), not the GPU's pool.
        s.hardware.preset = "rtx-4090";
        const Estimate d = estimate(s, test::shippedCatalog());
        QCOMPARE(d.pools.size(), std::size_t(2));
        Bytes onGpu = 0;
        for (const Item &it : d.items)
            if (it.label == "graph inputs (host buffer)" && it.pool == 0)
                onGpu += it.bytes;
        QCOMPARE(onGpu, Bytes(0));
        QCOMPARE(itemBytes(d, "graph inputs (host buffer)"), inputs);
    }
    void splitSequencesArePaddedEachOnItsOwn()
    {
        // -c 4096 -np 3 without kv_unified: 3 x 1536 = 4608 cells; 16 layers x 2 x 512 x 2 B
        // = 32 KiB per cell -> 144 MiB ("CPU KV buffer size = 144.00 MiB").
        const json split = {{"ctx_size", 4096}, {"parallel", 3}, {"kv_unified", false}};
        QCOMPARE(kvBytes(estimate(cpuScenario("llama-3.2-1b", "q4_0", split), test::shippedCatalog())),
                 Bytes(144 * MiB));
        json unified = split;
        unified["kv_unified"] = true;
        QCOMPARE(kvBytes(estimate(cpuScenario("llama-3.2-1b", "q4_0", unified), test::shippedCatalog())),
                 Bytes(128 * MiB));
    }
    void serverHostCaches()
    {
        const json server = {{"ctx_size", 4096}};
        const Estimate e = estimate(cpuScenario("llama-3.2-1b", "q4_0", server), test::shippedCatalog());
        // One full cache's worth (128 MiB of KV) below the 8192 MiB limit; the range reaches the limit.
        bool found = false;
        for (const Item &it : e.items)
            if (it.label == "prompt cache (llama-server --cache-ram)") {
                found = true;
                QCOMPARE(it.bytes, Bytes(128 * MiB));
                QCOMPARE(it.high, Bytes(8192) * MiB);
                QCOMPARE(it.low, Bytes(0));
            }
        QVERIFY(found);
        const Estimate cli =
            estimate(cpuScenario("llama-3.2-1b", "q4_0", {{"ctx_size", 4096}, {"program", "llama-cli"}}),
                     test::shippedCatalog());
        QCOMPARE(itemBytes(cli, "prompt cache (llama-server --cache-ram)"), Bytes(0));
        const Estimate off = estimate(cpuScenario("llama-3.2-1b", "q4_0", {{"ctx_size", 4096}, {"cache_ram", 0}}),
                                      test::shippedCatalog());
        QCOMPARE(itemBytes(off, "prompt cache (llama-server --cache-ram)"), Bytes(0));
        // The launch command says so, and names the program.
        QVERIFY(off.launchCommand.find(" --cache-ram 0") != std::string::npos);
        QVERIFY(e.launchCommand.find("--cache-ram") == std::string::npos);
        QVERIFY(cli.launchCommand.rfind("llama-cli -m ", 0) == 0);
    }
    void llamaCppSettingValuesAreAccepted()
    {
        // -fa auto, -ngl all / 999 / auto, -c 0 (the trained context: 131072 for Llama 3.2).
        Scenario s = test::theoryScenario("llama-3.2-1b", "q4_0", 4096, 1, "rtx-4090");
        s.runtime.preset = "llama.cpp";
        s.runtime.settings = {{"flash_attn", "auto"}, {"n_gpu_layers", "all"}, {"ctx_size", 0}};
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(e.pools[0].guest(Guest::KvCache), Bytes(131072) * 32 * KiB);
        s.runtime.settings = {{"n_gpu_layers", 999}, {"ctx_size", 4096}};
        const Bytes all = estimate(s, test::shippedCatalog()).pools[0].guest(Guest::Weights);
        s.runtime.settings = {{"n_gpu_layers", -2}, {"ctx_size", 4096}};
        QCOMPARE(estimate(s, test::shippedCatalog()).pools[0].guest(Guest::Weights), all);
        s.runtime.settings = {{"flash_attn", "sometimes"}};
        QVERIFY_THROWS_EXCEPTION(InputError, estimate(s, test::shippedCatalog()));
    }
    void vllmMxfp4ExpertsArePadded()
    {
        // gpt-oss-120b on one H100 (Marlin): the experts grow by 3072 x 2944 / 2880^2 = +9.04 %,
        // about 5 GiB, which brings the weights into the 64-66 GiB vLLM logs print (issue 12).
        Scenario s = test::theoryScenario("gpt-oss-120b", "", 8192, 1, "h100-sxm");
        s.weights.format.clear();
        s.runtime.preset = "vllm";
        const Bytes marlin = estimate(s, test::shippedCatalog()).pools[0].guest(Guest::Weights);
        s.runtime.settings = {{"mxfp4_backend", "triton"}};
        const Bytes triton = estimate(s, test::shippedCatalog()).pools[0].guest(Guest::Weights);
        QVERIFY(marlin > triton + 4 * GiB && marlin < triton + 6 * GiB);
        QVERIFY(double(marlin) / GiB > 63.5 && double(marlin) / GiB < 66.5);
        s.runtime.settings = {{"mxfp4_backend", "cutlass"}};
        QVERIFY_THROWS_EXCEPTION(InputError, estimate(s, test::shippedCatalog()));
    }
};

QTEST_APPLESS_MAIN(TstLlamaCppEstimate)
#include "tst_llamacppestimate.moc"
