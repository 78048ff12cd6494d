#include "whatifpanel.h"
#include "enginetext.h"
#include "koreanparticles.h"

#include "panels/controlscope.h"

#include "scenariocontroller.h"
#include "widgets/buddylabel.h"
#include "widgets/logslider.h"
#include "widgets/quietset.h"

#include "model/quantformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <cmath>

namespace memplan::ui {

namespace {

constexpr const char *kKvHeadsKey = "num_key_value_heads";
constexpr std::uint64_t kCustomMaxContext = 1'048'576;

QString quantLabel(const QuantFormat &f)
{
    return WhatIfPanel::tr("%1 — %2 bits")
        .arg(engineText(f.label), // "GGUF Q4_K_M (mix)": the name stays, the words are translated
             QLocale().toString(f.bitsPerWeight(), 'f', 2));
}
} // namespace

WhatIfPanel::WhatIfPanel(ScenarioController *controller, QWidget *parent) : QWidget(parent), m_controller(controller)
{
    m_context = new LogSlider(this);
    m_context->setSuffix(tr(" tok"));
    m_contextTip = tr("Tokens each sequence holds (prompt and answer); the KV cache grows with it.");
    m_context->setToolTip(m_contextTip);
    m_concurrency = new LogSlider(this);
    m_concurrency->setRange(1, 1024);
    m_concurrencyTip = tr("Sequences served at the same time; each needs its own KV cache.");
    m_concurrency->setToolTip(m_concurrencyTip);

    m_weights = new QComboBox(this);
    m_weights->setToolTip(tr("How each weight is stored; fewer bits free memory for the KV cache."));
    m_weights->addItem(tr("Model default"), QString());
    for (const QuantFormat &f : allQuantFormats())
        m_weights->addItem(quantLabel(f), QString::fromUtf8(f.id.data(), qsizetype(f.id.size())));
    m_kv = new QComboBox(this);
    m_kvTip = tr("Storage type of the KV cache; 8-bit halves it, 4-bit quarters it.");
    m_kv->setToolTip(m_kvTip);
    for (const QuantFormat &f : allQuantFormats())
        if (f.kvCapable)
            m_kv->addItem(quantLabel(f), QString::fromUtf8(f.id.data(), qsizetype(f.id.size())));

    m_gqa = new QComboBox(this);
    m_gqa->setToolTip(tr("Query heads per KV head: 1 is multi-head attention, all heads is multi-query attention."));
    m_hypothetical = new QLabel(tr("hypothetical"), this);
    m_hypothetical->setToolTip(tr("This KV head count differs from the real model: a what-if architecture."));
    m_hypothetical->setStyleSheet(QStringLiteral("QLabel { color: #8a4b00; font-weight: bold; }"));

    m_offload = new QSlider(Qt::Horizontal, this);
    m_offload->setRange(0, 100);
    m_offload->setPageStep(10);
    m_offloadSpin = new QSpinBox(this);
    m_offloadSpin->setRange(0, 100);
    m_offloadSpin->setSuffix(QStringLiteral(" %"));
    m_offloadSpin->setKeyboardTracking(false);
    const QString offloadTip = tr("Share of layers on the GPU; the rest run from host RAM, slower.");
    m_offload->setToolTip(offloadTip);
    m_offloadSpin->setToolTip(offloadTip);
    m_offloadTip = offloadTip;
    m_kvOnGpu = new QCheckBox(tr("KV cache on GPU"), this);
    m_kvOnGpuTip = tr("Keep the KV cache of GPU layers in VRAM; off moves all of it to host RAM.");
    m_kvOnGpu->setToolTip(m_kvOnGpuTip);

    auto *gqaRow = new QHBoxLayout;
    gqaRow->addWidget(m_gqa, 1);
    gqaRow->addWidget(m_hypothetical);
    auto *offloadRow = new QHBoxLayout;
    offloadRow->addWidget(m_offload, 1);
    offloadRow->addWidget(m_offloadSpin);
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Context"), m_context);
    form->addRow(tr("&Users"), m_concurrency);
    form->addRow(tr("&Weights"), m_weights);
    form->addRow(tr("&KV cache"), m_kv);
    form->addRow(buddyLabel(tr("&GQA ratio"), m_gqa), gqaRow);
    form->addRow(buddyLabel(tr("GPU &layers"), m_offload), offloadRow);
    form->addRow(QString(), m_kvOnGpu);

    connect(m_context, &LogSlider::valueEdited, this, [this](std::uint64_t v) {
        edit(tr("Change context length"), QStringLiteral("context"),
             [&](Scenario &s) { s.workload.contextTokens = v; });
    });
    connect(m_concurrency, &LogSlider::valueEdited, this, [this](std::uint64_t v) {
        edit(tr("Change concurrency"), QStringLiteral("concurrency"), [&](Scenario &s) { s.workload.concurrency = v; });
    });
    connect(m_context, &LogSlider::editFinished, controller, &ScenarioController::endGesture);
    connect(m_context, &LogSlider::valueClamped, this, &WhatIfPanel::notice);
    connect(m_concurrency, &LogSlider::valueClamped, this, &WhatIfPanel::notice);
    connect(m_concurrency, &LogSlider::editFinished, controller, &ScenarioController::endGesture);
    connect(m_weights, &QComboBox::currentIndexChanged, this, [this] {
        edit(tr("Change weight format"), QString(),
             [&](Scenario &s) { s.weights.format = m_weights->currentData().toString().toStdString(); });
    });
    connect(m_kv, &QComboBox::currentIndexChanged, this, [this] {
        edit(tr("Change KV cache type"), QString(),
             [&](Scenario &s) { s.kvCacheDtype = m_kv->currentData().toString().toStdString(); });
    });
    connect(m_gqa, &QComboBox::currentIndexChanged, this, [this] {
        const int kvHeads = m_gqa->currentData().toInt();
        const int realKvHeads = m_gqa->property("realKvHeads").toInt();
        edit(tr("Change GQA ratio"), QString(), [&](Scenario &s) {
            if (kvHeads == realKvHeads)
                s.model.config.erase(kKvHeadsKey);
            else
                s.model.config[kKvHeadsKey] = std::uint32_t(kvHeads);
        });
    });
    connect(m_offload, &QSlider::valueChanged, this, [this](int percent) {
        {
            const QSignalBlocker block(m_offloadSpin);
            m_offloadSpin->setValue(percent);
        }
        edit(tr("Change GPU layer share"), QStringLiteral("offload"),
             [&](Scenario &s) { s.placement.gpuLayerFraction = percent / 100.0; });
    });
    connect(m_offload, &QSlider::sliderReleased, controller, &ScenarioController::endGesture);
    connect(m_offloadSpin, &QSpinBox::valueChanged, m_offload, &QSlider::setValue);
    connect(m_kvOnGpu, &QCheckBox::toggled, this, [this](bool on) {
        edit(tr("Toggle KV cache on GPU"), QString(), [&](Scenario &s) { s.placement.kvOnGpu = on; });
    });
    connect(controller, &ScenarioController::scenarioChanged, this, &WhatIfPanel::showScenario);
    connect(controller, &ScenarioController::estimateChanged, this, &WhatIfPanel::showKvFormat);
    connect(controller, &ScenarioController::errorChanged, this, &WhatIfPanel::showKvFormat);
    connect(controller, &ScenarioController::estimateChanged, this, &WhatIfPanel::showKvPlacement);
    connect(controller, &ScenarioController::estimateChanged, this, &WhatIfPanel::showGpuLayerPlacement);
    connect(controller, &ScenarioController::catalogChanged, this, [this] { showScenario(m_controller->scenario()); });
    showScenario(controller->scenario());
}

void WhatIfPanel::edit(const QString &description, const QString &mergeKey,
                       const std::function<void(Scenario &)> &change)
{
    if (m_showing) // the panel is only displaying a scenario, not editing it
        return;
    m_controller->edit(description, mergeKey, change);
}

void WhatIfPanel::fillGqa(const Scenario &s)
{
    // The real head layout comes from the preset; for a file or inline model the
    // resolved architecture stands in for it.
    ModelArchitecture real;
    if (const ModelPreset *p = m_controller->catalog().model(s.model.preset))
        real = p->arch;
    else if (m_controller->resolved())
        real = m_controller->resolved()->model.arch;
    const std::uint32_t heads = real.numAttentionHeads;
    const bool usable = heads > 0 && !real.isMla();
    m_gqa->setEnabled(usable);
    QList<QPair<QString, QVariant>> items;
    std::uint32_t current = real.kvHeads();
    if (!usable) {
        items.append({real.isMla() ? tr("latent attention (MLA)") : tr("n/a"), QVariant()});
    } else {
        if (const auto it = s.model.config.find(kKvHeadsKey); it != s.model.config.end() && it->is_number_integer())
            current = it->get<std::uint32_t>();
        m_gqa->setProperty("realKvHeads", int(real.kvHeads()));
        for (std::uint32_t ratio = 1; ratio <= heads; ++ratio) {
            if (heads % ratio != 0)
                continue;
            const std::uint32_t kvHeads = heads / ratio;
            QString kind = ratio == 1 ? tr("MHA") : (kvHeads == 1 ? tr("MQA") : tr("GQA"));
            QString text = tr("%1:1 → %n KV head(s), %2", nullptr, int(kvHeads)).arg(ratio).arg(kind);
            if (kvHeads == real.kvHeads())
                text += tr(" (model)");
            items.append({text, int(kvHeads)});
        }
    }
    // Refilled only when the choices differ: clearing and refilling the box on every scenario
    // change (each slider step) made it ask its panel for a new layout and repaint the group
    // (bench_gui eventCosts: WhatIfPanel / LayoutRequest, QGroupBox / Paint twice a step).
    bool same = m_gqa->count() == items.size();
    for (int i = 0; same && i < items.size(); ++i)
        same = m_gqa->itemText(i) == items[i].first && m_gqa->itemData(i) == items[i].second;
    if (!same) {
        m_gqa->clear();
        for (const auto &[text, data] : items)
            m_gqa->addItem(text, data);
    }
    if (!usable) {
        m_hypothetical->setVisible(false);
        return;
    }
    m_gqa->setCurrentIndex(m_gqa->findData(int(current)));
    m_hypothetical->setVisible(current != real.kvHeads());
}

void WhatIfPanel::showScenario(const Scenario &s)
{
    m_showing = true;
    const QSignalBlocker b1(m_weights), b2(m_kv), b3(m_gqa), b4(m_offload), b5(m_offloadSpin), b6(m_kvOnGpu);
    std::uint64_t maxContext = kCustomMaxContext;
    if (const ModelPreset *p = m_controller->catalog().model(s.model.preset); p && p->maxContext)
        maxContext = p->maxContext;
    else if (m_controller->resolved() && (!s.model.file.empty() || s.model.hub))
        maxContext = m_controller->resolved()->model.maxContext;
    m_context->setRange(256, std::max<std::uint64_t>(maxContext, 256));
    m_context->setValue(s.workload.contextTokens);
    m_concurrency->setValue(s.workload.concurrency);
    m_weights->setCurrentIndex(std::max(0, m_weights->findData(QString::fromStdString(s.weights.format))));
    fillGqa(s);
    const int percent = int(std::lround(s.placement.gpuLayerFraction * 100.0));
    m_offload->setValue(percent);
    setIfChanged(m_offloadSpin, percent);
    m_kvOnGpu->setChecked(s.placement.kvOnGpu);
    // Placement controls the engine would ignore on this machine are disabled, saying why.
    const ControlScope scope = controlScopeFor(machineKind(s, m_controller->catalog()));
    // A training estimate has no serving context, users, KV cache or layer placement: its
    // sequence length and micro-batch are in the Training box (issue 15), so these say so.
    const bool training = s.workload.mode == WorkloadMode::Training;
    const auto scoped = [&](QWidget *w, bool enabled, const QString &tip) {
        w->setEnabled(enabled && !training);
        const QString shown = training ? trainingWhy() : tip;
        if (w->toolTip() != shown)
            w->setToolTip(shown);
    };
    scoped(m_context, true, m_contextTip);
    scoped(m_concurrency, true, m_concurrencyTip);
    scoped(m_offload, scope.gpuLayers, scope.gpuLayers ? m_offloadTip : scope.placementWhy);
    scoped(m_offloadSpin, scope.gpuLayers, m_offload->toolTip());
    scoped(m_kvOnGpu, scope.kvOnGpu, scope.kvOnGpu ? m_kvOnGpuTip : scope.placementWhy);
    m_showing = false;
    showKvFormat(); // again after the estimate, which may show a runtime setting in the way
    showKvPlacement();
    showGpuLayerPlacement();
}

void WhatIfPanel::showGpuLayerPlacement()
{
    // llama.cpp's and Ollama's n_gpu_layers count (-ngl) wins over the scenario's share: the slider
    // shows the share the estimate places and is disabled, saying which setting to change. "auto"
    // (-1) follows the slider, so it leaves it alone.
    const Scenario &s = m_controller->scenario();
    const std::optional<ResolvedScenario> &r = m_controller->resolved();
    if (s.workload.mode == WorkloadMode::Training || !s.runtime.settings.is_object() ||
        !m_controller->error().isEmpty() || !r)
        return;
    const auto n = s.runtime.settings.find("n_gpu_layers");
    if (n == s.runtime.settings.end() || (n->is_number() && n->get<double>() == -1) ||
        (n->is_string() && n->get<std::string>() == "auto"))
        return;
    // On a machine where layer placement means nothing the slider already says why it is off.
    if (!controlScopeFor(machineKind(s, m_controller->catalog())).gpuLayers)
        return;
    const int percent = int(std::lround(r->placement.gpuLayerFraction * 100.0));
    const QSignalBlocker b1(m_offload), b2(m_offloadSpin);
    m_offload->setValue(percent);
    m_offloadSpin->setValue(percent);
    const QString tip = withParticles(tr("The runtime setting %1 decides how many layers are on the GPU; this "
                                         "slider follows it. Change or remove that setting in the scenario's "
                                         "runtime settings to choose here.")
                                          .arg(QStringLiteral("n_gpu_layers")));
    for (QWidget *w : {static_cast<QWidget *>(m_offload), static_cast<QWidget *>(m_offloadSpin)}) {
        w->setEnabled(false);
        w->setToolTip(tip);
    }
}

void WhatIfPanel::showKvPlacement()
{
    // llama.cpp's no_kv_offload (-nkvo) wins over the scenario's placement: the box shows where the
    // estimate keeps the cache and is disabled, saying which setting to change.
    const Scenario &s = m_controller->scenario();
    const std::optional<ResolvedScenario> &r = m_controller->resolved();
    if (s.workload.mode == WorkloadMode::Training || !s.runtime.settings.is_object() ||
        !s.runtime.settings.contains("no_kv_offload") || !m_controller->error().isEmpty() || !r)
        return;
    const QSignalBlocker block(m_kvOnGpu);
    m_kvOnGpu->setChecked(r->placement.kvOnGpu);
    m_kvOnGpu->setEnabled(false);
    m_kvOnGpu->setToolTip(withParticles(tr("The runtime setting %1 decides where the KV cache is kept; this box "
                                           "follows it. Change or remove that setting in the scenario's runtime "
                                           "settings to choose here.")
                                            .arg(QStringLiteral("no_kv_offload"))));
}

QString WhatIfPanel::trainingWhy()
{
    return tr("A training estimate does not use this: set the sequence length and micro-batch in the Training box.");
}

void WhatIfPanel::showKvFormat()
{
    // A runtime setting (vLLM's kv_cache_dtype, llama.cpp's cache_type_k/v) wins over the
    // scenario's KV dtype: the control shows what the estimate uses and is disabled, saying
    // which setting to change. Read from the resolved scenario, so after each estimate.
    const Scenario &s = m_controller->scenario();
    QString shown = QString::fromStdString(s.kvCacheDtype);
    QString tip = m_kvTip;
    bool enabled = s.workload.mode != WorkloadMode::Training;
    if (s.workload.mode == WorkloadMode::Training)
        tip = trainingWhy();
    const std::optional<ResolvedScenario> &r = m_controller->resolved();
    if (enabled && m_controller->error().isEmpty() && r && !r->settings.kvFormatSetting.empty()) {
        const QString k = QString::fromUtf8(r->kvFormatK->id.data(), qsizetype(r->kvFormatK->id.size()));
        const QString v = QString::fromUtf8(r->kvFormatV->id.data(), qsizetype(r->kvFormatV->id.size()));
        shown = k;
        enabled = false;
        tip = withParticles(
            k == v ? tr("The runtime setting %1 stores the KV cache as %2; this control follows it. Change or "
                        "remove that setting in the scenario's runtime settings to choose here.")
                         .arg(QString::fromStdString(r->settings.kvFormatSetting), k)
                   : tr("The runtime settings %1 store keys as %2 and values as %3; this control shows the keys. "
                        "Change or remove those settings in the scenario's runtime settings to choose here.")
                         .arg(QString::fromStdString(r->settings.kvFormatSetting), k, v));
    }
    const QSignalBlocker block(m_kv);
    const int index = m_kv->findData(shown);
    if (index != m_kv->currentIndex())
        m_kv->setCurrentIndex(index);
    if (m_kv->isEnabled() != enabled)
        m_kv->setEnabled(enabled);
    if (m_kv->toolTip() != tip)
        m_kv->setToolTip(tip);
}

} // namespace memplan::ui
