#pragma once
// How fast ggml's CPU matrix kernels multiply each weight type, relative to Q4_K.
//
// On the CPU a quantized product is bounded by the cores, not only by the memory: each block is
// unpacked (nibbles, sign bits, codebook look-ups for the IQ types) before the int8 dot product,
// and that unpacking costs differently per type. The figures are measured rates of mainline
// llama.cpp (build 4384, December 2024) on one machine per instruction set, every type on the same
// model (LLaMA-3.1-8B), at thread counts where the cores, not the memory, were the limit:
// ikawrakow/ik_llama.cpp discussion #164 ("Latest CPU performance comparison with llama.cpp",
// the llama.cpp columns). docs/formulas.md ("CPU compute", "CPU kernels per weight type") lists them.

#include "model/quantformat.h"
#include "speed/efficiency.h"

#include <string_view>

namespace memplan::runtimes {

/// The rate of the type a format stores most of its weights in (IQ2_M: IQ2_S), on x86 (AVX2,
/// AVX-512) or Arm (NEON) cores by the `simd` class ("avx2", "avx512", "neon_dotprod", ...).
/// Below 1 for the codebook types (IQ1 to IQ3); 1 for every other format (see the .cpp for why).
CpuKernelRate ggmlCpuKernelRate(const QuantFormat &format, std::string_view simd);

} // namespace memplan::runtimes
