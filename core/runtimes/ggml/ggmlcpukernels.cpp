#include "runtimes/ggml/ggmlcpukernels.h"

#include "formats/tableformats.h"

#include <array>
#include <utility>

namespace memplan::runtimes {

namespace {

// llama-bench of mainline llama.cpp build 4384 on LLaMA-3.1-8B-Instruct, one file per type
// (ik_llama.cpp discussion #164, the "t/s (llama.cpp)" column). x86: Ryzen 9 7950X, tg128 on 2
// threads (too few to fill the memory bus, so the kernels are the limit) and pp512 on 16. Arm:
// Apple M2 Max, tg128 on 4 threads and pp512 on 8. Each row is the file type whose matrices are
// mostly that type (Q4_K_S for Q4_K, IQ2_M for IQ2_S).
//
// Only the codebook types (IQ1 to IQ3) take their rate. Their kernels look up a grid entry and its
// signs for every few weights, which leaves them at 0.3 to 0.6 of Q4_K's rate on both instruction
// sets, and they are multiplied by the same dot product in every build (no sgemm path, no
// repacking). The source's other types differ from Q4_K by less than the CPU rows' spread from one
// machine to the next (tests/data/speed: 0.015 to 0.08 of the vector ceiling), and their rates moved
// with llamafile's sgemm (PR #6414) and the repacked layouts of later builds (releaserules.h), so
// they keep the measured row (rate 1) and have no row here; Q4_K's is the reference.
struct Measured {
    std::string_view type;
    double x86Decode, x86Prefill;
    double armDecode, armPrefill;
};

constexpr std::array<Measured, 6> kMeasured = {{
    {"q4_k", 9.57, 108.40, 17.55, 43.30}, // the reference
    {"iq2_xxs", 5.47, 45.78, 8.67, 18.50},
    {"iq2_xs", 5.87, 49.72, 9.49, 20.40},
    {"iq2_s", 5.24, 43.80, 6.77, 14.61},
    {"iq3_xxs", 4.18, 34.17, 6.26, 13.42},
    {"iq3_s", 3.71, 30.20, 5.34, 11.49},
}};

// IQ1_S and IQ1_M have no row: they decode a grid look-up per 8 weights, as IQ2_XXS does.
constexpr std::array<std::pair<std::string_view, std::string_view>, 2> kAliases = {{
    {"iq1_s", "iq2_xxs"},
    {"iq1_m", "iq2_xxs"},
}};

const Measured *row(std::string_view type)
{
    for (const Measured &m : kMeasured)
        if (m.type == type)
            return &m;
    return nullptr;
}

} // namespace

CpuKernelRate ggmlCpuKernelRate(const QuantFormat &format, std::string_view simd)
{
    // Every row and alias is a codebook type ("iq…"), and baseType() keeps that prefix: anything
    // else has no row, so the look-ups below (run for every pool of every estimate) are skipped.
    if (format.family == FormatFamily::Float || std::string_view(format.id).rfind("iq", 0) != 0)
        return {};
    std::string_view type = baseType(format).id;
    for (const auto &[alias, rowType] : kAliases)
        if (alias == type)
            type = rowType;
    const Measured *m = row(type);
    const Measured &ref = kMeasured.front();
    if (!m)
        return {};
    CpuKernelRate rate;
    if (simd.rfind("neon", 0) == 0) {
        rate.decode = m->armDecode / ref.armDecode;
        rate.prefill = m->armPrefill / ref.armPrefill;
    } else {
        rate.decode = m->x86Decode / ref.x86Decode;
        rate.prefill = m->x86Prefill / ref.x86Prefill;
    }
    return rate;
}

} // namespace memplan::runtimes
