#pragma once
// Machines a scenario can run on. Capacities are whole bytes; bandwidth is
// decimal bytes per second as vendors state it.

#include "bytes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace memplan {

enum class HardwareKind {
    DiscreteGpu, ///< own VRAM per device, host RAM across a link
    Unified,     ///< CPU and GPU share one pool (Apple silicon, DGX Spark, Strix Halo)
    Cpu          ///< no GPU: everything in host RAM
};

std::string_view hardwareKindId(HardwareKind k); ///< "discrete_gpu", "unified", "cpu"
std::optional<HardwareKind> hardwareKindFromId(std::string_view id);

struct HardwareSpec {
    std::string id;
    std::string name;
    std::string vendor;
    HardwareKind kind = HardwareKind::DiscreteGpu;
    Bytes capacityBytes = 0; ///< per device (discrete) or the whole pool (unified); 0 for cpu platforms
    Bytes gpuUsableBytes =
        0; ///< unified: the GPU working-set limit; discrete: the total the driver reports; 0 = the capacity
    std::uint64_t bandwidthBytesPerSecond = 0;
    std::uint64_t hostLinkBytesPerSecond = 0;
    double fp16TflopsDense = 0;
    double fp8TflopsDense = 0;
    // Speed figures (core/speed): 0 = no figure in the preset.
    double fp16AccTflopsDense = 0;         ///< FP16 tensor rate with FP16 accumulate (GeForce: twice fp16TflopsDense)
    double int8TopsDense = 0;              ///< INT8 tensor rate (quantized matrix kernels such as llama.cpp's MMQ)
    double fp4TflopsDense = 0;             ///< FP4 tensor rate (Blackwell)
    double gpuBandwidthShare = 0;          ///< unified: share of the bandwidth the GPU reaches (0 = all of it)
    double sustainedBandwidthFraction = 0; ///< cpu: share of the peak a streaming read sustains (0 = unknown)
    std::uint64_t interconnectBytesPerSecond = 0; ///< GPU-to-GPU per direction (NVLink); 0 = over the host link
    std::string gpuUsableRule;                    ///< how the limit is derived and how a user raises it
    std::string memoryLabel;                      ///< "24 GB" as sold
    bool verified = false;

    /// Discrete GPU: the total the driver reports (the preset's logged figure, else the capacity).
    Bytes reportedTotalBytes() const
    {
        return kind == HardwareKind::DiscreteGpu && gpuUsableBytes ? gpuUsableBytes : capacityBytes;
    }

    bool operator==(const HardwareSpec &) const = default;
};

} // namespace memplan
