#include "enginetext.h"
#include "panels/trainingtexts.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <array>

namespace memplan::ui {

namespace {

// Every fixed label and term meaning core/estimator.cpp emits. A text missing
// here is shown in English, which tests/classroom/tst_translations notices only
// for tr() strings, so keep this list in step with the estimator.
constexpr std::array kTexts = {
    // item labels
    QT_TRANSLATE_NOOP("EngineText", "decoder layers"),
    QT_TRANSLATE_NOOP("EngineText", "routed experts"),
    QT_TRANSLATE_NOOP("EngineText", "token embedding"),
    QT_TRANSLATE_NOOP("EngineText", "output head"),
    QT_TRANSLATE_NOOP("EngineText", "KV cache"),
    QT_TRANSLATE_NOOP("EngineText", "KV cache (sliding-window layers)"),
    QT_TRANSLATE_NOOP("EngineText", "KV block pool (preallocated)"),
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
    QT_TRANSLATE_NOOP("EngineText", "devices sharing them"),
    QT_TRANSLATE_NOOP("EngineText", "free margin kept per device"),
    QT_TRANSLATE_NOOP("EngineText", "head dimension"),
    QT_TRANSLATE_NOOP("EngineText", "hidden size"),
    QT_TRANSLATE_NOOP("EngineText", "latent rank"),
    QT_TRANSLATE_NOOP("EngineText", "layers"),
    QT_TRANSLATE_NOOP("EngineText", "layers here"),
    QT_TRANSLATE_NOOP("EngineText", "sliding-window layers here"),
    QT_TRANSLATE_NOOP("EngineText", "layers on the GPU side"),
    QT_TRANSLATE_NOOP("EngineText", "layers whose experts are on the GPU side"),
    QT_TRANSLATE_NOOP("EngineText", "layers whose experts stay in RAM"),
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
};

constexpr const char *kContext = "EngineText";

} // namespace

QString engineText(std::string_view english)
{
    const QString text = QString::fromUtf8(english.data(), qsizetype(english.size()));
    for (const char *known : kTexts)
        if (english == known)
            return QCoreApplication::translate(kContext, known); // texts marked above
    if (auto t = trainingEngineText(english)) // core/training's labels (issue 15)
        return *t;
    // "GPU 0 (GeForce RTX 4090)": the pattern is fixed, the machine name is not.
    static const QRegularExpression gpu(QStringLiteral("^GPU (\\d+) \\((.*)\\)$"));
    if (const auto m = gpu.match(text); m.hasMatch())
        return QCoreApplication::translate("EngineText", "GPU %1 (%2)").arg(m.captured(1), m.captured(2));
    return text;
}

QString engineText(const std::string &english) { return engineText(std::string_view(english)); }

} // namespace memplan::ui
