#pragma once
// What one decoder layer keeps between tokens. Every runtime sizes its caches per
// layer kind: vLLM gives each kind a small spec value (vllm/v1/kv_cache_interface.py:
// FullAttentionSpec, SlidingWindowSpec, ChunkedLocalAttentionSpec, MLAAttentionSpec,
// MambaSpec) and llama.cpp a memory implementation (src/llama-kv-cache.cpp for
// attention, src/llama-memory-recurrent.cpp for recurrent state, llama-memory-hybrid.cpp
// for models with both). A kind here is data; its byte rules live in kvcache.h
// (bytes per token) and recurrentstate.h (fixed bytes per sequence).

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace memplan {

enum class LayerKind : std::uint8_t {
    FullAttention,    ///< caches every token (K and V rows)
    SlidingWindow,    ///< caches the last W tokens
    ChunkedAttention, ///< caches the current chunk of W tokens (Llama 4)
    Mla,              ///< caches one compressed latent per token (DeepSeek)
    LinearAttention,  ///< gated delta net (Qwen3-Next, Qwen3.5): conv + d_k x d_v state per head
    Mamba,            ///< Mamba-1 selective scan (Jamba, Falcon Mamba)
    Mamba2,           ///< Mamba-2 SSD (Nemotron-H, Granite 4.0-H, Falcon-H1, Codestral Mamba)
    Rwkv,             ///< RWKV time mix: token shift + wkv state
    ShortConv,        ///< LFM2's gated short convolution: L_cache - 1 columns
    None,             ///< no sequence mixer, nothing kept (Nemotron-H MLP-only blocks)
    CrossAttention,   ///< attends to the image tokens only (Llama 3.2 Vision): K and V of those, per sequence
};

inline constexpr std::size_t kLayerKindCount = 11;

/// FFN of one layer (parameters only; no cache).
enum class FfnKind : std::uint8_t { Dense, Moe, None };

/// Stable id used in JSON and the docs ("full_attention", "mamba2", ...).
std::string_view layerKindId(LayerKind kind);

/// Reads one entry of a config's per-layer list (`layer_types`, `layers_block_type`):
/// the spellings real checkpoints use ("attention", "full_attention", "sliding_attention",
/// "linear_attention", "mamba", "mamba2", "conv", "mlp", "moe", ...). recurrentDefault is
/// the kind a bare "mamba" means for this model type (Mamba-2 in Granite and Bamba).
/// Returns nothing for an unknown spelling.
struct LayerEntry {
    LayerKind mixer = LayerKind::FullAttention;
    std::optional<FfnKind> ffn; ///< set when the entry names the block's FFN (Nemotron-H "mlp"/"moe")
};
std::optional<LayerEntry> layerEntryFromConfig(std::string_view name, LayerKind recurrentDefault);

constexpr bool keepsKvCache(LayerKind k)
{
    return k == LayerKind::FullAttention || k == LayerKind::SlidingWindow || k == LayerKind::ChunkedAttention ||
           k == LayerKind::Mla;
}
constexpr bool keepsRecurrentState(LayerKind k)
{
    return k == LayerKind::LinearAttention || k == LayerKind::Mamba || k == LayerKind::Mamba2 || k == LayerKind::Rwkv ||
           k == LayerKind::ShortConv;
}
/// Caches K and V of a fixed set of tokens per sequence (the image's), whatever the context.
constexpr bool keepsCrossCache(LayerKind k)
{
    return k == LayerKind::CrossAttention;
}
constexpr bool isWindowed(LayerKind k)
{
    return k == LayerKind::SlidingWindow || k == LayerKind::ChunkedAttention;
}

/// Layers per kind, counted once when the model is read (placement and the estimator
/// then never walk the layer list).
struct LayerKindCounts {
    std::array<std::uint32_t, kLayerKindCount> n{};
    std::uint32_t of(LayerKind k) const { return n[static_cast<std::size_t>(k)]; }
    std::uint32_t recurrent() const;
    bool operator==(const LayerKindCounts &) const = default;
};

} // namespace memplan
