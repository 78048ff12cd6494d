// Fixed texts core/training puts in an estimate (item labels, term meanings), marked
// for translation under the "EngineText" context that ui/enginetext.cpp looks them up in.
// Keep in step with core/training/trainingestimator.cpp.
#include "trainingtexts.h"

#include <QCoreApplication>

#include <array>
#include <utility>

namespace memplan::ui {

namespace {

constexpr std::array kTrainingTexts = {
    QT_TRANSLATE_NOOP("EngineText", "frozen base weights"),
    QT_TRANSLATE_NOOP("EngineText", "trainable weights"),
    QT_TRANSLATE_NOOP("EngineText", "gradients"),
    QT_TRANSLATE_NOOP("EngineText", "master weights (fp32)"),
    QT_TRANSLATE_NOOP("EngineText", "optimizer states"),
    QT_TRANSLATE_NOOP("EngineText", "saved activations"),
    QT_TRANSLATE_NOOP("EngineText", "saved activations (one layer; checkpoints in host RAM)"),
    QT_TRANSLATE_NOOP("EngineText", "logits and loss"),
    QT_TRANSLATE_NOOP("EngineText", "CUDA context and libraries"),
    QT_TRANSLATE_NOOP("EngineText", "gathered layers (ZeRO-3/FSDP)"),
    QT_TRANSLATE_NOOP("EngineText", "communication buckets"),
    QT_TRANSLATE_NOOP("EngineText", "optimizer step scratch (beyond freed activations)"),
    QT_TRANSLATE_NOOP("EngineText", "NF4 dequantization buffer"),
    QT_TRANSLATE_NOOP("EngineText", "training processes (Python, PyTorch, CUDA host side)"),
    QT_TRANSLATE_NOOP("EngineText", "data loader and pinned batches"),
    QT_TRANSLATE_NOOP("EngineText", "checkpoint staging"),
    QT_TRANSLATE_NOOP("EngineText", "offloaded optimizer states, master weights and fp32 gradients"),
    QT_TRANSLATE_NOOP("EngineText", "offloaded parameters"),
    QT_TRANSLATE_NOOP("EngineText", "offloaded activation checkpoints"),
    QT_TRANSLATE_NOOP("EngineText", "MLP width"),
    QT_TRANSLATE_NOOP("EngineText", "query width (heads × head size), saved for the score matmul"),
    QT_TRANSLATE_NOOP("EngineText", "key or value width"),
    QT_TRANSLATE_NOOP("EngineText", "attention output width, saved for the output projection"),
    QT_TRANSLATE_NOOP("EngineText", "MLP tensors saved per width: gate, its SiLU and up (SwiGLU)"),
    QT_TRANSLATE_NOOP("EngineText", "activations and logits, freed before the step"),
    QT_TRANSLATE_NOOP("EngineText", "batches prefetched per worker"),
    QT_TRANSLATE_NOOP("EngineText", "bits per frozen weight (storage format)"),
    QT_TRANSLATE_NOOP("EngineText", "bytes of one whole layer's weights"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per activation element"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per gradient"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per logit live at the loss"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per saved weight"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per token of one layer, not recomputed"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per weight (compute copy)"),
    QT_TRANSLATE_NOOP("EngineText", "data-loader workers per rank"),
    QT_TRANSLATE_NOOP("EngineText", "data-parallel ranks"),
    QT_TRANSLATE_NOOP("EngineText", "device context, cuBLAS and kernels"),
    QT_TRANSLATE_NOOP("EngineText", "host RAM of one training process"),
    QT_TRANSLATE_NOOP("EngineText", "host RAM of one worker process"),
    QT_TRANSLATE_NOOP("EngineText", "largest NF4 matrix, dequantized to bf16"),
    QT_TRANSLATE_NOOP("EngineText", "layers gathered at once (current + prefetch)"),
    QT_TRANSLATE_NOOP("EngineText", "layers the backward pass runs through"),
    QT_TRANSLATE_NOOP("EngineText", "micro-batch"),
    QT_TRANSLATE_NOOP("EngineText", "micro-batch (sequences per rank)"),
    QT_TRANSLATE_NOOP("EngineText", "optimizer bytes per trainable parameter"),
    QT_TRANSLATE_NOOP("EngineText", "parameters that do not train"),
    QT_TRANSLATE_NOOP("EngineText", "ranks on this machine"),
    QT_TRANSLATE_NOOP("EngineText", "ranks sharing the gradients (TP × ZeRO-2+ shards)"),
    QT_TRANSLATE_NOOP("EngineText", "ranks sharing the gradients (TP only: accumulated unsharded in no_sync)"),
    QT_TRANSLATE_NOOP("EngineText",
                      "parameters holding a gradient: every FSDP unit with a trainable parameter, frozen ones too"),
    QT_TRANSLATE_NOOP("EngineText",
                      "the root unit's tables (embedding, final norm, head), gathered from forward to backward"),
    QT_TRANSLATE_NOOP("EngineText", "ranks sharing the optimizer states"),
    QT_TRANSLATE_NOOP("EngineText", "ranks sharing the optimizer states (TP × ZeRO-1+ shards)"),
    QT_TRANSLATE_NOOP("EngineText", "ranks sharing the parameters"),
    QT_TRANSLATE_NOOP("EngineText", "ranks sharing the parameters (TP × ZeRO-3 shards)"),
    QT_TRANSLATE_NOOP("EngineText", "temporary bytes per parameter in the step"),
    QT_TRANSLATE_NOOP("EngineText", "tensor-parallel ranks"),
    QT_TRANSLATE_NOOP("EngineText", "tokens per sequence"),
    QT_TRANSLATE_NOOP("EngineText", "trainable parameters"),
    QT_TRANSLATE_NOOP("EngineText", "NCCL buffers"),
    QT_TRANSLATE_NOOP("EngineText", "activations on this GPU"),
    QT_TRANSLATE_NOOP("EngineText",
                      "parameters staged at once (ZeRO-3/FSDP: all trainable ones; else the largest tensor)"),
    QT_TRANSLATE_NOOP("EngineText", "one layer's gradients while they are reduced"),
    QT_TRANSLATE_NOOP("EngineText", "ZeRO's reduce and all-gather buckets"),
};

constexpr const char *kTrainingContext = "EngineText"; // a named constant, as in enginetext.cpp

// Training item ids (core/training/trainingestimator.cpp trainingItemIds()) and the
// English labels above that translate them; the UI looks items up by id, not by label.
// "allocator slack" is marked in enginetext.cpp and sys.* are inference ids already.
constexpr std::pair<const char *, const char *> kTrainingItemTexts[] = {
    {"train.frozen_weights", "frozen base weights"},
    {"train.trainable_weights", "trainable weights"},
    {"train.gradients", "gradients"},
    {"train.master_weights", "master weights (fp32)"},
    {"train.optimizer_states", "optimizer states"},
    {"train.saved_activations_layer", "saved activations (one layer; checkpoints in host RAM)"},
    {"train.saved_activations", "saved activations"},
    {"train.logits", "logits and loss"},
    {"train.cuda_context", "CUDA context and libraries"},
    {"train.gathered_layers", "gathered layers (ZeRO-3/FSDP)"},
    {"train.buckets", "communication buckets"},
    {"train.step_scratch", "optimizer step scratch (beyond freed activations)"},
    {"train.nf4_dequant", "NF4 dequantization buffer"},
    {"train.slack", "allocator slack"},
    {"train.host_processes", "training processes (Python, PyTorch, CUDA host side)"},
    {"train.data_loader", "data loader and pinned batches"},
    {"train.checkpoint_staging", "checkpoint staging"},
    {"train.offloaded_optimizer", "offloaded optimizer states, master weights and fp32 gradients"},
    {"train.offloaded_parameters", "offloaded parameters"},
    {"train.offloaded_checkpoints", "offloaded activation checkpoints"},
};

} // namespace

const char *trainingItemEnglish(std::string_view id)
{
    for (const auto &[itemId, english] : kTrainingItemTexts)
        if (id == itemId)
            return english;
    return nullptr;
}

std::optional<QString> trainingEngineText(std::string_view english)
{
    for (const char *known : kTrainingTexts)
        if (english == known)
            return QCoreApplication::translate(kTrainingContext, known);
    return std::nullopt;
}

} // namespace memplan::ui
