#pragma once
// llama.cpp's CPU weight repacking. With extra buffer types on (the default), the
// CPU backend copies every weight matrix of certain types into an interleaved
// layout its matrix kernels read faster, in a buffer of its own (`CPU_REPACK` in
// the log). Which types repack depends on the CPU (ggml/src/ggml-cpu/repack.cpp,
// ggml_repack_get_optimal_repack_type); the repacked copy is as large as the
// original. With mmap the mapped file stays resident beside it (llama.cpp maps it
// with MAP_POPULATE), so a Q4_0 model on an AVX2 CPU holds nearly twice its size.
// Only tensors consumed by a matrix product repack: never the token embeddings
// (a row lookup), but the output head does, and a tied head is a second copy of the
// embedding table. See docs/runtime-research.md ("CPU repack").

#include "bytes.h"
#include "cpufeatures.h"

#include <cstdint>
#include <string_view>

namespace memplan::llamacpp {

/// The layouts a llama.cpp build repacks into; releaserules.h sets them by build. The Arm
/// K-quant and Q8_0 layouts came one pull request at a time; on x86 the Q4_0 layout is as old as
/// the online repack and Q4_K's came later. The IQ4_NL, Q2_K and MXFP4 layouts are not placed by
/// build: every build with online repack is taken to have them.
struct RepackLayouts {
    /// Online repack beyond Arm's Q4_0: PR #10446 (build 4282) made it a CPU buffer type for x86's
    /// Q4_0 and the other types; before it Q4_0_8_8 and its kin were file types of their own.
    bool online = true;
    bool q40Arm = true;       ///< Arm's Q4_0 layouts, the first online repack (PR #9921, build 4081)
    bool q4kX86 = true;       ///< q4_K_8x8 on AVX2 (PR #12332, build 4929)
    bool q4kI8mm = true;      ///< q4_K_8x8 with i8mm
    bool q4kDotprod = true;   ///< q4_K_8x4 with the dot product only
    bool q80 = true;          ///< q8_0_4x8 / q8_0_4x4
    bool q5q6kI8mm = true;    ///< q5_K_8x8, q6_K_8x8
    bool q5q6kDotprod = true; ///< q5_K_8x4, q6_K_8x4
};

/// The interleaved layout a weight of this ggml type with `rows` output rows (ne[1])
/// takes on this CPU ("q4_0_8x8"), or an empty view when it stays as stored.
std::string_view repackLayout(int ggmlType, std::uint64_t rows, const CpuFeatures &cpu,
                              const RepackLayouts &builds = {});

/// The weights the CPU holds (a CPU-only run's, or the host layers' of a build that repacked them
/// beside a GPU), split the way llama.cpp's buffers hold them.
struct RepackInput {
    Bytes storedBytes = 0;     ///< every tensor as stored in the file
    Bytes matrixBytes = 0;     ///< decoder-layer matrices and experts of a type and shape that repacks
    Bytes outputHeadBytes = 0; ///< the output head's matrix (the embedding table when tied)
    bool outputHeadTied = false;
    bool matricesRepack = false;    ///< matrixBytes are repacked
    bool outputHeadRepacks = false; ///< ... and for the head's type and vocabulary rows
    bool mmap = true;
    /// Repacked tensors at the end of the file, after the last one read from the mapping:
    /// llama.cpp maps only the span it reads, so these are not in CPU_Mapped (ggufmix.h).
    Bytes unmappedTailBytes = 0;
};

struct RepackedWeights {
    Bytes repackBytes = 0; ///< the CPU_REPACK buffer
    Bytes plainBytes = 0;  ///< CPU_Mapped (mmap: the whole file) or CPU (read into memory)
    /// With mmap, the mapped originals of the repacked tensors: clean file pages that are never
    /// read again, which the kernel drops when it needs the room (a tied head's are still read
    /// by the embedding lookup).
    Bytes reclaimableBytes = 0;
    Bytes total() const { return repackBytes + plainBytes; }
};

RepackedWeights repackedWeights(const RepackInput &in);

} // namespace memplan::llamacpp
