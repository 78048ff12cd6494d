// Multi-node plans (issue 14): TP × PP × EP on a large MoE preset, memory per rank from the
// formulas in core/questions/clusterplan.h, and the per-node launch commands.
//
// Qwen3 235B-A22B (presets/models/qwen3-235b-a22b.json): 94 layers, hidden 4096, 64 query heads
// and 4 KV heads of 128, 128 experts of width 1536 in every layer, vocabulary 151,936, untied.
//   attention + norms + router per layer: 4096·8192 (q) + 2·4096·512 (k, v) + 8192·4096 (o)
//       + 2·128 (q/k norm) + 2·4096 (norms) + 4096·128 (router)          =    71,835,904
//   routed experts per layer: 128 · 3 · 4096 · 1536                        = 2,415,919,104
//   embedding = head = 151,936 · 4096 = 622,329,856; final norm 4,096
//   (94 · 2,487,755,008 + 2 · 622,329,856 + 4,096 = 235,093,634,560, the preset's count)
// bf16 weights: 2 bytes; f16 KV: 2 bytes.

#include "error.h"
#include "questions/clusterplan.h"
#include "scenario/resolve.h"

#include "../core/testsupport.h"

#include <QTest>

using namespace memplan;

namespace {

ResolvedScenario qwen235(std::uint64_t context, std::uint64_t users)
{
    Scenario s = defaultScenario();
    s.model.preset = "qwen3-235b-a22b";
    s.weights.format = "bf16";
    s.kvCacheDtype = "f16";
    s.runtime.preset = "vllm";
    s.hardware.preset = "h100-sxm";
    s.workload.contextTokens = context;
    s.workload.concurrency = users;
    return resolveScenario(s, test::shippedCatalog());
}

constexpr Bytes kDensePerLayerBf16 = 71'835'904ull * 2;
constexpr Bytes kExpertsPerLayerBf16 = 2'415'919'104ull * 2;
constexpr Bytes kEmbeddingBf16 = 622'329'856ull * 2;

} // namespace

class TstClusterPlan : public QObject {
    Q_OBJECT
private slots:
    void vllmStageSplitFollowsGetPpIndices()
    {
        // 94 // 4 = 23, remainder 2 goes to stages -2 and -3 (vllm/distributed/utils.py).
        QCOMPARE(stageLayers(Engine::Vllm, 94, 4), (std::vector<std::uint32_t>{23, 24, 24, 23}));
        QCOMPARE(stageLayers(Engine::Vllm, 61, 2), (std::vector<std::uint32_t>{31, 30}));
        // llama.cpp: device d gets layers ceil(d·94/4) .. ceil((d+1)·94/4) − 1 = 0..23, 24..46, 47..70, 71..93.
        QCOMPARE(stageLayers(Engine::LlamaCpp, 94, 4), (std::vector<std::uint32_t>{24, 23, 24, 23}));
    }

    void tp8pp4WithExpertParallelOnFourNodes()
    {
        const ResolvedScenario r = qwen235(32768, 1);
        QCOMPARE(r.model.params.total(), std::uint64_t(235'093'634'560));
        ParallelLayout l;
        l.nodes = 4;
        l.gpusPerNode = 8;
        l.tensorParallel = 8;
        l.pipelineParallel = 4;
        l.expertParallel = true;
        const ClusterPlan plan = planCluster(r, l);
        QCOMPARE(plan.stages.size(), std::size_t(4));
        QCOMPARE(plan.ranks.size(), std::size_t(32));

        // Stage 0, 23 layers, one of 8 TP ranks; EP over TP × DP = 8 ranks: 128 / 8 = 16 whole experts each.
        const StageMemory &s0 = plan.stages[0];
        QCOMPARE(s0.layers, 23u);
        QCOMPARE(s0.expertsPerRank, 16u);
        QCOMPARE(s0.denseWeights, 23 * kDensePerLayerBf16 / 8);    //    413,056,448
        QCOMPARE(s0.expertWeights, 23 * kExpertsPerLayerBf16 / 8); // 13,891,534,848
        QCOMPARE(s0.embeddings, kEmbeddingBf16 / 8);               //    155,582,464
        // 4 KV heads over TP 8: each rank keeps one head: 2 · 1 · 128 · 2 B = 512 B per token and layer.
        QCOMPARE(s0.kvHeadsPerRank, 1u);
        QCOMPARE(s0.kvCache, Bytes(23) * 512 * 32768); //    385,875,968
        QCOMPARE(s0.total, Bytes(14'846'049'728));

        // Stage 1, 24 layers, no embedding.
        const StageMemory &s1 = plan.stages[1];
        QCOMPARE(s1.layers, 24u);
        QCOMPARE(s1.embeddings, Bytes(0));
        QCOMPARE(s1.total, 24 * kDensePerLayerBf16 / 8 + 24 * kExpertsPerLayerBf16 / 8 + Bytes(24) * 512 * 32768);
        // Last stage: the untied head and the final norm: (622,329,856 + 4,096) · 2 / 8.
        QCOMPARE(plan.stages[3].embeddings, Bytes(155'583'488));

        // H100 SXM: 81,559 MiB × 0.9 (vLLM gpu_memory_utilization) per rank.
        QCOMPARE(s0.usable, Bytes(double(85'520'809'984ull) * 0.9));
        QVERIFY(plan.fits);

        // Rank 13: node 1 (8 GPUs per node), local GPU 5, stage (13 / 8) % 4 = 1, TP rank 5.
        const RankPlacement &r13 = plan.ranks[13];
        QCOMPARE(r13.node, 1u);
        QCOMPARE(r13.localGpu, 5u);
        QCOMPARE(r13.stage, 1u);
        QCOMPARE(r13.tensorRank, 5u);

        // Commands: a Ray head and `vllm serve` on node 0, Ray workers elsewhere.
        QCOMPARE(plan.commands.size(), std::size_t(4));
        QCOMPARE(plan.commands[0].lines.front(), std::string("ray start --head --port=6379"));
        const std::string serve = plan.commands[0].lines.back();
        for (const char *flag : {"vllm serve Qwen/Qwen3-235B-A22B", "--tensor-parallel-size 8",
                                 "--pipeline-parallel-size 4", "--enable-expert-parallel", "--max-model-len 32768"})
            QVERIFY2(serve.find(flag) != std::string::npos, serve.c_str());
        QCOMPARE(plan.commands[2].lines, std::vector<std::string>{"ray start --address=HEAD_IP:6379"});
        bool replicatedNote = false;
        for (const std::string &n : plan.notes)
            replicatedNote = replicatedNote || n.find("exceeds the 4 KV heads") != std::string::npos;
        QVERIFY(replicatedNote);
    }

    void expertParallelDividesExpertsOverTpTimesDp()
    {
        // TP 4 × PP 2 × DP 4 = 32 GPUs; 8 users over 4 replicas = 2 sequences each.
        const ResolvedScenario r = qwen235(32768, 8);
        ParallelLayout l;
        l.engine = Engine::Sglang;
        l.nodes = 4;
        l.gpusPerNode = 8;
        l.tensorParallel = 4;
        l.pipelineParallel = 2;
        l.dataParallel = 4;
        l.expertParallel = true;
        const ClusterPlan ep = planCluster(r, l);
        const StageMemory &s0 = ep.stages[0];
        QCOMPARE(s0.layers, 47u);
        QCOMPARE(s0.expertsPerRank, 8u);                            // 128 / (4 · 4)
        QCOMPARE(s0.expertWeights, 47 * kExpertsPerLayerBf16 / 16); // 14,193,524,736
        QCOMPARE(s0.denseWeights, 47 * kDensePerLayerBf16 / 4);     //  1,688,143,744
        QCOMPARE(s0.kvCache, Bytes(47) * 512 * 32768 * 2);          //  1,577,058,304 (4 heads / TP 4 = 1)
        // Without EP every expert is sliced over TP only: four times the expert memory per rank.
        l.expertParallel = false;
        const ClusterPlan noEp = planCluster(r, l);
        QCOMPARE(noEp.stages[0].expertWeights, 4 * s0.expertWeights);
        // SGLang: the same command on every node, each told its rank.
        QCOMPARE(ep.commands.size(), std::size_t(4));
        const std::string node2 = ep.commands[2].lines.front();
        for (const char *flag : {"--tp 4", "--pp-size 2", "--dp 4", "--ep 16", "--nnodes 4", "--node-rank 2"})
            QVERIFY2(node2.find(flag) != std::string::npos, node2.c_str());
    }

    void badLayoutsNameTheKey()
    {
        const ResolvedScenario r = qwen235(4096, 1);
        ParallelLayout l;
        l.nodes = 2;
        l.gpusPerNode = 8;
        l.tensorParallel = 8;
        try {
            planCluster(r, l); // 8 ranks on 16 GPUs
            QFAIL("accepted a layout that leaves GPUs out");
        } catch (const InputError &e) {
            QCOMPARE(e.info().field, std::string("cluster"));
        }
        Scenario dense = defaultScenario();
        l = ParallelLayout{};
        l.expertParallel = true;
        try {
            planCluster(resolveScenario(dense, test::shippedCatalog()), l);
            QFAIL("EP accepted for a dense model");
        } catch (const InputError &e) {
            QCOMPARE(e.info().field, std::string("cluster.expert_parallel"));
        }
    }
};

QTEST_APPLESS_MAIN(TstClusterPlan)
#include "tst_clusterplan.moc"
