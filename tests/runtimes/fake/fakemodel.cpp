#include "fakemodel.h"

#include "estimate.h"
#include "logs/logparser.h"
#include "logs/logtext.h"
#include "questions/clusterplan.h"

#include <nlohmann/json.hpp>

#include <array>

namespace memplan::test {

namespace {

constexpr std::array<const char *, 1> kKeys = {"slots"};

// Made-up figures: a test compares them, nothing else reads them.
constexpr std::array<BackendEfficiency, 1> kRows = {
    {{"fake", "any", {0.5, 0.5, 0.5}, {0.25, 0.25, 0.25}, "a test's fake runtime"}}};

/// Reads "fake-serve: model NAME" and "fake-serve: weights N MiB on gpuI" lines.
class FakeLogParser final : public RuntimeLogParser {
public:
    std::string_view runtime() const override { return "fake"; }
    bool parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run) override
    {
        constexpr std::string_view tag = "fake-serve: ";
        if (line.substr(0, tag.size()) != tag)
            return false;
        line.remove_prefix(tag.size());
        if (line.substr(0, 6) == "model ") {
            run.model.name = std::string(line.substr(6));
            return true;
        }
        if (line.substr(0, 8) == "weights ") {
            const auto size = logtext::leadingSize(line.substr(8), true);
            if (!size)
                return false;
            MeasuredFigure f;
            f.kind = "weights";
            f.device = "gpu0";
            f.gpu = 0;
            f.guest = Guest::Weights;
            f.bytes = size->bytes;
            f.precision = size->precision;
            f.line = lineNo;
            run.figures.push_back(std::move(f));
            return true;
        }
        return false;
    }
};

} // namespace

std::span<const char *const> FakeModel::settingKeys() const
{
    return kKeys;
}

void FakeModel::applySettings(ResolvedScenario &r, const nlohmann::json &s) const
{
    if (s.contains("slots"))
        r.workload.concurrency = s["slots"].get<std::uint64_t>();
}

std::string FakeModel::launchCommand(const ResolvedScenario &r) const
{
    return "fake-serve --model " + r.model.id + " --slots " + std::to_string(r.workload.concurrency);
}

const SpeedRules &FakeModel::speedRules() const
{
    static const SpeedRules rules{"fake", kRows, false, false, "fakegpu"};
    return rules;
}

void FakeModel::addClusterCommands(ClusterPlan &plan, const ResolvedScenario &) const
{
    for (std::uint32_t n = 0; n < plan.layout.nodes; ++n)
        plan.commands.push_back({n, {"fake-serve --node " + std::to_string(n)}});
}

std::unique_ptr<RuntimeLogParser> FakeModel::makeLogParser() const
{
    return std::make_unique<FakeLogParser>();
}

std::string FakeModel::startupEcho(const Estimate &e) const
{
    return "fake-serve ready: " + std::to_string(e.kvCapacityTokens) + " KV tokens\n";
}

} // namespace memplan::test
