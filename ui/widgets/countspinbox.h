#pragma once
// A spin box for counts that takes what people type: "200000", "200,000", "32k",
// "128K", "1M" (core/scenario/tokencount.h parses all of them). A value outside the range
// is not cut to its leading digits (Qt's own validator turns 200000 into 20000):
// it is clamped to the nearest bound and clampMessage() says so, for the owner
// to show.

#include <QSpinBox>

#include <cstdint>
#include <optional>

namespace memplan::ui {

class CountSpinBox : public QSpinBox {
    Q_OBJECT
public:
    explicit CountSpinBox(QWidget *parent = nullptr);

    /// After an entry: "200,000 is above the maximum of 131,072; using 131,072." or
    /// empty when the typed value was in range. Reading it clears it.
    QString takeClampMessage();

protected:
    QValidator::State validate(QString &input, int &pos) const override;
    int valueFromText(const QString &text) const override;

private:
    std::optional<std::uint64_t> parse(const QString &text) const;
    mutable QString m_clampMessage;
};

} // namespace memplan::ui
