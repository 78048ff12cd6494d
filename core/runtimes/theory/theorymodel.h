#pragma once
// The seeds' pure formulas: weights and KV exactly, every overhead zero (the
// theory profile's constants do that). No settings, no launch command, no
// releases; any format; expected speed = the bound.

#include "runtimes/runtimemodel.h"

namespace memplan::runtimes {

class TheoryModel final : public RuntimeModel {
public:
    Engine engine() const override { return Engine::Theory; }
    bool runsFormat(const QuantFormat &) const override { return true; }
    bool hasReleases() const override { return false; }
    LaunchWeights launchWeights() const override { return LaunchWeights::None; } // no command at all
    bool offloadsLayersToHost() const override { return true; }                  // places layers as llama.cpp does
    const SpeedRules &speedRules() const override;
};

} // namespace memplan::runtimes
