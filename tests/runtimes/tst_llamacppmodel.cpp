// llama.cpp's module (core/runtimes/llamacpp/): the host logits buffer, op
// offload, pipeline-parallel copies, and llama-server / Ollama launch commands.
#include "../core/testsupport.h"
#include "estimator.h"
#include "runtimes/llamacpp/llamacppmodel.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <map>

using namespace memplan;

namespace {

Scenario llamaCpp(const std::string &hardware, std::uint32_t count, double gpuFraction, nlohmann::json settings = {})
{
    Scenario s = test::theoryScenario("llama-3.1-8b", "q4_k_m", 4096, 1, hardware);
    s.runtime.preset = "llama.cpp";
    s.hardware.count = count;
    s.host.ramBytes = 64 * GiB;
    s.placement.gpuLayerFraction = gpuFraction;
    s.placement.splitMode = "layer";
    s.runtime.settings = settings.is_null() ? nlohmann::json::object() : settings;
    return s;
}

const Item *findItem(const Estimate &e, std::string_view label, std::uint16_t pool)
{
    for (const Item &it : e.items)
        if (it.label == label && it.pool == pool)
            return &it;
    return nullptr;
}

} // namespace

class TstLlamaCppModel : public QObject {
    Q_OBJECT
private slots:
    void outputBufferHoldsOneLogitRowPerSequence()
    {
        // "CUDA_Host output buffer size = 0.49 MiB" for Llama 3 (128,256 x 4 bytes, one sequence);
        // four slots hold four rows (tests/data/runtime-logs/llamacpp-llama-3-8b-...-fa-off.json).
        const Estimate one = estimate(llamaCpp("rtx-4090", 1, 1.0), test::shippedCatalog());
        const Estimate four = estimate(llamaCpp("rtx-4090", 1, 1.0, {{"parallel", 4}}), test::shippedCatalog());
        const Item *a = findItem(one, "output (logits) buffer", 1);
        const Item *b = findItem(four, "output (logits) buffer", 1);
        QVERIFY(a && b);
        QCOMPARE(a->bytes, Bytes(128256) * 4);
        QCOMPARE(b->bytes, Bytes(128256) * 4 * 4);
    }

    void opOffloadNeedsAFullEnoughMicroBatch()
    {
        // ggml-cuda offloads host-weight products from 32 rows on (op_offload_min_batch).
        const ResolvedScenario big = resolveScenario(llamaCpp("rtx-4090", 1, 0.5), test::shippedCatalog());
        const ResolvedScenario tiny =
            resolveScenario(llamaCpp("rtx-4090", 1, 0.5, {{"ubatch_size", 16}}), test::shippedCatalog());
        QVERIFY(runtimes::ggmlOpOffload(estimation::makePlan(big)));
        QVERIFY(!runtimes::ggmlOpOffload(estimation::makePlan(tiny)));
        // With everything on the GPU there is nothing on the host to offload.
        const ResolvedScenario full = resolveScenario(llamaCpp("rtx-4090", 1, 1.0), test::shippedCatalog());
        QVERIFY(!runtimes::ggmlOpOffload(estimation::makePlan(full)));
    }

    void computeBufferListsEveryTermOfItsFormula()
    {
        // Half of Llama 3.1 8B offloaded: op offload copies the host output head and a host
        // layer's gate and up projections into GPU 0's compute buffer; show-the-math lists both
        // (issue 21 item 3: they used to be dropped past the eighth term). Since PR #18148 a partial
        // offload holds the output layer on the GPU, so the older rule keeps it on the host here.
        const Estimate e =
            estimate(llamaCpp("rtx-4090", 1, 0.5, {{"output_layer_first", false}}), test::shippedCatalog());
        const Item *cb = findItem(e, "compute buffer (graph peak)", 0);
        const Item *head = findItem(e, "output head", 1);
        QVERIFY(cb && head);
        std::map<std::string_view, double> values;
        for (const Term &t : cb->terms)
            values[t.symbol] = t.value;
        for (const char *sym : {"a_f", "a_h", "W_ffn", "W_out"})
            QVERIFY2(values.count(sym), sym);
        QCOMPARE(values["W_out"], double(head->bytes));
        // 2 x H x F x bpw / 8 of one Q4_K_M layer (4096 x 14336).
        QCOMPARE(values["W_ffn"], 2.0 * 4096 * 14336 * findQuantFormat("q4_k_m")->bitsPerWeight() / 8);
    }

    void kvInHostRamPutsTheScoresInTheHostBuffer()
    {
        // -nkvo without flash attention: the f32 scores (32 heads x 512 x 4096 cells x 4 B = 256 MiB
        // for Llama 3.1 8B) leave the GPU's compute buffer for the host's (ggmlgraph.h, "attention").
        const nlohmann::json fa = {{"flash_attn", "off"}};
        Scenario onHost = llamaCpp("rtx-4090", 1, 1.0, fa);
        onHost.placement.kvOnGpu = false;
        const Estimate host = estimate(onHost, test::shippedCatalog());
        const Estimate gpu = estimate(llamaCpp("rtx-4090", 1, 1.0, fa), test::shippedCatalog());
        const Item *gpuPeak = findItem(gpu, "compute buffer (graph peak)", 0);
        const Item *gpuPeakNkvo = findItem(host, "compute buffer (graph peak)", 0);
        const Item *hostPeak = findItem(host, "compute buffer (graph peak)", 1);
        QVERIFY(gpuPeak && gpuPeakNkvo && hostPeak);
        const double scores = 32.0 * 512 * 4096 * 4;
        QVERIFY(double(hostPeak->bytes) > scores);
        QVERIFY(double(gpuPeakNkvo->bytes) < double(gpuPeak->bytes));
        // The GPU keeps the logits stage (the output layer is there), no scores.
        QVERIFY(double(gpuPeakNkvo->bytes) < scores);
        QVERIFY(!findItem(gpu, "compute buffer (graph peak)", 1));
    }

    void pipelineCopiesOnlyWithEveryLayerOnSeveralGpus()
    {
        // src/llama-context.cpp: pipeline parallelism with several GPUs, all layers and the output offloaded.
        auto copies = [](const Scenario &s) {
            return runtimes::ggmlPipelineCopies(estimation::makePlan(resolveScenario(s, test::shippedCatalog())));
        };
        QCOMPARE(copies(llamaCpp("rtx-4090", 2, 1.0)), 4u);
        QCOMPARE(copies(llamaCpp("rtx-4090", 1, 1.0)), 1u);
        QCOMPARE(copies(llamaCpp("rtx-4090", 2, 0.5)), 1u);
        Scenario tensor = llamaCpp("rtx-4090", 2, 1.0);
        tensor.placement.splitMode = "tensor";
        QCOMPARE(copies(tensor), 1u);
    }

    void launchCommands()
    {
        const ResolvedScenario r = resolveScenario(
            llamaCpp("rtx-4090", 1, 1.0, {{"parallel", 2}, {"kv_unified", false}}), test::shippedCatalog());
        const std::string cmd = runtimeModel(Engine::LlamaCpp).launchCommand(r);
        QVERIFY2(cmd.rfind("llama-server -m llama-3.1-8b-q4_k_m.gguf --ctx-size 8192 --parallel 2", 0) == 0,
                 cmd.c_str());
        QVERIFY2(cmd.find("--no-kv-unified") != std::string::npos, cmd.c_str());
        Scenario o = llamaCpp("rtx-4090", 1, 1.0);
        o.runtime.preset = "ollama";
        const std::string ollama = estimate(o, test::shippedCatalog()).launchCommand;
        QVERIFY2(ollama.rfind("OLLAMA_CONTEXT_LENGTH=4096 OLLAMA_NUM_PARALLEL=1", 0) == 0, ollama.c_str());
        QVERIFY2(ollama.ends_with("ollama serve"), ollama.c_str());
    }
};

QTEST_APPLESS_MAIN(TstLlamaCppModel)
#include "tst_llamacppmodel.moc"
