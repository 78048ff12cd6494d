// Issue 28: llama.cpp's row split (-sm row). The expected placement is read from llama.cpp's
// source: make_gpu_buft_list (src/llama-model.cpp) puts each device's split buffer type first
// for the layers it holds, and the CUDA back end takes a weight into it only for GGML_OP_MUL_MAT
// on a 2-D matrix (ggml_backend_cuda_device_supports_op), so attention, dense FFN, router and
// output head are cut by rows over every GPU (get_row_split: rows [n × cumulative share, …)),
// while a layer's 3-D routed experts and its KV cache stay with the layer's GPU. Pipeline
// parallelism is only turned on under the layer split mode (src/llama-context.cpp).
#include "error.h"
#include "estimation/plan.h"
#include "estimator.h"
#include "itemids.h"
#include "speed/speedengine.h"
#include "speed/speedjson.h"
#include "testsupport.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace memplan;

namespace {

/// A model on RTX 4090s under llama.cpp, everything offloaded, split by `splitMode`.
Scenario onGpus(const std::string &model, std::uint32_t gpus, const std::string &splitMode)
{
    Scenario s = test::theoryScenario(model, "q8_0", 8192, 1, "rtx-4090");
    s.runtime.preset = "llama.cpp";
    s.hardware.count = gpus;
    s.host.ramBytes = 128 * GiB;
    s.placement.gpuLayerFraction = 1.0;
    s.runtime.settings = {{"ctx_size", 8192}, {"n_gpu_layers", 99}, {"split_mode", splitMode}};
    return s;
}

/// Qwen2.5-32B (64 dense layers) Q8_0 on two GPUs.
Scenario denseOnTwo(const std::string &splitMode)
{
    return onGpus("qwen2.5-32b", 2, splitMode);
}

/// Qwen3-30B-A3B (48 mixture layers) Q8_0 on four GPUs, as in llama.cpp issue 13661.
Scenario moeOnFour(const std::string &splitMode)
{
    return onGpus("qwen3-30b-a3b", 4, splitMode);
}

const auto itemBytes = &test::itemBytesById;

Bytes gpuWeights(const Estimate &e, std::uint32_t gpus)
{
    Bytes b = 0;
    for (std::uint32_t d = 0; d < gpus; ++d)
        b += e.pools[d].guest(Guest::Weights);
    return b;
}

} // namespace

class TstRowSplit : public QObject {
    Q_OBJECT
private slots:
    void everyGpuHoldsItsRowsOfEveryLayer()
    {
        const Estimate layer = estimate(denseOnTwo("layer"), test::shippedCatalog());
        const Estimate row = estimate(denseOnTwo("row"), test::shippedCatalog());
        // The same bytes on the GPUs, divided differently: whole layers (33 and 31, the output
        // with the second) against half the rows of all 64 layers and of the head on each.
        QCOMPARE(gpuWeights(row, 2), gpuWeights(layer, 2));
        const Bytes allLayers =
            itemBytes(layer, itemid::kWeightsLayers, 0) + itemBytes(layer, itemid::kWeightsLayers, 1);
        QVERIFY(itemBytes(layer, itemid::kWeightsLayers, 0) != itemBytes(layer, itemid::kWeightsLayers, 1));
        QVERIFY(std::llabs(std::int64_t(itemBytes(row, itemid::kWeightsLayers, 0)) - std::int64_t(allLayers / 2)) <= 1);
        QVERIFY(std::llabs(std::int64_t(itemBytes(row, itemid::kWeightsLayers, 1)) - std::int64_t(allLayers / 2)) <= 1);
        const Bytes head = itemBytes(layer, itemid::kWeightsOutputHead, 1);
        QVERIFY(head > 0);
        QCOMPARE(itemBytes(layer, itemid::kWeightsOutputHead, 0), Bytes(0));
        QCOMPARE(itemBytes(row, itemid::kWeightsOutputHead, 0) + itemBytes(row, itemid::kWeightsOutputHead, 1), head);
        QVERIFY(itemBytes(row, itemid::kWeightsOutputHead, 0) > head / 2 - 1);
        // The KV cache stays with the layers' GPUs (33 and 31 layers), as under the layer split.
        QCOMPARE(row.pools[0].guest(Guest::KvCache), layer.pools[0].guest(Guest::KvCache));
        QCOMPARE(row.pools[1].guest(Guest::KvCache), layer.pools[1].guest(Guest::KvCache));
    }

    void tensorSplitSharesTheRows()
    {
        // -ts 1,3: the first GPU's rows end at a quarter of each matrix.
        Scenario s = denseOnTwo("row");
        s.runtime.settings["tensor_split"] = {1, 3};
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        const estimation::Plan pl = estimation::makePlan(r);
        QVERIFY(pl.rowSplit);
        QCOMPARE(pl.rowStart[1], 0.25);
        QCOMPARE(pl.rowShare(1000, 0) + pl.rowShare(1000, 1), Bytes(1000));
        QCOMPARE(pl.rowShare(1000, 0), Bytes(250));
    }

    void routedExpertsStayWithTheirLayers()
    {
        // Three-dimensional expert tensors cannot be cut by rows (mul_mat_id): each GPU keeps the
        // experts of its own layers, exactly as under the layer split; only the rest moves.
        const Estimate layer = estimate(moeOnFour("layer"), test::shippedCatalog());
        const Estimate row = estimate(moeOnFour("row"), test::shippedCatalog());
        Bytes rows = 0;
        for (std::size_t d = 0; d < 4; ++d) {
            QCOMPARE(itemBytes(row, itemid::kWeightsExperts, d), itemBytes(layer, itemid::kWeightsExperts, d));
            rows += itemBytes(row, itemid::kWeightsLayers, d);
        }
        for (std::size_t d = 0; d < 4; ++d)
            QVERIFY(std::llabs(std::int64_t(itemBytes(row, itemid::kWeightsLayers, d)) - std::int64_t(rows / 4)) <= 1);
        QCOMPARE(gpuWeights(row, 4), gpuWeights(layer, 4));
    }

    void noPipelineCopiesUnderTheRowSplit()
    {
        // src/llama-context.cpp: pipeline_parallel needs split_mode == LLAMA_SPLIT_MODE_LAYER.
        const Estimate layer = estimate(denseOnTwo("layer"), test::shippedCatalog());
        const Estimate row = estimate(denseOnTwo("row"), test::shippedCatalog());
        Bytes copiesLayer = 0, copiesRow = 0;
        for (std::size_t d = 0; d < layer.pools.size(); ++d) {
            copiesLayer += itemBytes(layer, itemid::kActGgmlCopies, d);
            copiesRow += itemBytes(row, itemid::kActGgmlCopies, d);
        }
        QVERIFY(copiesLayer > 0);
        QCOMPARE(copiesRow, Bytes(0));
    }

    void backEndsWithoutASplitBufferLoadByLayer()
    {
        // Vulkan has no ggml_backend_split_buffer_type: -sm row loads as the layer split.
        Scenario s = denseOnTwo("row");
        s.hardware.backend = "vulkan";
        const ResolvedScenario r = resolveScenario(s, test::shippedCatalog());
        QVERIFY(!estimation::makePlan(r).rowSplit);
        Scenario l = denseOnTwo("layer");
        l.hardware.backend = "vulkan";
        const Estimate e = estimate(s, test::shippedCatalog());
        QCOMPARE(itemBytes(e, itemid::kWeightsLayers, 0),
                 itemBytes(estimate(l, test::shippedCatalog()), itemid::kWeightsLayers, 0));
    }

    void noneKeepsOneGpu()
    {
        const Estimate e = estimate(denseOnTwo("none"), test::shippedCatalog());
        std::size_t gpus = 0;
        for (const Pool &p : e.pools)
            gpus += p.kind == PoolKind::Vram ? 1 : 0;
        QCOMPARE(gpus, std::size_t(1));
        QVERIFY(e.launchCommand.find("--split-mode none") != std::string::npos);
    }

    void launchCommandAndBadValues()
    {
        QVERIFY(estimate(denseOnTwo("row"), test::shippedCatalog()).launchCommand.find("--split-mode row") !=
                std::string::npos);
        QVERIFY(estimate(denseOnTwo("layer"), test::shippedCatalog()).launchCommand.find("--split-mode") ==
                std::string::npos);
        try {
            resolveScenario(denseOnTwo("rows"), test::shippedCatalog());
            QFAIL("a split mode llama.cpp does not have is refused");
        } catch (const InputError &err) {
            QVERIFY(std::string(err.what()).find("runtime.split_mode") != std::string::npos);
        }
    }

    void speedReadsTheRowsInParallel()
    {
        // Each split product runs on both GPUs at once and hands its rows' results over: 64 layers
        // × (q, k, v, o, gate, up, down) + the head = 449 hand-overs per decode step.
        const Estimate layer = estimate(denseOnTwo("layer"), test::shippedCatalog());
        const Estimate row = estimate(denseOnTwo("row"), test::shippedCatalog());
        QVERIFY(row.speed.available);
        QCOMPARE(row.speed.hostSwitches, 449.0);
        QCOMPARE(layer.speed.hostSwitches, 0.0);
        // The ceiling reads each GPU's half at once: nearly twice the layer split's (the KV cache
        // and its attention still run one GPU after the other).
        QVERIFY(row.speed.decodePerSequence.bound > 1.8 * layer.speed.decodePerSequence.bound);
        // The expected rate pays for the hand-overs.
        QVERIFY(row.speed.decodePerSequence.expected < row.speed.decodePerSequence.bound);
        // A saved estimate keeps what decode at another concurrency needs (docs/scenario-format.md).
        const SpeedEstimate back = speedFromJson(speedToJson(row.speed, row.pools), row.pools);
        QVERIFY(back.rowSplit);
        QCOMPARE(back.pools.size(), row.speed.pools.size());
        for (std::size_t i = 0; i < back.pools.size(); ++i)
            QCOMPARE(back.pools[i].rowBytes, row.speed.pools[i].rowBytes);
        QCOMPARE(decodeAt(back, 4).total.bound, decodeAt(row.speed, 4).total.bound);
    }
};

QTEST_GUILESS_MAIN(TstRowSplit)
#include "tst_rowsplit.moc"
