#include "runtimes/theory/theorymodel.h"

#include <array>

namespace memplan::runtimes {

namespace {
constexpr std::array<BackendEfficiency, 1> kTheoryRows = {
    {{"theory", "any", {1, 1, 1}, {1, 1, 1}, "the theory profile: expected = bound"}}};
}

const SpeedRules &TheoryModel::speedRules() const
{
    static const SpeedRules rules{"theory", kTheoryRows, false, false, {}};
    return rules;
}

} // namespace memplan::runtimes
