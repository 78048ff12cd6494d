#include "logslider.h"

#include "widgets/countspinbox.h"
#include "widgets/quietset.h"

#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QToolTip>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace memplan::ui {

namespace {
// The slider's integer positions are exponents of two; the two ends are the
// range's own bounds even when they are not powers of two (a 131,072-token model
// maximum is, a 40,960 one is not).
int floorLog2(std::uint64_t v)
{
    return v ? 63 - std::countl_zero(v) : 0;
}
int ceilLog2(std::uint64_t v)
{
    return v > 1 ? 64 - std::countl_zero(v - 1) : 0;
}
} // namespace

LogSlider::LogSlider(QWidget *parent) : QWidget(parent)
{
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setPageStep(1);
    m_slider->setSingleStep(1);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(1);
    m_spin = new CountSpinBox(this);
    m_spin->setGroupSeparatorShown(true);
    m_spin->setKeyboardTracking(false);
    m_spin->setAccelerated(true);
    m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(QStringLiteral("10,000,000 tok")) + 30);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);
    setFocusProxy(m_slider);

    connect(m_slider, &QSlider::valueChanged, this, &LogSlider::sliderMoved);
    connect(m_slider, &QSlider::sliderReleased, this, &LogSlider::editFinished);
    connect(m_spin, &QSpinBox::valueChanged, this, &LogSlider::spinChanged);
    connect(m_spin, &QSpinBox::editingFinished, this, [this] {
        m_clampMessage = m_spin->takeClampMessage();
        if (!m_clampMessage.isEmpty()) {
            // Said where the user is looking, and passed on for the status line.
            QToolTip::showText(m_spin->mapToGlobal(QPoint(0, m_spin->height())), m_clampMessage, m_spin);
            emit valueClamped(m_clampMessage);
        }
        emit editFinished();
    });
}

QSpinBox *LogSlider::spinBox() const
{
    return m_spin;
}

void LogSlider::setRange(std::uint64_t minimum, std::uint64_t maximum)
{
    constexpr std::uint64_t spinMax = std::numeric_limits<int>::max();
    m_min = std::max<std::uint64_t>(1, std::min(minimum, spinMax));
    m_max = std::max(m_min, std::min(maximum, spinMax));
    const QSignalBlocker b1(m_slider), b2(m_spin);
    const int low = ceilLog2(m_min) - (std::has_single_bit(m_min) ? 0 : 1);
    const int high = floorLog2(m_max) + (std::has_single_bit(m_max) ? 0 : 1);
    // Qt's spin box asks for a new layout on every setRange(), even an unchanged one; the
    // panel sets the range on every scenario change (each slider step).
    if (m_slider->minimum() != low || m_slider->maximum() != high)
        m_slider->setRange(low, high);
    if (m_spin->minimum() != int(m_min) || m_spin->maximum() != int(m_max))
        m_spin->setRange(int(m_min), int(m_max));
    m_value = std::clamp(m_value, m_min, m_max);
    setIfChanged(m_spin, int(m_value));
    syncSlider();
}

void LogSlider::setValue(std::uint64_t value)
{
    m_value = value; // out-of-range scenario values are shown clamped but kept as they are
    const QSignalBlocker b1(m_slider), b2(m_spin);
    setIfChanged(m_spin, int(std::clamp(value, m_min, m_max)));
    syncSlider();
}

void LogSlider::setSuffix(const QString &suffix)
{
    m_spin->setSuffix(suffix);
}

void LogSlider::setToolTip(const QString &tip)
{
    QWidget::setToolTip(tip);
    m_slider->setToolTip(tip);
    m_spin->setToolTip(tip);
}

int LogSlider::positionFor(std::uint64_t value) const
{
    const int lo = floorLog2(value);
    // Nearest exponent in log space: compare value^2 with 2^(2lo+1).
    const bool roundUp = lo < 63 && double(value) * double(value) > std::ldexp(1.0, 2 * lo + 1);
    return std::clamp(lo + (roundUp ? 1 : 0), m_slider->minimum(), m_slider->maximum());
}

void LogSlider::syncSlider()
{
    m_slider->setValue(positionFor(m_value));
}

void LogSlider::sliderMoved(int position)
{
    std::uint64_t v = position >= 63 ? m_max : (std::uint64_t(1) << std::max(position, 0));
    v = std::clamp(v, m_min, m_max);
    if (v == m_value)
        return;
    m_value = v;
    {
        const QSignalBlocker b(m_spin);
        m_spin->setValue(int(v));
    }
    emit valueEdited(v);
}

void LogSlider::spinChanged(int value)
{
    const auto v = std::uint64_t(std::max(value, 1));
    if (v == m_value)
        return;
    m_value = v;
    {
        const QSignalBlocker b(m_slider);
        syncSlider();
    }
    emit valueEdited(v);
}

} // namespace memplan::ui
