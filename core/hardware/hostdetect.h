#pragma once
// "This computer": what the machine the planner runs on has, read from the
// files Linux exposes (/proc/meminfo, /proc/cpuinfo, the NVIDIA driver's
// /proc/driver/nvidia/gpus/*/information, amdgpu's sysfs VRAM size) and, when
// the front end ran it, `nvidia-smi --query-gpu`. Plain file reading under an
// injectable root so tests use fixture trees. What cannot be read is said in
// `unknown`, never guessed.

#include "scenario/catalog.h"

#include <cstdint>
#include <string>
#include <vector>

namespace memplan {

struct DetectedGpu {
    std::string name;     ///< "NVIDIA GeForce RTX 4090"
    std::string vendor;   ///< "nvidia", "amd"
    Bytes totalBytes = 0; ///< 0 when the source does not say (the NVIDIA /proc file has no size)
    Bytes freeBytes = 0;  ///< nvidia-smi only
    std::string source;   ///< the file or command the figures came from
};

struct HostFacts {
    Bytes ramTotalBytes = 0;       ///< MemTotal
    Bytes ramAvailableBytes = 0;   ///< MemAvailable
    std::string cpuModel;          ///< "model name" (x86) or "Model"/"CPU part" (Arm)
    std::uint32_t logicalCpus = 0; ///< "processor" entries
    std::vector<std::string>
        cpuFeatures; ///< of interest to CPU inference: avx2, avx512f, avx512_bf16, avx_vnni, amx_tile, asimd, sve
    std::vector<DetectedGpu> gpus;
    std::vector<std::string> unknown; ///< what could not be read, one sentence each
};

/// Reads root + "/proc/meminfo", "/proc/cpuinfo", "/proc/driver/nvidia/gpus/*/information" and
/// "/sys/class/drm/card*/device/mem_info_vram_total". root "/" is this machine.
HostFacts readHostFacts(const std::string &root = "/");

/// Parses `nvidia-smi --query-gpu=name,memory.total,memory.free --format=csv,noheader,nounits`
/// (MiB) and puts its GPUs in place of those found in /proc (which carry no size).
void applyNvidiaSmi(HostFacts &facts, const std::string &csv);

/// The command line whose output applyNvidiaSmi() reads.
inline constexpr const char *kNvidiaSmiArgs = "--query-gpu=name,memory.total,memory.free --format=csv,noheader,nounits";

inline constexpr const char *kThisComputerId = "this-computer";

/// The "this-computer" hardware entry: the first GPU with a known size as a discrete GPU (its
/// other figures from the shipped preset of the same name, when there is one), else a CPU
/// platform. Notes say what was detected and what is unknown (memory bandwidth without a
/// matching preset: DIMM speed is not readable without root).
HardwarePreset thisComputerPreset(const HostFacts &facts, const PresetCatalog &catalog);

/// The facts as JSON for `memplan-cli this-computer`.
nlohmann::json hostFactsToJson(const HostFacts &facts);

} // namespace memplan
