#pragma once
// Deployments bigger than one box: tensor parallel (TP) within a node, pipeline
// parallel (PP) across nodes, expert parallel (EP) for MoE layers and data-parallel
// replicas (DP), as vLLM and SGLang run them, and llama.cpp's RPC backend. The
// planner never runs a cluster; it says what each rank holds and what to type on
// each node. docs/formulas.md ("Several nodes") has the formulas.
//
// Per rank of pipeline stage s (every TP rank of a stage holds the same):
//   layers L_s          vLLM get_pp_indices (vllm/distributed/utils.py): L // PP each, the
//                       remainder added from the second-to-last stage backwards; llama.cpp RPC
//                       gives device d the layers ceil(d·L/n) .. ceil((d+1)·L/n) − 1 (an equal
//                       split looked up with upper_bound in llama-model.cpp's load_tensors)
//   dense weights       P_layers / L × L_s × b / TP          (attention, norms, router, dense FFN)
//   expert weights      P_experts / N_moe × M_s × b / D_e    D_e = TP × DP with EP (whole experts,
//                       E / D_e per rank), TP without it (every expert sliced TP ways)
//   embeddings          P_embed × b / TP on the first stage; the head on the last (a tied head
//                       is a second copy there when PP > 1)
//   KV cache            L_kv,s × 2 × ceil(H_kv / TP) × d × b_kv × T,  T = context × ceil(users / DP)
//                       (MLA: the latent, d_c + d_rope, is held whole by every TP rank)
// b = bytes per weight of the format. Activation, CUDA graphs and the allocator are not in
// these figures; the single-GPU estimate shows them for one rank's share.

#include "runtimes/registry.h"
#include "scenario/resolve.h"

#include <cstdint>
#include <string>
#include <vector>

namespace memplan {

/// The name of the engine's multi-node deployment (RuntimeModel::clusterId); empty when it has none.
std::string_view clusterEngineId(Engine e);

struct ParallelLayout {
    Engine engine = defaultClusterRuntime(); ///< whose deployment: its module's cluster hooks

    std::uint32_t nodes = 1;
    std::uint32_t gpusPerNode = 1;
    std::uint32_t tensorParallel = 1;
    std::uint32_t pipelineParallel = 1;
    std::uint32_t dataParallel = 1;
    bool expertParallel = false;
    std::string headAddress = "HEAD_IP"; ///< shown in the commands
};

struct StageMemory {
    std::uint32_t stage = 0;
    std::uint32_t firstLayer = 0;
    std::uint32_t layers = 0;
    std::uint32_t moeLayers = 0;
    std::uint32_t kvLayers = 0;
    std::uint32_t expertsPerRank = 0; ///< routed experts held whole per MoE layer (EP), else all of them sliced
    std::uint32_t kvHeadsPerRank = 0;
    Bytes denseWeights = 0;
    Bytes expertWeights = 0;
    Bytes embeddings = 0;
    Bytes kvCache = 0;
    Bytes total = 0;  ///< weights + KV cache of one rank
    Bytes usable = 0; ///< the share of one GPU the runtime may fill
    bool fits = false;
};

struct RankPlacement {
    std::uint32_t rank = 0;
    std::uint32_t node = 0;
    std::uint32_t localGpu = 0;
    std::uint32_t dataRank = 0;
    std::uint32_t stage = 0;
    std::uint32_t tensorRank = 0;
};

struct NodeCommand {
    std::uint32_t node = 0;
    std::vector<std::string> lines; ///< run in this order on that node
};

struct ClusterPlan {
    ParallelLayout layout;
    std::vector<StageMemory> stages;
    std::vector<RankPlacement> ranks;
    std::vector<NodeCommand> commands;
    std::vector<std::string> notes; ///< English: what the layout implies (TP across nodes, replicated KV heads, ...)
    bool fits = false;
};

/// Throws InputError naming the key when the layout does not multiply out to the GPUs
/// (TP × PP × DP = nodes × GPUs per node), PP exceeds the layers, or EP is asked of a dense model.
ClusterPlan planCluster(const ResolvedScenario &r, const ParallelLayout &layout);

/// The layers of each pipeline stage, as the engine splits them.
std::vector<std::uint32_t> stageLayers(Engine engine, std::uint32_t layers, std::uint32_t stages);

/// A command's parts joined by single spaces.
std::string joinFlags(const std::vector<std::string> &parts);
/// The model as a serving command names it: its source (a repository) when known, else its id.
std::string servedModelName(const ResolvedScenario &r);

} // namespace memplan
