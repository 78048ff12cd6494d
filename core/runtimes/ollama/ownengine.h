#pragma once
// What Ollama's own Go engine (the "ollamarunner", model/models/* in Ollama's tree) does
// differently from the llama.cpp it otherwise runs. The planner sizes Ollama with llama.cpp's
// rules and these exceptions.

#include <cstdint>
#include <optional>
#include <string_view>

namespace memplan::ollama {

/// Tokens each sequence keeps in a sliding-window layer on Ollama's own engine: gpt-oss and
/// Gemma 4 build their cache with kvcache.NewSWAMemCache(window, 4096), so a sequence keeps 4096
/// tokens there (a resumed prompt can reuse them) where llama.cpp keeps the window. 0: the window.
/// `architecture` is a GGUF architecture ("gptoss") or a config's model_type ("gpt_oss").
std::uint64_t ownEngineSwaMemory(std::string_view architecture);

/// Whether Ollama runs the architecture on its own engine (the ones whose differences the planner
/// models: Gemma 3, Gemma 4, gpt-oss). Its worst-case graph holds one logit row per parallel
/// sequence (runner/ollamarunner, reserveWorstCaseGraph: batch.Outputs has `parallel` rows).
bool runsOnOwnEngine(std::string_view architecture);

/// The shape of the vision encoder the engine runs on one image at its fixed resolution.
struct VisionEncoderShape {
    std::uint64_t patches = 0; ///< tokens the encoder attends over: (image size / patch size)²
    std::uint64_t heads = 0;   ///< attention heads
    std::uint64_t hidden = 0;  ///< width
    std::uint64_t ffn = 0;     ///< MLP width
};

/// Gemma 3's SigLIP encoder (896-pixel images, 14-pixel patches: 4,096 patches; 16 heads of 1152;
/// MLP 4304), which Ollama runs in its own engine (model/models/gemma3/model_vision.go). Other
/// towers: nullopt (not modelled).
std::optional<VisionEncoderShape> ownEngineVisionEncoder(std::string_view architecture);

/// The largest stage of that encoder's graph, in bytes (f32 activations). Without flash attention
/// the engine's attention (nn.Attention → ScaledDotProductAttention) builds every head's whole
/// patches × patches score matrix, next to Q, K, V and the residual; with it, the MLP stage (its
/// wide output beside two hidden-sized tensors) is the largest.
double visionEncoderGraphBytes(const VisionEncoderShape &v, bool flashAttention);

} // namespace memplan::ollama
