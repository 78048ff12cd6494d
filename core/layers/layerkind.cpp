#include "layerkind.h"

namespace memplan {

std::string_view layerKindId(LayerKind kind)
{
    switch (kind) {
    case LayerKind::FullAttention:
        return "full_attention";
    case LayerKind::SlidingWindow:
        return "sliding_attention";
    case LayerKind::ChunkedAttention:
        return "chunked_attention";
    case LayerKind::Mla:
        return "mla";
    case LayerKind::LinearAttention:
        return "linear_attention";
    case LayerKind::Mamba:
        return "mamba";
    case LayerKind::Mamba2:
        return "mamba2";
    case LayerKind::Rwkv:
        return "rwkv";
    case LayerKind::ShortConv:
        return "conv";
    case LayerKind::None:
        return "none";
    case LayerKind::CrossAttention:
        return "cross_attention";
    }
    return "none";
}

std::optional<LayerEntry> layerEntryFromConfig(std::string_view s, LayerKind recurrentDefault)
{
    // Spellings seen in real config.json files: Gemma/gpt-oss/Qwen3-Next/LFM2 `layer_types`,
    // Granite 4.0-H and Bamba `layer_types` ("attention"/"mamba"), Nemotron-H
    // `layers_block_type` ("mamba"/"attention"/"mlp"/"moe"), Jamba ("attention"/"mamba").
    if (s == "full_attention" || s == "attention" || s == "global" || s == "hybrid")
        return LayerEntry{LayerKind::FullAttention, {}};
    if (s == "sliding_attention" || s == "local" || s == "sliding_window")
        return LayerEntry{LayerKind::SlidingWindow, {}};
    if (s == "chunked_attention")
        return LayerEntry{LayerKind::ChunkedAttention, {}};
    if (s == "linear_attention" || s == "gated_delta_net" || s == "gated_deltanet")
        return LayerEntry{LayerKind::LinearAttention, {}};
    if (s == "mamba")
        return LayerEntry{recurrentDefault, {}};
    if (s == "mamba1")
        return LayerEntry{LayerKind::Mamba, {}};
    if (s == "mamba2")
        return LayerEntry{LayerKind::Mamba2, {}};
    if (s == "conv" || s == "short_conv")
        return LayerEntry{LayerKind::ShortConv, {}};
    if (s == "rwkv")
        return LayerEntry{LayerKind::Rwkv, {}};
    if (s == "cross_attention")
        return LayerEntry{LayerKind::CrossAttention, {}};
    if (s == "mlp")
        return LayerEntry{LayerKind::None, FfnKind::Dense};
    if (s == "moe")
        return LayerEntry{LayerKind::None, FfnKind::Moe};
    return std::nullopt;
}

std::uint32_t LayerKindCounts::recurrent() const
{
    return of(LayerKind::LinearAttention) + of(LayerKind::Mamba) + of(LayerKind::Mamba2) + of(LayerKind::Rwkv) +
           of(LayerKind::ShortConv);
}

} // namespace memplan
