#include "rangespinbox.h"

#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace memplan::ui {

RangeSpinBox::RangeSpinBox(const QString &field, QWidget *parent) : QDoubleSpinBox(parent), m_field(field) {}

std::optional<double> RangeSpinBox::parse(const QString &text) const
{
    QString t = text.trimmed();
    if (!suffix().isEmpty() && t.endsWith(suffix().trimmed()))
        t.chop(suffix().trimmed().size());
    if (!prefix().isEmpty() && t.startsWith(prefix()))
        t.remove(0, prefix().size());
    t = t.trimmed();
    const QLocale l = locale();
    const QString group = l.groupSeparator();
    if (!group.isEmpty() && group != l.decimalPoint())
        t.remove(group);
    bool ok = false;
    const double v = l.toDouble(t, &ok);
    if (ok && std::isfinite(v))
        return v;
    // "1024" typed in a locale whose decimal point differs still reads as a plain number.
    const double c = QLocale::c().toDouble(t, &ok);
    return ok && std::isfinite(c) ? std::optional<double>(c) : std::nullopt;
}

QValidator::State RangeSpinBox::validate(QString &input, int &) const
{
    if (parse(input))
        return QValidator::Acceptable; // in range or not: valueFromText keeps it in range and says so
    QString t = input;
    if (!suffix().isEmpty() && t.endsWith(suffix()))
        t.chop(suffix().size());
    static const QRegularExpression partial(QStringLiteral("^[0-9 ,.'\\x{00a0}\\x{202f}]*$"));
    return partial.match(t).hasMatch() ? QValidator::Intermediate : QValidator::Invalid;
}

void RangeSpinBox::fixup(QString &input) const
{
    // An unfinished entry ("", "1,") goes back to the current value rather than to a bound.
    if (!parse(input))
        input = textFromValue(value());
}

QString RangeSpinBox::withUnit(double v) const
{
    return locale().toString(v, 'f', decimals()) + suffix();
}

double RangeSpinBox::valueFromText(const QString &text) const
{
    const std::optional<double> typed = parse(text);
    if (!typed)
        return value();
    const double v = std::clamp(*typed, minimum(), maximum());
    if (v != *typed) {
        const QString range = tr("allowed %1 to %2").arg(withUnit(minimum()), withUnit(maximum()));
        m_clampMessage = (*typed > maximum() ? tr("%1: %2 is above the maximum (%3); using %4.")
                                             : tr("%1: %2 is below the minimum (%3); using %4."))
                             .arg(m_field, withUnit(*typed), range, withUnit(v));
    }
    return v;
}

QString RangeSpinBox::takeClampMessage()
{
    QString m;
    m.swap(m_clampMessage);
    return m;
}

} // namespace memplan::ui
