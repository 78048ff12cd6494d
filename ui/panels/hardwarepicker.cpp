#include "hardwarepicker.h"
#include "koreanparticles.h"

#include "panels/controlscope.h"
#include "scenariocontroller.h"
#include "widgets/buddylabel.h"
#include "widgets/countspinbox.h"
#include "widgets/quietset.h"
#include "widgets/rangespinbox.h"

#include "units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QToolTip>

#include <algorithm>
#include <functional>
#include <tuple>
#include <utility>
#include <vector>

namespace memplan::ui {

namespace {

const QString kCpuOnly = QStringLiteral("cpu");

// Unit conversion only: the spin boxes show GiB and GB/s, the scenario stores bytes.
Bytes gibToBytes(double gib)
{
    return Bytes(gib * double(GiB) + 0.5);
}
std::uint64_t gbpsToBytes(double gbps)
{
    return std::uint64_t(gbps * 1e9 + 0.5);
}
} // namespace

namespace {

// The back end decides which measured speed efficiency applies (an AMD card under Vulkan decodes
// at another rate than under ROCm); memory is the same either way.
QComboBox *makeBackendCombo(QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->addItem(HardwarePicker::tr("As the machine"), QString());
    for (const auto &[label, id] :
         {std::pair{"CUDA", "cuda"}, {"ROCm", "rocm"}, {"Metal", "metal"}, {"Vulkan", "vulkan"}, {"SYCL", "sycl"}})
        combo->addItem(QString::fromLatin1(label), QString::fromLatin1(id));
    combo->setToolTip(HardwarePicker::tr("The compute back end the runtime uses on this GPU. It sets the speed "
                                         "efficiency, not the memory. \"As the machine\" follows its vendor."));
    return combo;
}

/// Shows the message of a value the box kept in range under it, and passes the message on.
template <typename Box> void sayClamps(QObject *context, Box *box, const std::function<void(const QString &)> &tell)
{
    QObject::connect(box, &QAbstractSpinBox::editingFinished, context, [box, tell] {
        const QString m = box->takeClampMessage();
        if (!m.isEmpty()) {
            QToolTip::showText(box->mapToGlobal(QPoint(0, box->height())), m, box);
            tell(m);
        }
    });
}

} // namespace

HardwarePicker::HardwarePicker(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    m_machine = new QComboBox(this);
    m_machine->setToolTip(tr("The GPU, unified-memory machine or CPU platform the model runs on."));
    m_machine->setMaxVisibleItems(25);
    m_machine->setMinimumContentsLength(18);
    m_machine->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    // Type to filter: any part of the name ("3090", "M2 Max", "H100") narrows the list.
    m_machine->setEditable(true);
    m_machine->setInsertPolicy(QComboBox::NoInsert);
    m_machine->completer()->setFilterMode(Qt::MatchContains);
    m_machine->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    m_machine->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_machine->lineEdit()->setPlaceholderText(tr("Type to search machines"));
    // Leaving the box with text that names no machine shows the chosen one again.
    connect(m_machine->lineEdit(), &QLineEdit::editingFinished, this, [this] {
        const int i = m_machine->currentIndex();
        if (i >= 0 && m_machine->lineEdit()->text() != m_machine->itemText(i))
            m_machine->lineEdit()->setText(m_machine->itemText(i));
    });
    m_count = new CountSpinBox(this);
    m_count->setRange(1, 64);
    m_count->setPrefix(QStringLiteral("× "));
    m_countTip = tr("Identical GPUs sharing the model (tensor parallel).");
    m_count->setToolTip(m_countTip);
    m_hostRam = new RangeSpinBox(tr("Host RAM"), this);
    m_hostRam->setRange(1, 16384);
    m_hostRam->setDecimals(0);
    m_hostRam->setSuffix(tr(" GiB"));
    m_hostRam->setKeyboardTracking(false);
    m_hostRamTip = tr("System RAM: holds offloaded layers, CPU-only models and the loading copy.");
    m_hostRam->setToolTip(m_hostRamTip);
    m_custom = new QCheckBox(tr("Custom memory"), this);
    m_custom->setToolTip(tr("Replace the preset's memory size and bandwidth with your own figures."));
    m_capacity = new RangeSpinBox(tr("Memory per device"), this);
    m_capacity->setRange(0.5, 65536);
    m_capacity->setDecimals(1);
    m_capacity->setSuffix(tr(" GiB"));
    m_capacity->setKeyboardTracking(false);
    m_capacityTip = tr("Memory per device (or the whole unified pool).");
    m_capacity->setToolTip(m_capacityTip);
    m_bandwidth = new RangeSpinBox(tr("Bandwidth"), this);
    m_bandwidth->setRange(1, 100000);
    m_bandwidth->setDecimals(0);
    m_bandwidth->setSuffix(tr(" GB/s"));
    m_bandwidth->setKeyboardTracking(false);
    m_bandwidth->setToolTip(tr("Memory bandwidth per device, as the vendor states it."));
    m_backend = makeBackendCombo(this);
    m_info = new QLabel(this);
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *machineRow = new QHBoxLayout;
    machineRow->addWidget(m_machine, 1);
    machineRow->addWidget(m_count);
    auto *customRow = new QHBoxLayout;
    customRow->addWidget(m_custom);
    customRow->addWidget(m_capacity);
    customRow->addWidget(m_bandwidth);
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(buddyLabel(tr("&Machine"), m_machine), machineRow);
    form->addRow(tr("Host &RAM"), m_hostRam);
    form->addRow(customRow);
    form->addRow(buddyLabel(tr("Back &end"), m_backend), m_backend);
    form->addRow(m_info);

    connect(m_machine, &QComboBox::currentIndexChanged, this, [this] {
        const QString id = m_machine->currentData().toString();
        if (id.isEmpty())
            return;
        edit(tr("Choose machine %1").arg(m_machine->currentText()), QString(), [&](Scenario &s) {
            s.hardware.preset = id.toStdString();
            s.hardware.kind.clear();
            // One unified machine or CPU is one device: a count left from a GPU would stay in the
            // saved file and the scenario's name ("2× Mac") though nothing uses it.
            if (machineKind(s, m_controller->catalog()) != HardwareKind::DiscreteGpu)
                s.hardware.count = 1;
        });
    });
    connect(m_backend, &QComboBox::currentIndexChanged, this, [this] {
        edit(tr("Change back end"), QStringLiteral("backend"),
             [&](Scenario &s) { s.hardware.backend = m_backend->currentData().toString().toStdString(); });
    });
    // A count, memory or bandwidth value out of range is kept in range and said so, naming the field.
    const auto tell = [this](const QString &m) { emit notice(m); };
    sayClamps(this, m_count, tell);
    for (RangeSpinBox *box : {m_hostRam, m_capacity, m_bandwidth})
        sayClamps(this, box, tell);
    connect(m_count, &QSpinBox::valueChanged, this, [this](int n) {
        edit(tr("Change GPU count"), QStringLiteral("gpus"), [&](Scenario &s) { s.hardware.count = std::uint32_t(n); });
    });
    connect(m_hostRam, &QDoubleSpinBox::valueChanged, this, [this](double gib) {
        edit(tr("Change host RAM"), QStringLiteral("host-ram"),
             [&](Scenario &s) { s.host.ramBytes = gibToBytes(gib); });
    });
    const auto applyCustom = [this] {
        edit(tr("Change custom memory"), QStringLiteral("custom-memory"), [&](Scenario &s) {
            const bool on = m_custom->isChecked();
            // A CPU-only machine's memory is the host RAM: a device size there would be saved
            // in the scenario and change nothing.
            const bool sized = controlScopeFor(machineKind(s, m_controller->catalog())).deviceMemory;
            s.hardware.capacityBytes = on && sized ? gibToBytes(m_capacity->value()) : 0;
            s.hardware.bandwidthBytesPerSecond = on ? gbpsToBytes(m_bandwidth->value()) : 0;
            if (!on)
                s.hardware.gpuUsableBytes = 0;
        });
    };
    connect(m_custom, &QCheckBox::toggled, this, applyCustom);
    connect(m_capacity, &QDoubleSpinBox::valueChanged, this, applyCustom);
    connect(m_bandwidth, &QDoubleSpinBox::valueChanged, this, applyCustom);
    connect(controller, &ScenarioController::catalogChanged, this, &HardwarePicker::rebuild);
    connect(controller, &ScenarioController::scenarioChanged, this, &HardwarePicker::showScenario);
    connect(controller, &ScenarioController::estimateChanged, this, &HardwarePicker::showEstimate);
    rebuild();
    showEstimate(controller->estimate());
}

QSpinBox *HardwarePicker::gpuCount() const
{
    return m_count;
}

void HardwarePicker::setUnitSystem(UnitSystem units)
{
    m_units = units;
    showEstimate(m_controller->estimate());
}

void HardwarePicker::edit(const QString &description, const QString &mergeKey,
                          const std::function<void(Scenario &)> &change)
{
    if (m_showing) // the panel is only displaying a scenario, not editing it
        return;
    m_controller->edit(description, mergeKey, change);
}

void HardwarePicker::rebuild()
{
    const QSignalBlocker block(m_machine);
    m_machine->clear();
    auto *model = qobject_cast<QStandardItemModel *>(m_machine->model());
    const auto header = [&](const QString &title) {
        m_machine->addItem(title);
        QStandardItem *item = model->item(m_machine->count() - 1);
        item->setFlags(item->flags() & ~(Qt::ItemIsSelectable | Qt::ItemIsEnabled));
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
    };
    // Grouped by kind, then vendor; within a vendor by memory (numbers, not text:
    // 64 before 128 before 192), then name.
    const auto addKind = [&](HardwareKind kind, const QString &title) {
        std::vector<const HardwarePreset *> list;
        for (const HardwarePreset &p : m_controller->catalog().hardware())
            if (p.spec.kind == kind)
                list.push_back(&p);
        std::sort(list.begin(), list.end(), [](const HardwarePreset *a, const HardwarePreset *b) {
            return std::tie(a->spec.vendor, a->spec.capacityBytes, a->spec.name) <
                   std::tie(b->spec.vendor, b->spec.capacityBytes, b->spec.name);
        });
        std::string vendor = "\x01";
        for (const HardwarePreset *p : list) {
            if (p->spec.vendor != vendor) {
                vendor = p->spec.vendor;
                const QString v = QString::fromStdString(vendor);
                header(v.isEmpty() || v == QLatin1String("generic") ? title : tr("%1 — %2").arg(title, v));
            }
            m_machine->addItem(machineLabel(*p), QString::fromStdString(p->spec.id));
        }
    };
    addKind(HardwareKind::DiscreteGpu, tr("Discrete GPUs"));
    addKind(HardwareKind::Unified, tr("Unified memory"));
    header(tr("CPU only (host RAM)"));
    m_machine->addItem(tr("Generic CPU"), kCpuOnly);
    addKind(HardwareKind::Cpu, tr("CPU only (host RAM)"));
    showScenario(m_controller->scenario());
}

QString HardwarePicker::machineLabel(const HardwarePreset &p)
{
    QString text = QString::fromStdString(p.spec.name);
    const QString label = QString::fromStdString(p.spec.memoryLabel);
    // "Apple M1 (16 GB)" already says its memory; do not say it twice.
    if (!label.isEmpty() && !text.contains(label, Qt::CaseInsensitive))
        text += QStringLiteral(" (%1)").arg(label);
    return text;
}

void HardwarePicker::showScenario(const Scenario &s)
{
    m_showing = true;
    const QSignalBlocker b1(m_machine), b2(m_count), b3(m_hostRam), b4(m_custom), b5(m_capacity), b6(m_bandwidth),
        b7(m_backend);
    m_backend->setCurrentIndex(std::max(0, m_backend->findData(QString::fromStdString(s.hardware.backend))));
    m_machine->setCurrentIndex(m_machine->findData(QString::fromStdString(s.hardware.preset)));
    setIfChanged(m_count, int(s.hardware.count));
    setIfChanged(m_hostRam, toGiB(s.host.ramBytes));
    const ControlScope scope = controlScopeFor(machineKind(s, m_controller->catalog()));
    const bool custom = s.hardware.capacityBytes != 0 || s.hardware.bandwidthBytesPerSecond != 0;
    m_custom->setChecked(custom);
    m_capacity->setEnabled(custom && scope.deviceMemory);
    m_capacity->setToolTip(scope.deviceMemory ? m_capacityTip : scope.deviceMemoryWhy);
    m_bandwidth->setEnabled(custom);
    const HardwarePreset *preset = m_controller->catalog().hardwareById(s.hardware.preset);
    const Bytes capacity = !scope.deviceMemory        ? s.host.ramBytes
                           : s.hardware.capacityBytes ? s.hardware.capacityBytes
                                                      : (preset ? preset->spec.capacityBytes : 0);
    const std::uint64_t bandwidth = s.hardware.bandwidthBytesPerSecond
                                        ? s.hardware.bandwidthBytesPerSecond
                                        : (preset ? preset->spec.bandwidthBytesPerSecond : 0);
    setIfChanged(m_capacity, capacity ? toGiB(capacity) : 24.0);
    setIfChanged(m_bandwidth, bandwidth ? toGBps(BytesPerSecond(double(bandwidth))) : 1000.0);
    // Controls the engine would ignore on this machine are disabled, saying why.
    m_count->setEnabled(scope.gpuCount);
    m_count->setToolTip(scope.gpuCount ? m_countTip : scope.gpuCountWhy);
    m_hostRam->setEnabled(scope.hostRam);
    m_hostRam->setToolTip(scope.hostRam ? m_hostRamTip : scope.hostRamWhy);
    m_backend->setEnabled(machineKind(s, m_controller->catalog()) != HardwareKind::Cpu);
    m_showing = false;
}

void HardwarePicker::showEstimate(const Estimate &e)
{
    if (e.pools.empty()) {
        m_info->clear();
        return;
    }
    // The main pool only (identical GPUs share its figures; host RAM has its own field).
    const Pool &main = e.mainPool();
    const auto inUnits = [this](Bytes b) {
        return QString::fromStdString(m_units == UnitSystem::Decimal ? formatDecimal(b) : formatBinary(b));
    };
    QString text = tr("%1 per device, %2 usable").arg(inUnits(main.capacityBytes), inUnits(main.usableBytes));
    QString tip = QString::fromStdString(main.name);
    const auto &r = m_controller->resolved();
    if (r && r->hardware.bandwidthBytesPerSecond)
        text +=
            tr(", %1 GB/s")
                .arg(QLocale().toString(toGBps(BytesPerSecond(double(r->hardware.bandwidthBytesPerSecond))), 'f', 0));
    if (r && r->hardware.kind == HardwareKind::DiscreteGpu && r->hardware.gpuUsableBytes) {
        // The driver keeps part of the card; runtimes see (and vLLM takes its share of) the rest.
        tip +=
            QLatin1Char('\n') + withParticles(tr("The driver reports %1 of it as the total; usable is a share of that.")
                                                  .arg(inUnits(r->hardware.gpuUsableBytes)));
    }
    m_info->setText(text);
    m_info->setToolTip(tip);
}

} // namespace memplan::ui
