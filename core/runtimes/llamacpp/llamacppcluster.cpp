// llama.cpp across nodes: the RPC backend. An rpc-server per GPU on the other nodes,
// llama-server on the head node with its own GPUs and the remote ones listed; layers only.
#include "runtimes/llamacpp/llamacppmodel.h"

#include "error.h"
#include "questions/clusterplan.h"

namespace memplan::runtimes {

void LlamaCppModel::checkClusterLayout(const ParallelLayout &l) const
{
    if (l.tensorParallel != 1 || l.dataParallel != 1 || l.expertParallel)
        throw InputError("cluster", "llama.cpp's RPC backend splits layers only: TP = DP = 1, no EP, PP = all GPUs");
}

std::vector<std::uint32_t> LlamaCppModel::stageLayers(std::uint32_t layers, std::uint32_t stages) const
{
    // Device d holds the layers ceil(d·L/n) .. ceil((d+1)·L/n) − 1 (an equal split looked up
    // with upper_bound in llama-model.cpp's load_tensors).
    std::vector<std::uint32_t> out(stages, 0);
    const auto edge = [&](std::uint64_t d) { return std::uint32_t((d * layers + stages - 1) / stages); };
    for (std::uint32_t d = 0; d < stages; ++d)
        out[d] = edge(d + 1) - edge(d);
    return out;
}

void LlamaCppModel::addClusterCommands(ClusterPlan &plan, const ResolvedScenario &r) const
{
    const ParallelLayout &l = plan.layout;
    const std::string seqs = std::to_string(r.workload.concurrency);
    std::string remotes;
    for (std::uint32_t n = 1; n < l.nodes; ++n)
        for (std::uint32_t g = 0; g < l.gpusPerNode; ++g)
            remotes += (remotes.empty() ? "" : ",") + std::string("NODE") + std::to_string(n) +
                       "_IP:" + std::to_string(50052 + g);
    for (std::uint32_t n = 0; n < l.nodes; ++n) {
        NodeCommand c{n, {}};
        if (n == 0) {
            std::string serve = "llama-server -m MODEL.gguf -ngl 999 -c " +
                                std::to_string(r.workload.contextTokens * r.workload.concurrency) + " --parallel " +
                                seqs;
            if (!remotes.empty())
                serve += " --rpc " + remotes;
            c.lines.push_back(serve);
        } else {
            for (std::uint32_t g = 0; g < l.gpusPerNode; ++g)
                c.lines.push_back("CUDA_VISIBLE_DEVICES=" + std::to_string(g) + " rpc-server --host 0.0.0.0 --port " +
                                  std::to_string(50052 + g));
        }
        plan.commands.push_back(std::move(c));
    }
}

} // namespace memplan::runtimes
