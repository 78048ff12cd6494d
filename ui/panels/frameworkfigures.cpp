#include "panels/frameworkfigures.h"

namespace memplan::ui {

FrameworkFigures::FrameworkFigures(QWidget *parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("frameworkFigures"));
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setToolTip(tr("Training frameworks print different figures for the same peak. PyTorch's "
                  "max_memory_allocated counts tensors, active counts whole allocator blocks, "
                  "max_memory_reserved adds the caching allocator's reserve, and nvidia-smi adds the "
                  "CUDA context and library buffers."));
    hide();
}

void FrameworkFigures::showEstimate(const Estimate &estimate)
{
    m_training = estimate.training;
    refresh();
}

void FrameworkFigures::setUnitSystem(UnitSystem units)
{
    m_units = units;
    refresh();
}

void FrameworkFigures::refresh()
{
    const TrainingSummary &t = m_training;
    setVisible(t.active && t.deviceBytesPerGpu > 0);
    if (!isVisibleTo(parentWidget()))
        return;
    const auto size = [this](Bytes b) {
        return QString::fromStdString(m_units == UnitSystem::Decimal ? formatDecimal(b) : formatBinary(b));
    };
    setText(tr("Peak per GPU as frameworks print it: allocated %1, active %2, reserved %3; nvidia-smi %4 "
               "(the bar).")
                .arg(size(t.allocatedBytesPerGpu), size(t.activeBytesPerGpu), size(t.reservedBytesPerGpu),
                     size(t.deviceBytesPerGpu)));
}

} // namespace memplan::ui
