#include "runtimes/ollama/ownengine.h"

#include "model/modelarch.h"

#include <algorithm>

namespace memplan::ollama {

std::uint64_t ownEngineSwaMemory(std::string_view architecture)
{
    const std::string key = architectureKey(architecture);
    return key == "gptoss" || key == "gemma4" ? 4096 : 0;
}

bool runsOnOwnEngine(std::string_view architecture)
{
    const std::string key = architectureKey(architecture);
    return key == "gemma3" || key == "gemma4" || key == "gptoss";
}

std::optional<VisionEncoderShape> ownEngineVisionEncoder(std::string_view architecture)
{
    // SigLIP-so400m at 896 pixels: the numbers of the GGUF's vision.* keys in Ollama's gemma3 files
    // (image_size 896, patch_size 14, embedding_length 1152, head_count 16, feed_forward_length 4304).
    if (architectureKey(architecture) == "gemma3")
        return VisionEncoderShape{(896 / 14) * (896 / 14), 16, 1152, 4304};
    return std::nullopt;
}

double visionEncoderGraphBytes(const VisionEncoderShape &v, bool flashAttention)
{
    const double p = double(v.patches), h = double(v.hidden);
    // MLP: fc1's output (GELU in place) beside the residual and the normalised input.
    const double mlp = p * (double(v.ffn) + 2 * h) * 4;
    if (flashAttention)
        return std::max(mlp, 4 * p * h * 4);
    // The f32 scores of every head (softmax in place), with Q, K, V and the residual alive.
    const double attention = p * p * double(v.heads) * 4 + 4 * p * h * 4;
    return std::max(mlp, attention);
}

} // namespace memplan::ollama
