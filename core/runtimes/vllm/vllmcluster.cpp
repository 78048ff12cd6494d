// vLLM across nodes: tensor, pipeline, data and expert parallel flags of `vllm serve`, on a Ray
// cluster when it spans nodes.
#include "runtimes/vllm/vllmmodel.h"

#include "questions/clusterplan.h"

namespace memplan::runtimes {

double VllmModel::clusterMemoryFraction(const ResolvedScenario &r) const
{
    return r.settings.gpuMemoryUtilization > 0 ? r.settings.gpuMemoryUtilization : 0.9;
}

void VllmModel::addClusterCommands(ClusterPlan &plan, const ResolvedScenario &r) const
{
    const ParallelLayout &l = plan.layout;
    const std::string model = servedModelName(r);
    const std::string ctx = std::to_string(r.workload.contextTokens);
    const std::string seqs = std::to_string(r.workload.concurrency);
    // vLLM across nodes: a Ray cluster, then one `vllm serve` on the head node.
    std::vector<std::string> serve = {"vllm serve " + model,
                                      "--tensor-parallel-size " + std::to_string(l.tensorParallel),
                                      "--pipeline-parallel-size " + std::to_string(l.pipelineParallel)};
    if (l.dataParallel > 1)
        serve.push_back("--data-parallel-size " + std::to_string(l.dataParallel));
    if (l.expertParallel)
        serve.push_back("--enable-expert-parallel");
    serve.push_back("--max-model-len " + ctx);
    serve.push_back("--max-num-seqs " + seqs);
    if (l.nodes > 1)
        serve.push_back("--distributed-executor-backend ray");
    for (std::uint32_t n = 0; n < l.nodes; ++n) {
        NodeCommand c{n, {}};
        if (l.nodes > 1)
            c.lines.push_back(n == 0 ? "ray start --head --port=6379"
                                     : "ray start --address=" + l.headAddress + ":6379");
        if (n == 0)
            c.lines.push_back(joinFlags(serve));
        plan.commands.push_back(std::move(c));
    }
}

} // namespace memplan::runtimes
