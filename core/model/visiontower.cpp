#include "model/visiontower.h"

#include "error.h"
#include "import/gguf.h"
#include "runtimes/runtimemodel.h"

namespace memplan {

VisionTower visionTowerFromMmproj(const GgufHeader &h, const std::string &path)
{
    auto arch = h.metadata.find("general.architecture");
    if (arch == h.metadata.end() || !arch->second.is_string() || arch->second.get<std::string>() != "clip")
        throw InputError(
            ErrorInfo{path, "general.architecture", "is not \"clip\": this is not a projector (mmproj) file"});
    VisionTower v;
    v.file = path;
    for (const GgufTensorInfo &t : h.tensors) {
        v.parameters = checkedAdd(v.parameters, t.elements, "mmproj parameters");
        v.fileBytes = checkedAdd(v.fileBytes, t.bytes, "mmproj bytes");
    }
    return v;
}

bool loadsVisionTower(Engine engine, bool mmprojGiven, std::optional<bool> textOnly)
{
    const bool llama = runtimeModel(engine).visionFromProjectorFile();
    if (textOnly)
        return !*textOnly && (!llama || mmprojGiven);
    return llama ? mmprojGiven : true;
}

std::uint64_t gemma3VisionParameters(std::uint32_t textHidden)
{
    // SigLIP-so400m: width 1152, MLP 4304, 27 layers, 4096 patch positions (896/14 squared).
    const std::uint64_t w = 1152, ff = 4304, layers = 27, positions = 4096, patch = 14;
    const std::uint64_t attention = 4 * (w * w + w); // q, k, v, out with biases
    const std::uint64_t mlp = 2 * w * ff + ff + w;   // fc1, fc2 with biases
    const std::uint64_t norms = 2 * 2 * w;           // two LayerNorms with bias
    const std::uint64_t tower = layers * (attention + mlp + norms) + (3 * patch * patch * w + w) // patch conv
                                + positions * w + 2 * w; // position table, post LayerNorm
    const std::uint64_t projector = w * textHidden + w;  // mm_input_projection + soft-embedding norm
    return tower + projector;
}

std::uint64_t qwen25VlVisionParameters(std::uint32_t outHidden)
{
    // transformers' modeling_qwen2_5_vl.py: a bias-free Conv3d patch embedding over 2 frames of
    // 14 x 14 pixels, 32 blocks of RMSNorm + fused qkv and proj (with biases) + a gated MLP
    // (gate, up, down with biases), then the merger: RMSNorm and a two-layer MLP over 2 x 2
    // merged patches (4 x 1280 = 5120) into the text width.
    const std::uint64_t w = 1280, ff = 3420, layers = 32, merged = 4 * w;
    const std::uint64_t patch = 3 * 2 * 14 * 14 * w;
    const std::uint64_t block = 2 * w + (w * 3 * w + 3 * w) + (w * w + w) + 2 * (w * ff + ff) + (ff * w + w);
    const std::uint64_t merger = w + (merged * merged + merged) + (merged * outHidden + outHidden);
    return patch + layers * block + merger;
}

std::uint64_t llama4VisionParameters(std::uint32_t textHidden)
{
    // transformers' modeling_llama4.py: an unfold patch embedding (588 -> 1408, no bias), a class
    // token, 577 position embeddings (24 x 24 patches + class), pre/post LayerNorms, 34 layers
    // of LayerNorm + q/k/v/o with biases + fc1/fc2 with biases; the pixel-shuffle adapter
    // (2 x 2 patches: 4 x 1408 = 5632 -> 4096 -> 4096, no biases) and the projector 4096 -> text.
    const std::uint64_t w = 1408, ff = 5632, layers = 34, positions = 577, proj = 4096;
    const std::uint64_t embed = 3 * 14 * 14 * w + w + positions * w + 2 * 2 * w;
    const std::uint64_t layer = 4 * (w * w + w) + (w * ff + ff) + (ff * w + w) + 2 * 2 * w;
    const std::uint64_t adapter = ff * proj + proj * proj;
    return embed + layers * layer + adapter + proj * textHidden;
}

} // namespace memplan
