#pragma once
// The CPU features that decide how llama.cpp's CPU backend lays out weights
// (ggml/src/ggml-cpu/repack.cpp, ggml_repack_get_optimal_repack_type). A scenario
// names them with the llama.cpp setting `cpu_features`; "auto" takes a default
// from the hardware preset (docs/runtime-research.md, "CPU repack").

#include <optional>
#include <string>
#include <string_view>

namespace memplan::llamacpp {

struct CpuFeatures {
    bool avx2 = false;        ///< x86: AVX2 (Haswell, Zen and later)
    bool avx512 = false;      ///< x86: AVX-512 F/BW/VL (Skylake-X, Ice Lake, Sapphire Rapids, Zen 4/5)
    bool neonDotprod = false; ///< Arm: NEON with the dot-product extension (Apple M1, Neoverse N1)
    bool neonI8mm = false;    ///< Arm: NEON with int8 matrix multiply (Apple M2+, Neoverse V1/V2)
    /// Arm: SVE as well (Neoverse V1/V2/N2, Grace, Armv9 cores; not Apple's). ggml built for it
    /// (-mcpu=native, or the SVE variants of a release) compiles some kernels differently.
    bool sve = false;

    bool operator==(const CpuFeatures &) const = default;
};

/// "avx2", "avx512", "neon_dotprod", "neon_i8mm", "neon_sve" or "none" (each implies the lower
/// ones of its family); nullopt for anything else.
std::optional<CpuFeatures> parseCpuFeatures(std::string_view name);

/// The features a hardware preset's host CPU has: Apple M1 and Jetson Orin dot product, later
/// Apple chips i8mm, Grace and DGX Spark's GB10 SVE, EPYC Genoa/Turin AVX-512, other x86 AVX2.
CpuFeatures defaultCpuFeatures(std::string_view hardwareId, std::string_view vendor);

/// The name parseCpuFeatures accepts for these features.
std::string cpuFeaturesName(const CpuFeatures &f);

} // namespace memplan::llamacpp
