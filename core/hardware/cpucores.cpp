#include "hardware/cpucores.h"

#include <algorithm>

namespace memplan {

SimdRate simdRate(std::string_view simd)
{
    // Ceilings, not typical rates: the widest integer dot product a big core of the class can
    // issue every cycle, times its multiply-accumulates (docs/formulas.md, "CPU compute", sources).
    // AVX2: two 256-bit vpmaddubsw per cycle (Skylake to Golden Cove, Zen 2 to 4): 2 × 32.
    // AVX-512: two 512-bit vpdpbusd per cycle where two 512-bit pipes exist: 2 × 64.
    // NEON: four 128-bit pipes on the widest cores (Apple's, Cortex-X): sdot 16 MACs each,
    // smmla (i8mm) 32. none: two 128-bit pmaddubsw / smull pairs.
    // Float: two FMA pipes of 8 (AVX2) or 16 (AVX-512) fp32 lanes; on Arm cores with the dot
    // product (ARMv8.2 and later, which have FP16 arithmetic) ggml multiplies F16 in 8 fp16 lanes
    // on each of four pipes.
    if (simd == "avx512")
        return {128, 32};
    if (simd == "avx2")
        return {64, 16};
    // SVE cores are counted by their NEON pipes: Neoverse V1's two 256-bit SVE pipes and V2's four
    // 128-bit ones carry the same lanes per cycle as four 128-bit NEON pipes.
    if (simd == "neon_i8mm" || simd == "neon_sve")
        return {128, 32};
    if (simd == "neon_dotprod")
        return {64, 32};
    return {32, 8};
}

ThreadPlacement placeThreads(const CpuCores &cpu, std::uint32_t threads)
{
    ThreadPlacement p;
    p.performance = std::min<double>(threads, cpu.performanceCores);
    const double left = double(threads) - p.performance;
    p.efficiency = std::min<double>(std::max(0.0, left), cpu.efficiencyCores);
    return p;
}

double cpuPeakOps(const CpuCores &cpu, std::uint32_t threads, bool integerKernel)
{
    const SimdRate rate = simdRate(cpu.simd);
    const double perCycle = integerKernel ? rate.int8MacsPerCycle : rate.floatFmasPerCycle;
    const ThreadPlacement p = placeThreads(cpu, threads);
    const double eGhz = cpu.efficiencyGhz > 0 ? cpu.efficiencyGhz : cpu.performanceGhz;
    // Little cores: half the vector pipes of their big siblings (Gracemont, Apple's E-cores,
    // Cortex-A5xx beside A7xx/X).
    const double cycles = p.performance * cpu.performanceGhz + p.efficiency * eGhz * 0.5;
    return 2.0 * perCycle * cycles * 1e9;
}

CpuCores defaultCpuCores()
{
    CpuCores c;
    c.performanceCores = 8;
    c.performanceGhz = 4.5;
    c.simd = "avx2";
    return c;
}

} // namespace memplan
