#pragma once
// Which placement controls can change the estimate on the chosen machine. The
// resolver (core/scenario/resolve.cpp) uses one device on unified-memory and CPU machines,
// makes the host RAM the machine's memory on unified ones, takes a CPU-only machine's
// memory from the host RAM (never from a device size) and places nothing on a GPU when
// there is none; a control the engine would ignore is disabled, and its tooltip says
// why, instead of being moved to no effect.

#include "hardware/hardware.h"
#include "scenario/catalog.h"
#include "scenario/scenario.h"

#include <QString>

namespace memplan::ui {

struct ControlScope {
    bool gpuCount = true;
    bool hostRam = true;
    bool gpuLayers = true;
    bool kvOnGpu = true;
    bool deviceMemory = true;                                       ///< a stated memory size per device counts
    QString gpuCountWhy, hostRamWhy, placementWhy, deviceMemoryWhy; ///< why each disabled control is disabled
};

/// The machine kind the scenario names (inline kind, preset kind, or "cpu").
HardwareKind machineKind(const Scenario &scenario, const PresetCatalog &catalog);
ControlScope controlScopeFor(HardwareKind kind);

} // namespace memplan::ui
