#pragma once
// The cores of the CPU that computes whatever sits in host RAM: how many, how fast, and how
// wide their vector units are. A CPU's decode rate at few threads and its prompt rate at any
// thread count are set by these, not by the memory (docs/formulas.md, "CPU compute").

#include <cstdint>
#include <string>
#include <string_view>

namespace memplan {

/// Vector instruction classes the speed model knows; the same names as llama.cpp's
/// `cpu_features` setting (core/runtimes/llamacpp/cpufeatures.h).
inline constexpr std::string_view kCpuSimdList = "avx2, avx512, neon_dotprod, neon_i8mm, neon_sve or none";

struct CpuCores {
    std::uint32_t performanceCores = 0; ///< physical big cores (no SMT siblings)
    double performanceGhz = 0;          ///< their highest boost clock, GHz (the vendor's figure)
    std::uint32_t efficiencyCores = 0;  ///< little cores (Intel E-cores, Apple E-cores, Zen c-cores count here)
    double efficiencyGhz = 0;           ///< their highest clock, GHz
    std::string simd;                   ///< a kCpuSimdList name; empty: from the machine (cpu_features' default)

    /// Big cores with their clock, or (a CPU of little cores only, Intel's N100) little ones.
    bool stated() const { return performanceCores > 0 ? performanceGhz > 0 : efficiencyCores > 0 && efficiencyGhz > 0; }
    /// llama.cpp's thread count when none is set (common.cpp cpu_get_num_math): the big cores of
    /// a hybrid CPU, every physical core of one without big cores.
    std::uint32_t defaultThreads() const { return performanceCores > 0 ? performanceCores : efficiencyCores; }
    bool operator==(const CpuCores &) const = default;
};

/// What one core of a vector class can start per cycle at best: int8 multiply-accumulates
/// (llama.cpp's quantized dot products) and float fused multiply-adds for float weights (fp32
/// lanes on x86, where ggml widens F16 to F32; fp16 lanes on Arm cores with FP16 arithmetic).
struct SimdRate {
    double int8MacsPerCycle = 0;
    double floatFmasPerCycle = 0;
};

/// The rate of a big core of that class (an unknown name: none's).
SimdRate simdRate(std::string_view simd);

/// Where a thread count puts its threads, as an OS scheduler does: one per big core first, then
/// the little cores; threads past the physical cores share a core with another thread (SMT) and
/// add no vector throughput.
struct ThreadPlacement {
    double performance = 0;
    double efficiency = 0;
};
ThreadPlacement placeThreads(const CpuCores &cpu, std::uint32_t threads);

/// The CPU's ceiling in operations per second (two per multiply-accumulate) for `threads`
/// threads: integer kernels (quantized weights) or float ones. A little core is counted with
/// half a big core's vector throughput per cycle at its own clock.
double cpuPeakOps(const CpuCores &cpu, std::uint32_t threads, bool integerKernel);

/// A desktop CPU for scenarios that state none: 8 big cores at 4.5 GHz with AVX2, no little
/// cores. Stated in the estimate's warnings (warn.speed_cpu_assumed) whenever it is used.
CpuCores defaultCpuCores();

} // namespace memplan
