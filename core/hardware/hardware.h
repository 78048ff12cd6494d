#pragma once
// Machines a scenario can run on. Capacities are whole bytes; bandwidth is
// decimal bytes per second as vendors state it.

#include "bytes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace memplan {

/// The compute back ends a machine may state (HardwareSpec::backend, a scenario's hardware.backend).
inline constexpr std::string_view kComputeBackends[] = {"cuda", "rocm", "metal", "vulkan", "sycl", "cpu"};
inline constexpr std::string_view kComputeBackendList = "cuda, rocm, metal, vulkan, sycl or cpu";

inline bool isComputeBackend(std::string_view backend)
{
    for (std::string_view b : kComputeBackends)
        if (b == backend)
            return true;
    return false;
}

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
    /// The compute back end its runtimes use ("cuda", "rocm", "metal", "vulkan", "sycl", "cpu");
    /// empty: by vendor, else by kind (speed/efficiency.h, deviceBackend()).
    std::string backend;
    std::string memoryType; ///< the preset's memory_type ("HBM3", "GDDR6X", "unified (LPDDR)"); may be empty
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

    /// Stacked high-bandwidth memory: its peak needs far more reads in flight than GDDR's, which
    /// small decode kernels do not keep (speed/efficiency.h, the HBM rows).
    bool hasHbm() const { return memoryType.rfind("HBM", 0) == 0; }

    /// Discrete GPU: the total the driver reports (the preset's logged figure, else the capacity).
    Bytes reportedTotalBytes() const
    {
        return kind == HardwareKind::DiscreteGpu && gpuUsableBytes ? gpuUsableBytes : capacityBytes;
    }

    bool operator==(const HardwareSpec &) const = default;
};

} // namespace memplan
