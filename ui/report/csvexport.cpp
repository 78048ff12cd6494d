#include "csvexport.h"

#include "units.h"

#include <QLocale>
#include <QStringList>

namespace memplan::ui {

namespace {
QString csvText(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}
QString csvNumber(double v)
{
    return QLocale::c().toString(v, 'g', 12);
}
} // namespace

QString csvField(const QString &value)
{
    if (!value.contains(QLatin1Char(',')) && !value.contains(QLatin1Char('"')) && !value.contains(QLatin1Char('\n')) &&
        !value.contains(QLatin1Char('\r')))
        return value;
    QString quoted = value;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QByteArray breakdownCsv(const Estimate &e)
{
    QString out =
        QStringLiteral("pool_id,pool,guest,item,bytes,gib,gb,low_bytes,high_bytes,evidence,formula,terms\r\n");
    for (const Item &item : e.items) {
        const bool known = item.pool < e.pools.size();
        QStringList terms;
        for (std::size_t i = 0; i < item.terms.size(); ++i)
            terms << csvText(item.terms[i].symbol) + QLatin1Char('=') + csvNumber(item.terms[i].value);
        const QStringList row{
            known ? QString::fromStdString(e.pools[item.pool].id) : QString::number(item.pool),
            known ? QString::fromStdString(e.pools[item.pool].name) : QString(),
            csvText(guestId(item.guest)),
            csvText(item.label),
            QString::number(item.bytes),
            QString::fromStdString(formatGiBNumber(item.bytes, 3)),
            QString::fromStdString(formatGBNumber(item.bytes, 3)),
            QString::number(item.low),
            QString::number(item.high),
            csvText(evidenceId(item.evidence)),
            csvText(item.formula),
            terms.join(QLatin1Char(' ')),
        };
        QStringList fields;
        for (const QString &f : row)
            fields << csvField(f);
        out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

QByteArray speedCsv(const Estimate &e)
{
    QString out = QStringLiteral("speed_item,pool,label,unit,bound,expected,low,high,limiter,formula,terms\r\n");
    for (const SpeedItem &item : e.speed.items) {
        QStringList terms;
        for (std::size_t i = 0; i < item.termCount; ++i)
            terms << csvText(item.terms[i].symbol) + QLatin1Char('=') + csvNumber(item.terms[i].value);
        const bool known = item.pool >= 0 && std::size_t(item.pool) < e.pools.size();
        const QStringList row{csvText(item.id),
                              known ? QString::fromStdString(e.pools[std::size_t(item.pool)].id) : QString(),
                              csvText(item.label),
                              csvText(item.unit),
                              csvNumber(item.value.bound),
                              csvNumber(item.value.expected),
                              csvNumber(item.value.low),
                              csvNumber(item.value.high),
                              csvText(item.limiter),
                              csvText(item.formula),
                              terms.join(QLatin1Char(' '))};
        QStringList fields;
        for (const QString &f : row)
            fields << csvField(f);
        out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

} // namespace memplan::ui
