#include "enginetext.h"
#include "koreanparticles.h"
#include "panels/trainingtexts.h"
#include "speed/speedtexts.h"

#include "itemids.h"
#include "units.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <array>

namespace memplan::ui {

namespace {

// Every fixed label and term meaning core/estimator.cpp emits. A text missing
// here is shown in English, which tests/classroom/tst_translations notices only
// for tr() strings, so keep this list in step with the estimator.
constexpr std::array kTexts = {
    // Runtime profile and storage format names that hold words (presets/runtimes, core/model/quantformat.cpp).
    QT_TRANSLATE_NOOP("EngineText", "Theory (formulas only)"),
    QT_TRANSLATE_NOOP("EngineText", "NF4 + double quant"),
    QT_TRANSLATE_NOOP("EngineText", "INT4 (raw 4 bit)"),
    // Pool ids a warning names ("host: the loading peak …", core/estimation/pools.cpp).
    QT_TRANSLATE_NOOP("EngineText", "host"),
    QT_TRANSLATE_NOOP("EngineText", "unified"),
    // item labels
    QT_TRANSLATE_NOOP("EngineText", "decoder layers"),
    QT_TRANSLATE_NOOP("EngineText", "routed experts"),
    QT_TRANSLATE_NOOP("EngineText", "token embedding"),
    QT_TRANSLATE_NOOP("EngineText", "output head"),
    QT_TRANSLATE_NOOP("EngineText", "KV cache"),
    QT_TRANSLATE_NOOP("EngineText", "KV cache (sliding-window layers)"),
    QT_TRANSLATE_NOOP("EngineText", "KV block pool (preallocated)"),
    QT_TRANSLATE_NOOP("EngineText", "recurrent state"),
    QT_TRANSLATE_NOOP("EngineText", "KV cache (cross-attention, image tokens)"),
    QT_TRANSLATE_NOOP("EngineText", "cross-attention layers here"),
    QT_TRANSLATE_NOOP("EngineText", "image tokens one image leaves (all tiles)"),
    QT_TRANSLATE_NOOP("EngineText", "sequences, one image each"),
    QT_TRANSLATE_NOOP("EngineText", "vision tower and projector"),
    QT_TRANSLATE_NOOP("EngineText", "vision encoder graph (beyond the text graph)"),
    QT_TRANSLATE_NOOP("EngineText", "image patches the encoder attends over"),
    QT_TRANSLATE_NOOP("EngineText", "vision attention heads"),
    QT_TRANSLATE_NOOP("EngineText", "vision encoder width"),
    QT_TRANSLATE_NOOP("EngineText", "vision MLP width"),
    QT_TRANSLATE_NOOP("EngineText", "this GPU's text compute buffer"),
    QT_TRANSLATE_NOOP("EngineText", "recurrent layers here"),
    QT_TRANSLATE_NOOP("EngineText", "convolution-state elements per layer and sequence"),
    QT_TRANSLATE_NOOP("EngineText", "scan-state elements per layer and sequence"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per conv-state element"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per scan-state element"),
    QT_TRANSLATE_NOOP("EngineText", "sequences the runtime keeps a state for"),
    QT_TRANSLATE_NOOP("EngineText", "padded page one layer's state occupies"),
    QT_TRANSLATE_NOOP("EngineText", "pages each sequence's state keeps per layer"),
    QT_TRANSLATE_NOOP("EngineText", "tower and projector parameters"),
    QT_TRANSLATE_NOOP("EngineText", "RoPE cos/sin tables"),
    QT_TRANSLATE_NOOP("EngineText",
                      "positions the tables cover (max_position_embeddings, scaled; every distinct setup)"),
    QT_TRANSLATE_NOOP("EngineText", "rotary dimensions per head"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per table entry"),
    QT_TRANSLATE_NOOP("EngineText",
                      "the file's stated size over the recipe's bytes, on every part but the routed experts"),
    QT_TRANSLATE_NOOP("EngineText", "activation and compute buffer"),
    QT_TRANSLATE_NOOP("EngineText", "compute buffer (graph peak)"),
    QT_TRANSLATE_NOOP("EngineText", "pipeline-parallel input copies"),
    QT_TRANSLATE_NOOP("EngineText", "graph inputs (host buffer)"),
    QT_TRANSLATE_NOOP("EngineText", "forward pass (profiling run)"),
    QT_TRANSLATE_NOOP("EngineText", "sampler (profiling run)"),
    QT_TRANSLATE_NOOP("EngineText", "output (logits) buffer"),
    QT_TRANSLATE_NOOP("EngineText", "runtime context and kernel workspace"),
    QT_TRANSLATE_NOOP("EngineText", "CPU compute scratch"),
    QT_TRANSLATE_NOOP("EngineText", "allocator slack"),
    QT_TRANSLATE_NOOP("EngineText", "allocator slack and headroom"),
    QT_TRANSLATE_NOOP("EngineText", "desktop display"),
    QT_TRANSLATE_NOOP("EngineText", "operating system and other programs"),
    QT_TRANSLATE_NOOP("EngineText", "repacked weights (CPU_REPACK)"),
    QT_TRANSLATE_NOOP("EngineText", "prompt cache (llama-server --cache-ram)"),
    QT_TRANSLATE_NOOP("EngineText", "context checkpoints (sliding-window state)"),
    // pool names
    QT_TRANSLATE_NOOP("EngineText", "Host RAM"),
    QT_TRANSLATE_NOOP("EngineText", "Host RAM (CPU only)"),
    // term meanings
    QT_TRANSLATE_NOOP("EngineText", "FFN width in use"),
    QT_TRANSLATE_NOOP("EngineText", "KV cells in the mask"),
    QT_TRANSLATE_NOOP("EngineText", "attention heads"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per logit"),
    QT_TRANSLATE_NOOP("EngineText", "device total the runtime sees"),
    QT_TRANSLATE_NOOP("EngineText", "copies kept by pipeline parallelism"),
    QT_TRANSLATE_NOOP("EngineText", "mask bytes alive across the layers"),
    QT_TRANSLATE_NOOP("EngineText", "host layer's gate and up weights copied in"),
    QT_TRANSLATE_NOOP("EngineText", "host output head copied in"),
    QT_TRANSLATE_NOOP("EngineText", "matrices the CPU backend repacks"),
    QT_TRANSLATE_NOOP("EngineText", "1: the mapped file stays resident beside them"),
    QT_TRANSLATE_NOOP("EngineText", "without mmap: the tied output head's extra copy"),
    QT_TRANSLATE_NOOP("EngineText",
                      "of the mapped file: the repacked tensors' originals, page cache the kernel may drop"),
    QT_TRANSLATE_NOOP("EngineText", "bits per weight, summed tensor by tensor over the mix"),
    QT_TRANSLATE_NOOP("EngineText", "repacked tensors at the file's end, outside the mapped span"),
    QT_TRANSLATE_NOOP("EngineText", "bits per expert weight, summed tensor by tensor over the mix"),
    QT_TRANSLATE_NOOP("EngineText", "limit in bytes (--cache-ram MiB)"),
    QT_TRANSLATE_NOOP("EngineText", "checkpoints per slot (--ctx-checkpoints)"),
    QT_TRANSLATE_NOOP("EngineText", "slots"),
    QT_TRANSLATE_NOOP("EngineText", "vocabulary (0: the logits are elsewhere)"),
    QT_TRANSLATE_NOOP("EngineText", "KV heads on this device"),
    QT_TRANSLATE_NOOP("EngineText", "KV tokens the pool holds"),
    QT_TRANSLATE_NOOP("EngineText", "attention span (no flash attention)"),
    QT_TRANSLATE_NOOP("EngineText", "bits per expert weight"),
    QT_TRANSLATE_NOOP("EngineText", "bits per weight"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per cached element (scales included)"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per token per FFN unit"),
    QT_TRANSLATE_NOOP("EngineText", "bytes per token per hidden unit"),
    QT_TRANSLATE_NOOP("EngineText", "captured CUDA graphs"),
    QT_TRANSLATE_NOOP("EngineText", "collective buffers"),
    QT_TRANSLATE_NOOP("EngineText", "device context and library buffers"),
    QT_TRANSLATE_NOOP("EngineText", "devices sharing it"),
    QT_TRANSLATE_NOOP("EngineText", "this GPU's share of each matrix's rows (-sm row)"),
    QT_TRANSLATE_NOOP("EngineText", "devices sharing them"),
    QT_TRANSLATE_NOOP("EngineText", "free margin kept per device"),
    QT_TRANSLATE_NOOP("EngineText", "head dimension"),
    QT_TRANSLATE_NOOP("EngineText", "hidden size"),
    QT_TRANSLATE_NOOP("EngineText", "latent rank"),
    QT_TRANSLATE_NOOP("EngineText", "layers"),
    QT_TRANSLATE_NOOP("EngineText", "layers here"),
    QT_TRANSLATE_NOOP("EngineText", "sliding-window layers here"),
    QT_TRANSLATE_NOOP("EngineText", "layers on the GPU side"),
    QT_TRANSLATE_NOOP("EngineText", "expert matrices on the GPU side"),
    QT_TRANSLATE_NOOP("EngineText", "expert matrices in RAM"),
    QT_TRANSLATE_NOOP("EngineText", "expert matrices this device holds (3 per mixture layer)"),
    QT_TRANSLATE_NOOP("EngineText", "expert matrices (gate, up, down of each mixture layer)"),
    QT_TRANSLATE_NOOP("EngineText", "logit rows"),
    QT_TRANSLATE_NOOP("EngineText", "parallel sequences"),
    QT_TRANSLATE_NOOP("EngineText", "parameters in decoder layers"),
    QT_TRANSLATE_NOOP("EngineText", "parameters in routed experts"),
    QT_TRANSLATE_NOOP("EngineText", "reserved for the OS and apps"),
    QT_TRANSLATE_NOOP("EngineText", "reserved-but-unused share"),
    QT_TRANSLATE_NOOP("EngineText", "rotary key width"),
    QT_TRANSLATE_NOOP("EngineText", "share of the device the runtime may use"),
    QT_TRANSLATE_NOOP("EngineText", "tokens per forward step (micro-batch)"),
    QT_TRANSLATE_NOOP("EngineText", "token slots per windowed layer"),
    QT_TRANSLATE_NOOP("EngineText", "token slots, all sequences"),
    QT_TRANSLATE_NOOP("EngineText", "vocabulary"),
    QT_TRANSLATE_NOOP("EngineText", "window"),
    QT_TRANSLATE_NOOP("EngineText", "weights on this device"),
    QT_TRANSLATE_NOOP("EngineText", "activation on this device"),
    QT_TRANSLATE_NOOP("EngineText", "workspace on this device"),
    QT_TRANSLATE_NOOP("EngineText", "KV cache on this pool"),
    QT_TRANSLATE_NOOP("EngineText", "activation on this pool"),
    QT_TRANSLATE_NOOP("EngineText", "kept by the desktop compositor"),
    QT_TRANSLATE_NOOP("EngineText", "scratch when computing on the CPU"),
    QT_TRANSLATE_NOOP("EngineText", "mask bytes per copy"),
    QT_TRANSLATE_NOOP("EngineText", "mask rows (micro-batch padded)"),
    QT_TRANSLATE_NOOP("EngineText", "layers on this device"),
};

constexpr const char *kEngineContext = "EngineText";

struct IdText {
    const char *id;
    const char *english;
};

// Item ids and their labels (the labels are the source texts the translations already use).
constexpr IdText kItemTexts[] = {
    {itemid::kWeightsLayers, "decoder layers"},
    {itemid::kWeightsExperts, "routed experts"},
    {itemid::kWeightsEmbedding, "token embedding"},
    {itemid::kWeightsOutputHead, "output head"},
    {itemid::kKvFull, "KV cache"},
    {itemid::kKvWindow, "KV cache (sliding-window layers)"},
    {itemid::kKvPool, "KV block pool (preallocated)"},
    {itemid::kActGeneric, "activation and compute buffer"},
    {itemid::kActProfileForward, "forward pass (profiling run)"},
    {itemid::kActProfileSampler, "sampler (profiling run)"},
    {itemid::kActGgmlCopies, "pipeline-parallel input copies"},
    {itemid::kActGgmlPeak, "compute buffer (graph peak)"},
    {itemid::kActGgmlHostInputs, "graph inputs (host buffer)"},
    {itemid::kActLogitsBuffer, "output (logits) buffer"},
    {itemid::kWorkspaceDevice, "runtime context and kernel workspace"},
    {itemid::kWorkspaceCpu, "CPU compute scratch"},
    {itemid::kSlackDevice, "allocator slack and headroom"},
    {itemid::kSlackHost, "allocator slack"},
    {itemid::kSystemDisplay, "desktop display"},
    {itemid::kSystemOs, "operating system and other programs"},
    {itemid::kKvRecurrent, "recurrent state"},
    {itemid::kKvCross, "KV cache (cross-attention, image tokens)"},
    {itemid::kWeightsVision, "vision tower and projector"},
    {itemid::kWeightsRepacked, "repacked weights (CPU_REPACK)"},
    {itemid::kWorkspacePromptCache, "prompt cache (llama-server --cache-ram)"},
    {itemid::kWorkspaceCheckpoints, "context checkpoints (sliding-window state)"},
    {itemid::kWeightsRopeTables, "RoPE cos/sin tables"},
    {itemid::kActVisionGraph, "vision encoder graph (beyond the text graph)"},
};

// Notice templates: %1, %2 follow the order of the arguments named in core/notice.h.
constexpr IdText kNoticeTexts[] = {
    {"warn.what_if_architecture",
     QT_TRANSLATE_NOOP("EngineText",
                       "The architecture was changed from the preset: a what-if model, not the real one.")},
    {"warn.context_above_max",
     QT_TRANSLATE_NOOP("EngineText", "A context of %1 tokens is longer than the model's maximum of %2 tokens.")},
    {"warn.context_limit_assumed",
     QT_TRANSLATE_NOOP("EngineText",
                       "The model states no context limit (no max_position_embeddings), so %2 tokens is assumed. A "
                       "context of %1 tokens is above it: a runtime that checks the limit will not start if the "
                       "real limit is lower.")},
    {"warn.tp_heads_indivisible",
     QT_TRANSLATE_NOOP("EngineText",
                       "Tensor parallelism needs the %1 attention heads to divide by the GPU count (%2).")},
    {"warn.one_device_count",
     QT_TRANSLATE_NOOP("EngineText", "The scenario counts %1 machines, but a unified-memory or CPU-only machine is one "
                                     "device: the plan uses one. Plan several machines with memplan-cli cluster.")},
    {"warn.mixed_format_average",
     QT_TRANSLATE_NOOP("EngineText",
                       "%1 mixes tensor types: its size is an average, so a real file may differ by a few "
                       "percent. Import the file for exact bytes.")},
    {"warn.window_unsupported",
     QT_TRANSLATE_NOOP("EngineText",
                       "%1 does not use the sliding window of %2 models: every layer keeps the whole context.")},
    {"warn.loading_peak",
     QT_TRANSLATE_NOOP("EngineText", "%1: the loading peak (%2) exceeds the capacity although steady use would fit.")},
    {"warn.reclaimable_mapped",
     QT_TRANSLATE_NOOP("EngineText",
                       "%1: %2 of it are the mapped file's originals of the repacked weights. The kernel drops them "
                       "when RAM runs short, so they are shown but not required (--no-mmap never loads them).")},
    {"warn.model_input", "%1"},
    {"warn.speed_host_assumed",
     QT_TRANSLATE_NOOP("EngineText",
                       "Speed: no host CPU platform preset, so host RAM is taken as dual-channel DDR5-5600 "
                       "(89.6 GB/s). Set the host platform for your machine's channels and speed.")},
    {"warn.speed_cpu_assumed",
     QT_TRANSLATE_NOOP("EngineText",
                       "Speed: no host CPU is stated, so the work the CPU does is timed on 8 cores at 4.5 GHz "
                       "with AVX2. State your CPU's cores, clock and vector class in the scenario (host.cpu).")},
    {"warn.speed_no_compute_figure",
     QT_TRANSLATE_NOOP("EngineText",
                       "Speed: %1 states no compute rate, so its prompt rate is taken from its memory bandwidth "
                       "times the FLOP per byte of the GPU presets, a wide range. Choose a preset that has the "
                       "rate for a narrower one.")},
    {"warn.paged_optimizer",
     QT_TRANSLATE_NOOP("EngineText",
                       "Paged optimizer: its states live in CUDA unified memory and move to host RAM only "
                       "when the GPU runs out, at the cost of PCIe transfers; the estimate counts them on "
                       "the GPU.")},
    {"warn.zero_single_rank",
     QT_TRANSLATE_NOOP("EngineText", "ZeRO/FSDP over a single rank shards nothing: use several GPUs or offload.")},
    {"warn.framework_untied_head",
     QT_TRANSLATE_NOOP("EngineText", "%1 builds the model with an output head of its own: the head the checkpoint "
                                     "ties to the embedding becomes a second table of %2 parameters.")},
    {"warn.release_older",
     QT_TRANSLATE_NOOP("EngineText", "%1 %2 is older than the oldest release the planner models (%3): it is sized with "
                                     "that release's rules, which may not match.")},
    {"warn.gguf_recipe_approximate",
     QT_TRANSLATE_NOOP("EngineText", "%1 is sized as %2 because its per-tensor types are not modelled (%3), so the "
                                     "weights' range is widened to %4-%5 % of the figure. Import the file for exact "
                                     "bytes.")},
    {"warn.gguf_recipe_unknown",
     QT_TRANSLATE_NOOP("EngineText", "%1 is not a GGUF recipe the planner knows: it is sized as %2, the closest stock "
                                     "recipe with the same bits in its name, and the weights' range is widened to "
                                     "%3-%4 % of the figure. Import the file for exact bytes.")},
    {"warn.override_tensor_other",
     QT_TRANSLATE_NOOP("EngineText", "The tensor override %1 also matches %2. Overrides place only the routed experts "
                                     "here, so tensors like that one stay with their layer.")},
    {"warn.override_tensor_device",
     QT_TRANSLATE_NOOP("EngineText", "The tensor override %1 names a GPU this scenario does not have (it has %2), so "
                                     "the tensors it matches stay with their layer.")},
    {"note.launch_weights_unknown",
     QT_TRANSLATE_NOOP("EngineText", "The planner knows no download of %1 in %2: replace the placeholder %3 in the "
                                     "command with the repository or file you use.")},
    {"refuse.kv_cache_dtype",
     QT_TRANSLATE_NOOP("EngineText",
                       "%1 will not start: it has no %2 KV cache (kv_cache_dtype takes auto or an FP8 type).")},
    {"refuse.gguf_weights",
     QT_TRANSLATE_NOOP("EngineText",
                       "Transformers will not run %1 weights: it dequantizes GGUF tensors when loading. Choose "
                       "bf16, f16 or a format Transformers runs (GPTQ, AWQ, bitsandbytes, FP8).")},
    {"refuse.tp_heads",
     QT_TRANSLATE_NOOP("EngineText",
                       "Will not start: the %1 attention heads do not divide by a tensor parallelism of %2.")},
    {"refuse.context_above_max",
     QT_TRANSLATE_NOOP("EngineText",
                       "%1 will not start: a context of %2 tokens is above the model's maximum of %3 tokens "
                       "without rope scaling.")},
    {"refuse.cross_attention",
     QT_TRANSLATE_NOOP("EngineText",
                       "%1 will not start: it cannot run %2 models, whose cross-attention layers read the image. "
                       "Transformers and SGLang run them.")},
    // Not ids of their own: the forms of the two notices above that name the runtime and the
    // stated setting (noticeForm() picks them by the arguments an estimate carries).
    {"refuse.kv_cache_dtype+setting",
     QT_TRANSLATE_NOOP("EngineText", "%1 will not start: it has no %2 KV cache (%3 states it; %1 takes %4).")},
    {"refuse.gguf_weights+runtime",
     QT_TRANSLATE_NOOP("EngineText", "%1 will not start: it loads GGUF files, and %2 weights are not a GGUF type (%3 "
                                     "states it). Choose a GGUF format such as q4_k_m, q8_0 or bf16.")},
};

/// The argument names of each notice, in placeholder order.
QStringList noticeArgOrder(std::string_view id)
{
    if (id == "warn.context_above_max" || id == "warn.context_limit_assumed")
        return {QStringLiteral("context"), QStringLiteral("max")};
    if (id == "warn.tp_heads_indivisible")
        return {QStringLiteral("heads"), QStringLiteral("gpus")};
    if (id == "warn.one_device_count")
        return {QStringLiteral("count")};
    if (id == "warn.mixed_format_average")
        return {QStringLiteral("format")};
    if (id == "warn.window_unsupported")
        return {QStringLiteral("runtime"), QStringLiteral("model_type")};
    if (id == "warn.loading_peak")
        return {QStringLiteral("pool"), QStringLiteral("peak")};
    if (id == "warn.model_input")
        return {QStringLiteral("text")};
    if (id == "warn.speed_no_compute_figure")
        return {QStringLiteral("device")};
    if (id == "warn.reclaimable_mapped")
        return {QStringLiteral("pool"), QStringLiteral("bytes")};
    if (id == "warn.framework_untied_head")
        return {QStringLiteral("framework"), QStringLiteral("params")};
    if (id == "warn.release_older")
        return {QStringLiteral("runtime"), QStringLiteral("release"), QStringLiteral("oldest")};
    if (id == "warn.gguf_recipe_approximate")
        return {QStringLiteral("recipe"), QStringLiteral("assumed"), QStringLiteral("source"), QStringLiteral("low"),
                QStringLiteral("high")};
    if (id == "warn.gguf_recipe_unknown")
        return {QStringLiteral("name"), QStringLiteral("assumed"), QStringLiteral("low"), QStringLiteral("high")};
    if (id == "warn.override_tensor_other")
        return {QStringLiteral("entry"), QStringLiteral("tensor")};
    if (id == "warn.override_tensor_device")
        return {QStringLiteral("entry"), QStringLiteral("gpus")};
    if (id == "note.launch_weights_unknown")
        return {QStringLiteral("model"), QStringLiteral("format"), QStringLiteral("placeholder")};
    if (id == "refuse.kv_cache_dtype")
        return {QStringLiteral("runtime"), QStringLiteral("dtype")};
    if (id == "refuse.gguf_weights")
        return {QStringLiteral("format")};
    if (id == "refuse.tp_heads")
        return {QStringLiteral("heads"), QStringLiteral("tp")};
    if (id == "refuse.context_above_max")
        return {QStringLiteral("runtime"), QStringLiteral("context"), QStringLiteral("max")};
    if (id == "refuse.cross_attention")
        return {QStringLiteral("runtime"), QStringLiteral("model_type")};
    if (id == "refuse.kv_cache_dtype+setting")
        return {QStringLiteral("runtime"), QStringLiteral("dtype"), QStringLiteral("setting"),
                QStringLiteral("accepted")};
    if (id == "refuse.gguf_weights+runtime")
        return {QStringLiteral("runtime"), QStringLiteral("format"), QStringLiteral("setting")};
    return {};
}

QString argText(const NoticeArg &a)
{
    switch (a.kind) {
    case NoticeArg::Kind::Bytes:
        return QString::fromStdString(formatBoth(a.number));
    case NoticeArg::Kind::Tokens:
    case NoticeArg::Kind::Count:
        return QString::fromStdString(formatCount(a.number));
    case NoticeArg::Kind::Text:
        return engineText(a.text);
    }
    return {};
}

} // namespace

const char *itemEnglish(std::string_view id)
{
    for (const IdText &t : kItemTexts)
        if (id == t.id)
            return t.english;
    return trainingItemEnglish(id); // train.* ids (issue 15)
}

const char *noticeTemplate(std::string_view id)
{
    for (const IdText &t : kNoticeTexts)
        if (id == t.id)
            return t.english;
    return nullptr;
}

QString itemText(const Item &item)
{
    if (const char *english = itemEnglish(item.id))
        return QCoreApplication::translate(kEngineContext, english);
    return QString::fromUtf8(item.label.data(), qsizetype(item.label.size()));
}

namespace {
/// The form of a notice its arguments call for: a KV refusal that names the stated setting, a
/// GGUF refusal from llama.cpp's side (it names the runtime), else the id itself.
std::string_view noticeForm(const Notice &n)
{
    if (n.id == "refuse.kv_cache_dtype" && n.arg("accepted"))
        return "refuse.kv_cache_dtype+setting";
    if (n.id == "refuse.gguf_weights" && n.arg("runtime"))
        return "refuse.gguf_weights+runtime";
    return n.id;
}
} // namespace

QString noticeText(const Notice &n)
{
    const std::string_view form = noticeForm(n);
    const char *tmpl = noticeTemplate(form);
    if (!tmpl)
        return QString::fromStdString(noticeEnglish(n));
    QString text = QCoreApplication::translate(kEngineContext, tmpl);
    for (const QString &name : noticeArgOrder(form)) {
        const NoticeArg *a = n.arg(name.toStdString());
        text = text.arg(a ? argText(*a) : QStringLiteral("?"));
    }
    return withParticles(text); // "%1은(는)": the runtime's name decides
}

QString engineText(std::string_view english)
{
    const QString text = QString::fromUtf8(english.data(), qsizetype(english.size()));
    for (const char *known : kTexts)
        if (english == known)
            return QCoreApplication::translate(kEngineContext, known); // texts marked above
    if (auto t = trainingEngineText(english))                          // core/training's labels (issue 15)
        return *t;
    if (auto t = speedEngineText(english)) // core/speed's term meanings (issue 13)
        return *t;
    // "GPU 0 (GeForce RTX 4090)": the pattern is fixed, the machine name is not.
    // "llama.cpp — calibrated on GeForce RTX 4090": a runtime profile a log calibrated (core/logs/calibration.cpp).
    static const QRegularExpression calibrated(QStringLiteral("^(.*) — calibrated on (.*)$"));
    if (const auto m = calibrated.match(text); m.hasMatch())
        return QCoreApplication::translate("EngineText", "%1 — calibrated on %2").arg(m.captured(1), m.captured(2));
    // A storage format's label (core/model/quantformat.cpp): "GGUF Q4_K_M (mix)" keeps its name, translates its words.
    static const QRegularExpression mixFile(QStringLiteral("^(.*) file \\(mix\\)$"));
    if (const auto m = mixFile.match(text); m.hasMatch())
        return QCoreApplication::translate("EngineText", "%1 file (mix)").arg(m.captured(1));
    static const QRegularExpression mix(QStringLiteral("^(.*) \\(mix\\)$"));
    if (const auto m = mix.match(text); m.hasMatch())
        return QCoreApplication::translate("EngineText", "%1 (mix)").arg(m.captured(1));
    static const QRegularExpression gpu(QStringLiteral("^GPU (\\d+) \\((.*)\\)$"));
    if (const auto m = gpu.match(text); m.hasMatch())
        return QCoreApplication::translate("EngineText", "GPU %1 (%2)").arg(m.captured(1), m.captured(2));
    return text;
}

QString guestText(Guest guest)
{
    switch (guest) {
    case Guest::Weights:
        return QCoreApplication::translate("Guest", "Weights");
    case Guest::KvCache:
        return QCoreApplication::translate("Guest", "KV cache");
    case Guest::Activation:
        return QCoreApplication::translate("Guest", "Activation");
    case Guest::Workspace:
        return QCoreApplication::translate("Guest", "Workspace");
    case Guest::Allocator:
        return QCoreApplication::translate("Guest", "Allocator");
    case Guest::System:
        return QCoreApplication::translate("Guest", "System");
    }
    return {};
}

QString engineText(const std::string &english)
{
    return engineText(std::string_view(english));
}

} // namespace memplan::ui
