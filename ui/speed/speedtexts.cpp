// Fixed texts core/speed puts in an estimate (item labels by id, limiters, read paths,
// term meanings), marked for translation. Keep in step with core/speed/speedengine.cpp.
#include "speedtexts.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <array>
#include <utility>

namespace memplan::ui {

namespace {

constexpr const char *kSpeedContext = "SpeedText";

struct SpeedIdText {
    std::string_view id;
    const char *english;
};

constexpr std::array kItems = {
    SpeedIdText{"decode_per_sequence", QT_TRANSLATE_NOOP("SpeedText", "decode speed per sequence")},
    SpeedIdText{"decode_total", QT_TRANSLATE_NOOP("SpeedText", "decode speed, all sequences")},
    SpeedIdText{"prefill", QT_TRANSLATE_NOOP("SpeedText", "prompt processing (prefill)")},
    SpeedIdText{"time_to_first_token", QT_TRANSLATE_NOOP("SpeedText", "time to first token")},
    SpeedIdText{"decode_step_pool", QT_TRANSLATE_NOOP("SpeedText", "decode step time in this pool")},
    SpeedIdText{"allreduce", QT_TRANSLATE_NOOP("SpeedText", "all-reduce between GPUs per step")},
};

constexpr std::array kLimiters = {
    SpeedIdText{"memory bandwidth", QT_TRANSLATE_NOOP("SpeedText", "memory bandwidth")},
    SpeedIdText{"host RAM bandwidth", QT_TRANSLATE_NOOP("SpeedText", "host RAM bandwidth")},
    SpeedIdText{"host link", QT_TRANSLATE_NOOP("SpeedText", "host link (PCIe)")},
    SpeedIdText{"compute", QT_TRANSLATE_NOOP("SpeedText", "compute")},
    SpeedIdText{"interconnect", QT_TRANSLATE_NOOP("SpeedText", "GPU interconnect")},
};

constexpr std::array kPaths = {
    SpeedIdText{"gpu_memory", QT_TRANSLATE_NOOP("SpeedText", "GPU memory")},
    SpeedIdText{"unified_memory", QT_TRANSLATE_NOOP("SpeedText", "unified memory")},
    SpeedIdText{"host_ram", QT_TRANSLATE_NOOP("SpeedText", "host RAM, computed by the CPU")},
    SpeedIdText{"host_link", QT_TRANSLATE_NOOP("SpeedText", "host RAM streamed over the host link")},
};

// Term meanings (SpeedItem::add) and the efficiency table's bases (core/speed/efficiency.cpp).
constexpr std::array kMeanings = {
    QT_TRANSLATE_NOOP("SpeedText", "B × decode speed per sequence"), // a formula in words (decode_total)
    QT_TRANSLATE_NOOP("SpeedText", "sequences decoded together"),
    QT_TRANSLATE_NOOP("SpeedText", "weight bytes read per step (active experts only)"),
    QT_TRANSLATE_NOOP("SpeedText", "KV bytes read per step and sequence"),
    QT_TRANSLATE_NOOP("SpeedText", "bandwidth of the first pool, bytes/s"),
    QT_TRANSLATE_NOOP("SpeedText", "bandwidth of the last pool, bytes/s"),
    QT_TRANSLATE_NOOP("SpeedText", "dense FLOP/s for the weight format (0 = no figure)"),
    QT_TRANSLATE_NOOP("SpeedText",
                      "dense FLOP/s: none stated, so the bandwidth times the highest FLOP per byte of the "
                      "GPU presets (the expected range spans the presets' tenth percentile to the highest)"),
    QT_TRANSLATE_NOOP("SpeedText", "active parameters per token"),
    QT_TRANSLATE_NOOP("SpeedText", "decode efficiency of the backend (middle)"),
    QT_TRANSLATE_NOOP("SpeedText", "prompt tokens"),
    QT_TRANSLATE_NOOP("SpeedText", "tokens per micro-batch"),
    QT_TRANSLATE_NOOP("SpeedText", "layers"),
    QT_TRANSLATE_NOOP("SpeedText", "attention heads"),
    QT_TRANSLATE_NOOP("SpeedText", "layers that attend to every cached token"),
    QT_TRANSLATE_NOOP("SpeedText", "layers that attend through a window (W × T − W²/2 pairs once T passes W)"),
    QT_TRANSLATE_NOOP("SpeedText", "attention window, tokens"),
    QT_TRANSLATE_NOOP("SpeedText", "head dimension (latent attention: the mean of the K and V sizes it multiplies)"),
    QT_TRANSLATE_NOOP("SpeedText",
                      "share of the attention computed in the first pool (llama.cpp: its share of the KV cache)"),
    QT_TRANSLATE_NOOP(
        "SpeedText",
        "the CPU's float rate for attention over a cache in host RAM (0 = attention runs with the weights)"),
    QT_TRANSLATE_NOOP("SpeedText", "head dimension"),
    QT_TRANSLATE_NOOP("SpeedText", "weight bytes read per micro-batch (experts the batch touches)"),
    QT_TRANSLATE_NOOP("SpeedText", "prefill efficiency of the backend (middle)"),
    QT_TRANSLATE_NOOP("SpeedText", "weight bytes read per step here"),
    QT_TRANSLATE_NOOP("SpeedText", "KV bytes per sequence here"),
    QT_TRANSLATE_NOOP("SpeedText", "bandwidth the reads run at, bytes/s"),
    QT_TRANSLATE_NOOP("SpeedText", "share of the bandwidth the reads are known to reach (expected only; the bound "
                                   "reads at the peak)"),
    QT_TRANSLATE_NOOP("SpeedText", "parameters multiplied here per token"),
    QT_TRANSLATE_NOOP("SpeedText", "dense FLOP/s here (0 = no figure)"),
    QT_TRANSLATE_NOOP("SpeedText", "decode efficiency here (middle)"),
    QT_TRANSLATE_NOOP("SpeedText",
                      "the CPU kernels' rate for this weight type relative to Q4_K's (in the compute share)"),
    QT_TRANSLATE_NOOP("SpeedText", "GPUs"),
    QT_TRANSLATE_NOOP("SpeedText", "hidden size"),
    QT_TRANSLATE_NOOP("SpeedText", "GPU-to-GPU bytes/s per direction"),
    QT_TRANSLATE_NOOP("SpeedText", "fixed cost per all-reduce, s"),
    QT_TRANSLATE_NOOP("SpeedText", "the theory profile: expected = bound"),
    QT_TRANSLATE_NOOP("SpeedText", "fixed cost per layer and step, s (middle)"),
    QT_TRANSLATE_NOOP("SpeedText", "the runtime's host work per step, s (middle)"),
    QT_TRANSLATE_NOOP("SpeedText", "layers computed here"),
    QT_TRANSLATE_NOOP("SpeedText", "hand-overs per step (GPU and CPU; GPUs under -sm row)"),
    QT_TRANSLATE_NOOP("SpeedText", "cost of one hand-over, s (middle)"),
    QT_TRANSLATE_NOOP("SpeedText", "share of the routed experts the B sequences' picks touch, 1 − (1 − k/E)^B "
                                   "(expected; the bound keeps k/E)"),
    QT_TRANSLATE_NOOP("SpeedText", "fixed cost per layer and step here, s (middle)"),
    QT_TRANSLATE_NOOP("SpeedText", "llama-bench decode on A100 and H100 cards (HBM; tests/data/speed, modelling set)"),
    QT_TRANSLATE_NOOP(
        "SpeedText",
        "llama-bench decode on GeForce, RTX workstation and L40S cards (GDDR; tests/data/speed, modelling set)"),
    QT_TRANSLATE_NOOP("SpeedText", "llama-bench on an RX 7900 XTX (tests/data/speed; one GPU, so a narrow basis)"),
    QT_TRANSLATE_NOOP(
        "SpeedText", "llama-bench decode on M1, M1 Max, M2 Ultra, M3, M3 Max and M4 (tests/data/speed, modelling set)"),
    QT_TRANSLATE_NOOP("SpeedText", "llama-bench decode on an Arc A770 (Vulkan; tests/data/speed, modelling set: two "
                                   "runs, so a narrow basis)"),
    QT_TRANSLATE_NOOP("SpeedText", "llama-bench decode on GeForce, Radeon and Strix Halo GPUs (Vulkan; "
                                   "tests/data/speed, modelling set)"),
    QT_TRANSLATE_NOOP("SpeedText", "fallback: no measurement collected"),
    QT_TRANSLATE_NOOP(
        "SpeedText",
        "llama-bench tg128 on CPU-only machines (tests/data/speed); prefill has no CPU rate to apply it to"),
    QT_TRANSLATE_NOOP("SpeedText",
                      "vLLM single-request decode on 2 x A100 and an RTX 4090 (tests/data/speed); prefill: fallback"),
    QT_TRANSLATE_NOOP("SpeedText", "fallback: below the CUDA row"),
    QT_TRANSLATE_NOOP("SpeedText", "mlx_lm, vllm-mlx and Rapid-MLX generation on M2 Ultra, M3 Pro, M3 Max, M3 Ultra "
                                   "and M4 Pro (tests/data/speed, modelling set)"),
    QT_TRANSLATE_NOOP("SpeedText", "pinned host-to-device copies reach about 75 % of the PCIe rate"),
    QT_TRANSLATE_NOOP("SpeedText", "pageable host-to-device copies, staged by the CPU through a pinned buffer: about "
                                   "17.6 GB/s (55 % of PCIe 4.0 x16) on any link"),
    QT_TRANSLATE_NOOP("SpeedText", "fallback for an unmeasured runtime and backend"),
};

template <std::size_t N> QString lookup(const std::array<SpeedIdText, N> &table, std::string_view id)
{
    for (const SpeedIdText &t : table)
        if (t.id == id)
            return QCoreApplication::translate(kSpeedContext, t.english);
    return QString::fromUtf8(id.data(), qsizetype(id.size()));
}

} // namespace

QString speedItemText(const SpeedItem &item)
{
    for (const SpeedIdText &t : kItems)
        if (t.id == item.id)
            return QCoreApplication::translate(kSpeedContext, t.english);
    return QString::fromUtf8(item.label.data(), qsizetype(item.label.size()));
}

QString speedLimiterText(std::string_view limiter)
{
    return lookup(kLimiters, limiter);
}
QString speedPathText(std::string_view path)
{
    return lookup(kPaths, path);
}

QString notRunningSpeedText(const PlanSpeed &p)
{
    switch (p.kind) {
    case PlanSpeed::Kind::Runs:
        return {};
    case PlanSpeed::Kind::None:
        return QCoreApplication::translate("SpeedText",
                                           "Speed: none. The plan does not fit in memory, so it would not run.");
    case PlanSpeed::Kind::Offloaded:
        break;
    }
    const SpeedFigure &f = p.speed.decodePerSequence;
    return QCoreApplication::translate("SpeedText",
                                       "Speed: the plan does not fit in memory, so it would not run as set. With %1 of "
                                       "%2 layers on the GPU and the rest in host RAM it fits, at about %3 per user "
                                       "(expected %4).")
        .arg(QLocale().toString(p.gpuLayers), QLocale().toString(p.layers), speedValueText(f.expected, "tokens/s"),
             speedRangeText(f.low, f.high, "tokens/s"));
}

QString speedValueText(double value, std::string_view unit)
{
    if (unit == "s") {
        // Step times are milliseconds; a time to first token reads better in seconds.
        if (value < 0.1)
            return QCoreApplication::translate("SpeedText", "%1 ms")
                .arg(QLocale().toString(value * 1000, 'f', value < 0.01 ? 2 : 1));
        return QCoreApplication::translate("SpeedText", "%1 s").arg(QLocale().toString(value, 'f', value < 10 ? 2 : 1));
    }
    return QCoreApplication::translate("SpeedText", "%1 tokens/s")
        .arg(QLocale().toString(value, 'f', value < 10 ? 1 : 0));
}

QString speedRangeText(double low, double high, std::string_view unit)
{
    // One precision for both ends, chosen by the larger, so "0.9–12" never happens.
    const double top = std::max(low, high);
    if (unit == "s") {
        if (top < 0.1)
            return QCoreApplication::translate("SpeedText", "%1–%2 ms")
                .arg(QLocale().toString(low * 1000, 'f', top < 0.01 ? 2 : 1),
                     QLocale().toString(high * 1000, 'f', top < 0.01 ? 2 : 1));
        return QCoreApplication::translate("SpeedText", "%1–%2 s")
            .arg(QLocale().toString(low, 'f', top < 10 ? 2 : 1), QLocale().toString(high, 'f', top < 10 ? 2 : 1));
    }
    return QCoreApplication::translate("SpeedText", "%1–%2 tokens/s")
        .arg(QLocale().toString(low, 'f', top < 10 ? 1 : 0), QLocale().toString(high, 'f', top < 10 ? 1 : 0));
}

std::optional<QString> speedEngineText(std::string_view english)
{
    for (const char *known : kMeanings)
        if (english == known)
            return QCoreApplication::translate(kSpeedContext, known);
    return std::nullopt;
}

} // namespace memplan::ui
