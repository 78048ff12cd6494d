#include "controlscope.h"

#include <QCoreApplication>

namespace memplan::ui {

namespace {
class ScopeText {
    Q_DECLARE_TR_FUNCTIONS(memplan::ui::ControlScope)
};
} // namespace

HardwareKind machineKind(const Scenario &s, const PresetCatalog &catalog)
{
    if (s.hardware.kind == "unified")
        return HardwareKind::Unified;
    if (s.hardware.kind == "cpu" || s.hardware.preset == "cpu")
        return HardwareKind::Cpu;
    if (s.hardware.kind.empty())
        if (const HardwarePreset *p = catalog.hardwareById(s.hardware.preset))
            return p->spec.kind;
    return HardwareKind::DiscreteGpu;
}

ControlScope controlScopeFor(HardwareKind kind)
{
    ControlScope c;
    if (kind == HardwareKind::Unified) {
        c.gpuCount = c.hostRam = c.gpuLayers = c.kvOnGpu = false;
        c.gpuCountWhy = ScopeText::tr("A unified-memory machine is one device; the estimate uses one.");
        c.hostRamWhy = ScopeText::tr("On a unified-memory machine the host RAM is the machine's own memory.");
        c.placementWhy = ScopeText::tr("CPU and GPU share one memory here, so placement does not change the total.");
    } else if (kind == HardwareKind::Cpu) {
        c.gpuCount = c.gpuLayers = c.kvOnGpu = c.deviceMemory = false;
        c.gpuCountWhy = ScopeText::tr("A CPU-only machine has no GPU to count.");
        c.deviceMemoryWhy = ScopeText::tr("A CPU-only machine's memory is its host RAM; set its size there.");
        c.placementWhy = ScopeText::tr("A CPU-only machine has no GPU: everything is in host RAM.");
    }
    return c;
}

} // namespace memplan::ui
