// What the rest of the planner asks of vLLM beyond its buffers: its speed rows, its log reader
// and what its logs imply, and the lines it prints at start-up.
#include "runtimes/pytorch/pytorchspeed.h"
#include "runtimes/vllm/vllmmodel.h"

#include "estimate.h"
#include "logs/logparser.h"
#include "runtimes/logrelease.h"
#include "runtimes/vllm/releaserules.h"
#include "runtimes/vllm/vllmlog.h"
#include "scenario/scenario.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <utility>

namespace memplan::runtimes {

const SpeedRules &VllmModel::speedRules() const
{
    return pagedServerSpeedRules();
}

std::unique_ptr<RuntimeLogParser> VllmModel::makeLogParser() const
{
    return makeVllmLogParser();
}

void VllmModel::settingsFromLog(const MeasuredRun &run, nlohmann::json &settings, Scenario &s,
                                const ModelArchitecture *) const
{
    // The release that wrote the log ("vLLM API server version 0.10.1.1"), as for llama.cpp.
    if (!settings.contains("version")) {
        if (const auto printed = printedRelease(run, engine(), logId()))
            settings["version"] = *printed;
        else if (run.engineGeneration == "v0") // V0's lines date it before 0.8.0
            settings["version"] = std::string(vllm::kLastV0Release);
    }
    if (run.failure && run.failure->maxModelLen && !settings.contains("max_model_len"))
        settings["max_model_len"] = run.failure->maxModelLen; // the context its start-up failure names
    // vLLM 0.21 began counting the CUDA graphs inside the KV budget; older releases (and logs
    // without a release) captured them afterwards (docs/accuracy.md).
    int major = 0, minor = 0;
    const bool known = std::sscanf(run.version.c_str(), "%d.%d", &major, &minor) == 2;
    if (!known || std::pair(major, minor) < std::pair(0, 21))
        settings["memory_profiler_estimate_cudagraphs"] = false;
    // V0 without chunked prefill profiled max(max_model_len, 2048) tokens at once.
    if (run.engineGeneration == "v0" && settings.contains("max_model_len") &&
        !settings.contains("max_num_batched_tokens"))
        settings["max_num_batched_tokens"] =
            std::max<std::uint64_t>(2048, settings["max_model_len"].get<std::uint64_t>());
    if (settings.contains("tensor_parallel_size"))
        s.hardware.count = std::max<std::uint32_t>(1, settings["tensor_parallel_size"].get<std::uint32_t>());
}

std::string VllmModel::startupEcho(const Estimate &e) const
{
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "GPU KV cache size: %s tokens\nMaximum concurrency for %s tokens per request: %.2fx\n",
                  formatCount(e.kvCapacityTokens).c_str(), formatCount(e.contextTokens).c_str(), e.maxConcurrency);
    return buf;
}

} // namespace memplan::runtimes
