#include "hardware/hardware.h"

namespace memplan {

std::string_view hardwareKindId(HardwareKind k)
{
    switch (k) {
    case HardwareKind::DiscreteGpu:
        return "discrete_gpu";
    case HardwareKind::Unified:
        return "unified";
    case HardwareKind::Cpu:
        return "cpu";
    }
    return "?";
}

std::optional<HardwareKind> hardwareKindFromId(std::string_view id)
{
    for (HardwareKind k : {HardwareKind::DiscreteGpu, HardwareKind::Unified, HardwareKind::Cpu})
        if (hardwareKindId(k) == id)
            return k;
    return std::nullopt;
}

} // namespace memplan
