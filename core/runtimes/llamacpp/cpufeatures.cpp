#include "cpufeatures.h"

namespace memplan::llamacpp {

std::optional<CpuFeatures> parseCpuFeatures(std::string_view name)
{
    CpuFeatures f;
    if (name == "none")
        return f;
    if (name == "avx2" || name == "avx512") {
        f.avx2 = true;
        f.avx512 = name == "avx512";
        return f;
    }
    if (name == "neon_dotprod" || name == "neon_i8mm" || name == "neon_sve") {
        f.neonDotprod = true;
        f.neonI8mm = name != "neon_dotprod";
        f.sve = name == "neon_sve";
        return f;
    }
    return std::nullopt;
}

CpuFeatures defaultCpuFeatures(std::string_view hardwareId, std::string_view vendor)
{
    const auto starts = [&](std::string_view p) { return hardwareId.substr(0, p.size()) == p; };
    // Apple: M1 has the dot product but not i8mm (ARMv8.5-A); M2 and later add i8mm (ARMv8.6-A).
    if (vendor == "apple" || vendor == "Apple")
        return *parseCpuFeatures(starts("m1-") ? "neon_dotprod" : "neon_i8mm");
    // Arm hosts: Grace (Neoverse V2, SVE2: GH200), DGX Spark's GB10 (Cortex-X925/A725, Armv9.2,
    // SVE2) and Jetson AGX Orin (Cortex-A78AE, dot product only).
    if (starts("jetson"))
        return *parseCpuFeatures("neon_dotprod");
    if (starts("gh200") || starts("dgx-spark"))
        return *parseCpuFeatures("neon_sve");
    if (starts("epyc-genoa") || starts("epyc-turin"))
        return *parseCpuFeatures("avx512");
    return *parseCpuFeatures("avx2");
}

std::string cpuFeaturesName(const CpuFeatures &f)
{
    if (f.avx512)
        return "avx512";
    if (f.avx2)
        return "avx2";
    if (f.sve)
        return "neon_sve";
    if (f.neonI8mm)
        return "neon_i8mm";
    if (f.neonDotprod)
        return "neon_dotprod";
    return "none";
}

} // namespace memplan::llamacpp
