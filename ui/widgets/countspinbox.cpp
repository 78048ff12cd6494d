#include "countspinbox.h"

#include "scenario/tokencount.h"

#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

namespace memplan::ui {

CountSpinBox::CountSpinBox(QWidget *parent) : QSpinBox(parent) {}

std::optional<std::uint64_t> CountSpinBox::parse(const QString &text) const
{
    QString t = text;
    if (!prefix().isEmpty() && t.startsWith(prefix()))
        t.remove(0, prefix().size());
    if (!suffix().isEmpty() && t.endsWith(suffix()))
        t.chop(suffix().size());
    // The locale's own group separator (',' in English, '.' in German, a space in French).
    const QString group = locale().groupSeparator();
    if (!group.isEmpty() && group != QLatin1String("."))
        t.remove(group);
    return parseTokenCount(t.trimmed().toStdString());
}

QValidator::State CountSpinBox::validate(QString &input, int &) const
{
    if (parse(input))
        return QValidator::Acceptable; // in range or not: valueFromText clamps and says so
    // Anything that could still become a count ("32.", "1,", a lone suffix) may be typed on.
    static const QRegularExpression partial(QStringLiteral("^[0-9,._' kKmMtokens]*$"));
    QString t = input;
    if (!suffix().isEmpty() && t.endsWith(suffix()))
        t.chop(suffix().size());
    t.remove(locale().groupSeparator());
    return partial.match(t).hasMatch() ? QValidator::Intermediate : QValidator::Invalid;
}

int CountSpinBox::valueFromText(const QString &text) const
{
    const std::optional<std::uint64_t> typed = parse(text);
    if (!typed)
        return value();
    const auto lo = std::uint64_t(std::max(minimum(), 0));
    const auto hi = std::uint64_t(std::max(maximum(), 0));
    const std::uint64_t v = std::clamp(*typed, lo, hi);
    const QLocale l = locale();
    if (*typed > hi)
        m_clampMessage = tr("%1 is above the maximum of %2; using %2.")
                             .arg(l.toString(qulonglong(*typed)), l.toString(qulonglong(hi)));
    else if (*typed < lo)
        m_clampMessage = tr("%1 is below the minimum of %2; using %2.")
                             .arg(l.toString(qulonglong(*typed)), l.toString(qulonglong(lo)));
    return int(v);
}

QString CountSpinBox::takeClampMessage()
{
    QString m;
    m.swap(m_clampMessage);
    return m;
}

} // namespace memplan::ui
