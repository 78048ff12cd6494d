#include "visiontower.h"

#include "error.h"
#include "import/gguf.h"

namespace memplan {

VisionTower visionTowerFromMmproj(const GgufHeader &h, const std::string &path)
{
    auto arch = h.metadata.find("general.architecture");
    if (arch == h.metadata.end() || !arch->second.is_string() || arch->second.get<std::string>() != "clip")
        throw InputError(ErrorInfo{path, "general.architecture",
                                   "is not \"clip\": this is not a projector (mmproj) file"});
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
    const bool llama = isLlamaCppFamily(engine);
    if (textOnly)
        return !*textOnly && (!llama || mmprojGiven);
    return llama ? mmprojGiven : true;
}

std::uint64_t gemma3VisionParameters(std::uint32_t textHidden)
{
    // SigLIP-so400m: width 1152, MLP 4304, 27 layers, 4096 patch positions (896/14 squared).
    const std::uint64_t w = 1152, ff = 4304, layers = 27, positions = 4096, patch = 14;
    const std::uint64_t attention = 4 * (w * w + w);       // q, k, v, out with biases
    const std::uint64_t mlp = 2 * w * ff + ff + w;         // fc1, fc2 with biases
    const std::uint64_t norms = 2 * 2 * w;                 // two LayerNorms with bias
    const std::uint64_t tower = layers * (attention + mlp + norms) + (3 * patch * patch * w + w) // patch conv
                                + positions * w + 2 * w;   // position table, post LayerNorm
    const std::uint64_t projector = w * textHidden + w;     // mm_input_projection + soft-embedding norm
    return tower + projector;
}

} // namespace memplan
