#pragma once
// A spin box for a memory size or a bandwidth that never changes a typed value
// silently (issue 16 item 3). Qt's QDoubleSpinBox refuses the keystroke that
// takes a value past its maximum, so typing 20000 into a box that ends at 16384
// leaves "2000" and nothing says why. This box takes any number the user types
// (with the locale's group separators), keeps it within the range, and records a
// message naming the field, the value typed and the allowed range, for the owner
// to show.

#include <QDoubleSpinBox>

#include <optional>

namespace memplan::ui {

class RangeSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    /// `field` names the box in messages ("Host RAM").
    explicit RangeSpinBox(const QString &field, QWidget *parent = nullptr);

    /// After an entry: "Host RAM: 20,000 GiB is above the maximum of 16,384 GiB (allowed 1–16,384 GiB);
    /// using 16,384 GiB." or empty when the typed value was in range. Reading it clears it.
    QString takeClampMessage();

protected:
    QValidator::State validate(QString &input, int &pos) const override;
    double valueFromText(const QString &text) const override;
    void fixup(QString &input) const override;

private:
    std::optional<double> parse(const QString &text) const;
    QString withUnit(double v) const;
    QString m_field;
    mutable QString m_clampMessage;
};

} // namespace memplan::ui
