#include "trainingpanel.h"

#include "panels/frameworkfigures.h"
#include "scenariocontroller.h"
#include "widgets/logslider.h"

#include "runtimes/runtimemodel.h"
#include "scenario/catalog.h"

#include <QComboBox>
#include <QFormLayout>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace memplan::ui {

namespace {

/// Combo items carry the engine's id strings, so the panel never repeats a table of enums.
template <typename E, typename IdFn> void addItem(QComboBox *box, const QString &text, E value, IdFn id)
{
    const std::string_view s = id(value);
    box->addItem(text, QString::fromUtf8(s.data(), qsizetype(s.size())));
}

std::string currentId(const QComboBox *box)
{
    return box->currentData().toString().toStdString();
}

void select(QComboBox *box, std::string_view id)
{
    box->setCurrentIndex(std::max(0, box->findData(QString::fromUtf8(id.data(), qsizetype(id.size())))));
}

} // namespace

TrainingPanel::TrainingPanel(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    m_mode = new QComboBox(this);
    m_mode->setToolTip(tr("Inference serves a trained model; training also keeps gradients, optimizer states and "
                          "activations for the backward pass."));
    addItem(m_mode, tr("Inference"), WorkloadMode::Inference, workloadModeId);
    addItem(m_mode, tr("Training (fine-tuning)"), WorkloadMode::Training, workloadModeId);

    m_method = new QComboBox(this);
    m_method->setToolTip(tr("What trains: every weight, low-rank adapters on a frozen base, adapters on a 4-bit base, "
                            "the top layers only, or LitGPT's LLaMA-Adapter (learned prompt vectors; v2 also a bias "
                            "and a scale per linear output)."));
    addItem(m_method, tr("Full fine-tuning"), TrainingMethod::Full, trainingMethodId);
    addItem(m_method, tr("LoRA"), TrainingMethod::Lora, trainingMethodId);
    addItem(m_method, tr("QLoRA (4-bit NF4 base)"), TrainingMethod::Qlora, trainingMethodId);
    addItem(m_method, tr("Freeze lower layers"), TrainingMethod::Freeze, trainingMethodId);
    addItem(m_method, tr("LLaMA-Adapter (LitGPT)"), TrainingMethod::Adapter, trainingMethodId);
    addItem(m_method, tr("LLaMA-Adapter v2 (LitGPT)"), TrainingMethod::AdapterV2, trainingMethodId);

    m_optimizer = new QComboBox(this);
    m_optimizer->setToolTip(tr("Optimizer states per trainable parameter: AdamW keeps two fp32 moments (8 bytes), "
                               "8-bit Adam 2 bytes, SGD with momentum 4, Adafactor a row and a column per matrix."));
    addItem(m_optimizer, tr("AdamW"), Optimizer::AdamW, optimizerId);
    addItem(m_optimizer, tr("AdamW 8-bit"), Optimizer::AdamW8bit, optimizerId);
    addItem(m_optimizer, tr("Paged AdamW"), Optimizer::PagedAdamW, optimizerId);
    addItem(m_optimizer, tr("Paged AdamW 8-bit"), Optimizer::PagedAdamW8bit, optimizerId);
    addItem(m_optimizer, tr("Adafactor"), Optimizer::Adafactor, optimizerId);
    addItem(m_optimizer, tr("SGD with momentum"), Optimizer::SgdMomentum, optimizerId);

    m_rank = new QSpinBox(this);
    m_rank->setRange(1, 1024);
    m_rank->setToolTip(tr("LoRA rank r: each targeted matrix gains r × (inputs + outputs) trainable parameters."));

    m_adapterPrompt = new QSpinBox(this);
    m_adapterPrompt->setRange(1, 4096); // training.adapter.prompt_length (docs/scenario-format.md)
    m_adapterPrompt->setToolTip(tr("LLaMA-Adapter: learned prompt vectors each adapted layer attends to "
                                   "(LitGPT's adapter_prompt_length, 10 by default)."));
    m_adapterStart = new QSpinBox(this);
    m_adapterStart->setRange(0, 1023);
    m_adapterStart->setToolTip(tr("LLaMA-Adapter: the first layer that gets the prompt (LitGPT's "
                                  "adapter_start_layer, 2 by default); backward stops there in v1."));

    m_microBatch = new LogSlider(this);
    m_microBatch->setRange(1, 256);
    m_microBatch->setToolTip(tr("Sequences each GPU processes per forward and backward pass; activations grow with it. "
                                "Gradient accumulation does not change this peak."));
    m_sequence = new LogSlider(this);
    m_sequence->setRange(128, 131072);
    m_sequence->setSuffix(tr(" tok"));
    m_sequence->setToolTip(tr("Tokens per training sequence; activations and logits grow with it."));

    m_sharding = new QComboBox(this);
    m_sharding->setToolTip(tr("How the GPUs share the model states: DDP copies them, ZeRO-1 splits optimizer states, "
                              "ZeRO-2 also gradients, ZeRO-3 and FSDP also the weights."));
    addItem(m_sharding, tr("DDP (no sharding)"), Sharding::None, shardingId);
    addItem(m_sharding, tr("ZeRO-1"), Sharding::Zero1, shardingId);
    addItem(m_sharding, tr("ZeRO-2"), Sharding::Zero2, shardingId);
    addItem(m_sharding, tr("ZeRO-3"), Sharding::Zero3, shardingId);
    addItem(m_sharding, tr("FSDP full shard"), Sharding::FsdpFull, shardingId);
    addItem(m_sharding, tr("FSDP hybrid shard"), Sharding::FsdpHybrid, shardingId);
    addItem(m_sharding, tr("FSDP shard grad/op"), Sharding::FsdpGradOp, shardingId);

    m_checkpointing = new QComboBox(this);
    m_checkpointing->setToolTip(tr("Activation checkpointing: keep fewer activations and recompute them in the "
                                   "backward pass, trading time for memory."));
    addItem(m_checkpointing, tr("None"), Checkpointing::None, checkpointingId);
    addItem(m_checkpointing, tr("Selective (attention)"), Checkpointing::Selective, checkpointingId);
    addItem(m_checkpointing, tr("Full (every layer)"), Checkpointing::Full, checkpointingId);

    m_trainingRows = new QWidget(this);
    auto *rows = new QFormLayout(m_trainingRows);
    m_rows = rows;
    rows->setContentsMargins(0, 0, 0, 0);
    rows->addRow(tr("&Method"), m_method);
    rows->addRow(tr("&Optimizer"), m_optimizer);
    rows->addRow(tr("LoRA &rank"), m_rank);
    rows->addRow(tr("Adapter promp&t"), m_adapterPrompt);
    rows->addRow(tr("Adapter from la&yer"), m_adapterStart);
    rows->addRow(tr("Micro-&batch"), m_microBatch);
    rows->addRow(tr("&Sequence"), m_sequence);
    rows->addRow(tr("S&harding"), m_sharding);
    rows->addRow(tr("Check&pointing"), m_checkpointing);
    auto *top = new QFormLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addRow(tr("Wor&kload"), m_mode);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_trainingRows);
    m_figures = new FrameworkFigures(this);
    layout->addWidget(m_figures);
    connect(controller, &ScenarioController::estimateChanged, m_figures, &FrameworkFigures::showEstimate);
    m_figures->showEstimate(controller->estimate());
    connectEdits();
    connect(controller, &ScenarioController::scenarioChanged, this, &TrainingPanel::showScenario);
    showScenario(controller->scenario());
}

void TrainingPanel::setUnitSystem(UnitSystem units)
{
    m_figures->setUnitSystem(units);
}

void TrainingPanel::connectEdits()
{
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        const WorkloadMode mode = workloadModeFromId(currentId(m_mode)).value_or(WorkloadMode::Inference);
        edit(tr("Switch inference/training"), QString(), [&](Scenario &s) {
            s.workload.mode = mode;
            // A training scenario needs a training framework and an inference one a runtime;
            // keep the user's choice when it already fits the mode.
            const RuntimeProfile *rt = m_controller->catalog().runtime(s.runtime.preset);
            const bool trains = rt && rt->training.trains;
            if (mode == WorkloadMode::Training && !trains)
                s.runtime = RuntimeChoice{"hf-trainer", nlohmann::json::object()};
            else if (mode == WorkloadMode::Inference && trains) // the runtime whose rules it runs for inference
                s.runtime =
                    RuntimeChoice{std::string(runtimeModel(rt->engine).engine().id()), nlohmann::json::object()};
        });
    });
    auto comboEdit = [this](QComboBox *box, const QString &what, auto apply) {
        connect(box, &QComboBox::currentIndexChanged, this, [this, box, what, apply] {
            const std::string id = currentId(box);
            edit(what, QString(), [&](Scenario &s) { apply(s.workload.training, id); });
        });
    };
    comboEdit(m_method, tr("Change training method"),
              [](TrainingChoice &t, const std::string &id) { t.method = trainingMethodFromId(id).value_or(t.method); });
    comboEdit(m_optimizer, tr("Change optimizer"), [](TrainingChoice &t, const std::string &id) {
        t.optimizer = optimizerFromId(id).value_or(t.optimizer);
    });
    comboEdit(m_sharding, tr("Change sharding"),
              [](TrainingChoice &t, const std::string &id) { t.sharding = shardingFromId(id).value_or(t.sharding); });
    comboEdit(m_checkpointing, tr("Change checkpointing"), [](TrainingChoice &t, const std::string &id) {
        t.checkpointing = checkpointingFromId(id).value_or(t.checkpointing);
    });
    connect(m_rank, &QSpinBox::valueChanged, this, [this](int r) {
        edit(tr("Change LoRA rank"), QStringLiteral("lora-rank"),
             [&](Scenario &s) { s.workload.training.loraRank = std::uint32_t(r); });
    });
    connect(m_adapterPrompt, &QSpinBox::valueChanged, this, [this](int n) {
        edit(tr("Change adapter prompt length"), QStringLiteral("adapter-prompt"),
             [&](Scenario &s) { s.workload.training.adapterPromptLength = std::uint32_t(n); });
    });
    connect(m_adapterStart, &QSpinBox::valueChanged, this, [this](int n) {
        edit(tr("Change adapter start layer"), QStringLiteral("adapter-start"),
             [&](Scenario &s) { s.workload.training.adapterStartLayer = std::uint32_t(n); });
    });
    connect(m_microBatch, &LogSlider::valueEdited, this, [this](std::uint64_t v) {
        edit(tr("Change micro-batch"), QStringLiteral("micro-batch"),
             [&](Scenario &s) { s.workload.training.microBatch = v; });
    });
    connect(m_sequence, &LogSlider::valueEdited, this, [this](std::uint64_t v) {
        edit(tr("Change sequence length"), QStringLiteral("sequence"),
             [&](Scenario &s) { s.workload.training.sequenceLength = v; });
    });
    connect(m_microBatch, &LogSlider::editFinished, m_controller, &ScenarioController::endGesture);
    connect(m_sequence, &LogSlider::editFinished, m_controller, &ScenarioController::endGesture);
}

void TrainingPanel::edit(const QString &description, const QString &mergeKey,
                         const std::function<void(Scenario &)> &change)
{
    if (m_showing)
        return;
    m_controller->edit(description, mergeKey, change);
}

void TrainingPanel::showScenario(const Scenario &s)
{
    m_showing = true;
    const QSignalBlocker b1(m_mode), b2(m_method), b3(m_optimizer), b4(m_rank), b5(m_sharding), b6(m_checkpointing),
        b7(m_adapterPrompt), b8(m_adapterStart);
    const TrainingChoice &t = s.workload.training;
    select(m_mode, workloadModeId(s.workload.mode));
    select(m_method, trainingMethodId(t.method));
    select(m_optimizer, optimizerId(t.optimizer));
    select(m_sharding, shardingId(t.sharding));
    select(m_checkpointing, checkpointingId(t.checkpointing));
    m_rank->setValue(int(t.loraRank));
    m_adapterPrompt->setValue(int(t.adapterPromptLength));
    m_adapterStart->setValue(int(t.adapterStartLayer));
    m_microBatch->setValue(t.microBatch);
    m_sequence->setValue(t.sequenceLength);
    const bool training = s.workload.mode == WorkloadMode::Training;
    m_trainingRows->setVisible(training);
    m_rank->setEnabled(t.method == TrainingMethod::Lora || t.method == TrainingMethod::Qlora);
    // The adapter rows appear only for LLaMA-Adapter, so LoRA and full runs keep a short form.
    const bool adapter = isAdapterMethod(t.method);
    m_rows->setRowVisible(m_adapterPrompt, adapter);
    m_rows->setRowVisible(m_adapterStart, adapter);
    m_showing = false;
}

} // namespace memplan::ui
