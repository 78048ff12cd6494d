#include "repack.h"

#include <algorithm>

namespace memplan::llamacpp {

namespace {
// ggml_type values (ggml/include/ggml.h).
constexpr int kQ4_0 = 2, kQ8_0 = 8, kQ2_K = 10, kQ4_K = 12, kQ5_K = 13, kQ6_K = 14, kIq4Nl = 20, kMxfp4 = 39;
} // namespace

std::string_view repackLayout(int t, std::uint64_t rows, const CpuFeatures &cpu, const RepackLayouts &builds)
{
    // The same order of preference as ggml_repack_get_optimal_repack_type: x86 first, then
    // Arm with i8mm, then Arm with the dot product. Each layout interleaves 8 or 4 rows, so
    // the row count must divide by it.
    const bool by8 = rows % 8 == 0, by4 = rows % 4 == 0;
    if (!builds.online && t != kQ4_0)
        return {};
    switch (t) {
    case kQ4_0:
        if (cpu.avx2 && by8)
            return builds.online ? "q4_0_8x8" : "";
        if (!builds.q40Arm)
            break;
        if (cpu.neonI8mm && by4)
            return "q4_0_4x8";
        if (cpu.neonDotprod && by4)
            return "q4_0_4x4";
        break;
    case kQ4_K:
        if (((cpu.avx2 && builds.q4kX86) || (cpu.neonI8mm && builds.q4kI8mm)) && by8)
            return "q4_K_8x8";
        if (cpu.neonDotprod && builds.q4kDotprod && by8)
            return "q4_K_8x4";
        break;
    case kQ2_K:
        if (cpu.avx512 && by8)
            return "q2_K_8x8";
        break;
    case kQ5_K:
    case kQ6_K:
        if (cpu.neonI8mm && builds.q5q6kI8mm && by8)
            return t == kQ5_K ? "q5_K_8x8" : "q6_K_8x8";
        if (cpu.neonDotprod && builds.q5q6kDotprod && by8)
            return t == kQ5_K ? "q5_K_8x4" : "q6_K_8x4";
        break;
    case kIq4Nl:
        if (cpu.avx2 && by8)
            return "iq4_nl_8x8";
        if (cpu.neonDotprod && by4)
            return "iq4_nl_4x4";
        break;
    case kMxfp4:
        if (cpu.avx2 && by8)
            return "mxfp4_8x8";
        if (cpu.neonDotprod && by4)
            return "mxfp4_4x4";
        break;
    case kQ8_0:
        if (cpu.neonI8mm && builds.q80 && by4)
            return "q8_0_4x8";
        if (cpu.neonDotprod && builds.q80 && by4)
            return "q8_0_4x4";
        break;
    default:
        break;
    }
    return {};
}

RepackedWeights repackedWeights(const RepackInput &in)
{
    RepackedWeights w;
    const Bytes matrices = in.matricesRepack ? in.matrixBytes : 0;
    const Bytes head = in.outputHeadRepacks ? in.outputHeadBytes : 0;
    w.repackBytes = matrices + head;
    // mmap: the whole file is mapped and read in, the repacked tensors included. Read into
    // memory instead, a repacked tensor is loaded straight into its new layout, so only the
    // rest of the file is held twice: a tied head is the embedding table a second time.
    const Bytes moved = matrices + (in.outputHeadTied ? 0 : head);
    const Bytes tail = std::min({in.unmappedTailBytes, moved, in.storedBytes});
    w.plainBytes = in.mmap ? in.storedBytes - tail : in.storedBytes - std::min(moved, in.storedBytes);
    w.reclaimableBytes = in.mmap ? std::min(moved, in.storedBytes) - tail : 0;
    return w;
}

} // namespace memplan::llamacpp
