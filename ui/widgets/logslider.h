#pragma once
// A slider on a logarithmic scale paired with a spin box for exact entry.
// Dragging snaps to powers of two (the sizes people actually try); the spin box
// accepts any whole value and 32k/128K/1M notation; a value out of range is
// clamped and said (clampMessage). Both edit one value and never disagree.

#include <QWidget>

#include <cstdint>

class QSlider;
class QSpinBox;

namespace memplan::ui {

class CountSpinBox;

class LogSlider : public QWidget {
    Q_OBJECT
public:
    explicit LogSlider(QWidget *parent = nullptr);

    void setRange(std::uint64_t minimum, std::uint64_t maximum);
    std::uint64_t minimum() const { return m_min; }
    std::uint64_t maximum() const { return m_max; }
    /// Sets the value without emitting valueEdited (the scenario is being shown, not edited).
    void setValue(std::uint64_t value);
    std::uint64_t value() const { return m_value; }
    void setSuffix(const QString &suffix);
    void setToolTip(const QString &tip);

    QSlider *slider() const { return m_slider; }
    QSpinBox *spinBox() const;
    /// What the last entry was clamped from ("200,000 is above the maximum…"); empty when it was not.
    const QString &clampMessage() const { return m_clampMessage; }

signals:
    /// The user changed the value (slider step or spin box entry).
    void valueEdited(std::uint64_t value);
    /// A drag or an entry is over: later edits start a new undo step.
    void editFinished();
    /// A typed value was out of range and has been clamped; message says from what to what.
    void valueClamped(const QString &message);

private:
    void sliderMoved(int position);
    void spinChanged(int value);
    int positionFor(std::uint64_t value) const;
    void syncSlider();

    QSlider *m_slider = nullptr;
    CountSpinBox *m_spin = nullptr;
    QString m_clampMessage;
    std::uint64_t m_min = 1;
    std::uint64_t m_max = 1;
    std::uint64_t m_value = 1;
    bool m_updating = false;
};

} // namespace memplan::ui
