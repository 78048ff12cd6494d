#include "questions/clusterplan.h"

#include "error.h"
#include "model/quantformat.h"
#include "questions/launchcommand.h"
#include "runtimes/runtimemodel.h"

#include <algorithm>
#include <cmath>

namespace memplan {

namespace {

Bytes bytesOf(long double params, long double bytesPerParam, std::uint64_t divisor)
{
    return Bytes(std::ceil(params * bytesPerParam / (long double)std::max<std::uint64_t>(divisor, 1)));
}

bool isKvLayer(const ModelArchitecture &a, std::uint32_t i)
{
    if (a.layerKinds.empty())
        return true;
    const LayerKind k = a.layerKinds[i];
    return k == LayerKind::FullAttention || k == LayerKind::Mla || k == LayerKind::SlidingWindow ||
           k == LayerKind::ChunkedAttention || (a.parallelAttention && k != LayerKind::FullAttention);
}

void validate(const ResolvedScenario &r, const ParallelLayout &l)
{
    const auto positive = [](std::uint32_t v, const char *key) {
        if (v == 0 || v > 4096)
            throw InputError(key, "must be from 1 to 4,096");
    };
    positive(l.nodes, "cluster.nodes");
    positive(l.gpusPerNode, "cluster.gpus_per_node");
    positive(l.tensorParallel, "cluster.tensor_parallel");
    positive(l.pipelineParallel, "cluster.pipeline_parallel");
    positive(l.dataParallel, "cluster.data_parallel");
    const std::uint64_t world = std::uint64_t(l.tensorParallel) * l.pipelineParallel * l.dataParallel;
    if (world != std::uint64_t(l.nodes) * l.gpusPerNode)
        throw InputError("cluster", "TP × PP × DP = " + std::to_string(world) + " ranks, but " +
                                        std::to_string(l.nodes) + " nodes × " + std::to_string(l.gpusPerNode) +
                                        " GPUs = " + std::to_string(std::uint64_t(l.nodes) * l.gpusPerNode));
    if (l.pipelineParallel > r.model.arch.numHiddenLayers)
        throw InputError("cluster.pipeline_parallel",
                         "is larger than the model's " + std::to_string(r.model.arch.numHiddenLayers) + " layers");
    if (l.expertParallel && !r.model.arch.isMoe())
        throw InputError("cluster.expert_parallel", "needs a mixture-of-experts model; " + r.model.name + " is dense");
    if (runtimeModel(l.engine).clusterId().empty())
        throw InputError("cluster", "the " + std::string(l.engine.id()) + " runtime has no multi-node deployment");
    runtimeModel(l.engine).checkClusterLayout(l);
}

} // namespace

std::string joinFlags(const std::vector<std::string> &parts)
{
    std::string out;
    for (const std::string &p : parts)
        out += (out.empty() ? "" : " ") + p;
    return out;
}

std::string servedModelName(const ResolvedScenario &r)
{
    return r.model.source.empty() ? r.model.id : launch::checkpointRepo(r);
}

std::string_view clusterEngineId(Engine e)
{
    return runtimeModel(e).clusterId();
}

std::vector<std::uint32_t> stageLayers(Engine engine, std::uint32_t layers, std::uint32_t stages)
{
    return runtimeModel(engine).stageLayers(layers, stages);
}

ClusterPlan planCluster(const ResolvedScenario &r, const ParallelLayout &layout)
{
    validate(r, layout);
    ClusterPlan plan;
    plan.layout = layout;
    const ModelArchitecture &a = r.model.arch;
    const ParameterCounts &p = r.model.params;
    const std::uint32_t tp = layout.tensorParallel, pp = layout.pipelineParallel, dp = layout.dataParallel;
    const long double b = r.weightFormat ? r.weightFormat->bitsPerWeight() / 8.0L : 2.0L;
    const long double bKv = r.kvFormatK ? r.kvFormatK->bitsPerWeight() / 8.0L : 2.0L;
    const std::uint32_t L = a.numHiddenLayers;
    const std::uint32_t moeTotal = a.numMoeLayers();
    const long double densePerLayer = L ? (long double)p.layers / L : 0;
    const long double expertsPerMoeLayer = moeTotal ? (long double)p.routedExperts / moeTotal : 0;
    const std::uint64_t expertDivisor = layout.expertParallel ? std::uint64_t(tp) * dp : tp;
    const std::uint64_t tokens = r.workload.contextTokens * ((r.workload.concurrency + dp - 1) / dp);
    // KV per token and layer on one rank: GQA heads split over TP (a rank keeps at least one
    // head: vLLM replicates KV heads when TP exceeds them); MLA's latent is not split.
    const std::uint32_t kvHeads = a.kvHeads();
    const std::uint32_t headsPerRank = a.isMla() ? 0 : std::max<std::uint32_t>(1, (kvHeads + tp - 1) / tp);
    const long double kvElements =
        a.isMla() ? (long double)a.kvElementsPerTokenPerLayer() : 2.0L * headsPerRank * a.effectiveHeadDim();
    const double fraction = runtimeModel(layout.engine).clusterMemoryFraction(r);
    const Bytes usable = Bytes(double(r.hardware.capacityBytes) * fraction);

    const std::vector<std::uint32_t> split = stageLayers(layout.engine, L, pp);
    std::uint32_t first = 0;
    plan.fits = true;
    for (std::uint32_t s = 0; s < pp; ++s) {
        StageMemory m;
        m.stage = s;
        m.firstLayer = first;
        m.layers = split[s];
        for (std::uint32_t i = first; i < first + split[s]; ++i) {
            m.moeLayers += a.isMoeLayer(i);
            m.kvLayers += isKvLayer(a, i);
        }
        m.expertsPerRank = layout.expertParallel ? std::uint32_t(a.numExperts / expertDivisor) : a.numExperts;
        m.kvHeadsPerRank = headsPerRank;
        m.denseWeights = bytesOf(densePerLayer * m.layers, b, tp);
        m.expertWeights = bytesOf(expertsPerMoeLayer * m.moeLayers, b, expertDivisor);
        long double embed = 0;
        if (s == 0)
            embed += p.embedding;
        if (s + 1 == pp)
            embed += p.outputHead + p.finalNorm + ((p.outputHead == 0 && pp > 1) ? p.embedding : 0);
        m.embeddings = bytesOf(embed, b, tp);
        m.kvCache = Bytes(std::ceil((long double)m.kvLayers * kvElements * bKv * (long double)tokens));
        m.total = m.denseWeights + m.expertWeights + m.embeddings + m.kvCache;
        m.usable = usable;
        m.fits = m.total <= usable;
        plan.fits = plan.fits && m.fits;
        plan.stages.push_back(m);
        first += split[s];
    }
    // Ranks in launch order: TP fastest (inside a node), then PP, then DP, as vLLM and SGLang number them.
    for (std::uint32_t rank = 0; rank < tp * pp * dp; ++rank)
        plan.ranks.push_back({rank, rank / layout.gpusPerNode, rank % layout.gpusPerNode, rank / (tp * pp),
                              (rank / tp) % pp, rank % tp});

    if (tp > layout.gpusPerNode)
        plan.notes.push_back("Tensor parallelism spans nodes: every layer's all-reduce crosses the network; keep TP "
                             "within a node and use PP across nodes where the memory allows.");
    if (!a.isMla() && tp > kvHeads)
        plan.notes.push_back("TP " + std::to_string(tp) + " exceeds the " + std::to_string(kvHeads) +
                             " KV heads: each rank keeps a copy of one KV head, so the KV cache is replicated.");
    if (layout.expertParallel && a.numExperts % expertDivisor != 0)
        plan.notes.push_back("The " + std::to_string(a.numExperts) + " experts do not divide over " +
                             std::to_string(expertDivisor) + " ranks: some ranks hold one more expert.");
    if (moeTotal && moeTotal != L && a.ffnKinds.empty() && a.firstKDenseReplace == 0 && a.moeLayerStep <= 1)
        plan.notes.push_back("Dense and MoE layers differ in size; per-layer weights are an average.");
    runtimeModel(layout.engine).addClusterCommands(plan, r);
    return plan;
}

} // namespace memplan
