#pragma once
// The seeds' pure formulas: weights and KV exactly, every overhead zero (the
// theory profile's constants do that). No settings, no launch command.

#include "runtimes/runtimemodel.h"

namespace memplan::runtimes {

class TheoryModel final : public RuntimeModel {
public:
    Engine engine() const override { return Engine::Theory; }
};

} // namespace memplan::runtimes
