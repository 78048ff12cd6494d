#include "runtimes/theory/theorymodel.h"

#include <array>

namespace memplan::runtimes {

namespace {
constexpr std::array<BackendEfficiency, 1> kRows = {
    {{"theory", "any", {1, 1, 1}, {1, 1, 1}, "the theory profile: expected = bound"}}};
}

const SpeedRules &TheoryModel::speedRules() const
{
    static const SpeedRules rules{"theory", kRows, false, false, {}};
    return rules;
}

} // namespace memplan::runtimes
