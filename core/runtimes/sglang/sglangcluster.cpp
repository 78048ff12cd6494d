// SGLang across nodes: the same launch_server command on every node, told its rank.
#include "runtimes/sglang/sglangmodel.h"

#include "questions/clusterplan.h"

namespace memplan::runtimes {

double SglangModel::clusterMemoryFraction(const ResolvedScenario &r) const
{
    return r.settings.memFractionStatic > 0 ? r.settings.memFractionStatic : 0.88;
}

void SglangModel::addClusterCommands(ClusterPlan &plan, const ResolvedScenario &r) const
{
    const ParallelLayout &l = plan.layout;
    const std::string model = servedModelName(r);
    const std::string ctx = std::to_string(r.workload.contextTokens);
    // SGLang: the same command on every node, told its rank; --tp counts the GPUs of a
    // replica's tensor group across nodes.
    for (std::uint32_t n = 0; n < l.nodes; ++n) {
        std::vector<std::string> cmd = {"python -m sglang.launch_server --model-path " + model,
                                        "--tp " + std::to_string(l.tensorParallel)};
        if (l.pipelineParallel > 1)
            cmd.push_back("--pp-size " + std::to_string(l.pipelineParallel));
        if (l.dataParallel > 1)
            cmd.push_back("--dp " + std::to_string(l.dataParallel) + " --enable-dp-attention");
        if (l.expertParallel)
            cmd.push_back("--ep " + std::to_string(l.tensorParallel * l.dataParallel));
        cmd.push_back("--context-length " + ctx);
        if (l.nodes > 1) {
            cmd.push_back("--nnodes " + std::to_string(l.nodes));
            cmd.push_back("--node-rank " + std::to_string(n));
            cmd.push_back("--dist-init-addr " + l.headAddress + ":5000");
        }
        plan.commands.push_back({n, {joinFlags(cmd)}});
    }
}

} // namespace memplan::runtimes
