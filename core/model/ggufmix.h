#pragma once
// A llama.cpp K-quant mix, tensor by tensor. A Q4_K_M file is not 4.84 bits per
// weight throughout: llama-quantize (src/llama-quant.cpp, llama_tensor_get_type)
// keeps most matrices of a decoder layer in the mix's base type (Q4_K) and raises
// some of them: attn_v and ffn_down in about a third of the layers, the attention
// output of 8-expert models, attn_v of 70B models. Summing the mix over the real
// shapes gives a file's bytes for any architecture (one reference model's average
// is off by a percent or more elsewhere), and it tells the CPU backend's repacking
// which matrices have an interleaved layout (core/runtimes/llamacpp/repack.h).
// The same holds for every llama.cpp file type: a Q4_0 or Q8_0 file keeps its norms in F32 and
// its 896-wide rows in a fallback type, and the IQ file types raise attn_v, ffn_down and
// attn_output much as the K mixes do. The two vocabulary tables follow
// core/formats/tableformats.h. The rules are listed in docs/formulas.md ("GGUF K-quant mixes");
// tests/data/gguf-recipes holds llama-quantize's own choices for 9 models, which they match.

#include "bytes.h"
#include "model/modelarch.h"
#include "model/quantformat.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace memplan::ggufmix {

enum class Part : std::uint8_t { Layers, Experts };

/// Matrices of one part, one type and one row count (ne[1]): what repacking looks at.
struct MatrixGroup {
    Part part = Part::Layers;
    const QuantFormat *format = nullptr;
    std::uint64_t rows = 0;
    Bytes bytes = 0;
    bool operator==(const MatrixGroup &) const = default;
};

struct MixedWeights {
    Bytes layers = 0;  ///< decoder layers without routed experts; vectors (norms, biases, router) in F32
    Bytes experts = 0; ///< routed experts
    std::array<MatrixGroup, 24> groups{};
    std::uint32_t groupCount = 0;
    /// The tensors a llama-quantize file ends with: it writes them sorted by layer, then by
    /// name, so the last layer's up projections (ffn_up, ffn_up_exps, ffn_up_shexp) come
    /// after its last norm. llama.cpp maps only the span of the tensors it reads from the
    /// mapping, so when these repack they fall outside CPU_Mapped.
    std::array<MatrixGroup, 2> fileTail{};
    std::uint32_t fileTailCount = 0;
    /// Bytes of decoder layers [0, i) of each part, i = 0 … L. The _M mixes raise attn_v and
    /// ffn_down in the first and last eighths and every third layer between, so a device holding
    /// the last layers stores more than the average. Empty for layouts not walked layer by layer.
    std::vector<Bytes> layersBefore;
    std::vector<Bytes> expertsBefore;
    bool operator==(const MixedWeights &) const = default;
};

/// The mix of `format` over the model's layers, or nullopt when the format is not a llama.cpp
/// file type (a float format, GPTQ, AWQ …) or the layers are not the attention (plain, fused or latent) + FFN blocks
/// modelled here (Granite 4.0-H, Nemotron-H, Qwen3-Next and Qwen3.5 hybrids are; Jamba, LFM2, Falcon-H1, Mamba-1 and
/// RWKV layers and Falcon's own rules are not). layerParams and expertParams are the parameter
/// counts of the two parts (ParameterCounts layers + finalNorm, routedExperts).
std::optional<MixedWeights> mixedWeights(const ModelArchitecture &arch, const QuantFormat &format,
                                         std::uint64_t layerParams, std::uint64_t expertParams);

} // namespace memplan::ggufmix
