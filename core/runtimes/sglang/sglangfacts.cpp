// What the rest of the planner asks of SGLang beyond its buffers: its speed rows (the paged
// servers'), its log reader and what its logs imply.
#include "runtimes/pytorch/pytorchspeed.h"
#include "runtimes/sglang/sglangmodel.h"

#include "logs/logparser.h"
#include "runtimes/sglang/sglanglog.h"
#include "scenario/scenario.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace memplan::runtimes {

const SpeedRules &SglangModel::speedRules() const
{
    return pagedServerSpeedRules();
}

std::unique_ptr<RuntimeLogParser> SglangModel::makeLogParser() const
{
    return makeSglangLogParser();
}

void SglangModel::settingsFromLog(const MeasuredRun &, nlohmann::json &settings, Scenario &s,
                                  const ModelArchitecture *) const
{
    if (settings.contains("tp_size"))
        s.hardware.count = std::max<std::uint32_t>(1, settings["tp_size"].get<std::uint32_t>());
}

} // namespace memplan::runtimes
